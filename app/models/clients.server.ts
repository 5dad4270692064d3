import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "~/utils/db-types";
import type { ClientInput, ClientListQuery, ClientSortField } from "~/schemas/client";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import {
  type CareLevel,
  CLIENT_STATUSES,
  type ClientStatus,
  type CommunicationType,
  type Gender,
  type ReferralSource,
  type RoomType,
} from "~/utils/vocabulary";
import { audit } from "./audit.server";
import type { Ctx, RowOf } from "./context";
import {
  containsPattern,
  type Count,
  countMatches,
  type Cursor,
  keysetBatches,
  type PageInfo,
  pageInfo,
  pageSlice,
} from "./lists.server";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";
import { lockAtVersion, type NOT_FOUND, type StaleWrite, updateAtVersion } from "./versions.server";

export interface ClientDashboard {
  totalClients: number;
  statusCounts: Record<string, number>;
}

/** Total clients and a count per tracker status (every status present, zeros included). */
export async function getClientDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<ClientDashboard> {
  const count = await counts;
  const statusCounts: Record<string, number> = Object.fromEntries(
    CLIENT_STATUSES.map((s) => [s, count(`clients:${s}`)]),
  );
  const totalClients = CLIENT_STATUSES.reduce((sum, s) => sum + count(`clients:${s}`), 0);
  return { totalClients, statusCounts };
}

/** Everything stored about a client, in the names the screens and the API use. */
export interface ClientRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  gender: Gender | null;
  /** Where the client came from; null: not recorded. */
  referralSource: ReferralSource | null;
  address: { street: string | null; city: string | null; state: string | null; zip: string | null };
  emergencyContact: { name: string; relationship: string; phone: string };
  medicalConditions: string[];
  medications: string[];
  medicalNotes: string | null;
  careLevel: CareLevel;
  trackerStatus: ClientStatus;
  budgetMin: number | null;
  budgetMax: number | null;
  /** `roomType` null: no preference. */
  preferences: { location: string | null; amenities: string[]; roomType: RoomType | null };
  /** Counts the changes people made (DESIGN §7): what an edit must have read. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

const clientColumns = [
  "clients.id",
  "clients.first_name",
  "clients.last_name",
  "clients.email",
  "clients.phone",
  "clients.date_of_birth",
  "clients.gender",
  "clients.referral_source",
  "clients.address_street",
  "clients.address_city",
  "clients.address_state",
  "clients.address_zip",
  "clients.emergency_name",
  "clients.emergency_relationship",
  "clients.emergency_phone",
  "clients.medical_conditions",
  "clients.medications",
  "clients.medical_notes",
  "clients.care_level",
  "clients.tracker_status",
  "clients.budget_min",
  "clients.budget_max",
  "clients.preferred_location",
  "clients.preferred_amenities",
  "clients.room_type",
  "clients.version",
  "clients.created_at",
  "clients.updated_at",
] as const;

type ClientRow = RowOf<"clients", typeof clientColumns>;

const money = (value: string | null) => (value === null ? null : Number(value));

function toRecord(row: ClientRow): ClientRecord {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    gender: row.gender,
    referralSource: row.referral_source,
    address: { street: row.address_street, city: row.address_city, state: row.address_state, zip: row.address_zip },
    emergencyContact: {
      name: row.emergency_name,
      relationship: row.emergency_relationship,
      phone: row.emergency_phone,
    },
    medicalConditions: row.medical_conditions,
    medications: row.medications,
    medicalNotes: row.medical_notes,
    careLevel: row.care_level,
    trackerStatus: row.tracker_status,
    budgetMin: money(row.budget_min),
    budgetMax: money(row.budget_max),
    preferences: { location: row.preferred_location, amenities: row.preferred_amenities, roomType: row.room_type },
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ─────────────────────────────── list ───────────────────────────────

/** What each sort orders by, before the id: equal last names go by first name, and the other way round. */
const SORT_COLUMNS = {
  updatedAt: ["clients.updated_at"],
  createdAt: ["clients.created_at"],
  firstName: ["clients.first_name", "clients.last_name"],
  lastName: ["clients.last_name", "clients.first_name"],
} as const satisfies Record<ClientSortField, readonly string[]>;

export type ClientFilters = Pick<ClientListQuery, "search" | "status" | "careLevel">;

