import type { CareLevel, FacilityType, RoomType } from "./vocabulary";

// Which facilities suit a client: the scoring rules (docs/matching.md), pure and browser-safe.
// app/models/matching.server.ts chooses the candidates in SQL and ranks them with rankMatches.
//
// A score is 0–100, the sum of five parts: care fit (40), budget (25), distance (20),
// availability (10), amenities and room type (5). A facility whose type cannot serve the client's
// care level is never suggested. When the distance is unknown it is left out: the other parts
// are scaled to 100, and the reasons say so.

export const WEIGHTS = { care: 40, budget: 25, distance: 20, availability: 10, amenities: 5 } as const;

/** Care fit: the base points of a facility's fit for the client's care level. */
const CARE_POINTS = { best: 34, good: 24, fallback: 12 } as const;
/** Each specialty that matches one of the client's conditions adds this, up to the care part's 40. */
const SPECIALTY_POINTS = 3;

/** Full distance points within this many miles, falling to none at DISTANCE_ZERO_MILES. */
export const DISTANCE_FULL_MILES = 10;
export const DISTANCE_ZERO_MILES = 100;

export type CareFit = keyof typeof CARE_POINTS;

/**
 * The facility types that can serve each care level, and how well. Memory care in an Assisted
 * Living, Nursing Home or Skilled Nursing facility only where it lists dementia care
 * (MEMORY_CAPABLE). "Other" serves any level, only when nothing else does.
 */
export const CARE_FIT: Record<CareLevel, { best: readonly FacilityType[]; good: readonly FacilityType[] }> = {
  independent: { best: ["Independent Living"], good: ["Assisted Living"] },
  assisted: { best: ["Assisted Living"], good: ["Memory Care", "Nursing Home", "Skilled Nursing"] },
  memory: { best: ["Memory Care"], good: ["Assisted Living", "Nursing Home", "Skilled Nursing"] },
  skilled: { best: ["Skilled Nursing", "Nursing Home"], good: ["Rehabilitation Center"] },
};

/** What a facility lists (specialties or amenities) to care for a memory-care client outside a Memory Care unit. */
export const MEMORY_CAPABLE = ["Alzheimer's Care", "Dementia Care", "Memory Care Services"] as const;

/** The types a care level can be matched to at all (the SQL filter's list; Other included). */
export function fittingTypes(careLevel: CareLevel): FacilityType[] {
  return [...CARE_FIT[careLevel].best, ...CARE_FIT[careLevel].good, "Other"];
}

/** A client's conditions, by keyword, and the specialties that care for them. */
const CONDITION_SPECIALTIES: readonly [RegExp, readonly string[]][] = [
  [/alzheimer|dementia/i, ["Alzheimer's Care", "Dementia Care"]],
  [/parkinson/i, ["Parkinson's Care"]],
  [/stroke/i, ["Stroke Recovery"]],
  [/heart|cardiac|atrial|coronary/i, ["Cardiac Care"]],
  [/diabet/i, ["Diabetes Management"]],
  [/wound|ulcer/i, ["Wound Care"]],
];

/** The facility amenity that a preferred room type asks for (the others have none to look for). */
const ROOM_AMENITY: Partial<Record<RoomType, string>> = {
  private: "Private Rooms",
  "semi-private": "Semi-Private Rooms",
};

/** How a coordinator names what the facility offers the client. */
const TYPE_PHRASES: Record<FacilityType, string> = {
  "Assisted Living": "Assisted living",
  "Nursing Home": "Nursing home care",
  "Memory Care": "Memory care unit",
  "Independent Living": "Independent living",
  "Skilled Nursing": "Skilled nursing",
  "Rehabilitation Center": "Rehabilitation center",
  "Adult Day Care": "Adult day care",
  "Home Care": "Home care",
  Other: "Other care setting",
};

export interface MatchClient {
  careLevel: CareLevel;
  medicalConditions: readonly string[];
  budgetMin: number | null;
  budgetMax: number | null;
  preferredAmenities: readonly string[];
  roomType: RoomType | null;
}

