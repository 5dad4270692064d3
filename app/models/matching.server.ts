import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { boxAround, type LatLng, MILES_PER_DEGREE_LATITUDE, milesBetween } from "~/utils/geo";
import {
  fittingTypes,
  type MatchClient,
  type MatchFacility,
  MEMORY_CAPABLE,
  rankMatches,
  type ScoredFacility,
  scoreCeiling,
} from "~/utils/matching";
import { isUuid } from "~/utils/uuid";
import { OPEN_PLACEMENT_STATUSES } from "~/utils/client-status";
import type { CareLevel, FacilityType, PlacementStatus } from "~/utils/vocabulary";
import { clientPoint } from "~/utils/zip-codes.server";
import type { ClientRecord } from "./clients.server";
import type { Ctx } from "./context";
import { readFacilitiesVersion } from "./counts.server";

// Which of the agency's facilities suit a client (docs/matching.md). The candidates are chosen
// in SQL, by activity, care fit and a box around the client's location (an index on the
// facilities' coordinates); app/utils/matching.ts scores and ranks them.

/**
 * The rings searched around a client's location, in miles: the nearest first, then wider until
 * nothing farther could rank among the best (scoreCeiling); null is everywhere.
 */
export const SEARCH_RINGS = [25, 100, 300, null] as const;

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
  /**
   * The client's open placement at this facility (In Progress or Confirmed), where one is: no
   * second one is started there. Set for one client's matches (topMatches), not the board's.
   */
  openPlacement?: { placementId: string; status: PlacementStatus } | null;
}

export interface MatchableClient extends MatchClient {
  id: string;
  preferredLocation: string | null;
  addressZip: string | null;
}

interface Candidate extends MatchFacility {
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

/** Where one client's candidates are looked for: farther than `inner` miles from `center` and within `outer`. */
interface Ring {
  center: LatLng;
  inner: number | null;
  outer: number | null;
}

/**
 * The SQL measures a ring on a flat map around its centre, within a few percent of the true
 * (great-circle) miles at these distances: it reaches this much beyond the outer edge and inside
 * the inner one, so that no facility of the ring is missed (see: each is taken by one ring).
 */
const FLAT_MARGIN = 0.03;

/** Joins a facility's specialties (and amenities) for the trip from Postgres: a character nobody types. */
const UNIT = "\u001f";
const split = (joined: string) => (joined === "" ? [] : joined.split(UNIT));

/**
 * The active facilities that can serve one of the care levels (types, and memory care elsewhere
 * only where dementia care is listed), in one of the rings, or anywhere when `rings` is null: a
 * box of latitude and longitude for the index, then the circle. Facilities whose ZIP is unknown
 * (no coordinates) are in every ring that starts at the centre. Without their city, state and cost
 * range, which only the best need (details).
 */
async function candidates(db: DB, ctx: Ctx, careLevels: ReadonlySet<CareLevel>, rings: Ring[] | null) {
  const types = [...new Set([...careLevels].flatMap(fittingTypes))];
  // Assisted Living, Nursing Home and Skilled Nursing serve a memory-care client only with
  // dementia care listed; other levels take them as they are.
  const memoryOnly = careLevels.size === 1 && careLevels.has("memory");
  const capable = sql<string[]>`${MEMORY_CAPABLE.map((m) => m.toLowerCase())}::text[]`;
  const rows = await db
    .selectFrom("facilities")
    .select([
      "id",
      "name",
      "type",
      // Joined into one text each: a Postgres array costs more to send and to read, row by row.
      sql<string>`array_to_string(specialties, ${UNIT})`.as("specialties"),
      sql<string>`array_to_string(amenities, ${UNIT})`.as("amenities"),
      "min_cost",
      "max_cost",
      "available_beds",
      "rating",
      "latitude",
      "longitude",
    ])
    .where("agency_id", "=", ctx.agencyId)
    .where("is_active", "=", true)
    .where("type", "in", types)
    .$if(memoryOnly, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("type", "in", ["Memory Care", "Other"]),
          eb(sql`lower(specialties::text)::text[]`, "&&", capable),
          eb(sql`lower(amenities::text)::text[]`, "&&", capable),
        ]),
      ),
    )
    .$if(rings !== null, (qb) =>
      qb.where((eb) => {
        const within = (center: LatLng, miles: number) => {
          const cos = Math.cos((center.latitude * Math.PI) / 180);
          return sql<boolean>`(latitude - ${center.latitude}) ^ 2 + ((longitude - ${center.longitude}) * ${cos}) ^ 2 <= ${(miles / MILES_PER_DEGREE_LATITUDE) ** 2}`;
        };
        const unplaced = rings!.some((r) => r.inner === null) ? [eb("latitude", "is", null)] : [];
        return eb.or([
          ...unplaced,
          ...rings!.map(({ center, inner, outer }) => {
            const conditions = [];
            if (outer !== null) {
              const reach = outer * (1 + FLAT_MARGIN) + 1;
              const box = boxAround(center, reach);
              conditions.push(
                eb("latitude", ">=", box.minLatitude),
                eb("latitude", "<=", box.maxLatitude),
                eb("longitude", ">=", box.minLongitude),
                eb("longitude", "<=", box.maxLongitude),
                within(center, reach),
              );
            }
            const hole = inner === null ? 0 : inner * (1 - FLAT_MARGIN) - 1;
            if (hole > 0) conditions.push(eb.not(within(center, hole)));
            return conditions.length ? eb.and(conditions) : sql<boolean>`true`;
          }),
        ]);
      }),
    )
    .execute();
  return rows.map((r): Candidate => ({
    id: r.id,
    name: r.name,
    type: r.type,
    specialties: split(r.specialties),
    amenities: split(r.amenities),
    minCost: Number(r.min_cost),
    maxCost: Number(r.max_cost),
    availableBeds: r.available_beds,
    rating: r.rating === null ? null : Number(r.rating),
    latitude: r.latitude,
    longitude: r.longitude,
    distanceMiles: null,
  }));
}

