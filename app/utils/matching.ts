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
  roomType: RoomType;
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

const lower = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

/** How the facility's type serves the client's care level, or null: never suggested. */
export function careFit(careLevel: CareLevel, facility: Pick<MatchFacility, "type" | "specialties" | "amenities">) {
  const fit = CARE_FIT[careLevel];
  if (fit.best.includes(facility.type)) return "best" as const;
  if (fit.good.includes(facility.type)) {
    if (careLevel !== "memory") return "good" as const;
    const listed = lower([...facility.specialties, ...facility.amenities]);
    return MEMORY_CAPABLE.some((m) => listed.has(m.toLowerCase())) ? ("good" as const) : null;
  }
  return facility.type === "Other" ? ("fallback" as const) : null;
}

/** The facility's specialties that care for one of the client's conditions. */
export function matchingSpecialties(conditions: readonly string[], specialties: readonly string[]): string[] {
  const wanted = new Set(
    CONDITION_SPECIALTIES.filter(([pattern]) => conditions.some((c) => pattern.test(c))).flatMap(([, s]) =>
      s.map((x) => x.toLowerCase()),
    ),
  );
  return specialties.filter((s) => wanted.has(s.toLowerCase()));
}

/** "6 miles away", "1 mile away", "Under 1 mile away". */
export function distanceText(miles: number): string {
  if (miles < 1) return "Under 1 mile away";
  const rounded = Math.round(miles);
  return rounded === 1 ? "1 mile away" : `${rounded} miles away`;
}

/** The budget part: the facility's cost range against the client's maximum. */
function budgetPart(client: MatchClient, facility: MatchFacility) {
  const { budgetMax } = client;
  const { minCost, maxCost } = facility;
  if (budgetMax === null) return { kind: "unknown" as const, points: WEIGHTS.budget / 2, reason: "Budget unknown" };
  if (minCost === null || maxCost === null) {
    return { kind: "unknown" as const, points: WEIGHTS.budget / 2, reason: "Cost unknown" };
  }
  if (maxCost <= budgetMax) return { kind: "within" as const, points: WEIGHTS.budget, reason: "Within budget" };
  if (minCost > budgetMax) return { kind: "above" as const, points: 0, reason: "Above budget" };
  const share = (budgetMax - minCost) / (maxCost - minCost);
  return { kind: "partly" as const, points: WEIGHTS.budget * share, reason: "Partly within budget" };
}

function distancePoints(miles: number): number {
  if (miles <= DISTANCE_FULL_MILES) return WEIGHTS.distance;
  if (miles >= DISTANCE_ZERO_MILES) return 0;
  return (WEIGHTS.distance * (DISTANCE_ZERO_MILES - miles)) / (DISTANCE_ZERO_MILES - DISTANCE_FULL_MILES);
}

/** The amenities part: the share of what the client prefers (amenities, and a room type) that the facility has. */
function amenitiesPart(client: MatchClient, facility: MatchFacility) {
  const room = ROOM_AMENITY[client.roomType];
  const preferred = [...new Set([...client.preferredAmenities, ...(room ? [room] : [])])];
  if (preferred.length === 0) return { points: WEIGHTS.amenities, reason: null };
  const has = lower(facility.amenities);
  const present = preferred.filter((a) => has.has(a.toLowerCase())).length;
  const points = (WEIGHTS.amenities * present) / preferred.length;
  const reason =
    present === 0
      ? preferred.length === 1
        ? "Without the preferred amenity"
        : `None of ${preferred.length} preferred amenities`
      : present === preferred.length
        ? preferred.length === 1
          ? "Has the preferred amenity"
          : preferred.length === 2
            ? "Has both preferred amenities"
            : `Has all ${preferred.length} preferred amenities`
        : `Has ${present} of ${preferred.length} preferred amenities`;
  return { points, reason };
}

/** One facility's score and reasons for the client; null when its type cannot serve the client. */
export function scoreFacility<F extends MatchFacility>(client: MatchClient, facility: F): ScoredFacility<F> | null {
  const fit = careFit(client.careLevel, facility);
  if (!fit) return null;
  // Each reason with the points it brought, to put the best first; facts that cost points last.
  const reasons: { text: string; points: number }[] = [];
  const specialties = matchingSpecialties(client.medicalConditions, facility.specialties);
  const carePoints = Math.min(WEIGHTS.care, CARE_POINTS[fit] + SPECIALTY_POINTS * specialties.length);
  const memoryElsewhere = client.careLevel === "memory" && fit === "good";
  reasons.push({
    text: memoryElsewhere ? "Dementia care program" : TYPE_PHRASES[facility.type],
    points: CARE_POINTS[fit],
  });
  for (const s of specialties) reasons.push({ text: s, points: SPECIALTY_POINTS });

  const budget = budgetPart(client, facility);
  reasons.push({ text: budget.reason, points: budget.points });

  let distance = 0;
  if (facility.distanceMiles === null) {
    reasons.push({ text: "Distance unknown", points: -1 });
  } else {
    distance = distancePoints(facility.distanceMiles);
    reasons.push({ text: distanceText(facility.distanceMiles), points: distance });
  }

  const beds = facility.availableBeds;
  const availability = beds > 0 ? WEIGHTS.availability : 0;
  reasons.push({ text: beds > 0 ? `${beds} ${beds === 1 ? "bed" : "beds"} free` : "Wait list", points: availability });

  const amenities = amenitiesPart(client, facility);
  if (amenities.reason) reasons.push({ text: amenities.reason, points: amenities.points });

  const earned = carePoints + budget.points + distance + availability + amenities.points;
  const possible = facility.distanceMiles === null ? 100 - WEIGHTS.distance : 100;
  return {
    facility,
    score: Math.round((100 * earned) / possible),
    // Stable: equal points keep the parts' order (care, budget, distance, availability, amenities).
    reasons: reasons
      .map((r, i) => ({ ...r, i }))
      .sort((a, b) => b.points - a.points || a.i - b.i)
      .map((r) => r.text),
    careFit: fit,
    carePoints,
    budget: budget.kind,
  };
}

/** Best first; ties go to the nearer facility (unknown last), then the higher rating, then the name. */
export function compareMatches(a: ScoredFacility, b: ScoredFacility): number {
  const far = (m: ScoredFacility) => m.facility.distanceMiles ?? Number.POSITIVE_INFINITY;
  const rating = (m: ScoredFacility) => m.facility.rating ?? -1;
  return (
    b.score - a.score ||
    far(a) - far(b) ||
    rating(b) - rating(a) ||
    a.facility.name.localeCompare(b.facility.name) ||
    (a.facility.id < b.facility.id ? -1 : a.facility.id > b.facility.id ? 1 : 0)
  );
}

/**
 * The facilities that can serve the client, best first, at most `limit`. "Other" facilities only
 * when no facility of a fitting type is among them.
 */
export function rankMatches<F extends MatchFacility>(client: MatchClient, facilities: readonly F[], limit: number) {
  const scored = facilities.flatMap((f) => scoreFacility(client, f) ?? []);
  const fitting = scored.some((m) => m.careFit !== "fallback")
    ? scored.filter((m) => m.careFit !== "fallback")
    : scored;
  return fitting.sort(compareMatches).slice(0, limit);
}