export interface MatchFacility {
  id: string;
  name: string;
  type: FacilityType;
  specialties: readonly string[];
  amenities: readonly string[];
  minCost: number | null;
  maxCost: number | null;
  availableBeds: number;
  rating: number | null;
  /** Miles from the client's location; null when either place is unknown. */
  distanceMiles: number | null;
}

export interface ScoredFacility<F extends MatchFacility = MatchFacility> {
  facility: F;
  /** 0–100. */
  score: number;
  /** Short phrases, best first. */
  reasons: string[];
  careFit: CareFit;
  /** The care part's points (fit and matching specialties), for comparing like with like. */
  carePoints: number;
  budget: "within" | "partly" | "above" | "unknown";
}

const MEMORY_CAPABLE_LOWER = new Set(MEMORY_CAPABLE.map((m) => m.toLowerCase()));

/**
 * A facility's specialties or amenities in lower case, worked out once per list: a client is
 * compared with hundreds of facilities, and a board's clients with the same ones.
 */
const lowered = new WeakMap<readonly string[], readonly string[]>();
function lower(values: readonly string[]): readonly string[] {
  let found = lowered.get(values);
  if (!found) lowered.set(values, (found = values.map((v) => v.toLowerCase())));
  return found;
}

function listsMemoryCare(values: readonly string[]): boolean {
  for (const v of lower(values)) if (MEMORY_CAPABLE_LOWER.has(v)) return true;
  return false;
}

/** How the facility's type serves the client's care level, or null: never suggested. */
export function careFit(careLevel: CareLevel, facility: Pick<MatchFacility, "type" | "specialties" | "amenities">) {
  const fit = CARE_FIT[careLevel];
  if (fit.best.includes(facility.type)) return "best" as const;
  if (fit.good.includes(facility.type)) {
    if (careLevel !== "memory") return "good" as const;
    return listsMemoryCare(facility.specialties) || listsMemoryCare(facility.amenities) ? ("good" as const) : null;
  }
  return facility.type === "Other" ? ("fallback" as const) : null;
}

/** The specialties (lower-case) that care for one of the client's conditions. */
function wantedSpecialties(conditions: readonly string[]): Set<string> {
  return new Set(
    CONDITION_SPECIALTIES.filter(([pattern]) => conditions.some((c) => pattern.test(c))).flatMap(([, s]) =>
      s.map((x) => x.toLowerCase()),
    ),
  );
}

/** What scoring needs of a client, worked out once for all the facilities it is scored against. */
interface Prepared {
  wanted: Set<string>;
  /** Preferred amenities and the room type's amenity, as written and lower-case. */
  preferred: string[];
  preferredLower: string[];
}

const prepared = new WeakMap<MatchClient, Prepared>();

function prepare(client: MatchClient): Prepared {
  let p = prepared.get(client);
  if (!p) {
    // No preference (null) wants no room amenity.
    const room = client.roomType ? ROOM_AMENITY[client.roomType] : undefined;
    const preferred = [...new Set([...client.preferredAmenities, ...(room ? [room] : [])])];
    p = {
      wanted: wantedSpecialties(client.medicalConditions),
      preferred,
      preferredLower: preferred.map((a) => a.toLowerCase()),
    };
    prepared.set(client, p);
  }
  return p;
}

/** "6 miles away", "1 mile away", "Under 1 mile away". */
export function distanceText(miles: number): string {
  if (miles < 1) return "Under 1 mile away";
  const rounded = Math.round(miles);
  return rounded === 1 ? "1 mile away" : `${rounded} miles away`;
}

/** The budget part: the facility's cost range against the client's maximum. */
function budgetPart(client: MatchClient, facility: MatchFacility): { kind: ScoredFacility["budget"]; points: number } {
  const { budgetMax } = client;
  const { minCost, maxCost } = facility;
  if (budgetMax === null || minCost === null || maxCost === null)
    return { kind: "unknown", points: WEIGHTS.budget / 2 };
  if (maxCost <= budgetMax) return { kind: "within", points: WEIGHTS.budget };
  if (minCost > budgetMax) return { kind: "above", points: 0 };
  return { kind: "partly", points: (WEIGHTS.budget * (budgetMax - minCost)) / (maxCost - minCost) };
}

const BUDGET_REASONS: Record<ScoredFacility["budget"], string> = {
  within: "Within budget",
  partly: "Partly within budget",
  above: "Above budget",
  unknown: "Budget unknown",
};