/** City, state and cost range of the facilities shown. */
async function details(db: DB, ctx: Ctx, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { city: string; state: string; costRange: string }>();
  const rows = await db
    .selectFrom("facilities")
    .select(["id", "address_city", "address_state", "cost_range"])
    .where("agency_id", "=", ctx.agencyId)
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { city: r.address_city, state: r.address_state, costRange: r.cost_range }]));
}

/**
 * A place clients are matched from, and how far from it facilities have been read. Clients at
 * the same place (a board's clients often prefer the same town) share it: each ring is read and
 * measured once for all of them.
 */
interface Place {
  point: LatLng;
  /** Every facility within this many miles has been seen (null: none yet). */
  reached: number | null;
  /** The facilities the last ring added, with their miles from here. */
  fresh: Candidate[];
}

/** One client's search: where from (null: unknown) and its best so far. */
interface Search {
  client: MatchableClient;
  place: Place | null;
  best: ScoredFacility<Candidate>[];
}

/**
 * The pool's facilities new to the place, measured from it: farther than earlier rings reached
 * and within this one's outer edge (the SQL reads a little more on both sides; those are taken
 * by the ring they belong to). The pool holds every pending place's ring: a facility of another
 * place's ring is left out. Facilities without coordinates come with the first ring.
 */
function see(place: Place, pool: readonly Candidate[], outer: number | null) {
  const { point, reached } = place;
  const reach = outer ?? Number.POSITIVE_INFINITY;
  // The box first: a cheap test that spares most of another place's ring the great-circle sum.
  const box = outer === null ? null : boxAround(point, outer);
  const fresh: Candidate[] = [];
  for (const c of pool) {
    if (c.latitude === null || c.longitude === null) {
      if (reached === null) fresh.push(c);
      continue;
    }
    if (
      box &&
      (c.latitude < box.minLatitude ||
        c.latitude > box.maxLatitude ||
        c.longitude < box.minLongitude ||
        c.longitude > box.maxLongitude)
    )
      continue;
    const distance = milesBetween(point, { latitude: c.latitude, longitude: c.longitude });
    if (distance > reach || (reached !== null && distance <= reached)) continue;
    fresh.push({ ...c, distanceMiles: distance });
  }
  place.fresh = fresh;
  place.reached = reach;
}

