import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "~/utils/db-types";
import type { FacilityInput, FacilityListQuery, FacilitySortField } from "~/schemas/facility";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import { zipPoint } from "~/utils/zip-codes.server";
import type { FacilityType } from "~/utils/vocabulary";
import { audit } from "./audit.server";
import type { Ctx, RowOf } from "./context";
import {
  containsPattern,
  type Count,
  countMatches,
  keysetBatches,
  type PageInfo,
  pageInfo,
  pageSlice,
} from "./lists.server";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";
import { lockAtVersion, type NOT_FOUND, type StaleWrite, updateAtVersion } from "./versions.server";

export interface FacilityDashboard {
  totalFacilities: number;
  occupancyStats: { totalCapacity: number; totalOccupied: number };
}

export async function getFacilityDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<FacilityDashboard> {
  const count = await counts;
  return {
    totalFacilities: count("facilities:count"),
    occupancyStats: { totalCapacity: count("facilities:capacity"), totalOccupied: count("facilities:occupied") },
  };
}

/** Everything stored about a facility, in the names the screens and the API use. */
export interface FacilityRecord {
  id: string;
  name: string;
  licenseNumber: string;
  type: FacilityType;
  capacity: number;
  currentOccupancy: number;
  availableBeds: number;
  address: { street: string; city: string; state: string; zip: string };
  contact: { name: string; phone: string; email: string | null };
  /** Where its invoices go; null: to the contact email. */
  billingEmail: string | null;
  amenities: string[];
  specialties: string[];
  costRange: string;
  minCost: number;
  maxCost: number;
  acceptsInsurance: boolean;
  notes: string | null;
  isActive: boolean;
  rating: number | null;
  /** Counts the changes people made (DESIGN §7): what an edit must have read. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

const facilityColumns = [
  "facilities.id",
  "facilities.name",
  "facilities.license_number",
  "facilities.type",
  "facilities.capacity",
  "facilities.current_occupancy",
  "facilities.available_beds",
  "facilities.address_street",
  "facilities.address_city",
  "facilities.address_state",
  "facilities.address_zip",
  "facilities.contact_name",
  "facilities.contact_phone",
  "facilities.contact_email",
  "facilities.billing_email",
  "facilities.amenities",
  "facilities.specialties",
  "facilities.cost_range",
  "facilities.min_cost",
  "facilities.max_cost",
  "facilities.accepts_insurance",
  "facilities.notes",
  "facilities.is_active",
  "facilities.rating",
  "facilities.version",
  "facilities.created_at",
  "facilities.updated_at",
] as const;

type FacilityRow = RowOf<"facilities", typeof facilityColumns>;

function toRecord(row: FacilityRow): FacilityRecord {
  return {
    id: row.id,
    name: row.name,
    licenseNumber: row.license_number,
    type: row.type,
    capacity: row.capacity,
    currentOccupancy: row.current_occupancy,
    availableBeds: row.available_beds,
    address: { street: row.address_street, city: row.address_city, state: row.address_state, zip: row.address_zip },
    contact: { name: row.contact_name, phone: row.contact_phone, email: row.contact_email },
    billingEmail: row.billing_email,
    amenities: row.amenities,
    specialties: row.specialties,
    costRange: row.cost_range,
    minCost: Number(row.min_cost),
    maxCost: Number(row.max_cost),
    acceptsInsurance: row.accepts_insurance,
    notes: row.notes,
    isActive: row.is_active,
    rating: row.rating === null ? null : Number(row.rating),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ─────────────────────────────── list ───────────────────────────────

/** The sort keys, as the indexes hold them (see the facility_list_indexes migration). */
const SORT_KEYS = {
  updatedAt: sql`facilities.updated_at`,
  name: sql`facilities.name`,
  minCost: sql`facilities.min_cost`,
  rating: sql`coalesce(facilities.rating, -1)`,
  "capacity.available": sql`facilities.available_beds`,
  availableBeds: sql`facilities.available_beds`,
} satisfies Record<FacilitySortField, unknown>;

export type FacilityFilters = Pick<FacilityListQuery, "search" | "type" | "availability" | "minPrice" | "maxPrice">;

/** The top of a facility's price range; a maximum of 0 means "not given": the minimum then. */
const TOP_PRICE = sql`CASE WHEN facilities.max_cost > 0 THEN facilities.max_cost ELSE facilities.min_cost END`;

function filtered(db: DB, ctx: Ctx, filters: FacilityFilters) {
  return (
    db
      .selectFrom("facilities")
      .where("facilities.agency_id", "=", ctx.agencyId)
      .$if(Boolean(filters.type), (qb) => qb.where("facilities.type", "=", filters.type!))
      .$if(filters.availability === "available", (qb) => qb.where("facilities.available_beds", ">", 0))
      .$if(filters.availability === "waitlist", (qb) => qb.where("facilities.available_beds", "<=", 0))
      // A price range [minPrice, maxPrice] keeps the facilities whose own range overlaps it.
      .$if(filters.minPrice !== undefined, (qb) => qb.where(sql<boolean>`${TOP_PRICE} >= ${filters.minPrice}`))
      .$if(filters.maxPrice !== undefined, (qb) => qb.where(sql<boolean>`facilities.min_cost <= ${filters.maxPrice}`))
      .$if(Boolean(filters.search), (qb) =>
        qb.where("facilities.search_text", "like", containsPattern(filters.search!)),
      )
  );
}

/** How many facilities match; with `cap`, a search stops counting past that many. */
export async function countFacilities(db: DB, ctx: Ctx, filters: FacilityFilters, cap?: number): Promise<Count> {
  const unfiltered =
    !filters.search &&
    !filters.type &&
    !filters.availability &&
    filters.minPrice === undefined &&
    filters.maxPrice === undefined;
  if (unfiltered) return { total: (await readAgencyCounts(db, ctx))("facilities:count"), capped: false };
  return countMatches(db, filtered(db, ctx, filters).select("facilities.id"), filters.search ? cap : undefined);
}

function ordered<O>(qb: SelectQueryBuilder<Database, "facilities", O>, sort: FacilityListQuery["sort"]) {
  const direction = sql.raw(sort.direction);
  return qb.orderBy(sql`${SORT_KEYS[sort.field]} ${direction}`).orderBy("facilities.id", sort.direction);
}

export interface FacilityPage extends PageInfo {
  facilities: FacilityRecord[];
}

/** One page of the directory: the page's ids from the sort index first, then those rows. */
export async function listFacilities(
  db: DB,
  ctx: Ctx,
  query: FacilityListQuery,
  options: { countCap?: number } = {},
): Promise<FacilityPage> {
  const pageIds = pageSlice(ordered(filtered(db, ctx, query).select("facilities.id"), query.sort), query);
  const [rows, count] = await Promise.all([
    ordered(
      db.selectFrom("facilities").innerJoin(pageIds.as("page"), "page.id", "facilities.id").select(facilityColumns),
      query.sort,
    ).execute(),
    countFacilities(db, ctx, query, options.countCap),
  ]);
  return { facilities: rows.map(toRecord), ...pageInfo(query, count) };
}

/** Every matching facility, in the list's order, a batch at a time (CSV export). */
export async function* streamFacilities(
  db: DB,
  ctx: Ctx,
  query: FacilityFilters & Pick<FacilityListQuery, "sort">,
  batchSize = 1000,
): AsyncGenerator<FacilityRecord[]> {
  const key = SORT_KEYS[query.sort.field];
  const op = sql.raw(query.sort.direction === "desc" ? "<" : ">");
  // The key travels as text and is compared as the column's own type.
  const type = sql.raw(
    query.sort.field === "updatedAt" ? "timestamptz" : query.sort.field === "name" ? "text" : "numeric",
  );
  const batches = keysetBatches(
    (after) =>
      ordered(
        filtered(db, ctx, query).select([...facilityColumns, sql<string>`(${key})::text`.as("sort_key")]),
        query.sort,
      )
        .$if(after !== null, (qb) =>
          qb.where(sql<boolean>`(${key}, facilities.id) ${op} (CAST(${after!.key} AS ${type}), ${after!.id}::uuid)`),
        )
        .limit(batchSize)
        .execute(),
    batchSize,
  );
  for await (const rows of batches) yield rows.map(toRecord);
}

// ─────────────────────────────── one facility ───────────────────────────────

export async function getFacility(db: DB, ctx: Ctx, id: string): Promise<FacilityRecord | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("facilities")
    .select(facilityColumns)
    .where("facilities.id", "=", id)
    .where("facilities.agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** How many placements refer to a facility, by status group (for its page and its deletion). */
export async function countFacilityPlacements(
  db: DB,
  ctx: Ctx,
  id: string,
): Promise<{ total: number; active: number }> {
  const row = await db
    .selectFrom("placements")
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<number>`(count(*) filter (where status in ('In Progress', 'Confirmed')))::int`.as("active"),
    ])
    .where("facility_id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirstOrThrow();
  return row;
}

export function columnsOf(input: FacilityInput) {
  // Where matching measures the miles from: the centroid of its ZIP code (null when unknown).
  const point = zipPoint(input.address.zip);
  return {
    name: input.name,
    license_number: input.licenseNumber,
    type: input.type,
    capacity: input.capacity,
    current_occupancy: input.currentOccupancy,
    address_street: input.address.street,
    address_city: input.address.city,
    address_state: input.address.state,
    address_zip: input.address.zip,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    contact_name: input.contact.name,
    contact_phone: input.contact.phone,
    contact_email: input.contact.email,
    billing_email: input.billingEmail,
    amenities: input.amenities,
    specialties: input.specialties,
    cost_range: input.costRange,
    min_cost: input.minCost,
    max_cost: input.maxCost,
    notes: input.notes,
    rating: input.rating,
    // Left out when not given: the stored value stays (or the column default applies).
    ...(input.acceptsInsurance === undefined ? {} : { accepts_insurance: input.acceptsInsurance }),
    ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
  };
}

export async function createFacility(db: DB, ctx: Ctx, input: FacilityInput): Promise<FacilityRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("facilities")
      .values({ ...columnsOf(input), agency_id: ctx.agencyId, updated_by: ctx.userId })
      .returning(facilityColumns)
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, { action: "create", entity: "facility", id: row.id });
    return toRecord(row);
  });
}

