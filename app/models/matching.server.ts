import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { boxAround, type LatLng, milesBetween } from "~/utils/geo";
import { fittingTypes, type MatchClient, type MatchFacility, MEMORY_CAPABLE, rankMatches } from "~/utils/matching";
import { isUuid } from "~/utils/uuid";
import type { CareLevel, FacilityType } from "~/utils/vocabulary";
import { clientPoint } from "~/utils/zip-codes.server";
import type { ClientRecord } from "./clients.server";
import type { Ctx } from "./context";

// Which of the agency's facilities suit a client (docs/matching.md). The candidates are chosen
// in SQL, by activity, care fit and a box around the client's location (an index on the
// facilities' coordinates); app/utils/matching.ts scores and ranks them.

/** Miles around the client's location that are searched first; wider when too few facilities fit. */
export const SEARCH_MILES = [100, 300] as const;

export interface FacilityMatch {
  facilityId: string;
  facilityName: string;
  facilityType: FacilityType;
  city: string;
  state: string;
  /** 0–100. */
  compatibilityScore: number;
  /** Best first. */
  reasons: string[];
  /** A bed is free now. */
  available: boolean;
  availableBeds: number;
  costRange: string;
  /** Null when the client's location or the facility's ZIP is unknown. */
  distanceMiles: number | null;
}

export interface MatchableClient extends MatchClient {
  id: string;
  preferredLocation: string | null;
  addressZip: string | null;
}

interface Candidate extends MatchFacility {
  city: string;
  state: string;
  costRange: string;
  latitude: number | null;
  longitude: number | null;
}

/** A client already read (the client's page) as matching reads it. */
export function matchableOf(client: ClientRecord): MatchableClient {
  return {
    id: client.id,
    careLevel: client.careLevel,
    medicalConditions: client.medicalConditions,
    budgetMin: client.budgetMin,
    budgetMax: client.budgetMax,
    preferredAmenities: client.preferences.amenities,
    roomType: client.preferences.roomType,
    preferredLocation: client.preferences.location,
    addressZip: client.address.zip,
  };
}

/** The client as matching reads it, or null when not the caller agency's. */
export async function getMatchableClient(db: DB, ctx: Ctx, id: string): Promise<MatchableClient | null> {
  if (!isUuid(id)) return null;
  const rows = await matchableClients(db, ctx, [id]);
  return rows[0] ?? null;
}

/** Several clients as matching reads them (the caller agency's only), in no particular order. */
export async function matchableClients(db: DB, ctx: Ctx, ids: readonly string[]): Promise<MatchableClient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("clients")
    .select([
      "id",
      "care_level",
      "medical_conditions",
      "budget_min",
      "budget_max",
      "preferred_amenities",
      "room_type",
      "preferred_location",
      "address_zip",
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where("id", "in", ids)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    careLevel: r.care_level,
    medicalConditions: r.medical_conditions,
    budgetMin: r.budget_min === null ? null : Number(r.budget_min),
    budgetMax: r.budget_max === null ? null : Number(r.budget_max),
    preferredAmenities: r.preferred_amenities,
    roomType: r.room_type,
    preferredLocation: r.preferred_location,
    addressZip: r.address_zip,
  }));
}

type Box = ReturnType<typeof boxAround>;

/**
 * The active facilities that can serve one of the care levels (types, and memory care elsewhere
 * only where dementia care is listed), inside one of the boxes, or anywhere when `boxes` is null.
 * Facilities whose ZIP is unknown (no coordinates) are candidates everywhere.
 */
async function candidates(db: DB, ctx: Ctx, careLevels: ReadonlySet<CareLevel>, boxes: Box[] | null) {
  const types = [...new Set([...careLevels].flatMap(fittingTypes))];
  // Assisted Living, Nursing Home and Skilled Nursing serve a memory-care client only with
  // dementia care listed; other levels take them as they are.
  const memoryOnly = careLevels.size === 1 && careLevels.has("memory");
  const rows = await db
    .selectFrom("facilities")
    .select([
      "id",
      "name",
      "type",
      "specialties",
      "amenities",
      "min_cost",
      "max_cost",
      "available_beds",
      "rating",
      "latitude",
      "longitude",
      "address_city",
      "address_state",
      "cost_range",
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where("is_active", "=", true)
    .where("type", "in", types)
    .$if(memoryOnly, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("type", "in", ["Memory Care", "Other"]),
          eb("specialties", "&&", sql<string[]>`${[...MEMORY_CAPABLE]}::text[]`),
          eb("amenities", "&&", sql<string[]>`${[...MEMORY_CAPABLE]}::text[]`),
        ]),
      ),
    )
    .$if(boxes !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("latitude", "is", null),
          ...boxes!.map((box) =>
            eb.and([
              eb("latitude", ">=", box.minLatitude),
              eb("latitude", "<=", box.maxLatitude),
              eb("longitude", ">=", box.minLongitude),
              eb("longitude", "<=", box.maxLongitude),
            ]),
          ),
        ]),
      ),
    )
    .execute();
  return rows.map((r): Candidate => ({
    id: r.id,
    name: r.name,
    type: r.type,
    specialties: r.specialties,
    amenities: r.amenities,
    minCost: Number(r.min_cost),
    maxCost: Number(r.max_cost),
    availableBeds: r.available_beds,
    rating: r.rating === null ? null : Number(r.rating),
    latitude: r.latitude,
    longitude: r.longitude,
    city: r.address_city,
    state: r.address_state,
    costRange: r.cost_range,
    distanceMiles: null,
  }));
}