/** Whether every facility within `outer` miles has been seen and none beyond could rank among the best `limit`. */
function settled(search: Search, outer: number | null, limit: number): boolean {
  if (outer === null) return true;
  if (search.best.length < limit) return false;
  const last = search.best[limit - 1];
  // "Other" facilities rank only when no fitting type is found: a farther one would drop them.
  if (last.careFit === "fallback") return false;
  const ceiling = scoreCeiling(search.client, outer);
  // A tie goes to the nearer: the last one wins it, unless its distance is unknown.
  return last.facility.distanceMiles === null ? last.score > ceiling : last.score >= ceiling;
}

/**
 * The best `limit` facilities for each client, best first, in one query for all of them per ring
 * (the board's cards): the nearest ring around each client's location first, then the next for
 * the clients whose best could still be beaten from farther (SEARCH_RINGS). A client without a
 * known location looks everywhere at once (its distances are unknown).
 */
export async function matchClients(
  db: DB,
  ctx: Ctx,
  clients: readonly MatchableClient[],
  limit = 10,
): Promise<Map<string, FacilityMatch[]>> {
  const places = new Map<string, Place>();
  const searches = clients.map((client): Search => {
    const point = clientPoint(client);
    if (!point) return { client, place: null, best: [] };
    const key = `${point.latitude},${point.longitude}`;
    let place = places.get(key);
    if (!place) places.set(key, (place = { point, reached: null, fresh: [] }));
    return { client, place, best: [] };
  });
  const careLevels = (list: Search[]) => new Set(list.map((s) => s.client.careLevel));
  if (limit > 0) {
    const unplaced = searches.filter((s) => s.place === null);
    if (unplaced.length) {
      const pool = await candidates(db, ctx, careLevels(unplaced), null);
      for (const search of unplaced) search.best = rankMatches(search.client, pool, limit);
    }
    let pending = searches.filter((s) => s.place !== null);
    let inner: number | null = null;
    for (const outer of SEARCH_RINGS) {
      if (pending.length === 0) break;
      const from = [...new Set(pending.map((s) => s.place!))];
      const rings = from.map((place) => ({ center: place.point, inner, outer }));
      const pool = await candidates(db, ctx, careLevels(pending), rings);
      for (const place of from) see(place, pool, outer);
      for (const search of pending) {
        // The best so far and the ring's new ones: the best of all seen (rankMatches keeps the Other rule).
        const best = search.best.map((m) => m.facility);
        search.best = rankMatches(search.client, [...best, ...search.place!.fresh], limit);
      }
      pending = pending.filter((s) => !settled(s, outer, limit));
      inner = outer;
    }
  }
  const shown = await details(db, ctx, [...new Set(searches.flatMap((s) => s.best.map((m) => m.facility.id)))]);
  return new Map(
    searches.map(({ client, best }) => [
      client.id,
      best.map((m): FacilityMatch => {
        const more = shown.get(m.facility.id);
        return {
          facilityId: m.facility.id,
          facilityName: m.facility.name,
          facilityType: m.facility.type,
          city: more?.city ?? "",
          state: more?.state ?? "",
          compatibilityScore: m.score,
          reasons: m.reasons,
          available: m.facility.availableBeds > 0,
          availableBeds: m.facility.availableBeds,
          costRange: more?.costRange ?? "",
          distanceMiles: m.facility.distanceMiles === null ? null : Math.round(m.facility.distanceMiles * 10) / 10,
        };
      }),
    ]),
  );
}

/**
 * Matching results kept in this process, least recently used dropped first. A key holds the
 * agency, its facilities' version (agency_counts "facilities:version", which moves on every write
 * to them) and the client's matching fields: any change to either makes a new key, so nothing
 * kept can be stale, and keys no longer asked for age out.
 */
class Kept<T> {
  private readonly entries = new Map<string, T>();
  constructor(readonly size: number) {}