export type FacilityWriteResult = { ok: true; facility: FacilityRecord } | typeof NOT_FOUND | StaleWrite;

/**
 * Replaces a facility's fields, when it is still at `input.version` (if given): a facility
 * changed since is stale, and keeps the other person's change.
 */
export async function updateFacility(db: DB, ctx: Ctx, id: string, input: FacilityInput): Promise<FacilityWriteResult> {
  const saved = await updateAtVersion(db, ctx, "facilities", id, input.version, columnsOf(input));
  return saved.ok ? { ok: true, facility: toRecord(saved.row) } : saved;
}

/** Marks a facility active or inactive (the way out when placements keep it from being deleted). */
export async function setFacilityActive(db: DB, ctx: Ctx, id: string, active: boolean): Promise<boolean> {
  return (await updateAtVersion(db, ctx, "facilities", id, undefined, { is_active: active })).ok;
}

export type DeleteFacilityResult =
  { ok: true } | { ok: false; reason: "not-found" } | ({ ok: false; reason: "in-use" } & FacilityUsage) | StaleWrite;

/** What keeps a facility from being deleted: its placements, and the invoices sent to it. */
export interface FacilityUsage {
  placements: number;
  invoices: number;
}

/** Deletes a facility no placement refers to (and still at `version`, if given). */
export async function deleteFacility(db: DB, ctx: Ctx, id: string, version?: number): Promise<DeleteFacilityResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "facilities", id, version);
    if (!locked.ok) return locked;
    const [{ total }, invoices] = await Promise.all([
      countFacilityPlacements(trx, ctx, id),
      trx
        .selectFrom("invoices")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("agency_id", "=", ctx.agencyId)
        .where("facility_id", "=", id)
        .executeTakeFirstOrThrow(),
    ]);
    if (total > 0 || Number(invoices.n) > 0) {
      return { ok: false, reason: "in-use", placements: total, invoices: Number(invoices.n) } as const;
    }
    await trx.deleteFrom("facilities").where("id", "=", id).execute();
    await audit(trx, ctx, { action: "delete", entity: "facility", id });
    return { ok: true } as const;
  });
}

