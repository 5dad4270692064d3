import { describe, expect, it } from "vitest";
import { boxAround, milesBetween } from "~/utils/geo";
import { clientPoint, placePoint, zipPoint } from "~/utils/zip-codes.server";
import {
  careFit,
  type MatchClient,
  type MatchFacility,
  rankMatches,
  scoreCeiling,
  scoreFacility,
} from "~/utils/matching";
import { CARE_LEVELS, FACILITY_TYPES } from "~/utils/vocabulary";

// The figures below are worked out by hand from the weights in docs/matching.md:
// care fit 34 (best) / 24 (good) / 12 (Other) + 3 a matching specialty; budget 25; distance 20
// (full within 10 miles, none from 100); a bed free 10; preferred amenities 5.

const client: MatchClient = {
  careLevel: "memory",
  medicalConditions: ["Alzheimer's Disease", "Hypertension"],
  budgetMin: 5000,
  budgetMax: 7000,
  preferredAmenities: ["Pet Friendly", "WiFi"],
  // Private asks for "Private Rooms": three preferred in all.
  roomType: "private",
};

const facility: MatchFacility = {
  id: "f1",
  name: "Harbor House",
  type: "Memory Care",
  specialties: ["Alzheimer's Care", "Wound Care"],
  amenities: ["Pet Friendly", "WiFi", "Private Rooms"],
  minCost: 5500,
  maxCost: 6500,
  availableBeds: 3,
  rating: 4.5,
  distanceMiles: 6,
};

const score = (f: Partial<MatchFacility>, c: Partial<MatchClient> = {}) =>
  scoreFacility({ ...client, ...c }, { ...facility, ...f });