function filtered(db: DB, ctx: Ctx, filters: ClientFilters) {
  return db
    .selectFrom("clients")
    .where("agency_id", "=", ctx.agencyId)
    .$if(Boolean(filters.status), (qb) => qb.where("tracker_status", "=", filters.status!))
    .$if(Boolean(filters.careLevel), (qb) => qb.where("care_level", "=", filters.careLevel!))
    .$if(Boolean(filters.search), (qb) => {
      const term = filters.search!;
      // A phone number matches however it is typed: "(555) 201-3344" finds "555-201-3344".
      const digits = term.replace(/\D/g, "");
      const phoneLike = digits.length >= 3 && /^[\d\s()+.-]+$/.test(term);
      return phoneLike
        ? qb.where("phone_digits", "like", containsPattern(digits))
        : qb.where("search_text", "like", containsPattern(term));
    });
}

/**
 * How many clients match; the running totals answer when only the status narrows the list.
 * With `cap`, a search stops counting past that many (counting every match of a short search
 * term costs more than the page itself); `capped` then says there are more.
 */
export async function countClients(db: DB, ctx: Ctx, filters: ClientFilters, cap?: number): Promise<Count> {
  if (!filters.search && !filters.careLevel) {
    const count = await readAgencyCounts(db, ctx);
    const total = filters.status
      ? count(`clients:${filters.status}`)
      : CLIENT_STATUSES.reduce((sum, s) => sum + count(`clients:${s}`), 0);
    return { total, capped: false };
  }
  return countMatches(db, filtered(db, ctx, filters).select("id"), filters.search ? cap : undefined);
}

function ordered<O>(qb: SelectQueryBuilder<Database, "clients", O>, sort: ClientListQuery["sort"]) {
  let sorted = qb;
  for (const column of SORT_COLUMNS[sort.field]) sorted = sorted.orderBy(column, sort.direction);
  return sorted.orderBy("clients.id", sort.direction);
}

export interface ClientPage extends PageInfo {
  clients: ClientRecord[];
}

/**
 * One page of the agency's clients, filtered and sorted as asked, with the totals for paging.
 * The page's ids are found first (from an index alone where the filters allow), then only those
 * rows are read: a deep page does not read every row before it.
 */
export async function listClients(
  db: DB,
  ctx: Ctx,
  query: ClientListQuery,
  options: { countCap?: number } = {},
): Promise<ClientPage> {
  const pageIds = pageSlice(ordered(filtered(db, ctx, query).select("id"), query.sort), query);
  const [rows, count] = await Promise.all([
    ordered(
      db.selectFrom("clients").innerJoin(pageIds.as("page"), "page.id", "clients.id").select(clientColumns),
      query.sort,
    ).execute(),
    countClients(db, ctx, query, options.countCap),
  ]);
  return { clients: rows.map(toRecord), ...pageInfo(query, count) };
}

/**
 * Every client that matches, in the list's order, a batch at a time (for the CSV export): each
 * batch starts after the last row of the one before, so no batch rescans what was read already.
 */
export async function* streamClients(
  db: DB,
  ctx: Ctx,
  query: Pick<ClientListQuery, "search" | "status" | "careLevel" | "sort">,
  batchSize = 1000,
): AsyncGenerator<ClientRecord[]> {
  const columns = SORT_COLUMNS[query.sort.field];
  const op = sql.raw(query.sort.direction === "desc" ? "<" : ">");
  // The sort key travels as text: a timestamp's microseconds would not survive a JS Date.
  const type = sql.raw(columns[0].endsWith("_at") ? "timestamptz" : "text");
  const refs = sql.join(columns.map((column) => sql.ref(column)));
  const keyTexts = sql.join(columns.map((column) => sql`${sql.ref(column)}::text`));
  const batches = keysetBatches(
    (after: Cursor<string[]> | null) =>
      ordered(
        filtered(db, ctx, query).select([...clientColumns, sql<string[]>`array[${keyTexts}]`.as("sort_key")]),
        query.sort,
      )
        .$if(after !== null, (qb) => {
          const key = sql.join(after!.key.map((k) => sql`${k}::${type}`));
          return qb.where(sql<boolean>`(${refs}, clients.id) ${op} (${key}, ${after!.id}::uuid)`);
        })
        .limit(batchSize)
        .execute(),
    batchSize,
  );
  for await (const rows of batches) yield rows.map(toRecord);
}

// ─────────────────────────────── one client ───────────────────────────────