function distancePoints(miles: number): number {
  if (miles <= DISTANCE_FULL_MILES) return WEIGHTS.distance;
  if (miles >= DISTANCE_ZERO_MILES) return 0;
  return (WEIGHTS.distance * (DISTANCE_ZERO_MILES - miles)) / (DISTANCE_ZERO_MILES - DISTANCE_FULL_MILES);
}

/** How many of what the client prefers (amenities, and a room type's) the facility has. */
function amenitiesPresent({ preferredLower }: Prepared, facility: MatchFacility): number {
  if (preferredLower.length === 0) return 0;
  const names = lower(facility.amenities);
  let present = 0;
  for (const a of preferredLower) if (names.includes(a)) present++;
  return present;
}

function amenitiesReason(present: number, wanted: number): string | null {
  if (wanted === 0) return null;
  if (present === 0) return wanted === 1 ? "Without the preferred amenity" : `None of ${wanted} preferred amenities`;
  if (present < wanted) return `Has ${present} of ${wanted} preferred amenities`;
  if (wanted === 1) return "Has the preferred amenity";
  return wanted === 2 ? "Has both preferred amenities" : `Has all ${wanted} preferred amenities`;
}

/** The parts of a facility's score, as numbers (the reasons are put in words only for those shown). */
interface Points {
  fit: CareFit;
  specialties: number;
  carePoints: number;
  budget: ScoredFacility["budget"];
  budgetPoints: number;
  distance: number | null;
  availability: number;
  present: number;
  amenities: number;
  score: number;
}

function pointsOf(client: MatchClient, ready: Prepared, facility: MatchFacility): Points | null {
  const fit = careFit(client.careLevel, facility);
  if (!fit) return null;
  let specialties = 0;
  if (ready.wanted.size) for (const x of lower(facility.specialties)) if (ready.wanted.has(x)) specialties++;
  const carePoints = Math.min(WEIGHTS.care, CARE_POINTS[fit] + SPECIALTY_POINTS * specialties);
  const budget = budgetPart(client, facility);
  const distance = facility.distanceMiles === null ? null : distancePoints(facility.distanceMiles);
  const availability = facility.availableBeds > 0 ? WEIGHTS.availability : 0;
  const wanted = ready.preferredLower.length;
  const present = amenitiesPresent(ready, facility);
  const amenities = wanted === 0 ? WEIGHTS.amenities : (WEIGHTS.amenities * present) / wanted;
  const earned = carePoints + budget.points + (distance ?? 0) + availability + amenities;
  const possible = distance === null ? 100 - WEIGHTS.distance : 100;
  return {
    fit,
    specialties,
    carePoints,
    budget: budget.kind,
    budgetPoints: budget.points,
    distance,
    availability,
    present,
    amenities,
    score: Math.round((100 * earned) / possible),
  };
}

/** The reasons, best first: each part's phrase by the points it brought; facts that cost points last. */
function reasonsOf(client: MatchClient, ready: Prepared, facility: MatchFacility, p: Points): string[] {
  const reasons: { text: string; points: number }[] = [];
  const memoryElsewhere = client.careLevel === "memory" && p.fit === "good";
  reasons.push({
    text: memoryElsewhere ? "Dementia care program" : TYPE_PHRASES[facility.type],
    points: CARE_POINTS[p.fit],
  });
  for (const s of facility.specialties) {
    if (ready.wanted.has(s.toLowerCase())) reasons.push({ text: s, points: SPECIALTY_POINTS });
  }
  const costKnown = facility.minCost !== null && facility.maxCost !== null;
  reasons.push({
    text: p.budget === "unknown" && client.budgetMax !== null && !costKnown ? "Cost unknown" : BUDGET_REASONS[p.budget],
    points: p.budgetPoints,
  });
  if (facility.distanceMiles === null) reasons.push({ text: "Distance unknown", points: -1 });
  else reasons.push({ text: distanceText(facility.distanceMiles), points: p.distance! });
  const beds = facility.availableBeds;
  reasons.push({
    text: beds > 0 ? `${beds} ${beds === 1 ? "bed" : "beds"} free` : "Wait list",
    points: p.availability,
  });
  const amenities = amenitiesReason(p.present, ready.preferredLower.length);
  if (amenities) reasons.push({ text: amenities, points: p.amenities });
  // Stable: equal points keep the parts' order (care, budget, distance, availability, amenities).
  return reasons
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => b.points - a.points || a.i - b.i)
    .map((r) => r.text);
}