const inBox = (box: Box, c: Candidate) =>
  c.latitude === null ||
  (c.latitude >= box.minLatitude &&
    c.latitude <= box.maxLatitude &&
    c.longitude! >= box.minLongitude &&
    c.longitude! <= box.maxLongitude);

function rank(client: MatchableClient, point: LatLng | null, pool: readonly Candidate[], limit: number) {
  const measured = pool.map((c) => ({
    ...c,
    distanceMiles:
      point && c.latitude !== null && c.longitude !== null
        ? milesBetween(point, { latitude: c.latitude, longitude: c.longitude })
        : null,
  }));
  return rankMatches(client, measured, limit).map((m): FacilityMatch => ({
    facilityId: m.facility.id,
    facilityName: m.facility.name,
    facilityType: m.facility.type,
    city: m.facility.city,
    state: m.facility.state,
    compatibilityScore: m.score,
    reasons: m.reasons,
    available: m.facility.availableBeds > 0,
    availableBeds: m.facility.availableBeds,
    costRange: m.facility.costRange,
    distanceMiles: m.facility.distanceMiles === null ? null : Math.round(m.facility.distanceMiles * 10) / 10,
  }));
}

/**
 * The best `limit` facilities for each client, best first: one query for all of them (the board's
 * cards), then one more for those with too few fitting facilities nearby, then one without a box.
 */
export async function matchClients(
  db: DB,
  ctx: Ctx,
  clients: readonly MatchableClient[],
  limit = 10,
): Promise<Map<string, FacilityMatch[]>> {
  const result = new Map<string, FacilityMatch[]>();
  const located = clients.map((client) => ({ client, point: clientPoint(client) }));
  let pending = located;
  for (const miles of [...SEARCH_MILES, null]) {
    if (pending.length === 0) break;
    const boxes = miles === null ? null : pending.map(({ point }) => (point ? boxAround(point, miles) : null));
    // A client without a location has no box: all the agency's fitting facilities are candidates.
    const anywhere = boxes === null || boxes.some((b) => b === null);
    const pool = await candidates(
      db,
      ctx,
      new Set(pending.map(({ client }) => client.careLevel)),
      anywhere ? null : (boxes as Box[]),
    );
    const short: typeof pending = [];
    pending.forEach((entry, i) => {
      const box = boxes?.[i] ?? null;
      const own = box ? pool.filter((c) => inBox(box, c)) : pool;
      const matches = rank(entry.client, entry.point, own, limit);
      if (matches.length < limit && box) short.push(entry);
      result.set(entry.client.id, matches);
    });
    pending = short;
  }
  return result;
}

/** The best `limit` facilities for one client of the caller agency; null when there is no such client. */
export async function matchClient(db: DB, ctx: Ctx, clientId: string, limit = 10): Promise<FacilityMatch[] | null> {
  const client = await getMatchableClient(db, ctx, clientId);
  if (!client) return null;
  return (await matchClients(db, ctx, [client], limit)).get(client.id) ?? [];
}

/** A task's matched facilities (spec 002 §3): its client's best, none for a task without a client. */
export async function taskMatches(db: DB, ctx: Ctx, clientId: string | null, limit = 5): Promise<FacilityMatch[]> {
  return clientId ? ((await matchClient(db, ctx, clientId, limit)) ?? []) : [];
}

/** A matched facility as the task API answers it (spec 002 §3 `matchedFacilities[]`). */
export function toApiMatchedFacility(m: FacilityMatch) {
  return {
    facilityId: m.facilityId,
    facilityName: m.facilityName,
    compatibilityScore: m.compatibilityScore,
    reasons: m.reasons,
    available: m.available,
  };
}