export interface ClientNote {
  id: string;
  /** What was logged: a note, a call, an e-mail or a meeting. */
  kind: CommunicationType;
  content: string;
  /** When it happened (a call logged afterwards says when it was). */
  occurredAt: string;
  createdAt: string;
  author: string | null;
}

export async function getClient(db: DB, ctx: Ctx, id: string): Promise<ClientRecord | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("clients")
    .select(clientColumns)
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function listClientNotes(db: DB, ctx: Ctx, clientId: string): Promise<ClientNote[]> {
  const rows = await db
    .selectFrom("client_notes as n")
    .leftJoin("users as u", "u.id", "n.author_id")
    .select(["n.id", "n.kind", "n.content", "n.occurred_at", "n.created_at", "u.first_name", "u.last_name"])
    .where("n.agency_id", "=", ctx.agencyId)
    .where("n.client_id", "=", clientId)
    .orderBy("n.occurred_at", "desc")
    .orderBy("n.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    content: row.content,
    occurredAt: new Date(row.occurred_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    author: row.first_name ? `${row.first_name} ${row.last_name}` : null,
  }));
}

/**
 * Adds a note (or a call, an e-mail, a meeting: `kind`) to a client of the caller's agency, by the
 * caller, having happened `occurredAt` (now unless given); false when there is no such client.
 */
export async function addClientNote(
  db: DB,
  ctx: Ctx,
  clientId: string,
  content: string,
  { kind = "note", occurredAt }: { kind?: CommunicationType; occurredAt?: Date } = {},
): Promise<boolean> {
  if (!(await getClient(db, ctx, clientId))) return false;
  await db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto("client_notes")
      .values({
        agency_id: ctx.agencyId,
        client_id: clientId,
        author_id: ctx.userId,
        kind,
        content,
        ...(occurredAt ? { occurred_at: occurredAt } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("clients")
      .set({ updated_at: sql`now()` })
      .where("id", "=", clientId)
      .execute();
    await audit(trx, ctx, { action: "note_add", entity: "client", id: clientId, details: { note: note.id, kind } });
  });
  return true;
}

// ─────────────────────────────── writes ───────────────────────────────

export function columnsOf(input: ClientInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone: input.phone,
    date_of_birth: input.dateOfBirth,
    gender: input.gender as Database["clients"]["gender"],
    referral_source: input.referralSource,
    address_street: input.address.street,
    address_city: input.address.city,
    address_state: input.address.state,
    address_zip: input.address.zip,
    emergency_name: input.emergencyContact.name,
    emergency_relationship: input.emergencyContact.relationship,
    emergency_phone: input.emergencyContact.phone,
    medical_conditions: input.medicalConditions,
    medications: input.medications,
    medical_notes: input.medicalNotes,
    budget_min: input.budgetMin,
    budget_max: input.budgetMax,
    preferred_location: input.preferences.location,
    preferred_amenities: input.preferences.amenities,
    // Left out when not given: the stored value stays (or the column default applies).
    ...(input.careLevel ? { care_level: input.careLevel } : {}),
    ...(input.trackerStatus ? { tracker_status: input.trackerStatus } : {}),
    // Null (no preference) is stored; left out keeps the stored one (or the column default).
    ...(input.preferences.roomType !== undefined ? { room_type: input.preferences.roomType } : {}),
  };
}

export async function createClient(db: DB, ctx: Ctx, input: ClientInput): Promise<ClientRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("clients")
      .values({ ...columnsOf(input), agency_id: ctx.agencyId, created_by: ctx.userId, updated_by: ctx.userId })
      .returning(clientColumns)
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, { action: "create", entity: "client", id: row.id });
    return toRecord(row);
  });
}

export type ClientWriteResult = { ok: true; client: ClientRecord } | typeof NOT_FOUND | StaleWrite;

/**
 * Replaces a client's fields, when it is still at `input.version` (if given): a client changed
 * since is stale, and keeps the other person's change.
 */
export async function updateClient(db: DB, ctx: Ctx, id: string, input: ClientInput): Promise<ClientWriteResult> {
  const saved = await updateAtVersion(db, ctx, "clients", id, input.version, columnsOf(input));
  return saved.ok ? { ok: true, client: toRecord(saved.row) } : saved;
}

export interface DuplicateClient {
  id: string;
  name: string;
  matches: ("email" | "phone")[];
}