function scored<F extends MatchFacility>(
  client: MatchClient,
  ready: Prepared,
  facility: F,
  p: Points,
): ScoredFacility<F> {
  return {
    facility,
    score: p.score,
    reasons: reasonsOf(client, ready, facility, p),
    careFit: p.fit,
    carePoints: p.carePoints,
    budget: p.budget,
  };
}

/** One facility's score and reasons for the client; null when its type cannot serve the client. */
export function scoreFacility<F extends MatchFacility>(client: MatchClient, facility: F): ScoredFacility<F> | null {
  const ready = prepare(client);
  const p = pointsOf(client, ready, facility);
  return p ? scored(client, ready, facility, p) : null;
}

/**
 * The highest score a facility farther than `miles` away could have for the client: the best
 * care fit with every wanted specialty, the client's best budget part, the distance points at
 * `miles`, a bed free and every preferred amenity. When the best found within `miles` score at
 * least this, nothing farther can take their place (a tie goes to the nearer).
 */
export function scoreCeiling(client: MatchClient, miles: number): number {
  const ready = prepare(client);
  const care = Math.min(WEIGHTS.care, CARE_POINTS.best + SPECIALTY_POINTS * ready.wanted.size);
  const budget = client.budgetMax === null ? WEIGHTS.budget / 2 : WEIGHTS.budget;
  return Math.round(care + budget + distancePoints(miles) + WEIGHTS.availability + WEIGHTS.amenities);
}

/** Best first; ties go to the nearer facility (unknown last), then the higher rating, then the name. */
export function compareMatches(
  a: Pick<ScoredFacility, "score" | "facility">,
  b: Pick<ScoredFacility, "score" | "facility">,
): number {
  if (a.score !== b.score) return b.score - a.score;
  // Called for every candidate: no closures, nothing allocated.
  const farA = a.facility.distanceMiles ?? Number.POSITIVE_INFINITY;
  const farB = b.facility.distanceMiles ?? Number.POSITIVE_INFINITY;
  if (farA !== farB) return farA < farB ? -1 : 1;
  const ratingA = a.facility.rating ?? -1;
  const ratingB = b.facility.rating ?? -1;
  if (ratingA !== ratingB) return ratingB - ratingA;
  return (
    a.facility.name.localeCompare(b.facility.name) ||
    (a.facility.id < b.facility.id ? -1 : a.facility.id > b.facility.id ? 1 : 0)
  );
}

/** The best `limit` so far, best first: a candidate no better than the last is turned away at once. */
class Best<F extends MatchFacility> {
  readonly items: { facility: F; score: number; p: Points }[] = [];
  constructor(private readonly limit: number) {}

  offer(item: { facility: F; score: number; p: Points }) {
    const { items, limit } = this;
    if (items.length === limit && compareMatches(item, items[limit - 1]) >= 0) return;
    let i = items.length;
    while (i > 0 && compareMatches(item, items[i - 1]) < 0) i--;
    items.splice(i, 0, item);
    if (items.length > limit) items.pop();
  }
}

/**
 * The facilities that can serve the client, best first, at most `limit`. "Other" facilities only
 * when no facility of a fitting type is among them. Every facility is scored; only the best are
 * kept, and only those returned are put in words.
 */
export function rankMatches<F extends MatchFacility>(client: MatchClient, facilities: Iterable<F>, limit: number) {
  const ready = prepare(client);
  const fitting = new Best<F>(limit);
  const fallback = new Best<F>(limit);
  if (limit > 0) {
    for (const facility of facilities) {
      const p = pointsOf(client, ready, facility);
      if (!p) continue;
      (p.fit === "fallback" ? fallback : fitting).offer({ facility, score: p.score, p });
    }
  }
  return (fitting.items.length ? fitting.items : fallback.items).map((m) => scored(client, ready, m.facility, m.p));
}