  get(key: string): T | undefined {
    const kept = this.entries.get(key);
    if (kept === undefined) return undefined;
    // Most recently used last: the oldest go first when full.
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept;
  }

  set(key: string, value: T): void {
    this.entries.set(key, value);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.size) break;
      this.entries.delete(oldest);
    }
  }
}

const keyOf = (ctx: Ctx, facilitiesVersion: number, client: MatchableClient, limit: number) =>
  `${ctx.agencyId}|${facilitiesVersion}|${limit}|${JSON.stringify(client)}`;

/** Each client's best facility: the board shows the same clients' best matches on every refresh. */
export const BEST_CACHE_SIZE = 20_000;
const bestKept = new Kept<FacilityMatch | null>(BEST_CACHE_SIZE);

export async function bestMatches(
  db: DB,
  ctx: Ctx,
  clients: readonly MatchableClient[],
  facilitiesVersion: number,
): Promise<Map<string, FacilityMatch | null>> {
  const found = new Map<string, FacilityMatch | null>();
  const missing: { client: MatchableClient; key: string }[] = [];
  for (const client of clients) {
    const key = keyOf(ctx, facilitiesVersion, client, 1);
    const kept = bestKept.get(key);
    if (kept === undefined) missing.push({ client, key });
    else found.set(client.id, kept);
  }
  if (missing.length > 0) {
    const matched = await matchClients(
      db,
      ctx,
      missing.map((m) => m.client),
      1,
    );
    for (const { client, key } of missing) {
      const best = matched.get(client.id)?.[0] ?? null;
      bestKept.set(key, best);
      found.set(client.id, best);
    }
  }
  return found;
}

/**
 * One client's best `limit` facilities, kept (see Kept): the client's page, the task page and
 * the API show the same ranking again after every note, move or refresh until something it
 * depends on changes. A first view runs the engine (tests/bench/matching.ts times it).
 */
const TOP_CACHE_SIZE = 2_000;
const topKept = new Kept<FacilityMatch[]>(TOP_CACHE_SIZE);

export async function topMatches(db: DB, ctx: Ctx, client: MatchableClient, limit: number): Promise<FacilityMatch[]> {
  const key = keyOf(ctx, await readFacilitiesVersion(db, ctx), client, limit);
  let matches = topKept.get(key);
  if (!matches) {
    matches = (await matchClients(db, ctx, [client], limit)).get(client.id) ?? [];
    topKept.set(key, matches);
  }
  // Placements change without the facilities' version: read fresh, over the kept ranking.
  return withOpenPlacements(db, ctx, client.id, matches);
}

/** The matches, each with the client's open placement at that facility (or null); new objects, the kept ones untouched. */
async function withOpenPlacements(
  db: DB,
  ctx: Ctx,
  clientId: string,
  matches: FacilityMatch[],
): Promise<FacilityMatch[]> {
  const open =
    matches.length === 0
      ? []
      : await db
          .selectFrom("placements")
          .select(["id", "facility_id", "status"])
          .where("agency_id", "=", ctx.agencyId)
          .where("client_id", "=", clientId)
          .where("status", "in", OPEN_PLACEMENT_STATUSES)
          .where(
            "facility_id",
            "in",
            matches.map((m) => m.facilityId),
          )
          .execute();
  const byFacility = new Map(open.map((p) => [p.facility_id, { placementId: p.id, status: p.status }]));
  return matches.map((m) => ({ ...m, openPlacement: byFacility.get(m.facilityId) ?? null }));
}

/** The best `limit` facilities for one client of the caller agency; null when there is no such client. */
export async function matchClient(db: DB, ctx: Ctx, clientId: string, limit = 10): Promise<FacilityMatch[] | null> {
  const client = await getMatchableClient(db, ctx, clientId);
  if (!client) return null;
  return topMatches(db, ctx, client, limit);
}

/** A task's matched facilities (spec 002 §3): its client's best, none for a task without a client. */
export async function taskMatches(db: DB, ctx: Ctx, clientId: string | null, limit = 5): Promise<FacilityMatch[]> {
  return clientId ? ((await matchClient(db, ctx, clientId, limit)) ?? []) : [];
}