describe("a facility's score", () => {
  it("adds the five parts, with the reasons best first", () => {
    // 34 + 3 (Alzheimer's Care) + 25 + 20 + 10 + 5 = 97
    expect(score({})).toMatchObject({
      score: 97,
      reasons: [
        "Memory care unit",
        "Within budget",
        "6 miles away",
        "3 beds free",
        "Has all 3 preferred amenities",
        "Alzheimer's Care",
      ],
    });
    // 2 of 3 amenities: 97 - 5/3 = 95.33; no bed: 10 less, said as "Wait list".
    expect(score({ amenities: ["Pet Friendly", "WiFi"] })).toMatchObject({
      score: 95,
      reasons: expect.arrayContaining(["Has 2 of 3 preferred amenities"]),
    });
    expect(score({ availableBeds: 0 })!.score).toBe(87);
    expect(score({ availableBeds: 0 })!.reasons.at(-1)).toBe("Wait list");
    expect(score({ availableBeds: 1 })!.reasons).toContain("1 bed free");
    expect(score({ amenities: [] }, { preferredAmenities: [], roomType: "private" })!.reasons.at(-1)).toBe(
      "Without the preferred amenity",
    );
    expect(score({ amenities: [] })!.reasons).toContain("None of 3 preferred amenities");
    // A room type left blank (no preference) is no wanted amenity either: never counted as matched.
    expect(score({ amenities: ["Private Rooms"] }, { preferredAmenities: [], roomType: null })).toMatchObject({
      score: 97,
      reasons: ["Memory care unit", "Within budget", "6 miles away", "3 beds free", "Alzheimer's Care"],
    });
    // No preference at all: the amenities part is full and says nothing.
    expect(score({ amenities: [] }, { preferredAmenities: [], roomType: "studio" })).toMatchObject({
      score: 97,
      reasons: ["Memory care unit", "Within budget", "6 miles away", "3 beds free", "Alzheimer's Care"],
    });
  });

  it("budget: inside, overlapping, above and unknown", () => {
    expect(score({ minCost: 5500, maxCost: 6500 })).toMatchObject({ score: 97, budget: "within" });
    // Cheaper than the family planned is still within it.
    expect(score({ minCost: 3000, maxCost: 4000 })).toMatchObject({ score: 97, budget: "within" });
    // Half of 6,000–8,000 lies under 7,000: 12.5 of 25 → 84.5, rounded 85.
    expect(score({ minCost: 6000, maxCost: 8000 })).toMatchObject({ score: 85, budget: "partly" });
    expect(score({ minCost: 6000, maxCost: 8000 })!.reasons).toContain("Partly within budget");
    // A quarter: 6.25 → 78.25.
    expect(score({ minCost: 6500, maxCost: 8500 })!.score).toBe(78);
    expect(score({ minCost: 7500, maxCost: 9000 })).toMatchObject({ score: 72, budget: "above" });
    expect(score({ minCost: 7500, maxCost: 9000 })!.reasons).toContain("Above budget");
    // Unknown on either side: half.
    expect(score({}, { budgetMax: null })).toMatchObject({ score: 85, budget: "unknown" });
    expect(score({}, { budgetMax: null })!.reasons).toContain("Budget unknown");
    expect(score({ minCost: null, maxCost: null })!.reasons).toContain("Cost unknown");
  });

  it("distance: 0, 10, 50 and 200 miles; unknown is left out and said", () => {
    // Without the distance part: 34 + 3 + 25 + 10 + 5 = 77.
    expect(score({ distanceMiles: 0 })).toMatchObject({
      score: 97,
      reasons: expect.arrayContaining(["Under 1 mile away"]),
    });
    expect(score({ distanceMiles: 10 })).toMatchObject({
      score: 97,
      reasons: expect.arrayContaining(["10 miles away"]),
    });
    // 20 × (100 − 50) / 90 = 11.11 → 88.11
    expect(score({ distanceMiles: 50 })).toMatchObject({
      score: 88,
      reasons: expect.arrayContaining(["50 miles away"]),
    });
    expect(score({ distanceMiles: 200 })).toMatchObject({
      score: 77,
      reasons: expect.arrayContaining(["200 miles away"]),
    });
    expect(score({ distanceMiles: 1.2 })!.reasons).toContain("1 mile away");
    // 77 of the 80 points left: 96.25.
    const unknown = score({ distanceMiles: null })!;
    expect(unknown.score).toBe(96);
    expect(unknown.reasons.at(-1)).toBe("Distance unknown");
  });

  it("specialties matching the conditions add to care fit, up to its 40", () => {
    const parkinsons = { medicalConditions: ["Parkinson's Disease", "History of Stroke", "Type 2 Diabetes"] };
    const all = ["Parkinson's Care", "Stroke Recovery", "Diabetes Management", "Cardiac Care"];
    // 34 + 3 × 3 = 43, capped at 40: 40 + 25 + 20 + 10 + 5.
    expect(score({ specialties: all }, parkinsons)).toMatchObject({ score: 100, carePoints: 40 });
    expect(score({ specialties: ["Cardiac Care"] }, parkinsons)).toMatchObject({ score: 94, carePoints: 34 });
    expect(
      score({ specialties: ["Cardiac Care"] }, { medicalConditions: ["Congestive Heart Failure"] })!.carePoints,
    ).toBe(37);
  });

  it("memory care elsewhere than a Memory Care unit is a dementia care program", () => {
    const program = score({ type: "Nursing Home", specialties: ["Dementia Care"] })!;
    // 24 + 3 (Dementia Care for Alzheimer's) + 25 + 20 + 10 + 5 = 87
    expect(program).toMatchObject({ score: 87, careFit: "good" });
    expect(program.reasons[0]).toBe("Within budget");
    expect(program.reasons[1]).toBe("Dementia care program");
    expect(score({ type: "Assisted Living", specialties: [], amenities: ["Memory Care Services"] })!.careFit).toBe(
      "good",
    );
  });
});