export function facilityInUseMessage({ placements, invoices }: FacilityUsage): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  const what = [placements > 0 ? count(placements, "placement") : "", invoices > 0 ? count(invoices, "invoice") : ""]
    .filter(Boolean)
    .join(" and ");
  return `This facility has ${what}, so it cannot be deleted. You can mark it inactive instead.`;
}

/** The active facilities whose name, city or license contains `q` (all of them without it). */
function activeMatching(db: DB, ctx: Ctx, q: string | undefined) {
  const filters: FacilityFilters = {
    search: q || undefined,
    type: undefined,
    availability: undefined,
    minPrice: undefined,
    maxPrice: undefined,
  };
  return filtered(db, ctx, filters).where("facilities.is_active", "=", true);
}

/** How many facilities `searchFacilityOptions` finds for `q`, counting no further than `cap`. */
export function countFacilityOptions(db: DB, ctx: Ctx, q: string, cap: number): Promise<Count> {
  return countMatches(db, activeMatching(db, ctx, q).select("facilities.id"), cap);
}

/**
 * Facilities to choose from (the placement form): active ones whose name, city or license
 * contains `q`, else those with beds free first; `include` is always among them.
 */
export async function searchFacilityOptions(
  db: DB,
  ctx: Ctx,
  options: { q?: string; include?: string | null; limit: number },
): Promise<{ id: string; label: string; hint: string }[]> {
  const sort: FacilityListQuery["sort"] = options.q
    ? { field: "name", direction: "asc" }
    : { field: "capacity.available", direction: "desc" };
  const rows = await ordered(
    activeMatching(db, ctx, options.q).select([
      "facilities.id",
      "facilities.name",
      "facilities.address_city",
      "facilities.address_state",
      "facilities.available_beds",
    ]),
    sort,
  )
    .limit(options.limit)
    .execute();
  const hint = (r: { address_city: string; address_state: string; available_beds: number }) =>
    `${r.address_city}, ${r.address_state} · ${r.available_beds > 0 ? `${r.available_beds} beds free` : "wait list"}`;
  const list = rows.map((r) => ({ id: r.id, label: r.name, hint: hint(r) }));
  if (options.include && !list.some((o) => o.id === options.include)) {
    const chosen = await getFacility(db, ctx, options.include);
    if (chosen) {
      list.unshift({
        id: chosen.id,
        label: chosen.name,
        hint: hint({
          address_city: chosen.address.city,
          address_state: chosen.address.state,
          available_beds: chosen.availableBeds,
        }),
      });
    }
  }
  return list;
}