/** Whether two contacts have the same e-mail (any case) and phone digits: what duplicates are found by. */
export function sameContact(a: { email: string; phone: string }, b: { email: string; phone: string }): boolean {
  const digits = (phone: string) => phone.replace(/\D/g, "");
  return a.email.toLowerCase() === b.email.toLowerCase() && digits(a.phone) === digits(b.phone);
}

/** Clients of the agency with the same e-mail (any case) or the same phone digits. */
export async function findDuplicateClients(
  db: DB,
  ctx: Ctx,
  input: { email: string; phone: string },
  exceptId?: string,
): Promise<DuplicateClient[]> {
  const digits = input.phone.replace(/\D/g, "");
  const rows = await db
    .selectFrom("clients")
    .select([
      "id",
      "first_name",
      "last_name",
      sql<boolean>`lower(email) = lower(${input.email})`.as("same_email"),
      sql<boolean>`phone_digits = ${digits}`.as("same_phone"),
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where((eb) => eb.or([eb(sql`lower(email)`, "=", input.email.toLowerCase()), eb("phone_digits", "=", digits)]))
    .$if(Boolean(exceptId), (qb) => qb.where("id", "<>", exceptId!))
    .orderBy("created_at")
    .limit(5)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    matches: [...(row.same_email ? ["email" as const] : []), ...(row.same_phone ? ["phone" as const] : [])],
  }));
}

export type DeleteClientResult =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "in-use"; placements: number; openTasks: number }
  | StaleWrite;

/** Deletes a client that no placement and no open task refers to (and still at `version`, if given). */
export async function deleteClient(db: DB, ctx: Ctx, id: string, version?: number): Promise<DeleteClientResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "clients", id, version);
    if (!locked.ok) return locked;
    const usage = await trx
      .selectNoFrom([
        sql<number>`(SELECT count(*)::int FROM placements WHERE client_id = ${id})`.as("placements"),
        sql<number>`(SELECT count(*)::int FROM tasks WHERE client_id = ${id} AND NOT is_completed)`.as("openTasks"),
      ])
      .executeTakeFirstOrThrow();
    if (usage.placements > 0 || usage.openTasks > 0) {
      return { ok: false, reason: "in-use", placements: usage.placements, openTasks: usage.openTasks } as const;
    }
    await trx.deleteFrom("clients").where("id", "=", id).execute();
    await audit(trx, ctx, { action: "delete", entity: "client", id });
    return { ok: true } as const;
  });
}

/** Why a client cannot be deleted, in words. */
export function clientInUseMessage(usage: { placements: number; openTasks: number }): string {
  const parts = [
    usage.placements > 0 ? `${usage.placements} placement${usage.placements === 1 ? "" : "s"}` : null,
    usage.openTasks > 0 ? `${usage.openTasks} open task${usage.openTasks === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  return `This client has ${parts.join(" and ")}, so it cannot be deleted. Delete or reassign ${
    parts.length > 1 ? "them" : "it"
  } first.`;
}

export interface ReferenceOption {
  id: string;
  label: string;
  hint: string;
}

/**
 * Clients to choose from (the placement form): those whose name, e-mail or phone contains `q`,
 * else the most recently updated; `include` is always among them (the one already chosen).
 */
export async function searchClientOptions(
  db: DB,
  ctx: Ctx,
  options: { q?: string; include?: string | null; limit: number },
): Promise<ReferenceOption[]> {
  const query: ClientListQuery = {
    search: options.q || undefined,
    status: undefined,
    careLevel: undefined,
    sort: { field: options.q ? "firstName" : "updatedAt", direction: options.q ? "asc" : "desc" },
    page: 1,
    limit: options.limit,
  };
  const rows = await ordered(
    filtered(db, ctx, query).select(["clients.id", "clients.first_name", "clients.last_name", "clients.email"]),
    query.sort,
  )
    .limit(options.limit)
    .execute();
  const list = rows.map((r) => ({ id: r.id, label: `${r.first_name} ${r.last_name}`, hint: r.email }));
  if (options.include && !list.some((o) => o.id === options.include)) {
    const chosen = await getClient(db, ctx, options.include);
    if (chosen) list.unshift({ id: chosen.id, label: `${chosen.firstName} ${chosen.lastName}`, hint: chosen.email });
  }
  return list;
}

/** How many clients `searchClientOptions` finds for `q`, counting no further than `cap`. */
export function countClientOptions(db: DB, ctx: Ctx, q: string, cap: number): Promise<Count> {
  return countClients(db, ctx, { search: q, status: undefined, careLevel: undefined }, cap);
}