describe("care fit, each care level against each facility type", () => {
  const fits = (specialties: string[] = []) =>
    Object.fromEntries(
      CARE_LEVELS.map((level) => [
        level,
        Object.fromEntries(FACILITY_TYPES.map((type) => [type, careFit(level, { type, specialties, amenities: [] })])),
      ]),
    );

  it("matches the table, and never sends memory or skilled care to Independent Living, Adult Day Care or Home Care", () => {
    const none = null;
    expect(fits()).toEqual({
      independent: {
        "Independent Living": "best",
        "Assisted Living": "good",
        "Memory Care": none,
        "Nursing Home": none,
        "Skilled Nursing": none,
        "Rehabilitation Center": none,
        "Adult Day Care": none,
        "Home Care": none,
        Other: "fallback",
      },
      assisted: {
        "Independent Living": none,
        "Assisted Living": "best",
        "Memory Care": "good",
        "Nursing Home": "good",
        "Skilled Nursing": "good",
        "Rehabilitation Center": none,
        "Adult Day Care": none,
        "Home Care": none,
        Other: "fallback",
      },
      memory: {
        "Independent Living": none,
        "Assisted Living": none,
        "Memory Care": "best",
        "Nursing Home": none,
        "Skilled Nursing": none,
        "Rehabilitation Center": none,
        "Adult Day Care": none,
        "Home Care": none,
        Other: "fallback",
      },
      skilled: {
        "Independent Living": none,
        "Assisted Living": none,
        "Memory Care": none,
        "Nursing Home": "best",
        "Skilled Nursing": "best",
        "Rehabilitation Center": "good",
        "Adult Day Care": none,
        "Home Care": none,
        Other: "fallback",
      },
    });
    // Listing dementia care opens Assisted Living, Nursing Home and Skilled Nursing to memory care, nothing else.
    const withDementiaCare = fits(["Dementia Care"]).memory;
    expect(
      Object.entries(withDementiaCare)
        .filter(([, fit]) => fit === "good")
        .map(([type]) => type),
    ).toEqual(["Assisted Living", "Nursing Home", "Skilled Nursing"]);
    for (const type of ["Independent Living", "Adult Day Care", "Home Care"] as const) {
      expect(withDementiaCare[type]).toBeNull();
      expect(fits(["Dementia Care"]).skilled[type]).toBeNull();
    }
  });

  it("best-fitting types score highest: 34 against 24", () => {
    const assisted = { careLevel: "assisted" as const, medicalConditions: [] };
    expect(score({ type: "Assisted Living", specialties: [] }, assisted)!.score).toBe(94);
    expect(score({ type: "Nursing Home", specialties: [] }, assisted)!.score).toBe(84);
    expect(score({ type: "Independent Living" }, assisted)).toBeNull();
  });
});

describe("ranking", () => {
  const f = (id: string, values: Partial<MatchFacility>) => ({ ...facility, id, name: id, ...values });

  it("best first; ties go to the nearer facility, then the higher rating", () => {
    const ranked = rankMatches(
      client,
      [
        f("far", { distanceMiles: 8, rating: 5 }),
        f("near", { distanceMiles: 2, rating: 3 }),
        f("rated", { distanceMiles: 2, rating: 4.8 }),
        f("unknown", { distanceMiles: null }),
        f("better", {
          distanceMiles: 30,
          minCost: 1000,
          maxCost: 2000,
          specialties: ["Alzheimer's Care", "Dementia Care"],
        }),
      ],
      10,
    );
    // All 97 but "better" (34 + 6 + 25 + 15.56 + 10 + 5 = 95.56 → 96) and "unknown" (96.25 → 96).
    expect(ranked.map((m) => [m.facility.id, m.score])).toEqual([
      ["rated", 97],
      ["near", 97],
      ["far", 97],
      ["better", 96],
      ["unknown", 96],
    ]);
    expect(
      rankMatches(
        client,
        ranked.map((m) => m.facility),
        2,
      ),
    ).toHaveLength(2);
  });

  it("never suggests a facility that cannot serve the client; Other only when nothing else fits", () => {
    const home = f("home", { type: "Home Care" });
    const other = f("other", { type: "Other" });
    const unit = f("unit", { type: "Memory Care" });
    expect(rankMatches(client, [home, other, unit], 10).map((m) => m.facility.id)).toEqual(["unit"]);
    const otherOnly = rankMatches(client, [home, other], 10);
    expect(otherOnly.map((m) => m.facility.id)).toEqual(["other"]);
    // 12 + 3 + 25 + 20 + 10 + 5
    expect(otherOnly[0]).toMatchObject({ score: 75, reasons: expect.arrayContaining(["Other care setting"]) });
    expect(rankMatches(client, [home], 10)).toEqual([]);
  });
});

describe("the score ceiling beyond a distance", () => {
  it("is what the best possible facility just that far would score, and none farther scores more", () => {
    // Care 34 + 3 + 3 (Alzheimer's and Dementia Care: both wanted) = 40; budget 25; beds 10; amenities 5.
    // At 25 miles: 20 × 75 / 90 = 16.67 → 96.67 → 97. From 100 miles on: no distance points, 80.
    expect(scoreCeiling(client, 25)).toBe(97);
    expect(scoreCeiling(client, 100)).toBe(80);
    expect(scoreCeiling(client, 300)).toBe(80);
    // No budget given: 12.5 for every facility. No condition with a specialty: care at most 34.
    expect(scoreCeiling({ ...client, budgetMax: null }, 100)).toBe(68);
    expect(scoreCeiling({ ...client, medicalConditions: [] }, 10)).toBe(94);
    const best = { specialties: ["Alzheimer's Care", "Dementia Care"] };
    expect(score({ ...best, distanceMiles: 25 })!.score).toBe(scoreCeiling(client, 25));
    for (const miles of [25.5, 40, 99, 150]) {
      expect(score({ ...best, distanceMiles: miles })!.score).toBeLessThanOrEqual(scoreCeiling(client, 25));
    }
  });
});

describe("miles", () => {
  it("between ZIP centroids, and the box that holds a radius", () => {
    const bostonCommon = { latitude: 42.3576, longitude: -71.0684 };
    const harvardSquare = { latitude: 42.377, longitude: -71.1256 };
    expect(milesBetween(bostonCommon, bostonCommon)).toBe(0);
    expect(milesBetween(bostonCommon, harvardSquare)).toBeCloseTo(3.2, 1);
    // New York (10001) to Los Angeles (90012): about 2,450 miles.
    expect(
      milesBetween({ latitude: 40.7484, longitude: -73.9967 }, { latitude: 34.0614, longitude: -118.2385 }),
    ).toBeGreaterThan(2400);
    const box = boxAround(bostonCommon, 50);
    for (const bearing of [0, 45, 90, 135, 180, 225, 270, 315]) {
      // A point 49.9 miles away in each direction lies inside.
      const rad = (bearing * Math.PI) / 180;
      const point = {
        latitude: bostonCommon.latitude + (49.9 / 69.05) * Math.cos(rad),
        longitude:
          bostonCommon.longitude + (49.9 / (69.05 * Math.cos((bostonCommon.latitude * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(milesBetween(bostonCommon, point)).toBeLessThan(50.5);
      expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude);
      expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude);
      expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude);
      expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude);
    }
  });
});

describe("places from the offline ZIP package", () => {
  it("a ZIP code, a city and state in several spellings; unknown ones are null, not an error", () => {
    expect(zipPoint("02138")).toEqual({ latitude: 42.377, longitude: -71.1256 });
    expect(zipPoint("02138-4001")).toEqual(zipPoint("02138"));
    for (const unknown of ["00000", "99999", "0213", "T2P 1J9", "", null, undefined])
      expect(zipPoint(unknown)).toBeNull();
    const cambridge = placePoint("Cambridge, MA")!;
    expect(milesBetween(cambridge, zipPoint("02138")!)).toBeLessThan(3);
    expect(placePoint("cambridge ma")).toEqual(cambridge);
    expect(placePoint("Cambridge, Massachusetts")).toEqual(cambridge);
    expect(placePoint("near 02138, please")).toEqual(zipPoint("02138"));
    for (const unknown of ["Atlantis, ZZ", "Cambridge", "somewhere nice", "  "]) expect(placePoint(unknown)).toBeNull();
    // The preferred location first, else the client's own ZIP.
    expect(clientPoint({ preferredLocation: "Atlantis, ZZ", addressZip: "02138" })).toEqual(zipPoint("02138"));
    expect(clientPoint({ preferredLocation: "Worcester, MA", addressZip: "02138" })).toEqual(
      placePoint("Worcester, MA"),
    );
    expect(clientPoint({ preferredLocation: null, addressZip: null })).toBeNull();
  });
});
