import { describe, expect, it } from "vitest";
import { FacilityListQuerySchema, FacilitySchema } from "~/schemas/facility";

const valid = {
  name: "Maple Grove Senior Living",
  licenseNumber: "AZ-AL-10442",
  type: "Assisted Living",
  capacity: 80,
  currentOccupancy: 72,
  address: { street: "400 Maple Ave", city: "Tucson", state: "az", zip: "85701" },
  contact: { name: "Joan Lee", phone: "(520) 555-0100", email: "joan@maplegrove.example" },
  minCost: 4000,
  maxCost: 6500,
};

function errorsOf(input: unknown): Record<string, string> {
  const result = FacilitySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("FacilitySchema", () => {
  it("accepts a complete facility, upper-casing the state and filling defaults", () => {
    const result = FacilitySchema.parse(valid);
    expect(result).toMatchObject({ address: { state: "AZ" }, amenities: [], specialties: [], rating: null });
    expect(result.isActive).toBeUndefined();
  });

  it("names every missing field with the spec's message", () => {
    expect(errorsOf({})).toEqual({
      name: "Facility name is required",
      licenseNumber: "License number is required",
      type: "Facility type is required",
      capacity: "Capacity must be at least 1",
      "address.street": "Street address is required",
      "address.city": "City is required",
      "address.state": "State is required",
      "address.zip": "ZIP code is required",
      "contact.name": "Contact name is required",
      "contact.phone": "Contact phone is required",
      minCost: "Minimum cost is required",
    });
  });

  it.each([
    ["capacity 0", { capacity: 0 }, "capacity", "Capacity must be at least 1"],
    ["negative occupancy", { currentOccupancy: -1 }, "currentOccupancy", "Current occupancy cannot be negative"],
    [
      "occupancy above capacity",
      { currentOccupancy: 81 },
      "currentOccupancy",
      "Current occupancy cannot exceed capacity",
    ],
    [
      "ZIP of four digits",
      { address: { ...valid.address, zip: "8570" } },
      "address.zip",
      "Please enter a valid ZIP code",
    ],
    [
      "ZIP+4 without hyphen",
      { address: { ...valid.address, zip: "857011234" } },
      "address.zip",
      "Please enter a valid ZIP code",
    ],
    [
      "bad e-mail",
      { contact: { ...valid.contact, email: "joan@" } },
      "contact.email",
      "Please enter a valid email address",
    ],
    ["negative minimum", { minCost: -5 }, "minCost", "Minimum cost cannot be negative"],
    ["negative maximum", { maxCost: -5 }, "maxCost", "Maximum cost cannot be negative"],
    ["maximum below minimum", { maxCost: 3000 }, "maxCost", "Maximum cost must be greater than minimum cost"],
    ["maximum equal to minimum", { maxCost: 4000 }, "maxCost", "Maximum cost must be greater than minimum cost"],
    [
      "duplicate custom amenity",
      { amenities: ["WiFi", "Garden", "wifi"] },
      "amenities",
      '"wifi" is already in the amenities',
    ],
    [
      "duplicate specialty",
      { specialties: "Wound Care, wound care" },
      "specialties",
      '"wound care" is already in the specialties',
    ],
    ["continuing-care type", { type: "continuing-care" }, "type", 'Invalid facility type "continuing-care"'],
    ["no minimum cost", { minCost: undefined }, "minCost", "Minimum cost is required"],
    ["a maximum without a minimum", { minCost: null, maxCost: 5000 }, "minCost", "Minimum cost is required"],
    [
      "a contact phone of three digits",
      { contact: { ...valid.contact, phone: "555" } },
      "contact.phone",
      "Please enter a valid phone number",
    ],
  ])("refuses %s", (_label, change, path, message) => {
    expect(errorsOf({ ...valid, ...change })[path]).toEqual(expect.stringContaining(message));
  });

  it("shows the cross-field messages together with the others", () => {
    expect(errorsOf({ ...valid, name: "", currentOccupancy: 90, maxCost: 100 })).toEqual({
      name: "Facility name is required",
      currentOccupancy: "Current occupancy cannot exceed capacity",
      maxCost: "Maximum cost must be greater than minimum cost",
    });
  });

  it("accepts a ZIP+4, no maximum cost, an empty e-mail, and a type slug", () => {
    const result = FacilitySchema.parse({
      ...valid,
      type: "memory-care",
      maxCost: 0,
      address: { ...valid.address, zip: "85701-1234" },
      contact: { ...valid.contact, email: "" },
    });
    expect(result).toMatchObject({ type: "Memory Care", maxCost: 0, contact: { email: null } });
  });

  it("reads form checkboxes", () => {
    expect(FacilitySchema.parse({ ...valid, isActive: "off", acceptsInsurance: "on" })).toMatchObject({
      isActive: false,
      acceptsInsurance: true,
    });
  });
});

describe("FacilitySchema: one price input, the range text derived", () => {
  const pricing = (input: Record<string, unknown>) => {
    const { costRange, minCost, maxCost } = FacilitySchema.parse({ ...valid, ...input });
    return { costRange, minCost, maxCost };
  };

  it.each([
    [
      { minCost: 4000, maxCost: 6500 },
      { costRange: "$4,000 - $6,500", minCost: 4000, maxCost: 6500 },
    ],
    [
      { minCost: 4000, maxCost: 0 },
      { costRange: "From $4,000", minCost: 4000, maxCost: 0 },
    ],
    [
      { minCost: 4000, maxCost: undefined },
      { costRange: "From $4,000", minCost: 4000, maxCost: 0 },
    ],
    [
      { minCost: 0, maxCost: 2500 },
      { costRange: "Up to $2,500", minCost: 0, maxCost: 2500 },
    ],
    [
      { minCost: 0, maxCost: 0 },
      { costRange: "$0", minCost: 0, maxCost: 0 },
    ],
    [
      { minCost: 3999.5, maxCost: 12000 },
      { costRange: "$4,000 - $12,000", minCost: 3999.5, maxCost: 12000 },
    ],
  ])("derives the text from %o", (input, expected) => {
    expect(pricing(input)).toEqual(expected);
  });

  it("the amounts win over a cost range sent beside them", () => {
    expect(pricing({ costRange: "$1 - $2", minCost: 4000, maxCost: 6500 })).toEqual({
      costRange: "$4,000 - $6,500",
      minCost: 4000,
      maxCost: 6500,
    });
  });

  it.each([
    ["$4,500 - $6,000", { costRange: "$4,500 - $6,000", minCost: 4500, maxCost: 6000 }],
    ["4500-6000/month", { costRange: "$4,500 - $6,000", minCost: 4500, maxCost: 6000 }],
    ["From $4,500", { costRange: "From $4,500", minCost: 4500, maxCost: 0 }],
    ["Up to $6,000", { costRange: "Up to $6,000", minCost: 0, maxCost: 6000 }],
  ])("reads the amounts from an older caller's costRange %s", (costRange, expected) => {
    expect(pricing({ minCost: undefined, maxCost: undefined, costRange })).toEqual(expected);
  });

  it("refuses a costRange without amounts, or whose maximum is not above its minimum", () => {
    const alone = (costRange: string) => errorsOf({ ...valid, minCost: undefined, maxCost: undefined, costRange });
    expect(alone("Call for pricing")).toEqual({
      costRange: 'Cost range must give the monthly cost in dollars, such as "$4,000 - $6,500"',
    });
    expect(alone("$6,000 - $4,000")).toEqual({ costRange: "Maximum cost must be greater than minimum cost" });
    expect(alone("$5,000 - $99,000,000")).toEqual({ costRange: "That amount is too large" });
  });
});

describe("FacilityListQuerySchema", () => {
  it("maps slugs and reads the spec's sort field", () => {
    expect(
      FacilityListQuerySchema.parse({
        type: "skilled-nursing",
        availability: "wait-list",
        sort: "-capacity.available",
        minPrice: "3000",
      }),
    ).toMatchObject({
      type: "Skilled Nursing",
      availability: "waitlist",
      sort: { field: "capacity.available", direction: "desc" },
      minPrice: 3000,
    });
  });

  it("says a minimum price above the maximum to the API by name, and to people as a sentence", () => {
    const bad = FacilityListQuerySchema.safeParse({ minPrice: "5000", maxPrice: "3000" });
    expect(bad.error!.issues).toMatchObject([
      {
        path: ["maxPrice"],
        message: "maxPrice must not be below minPrice",
        params: { screen: "The minimum price ($5,000) is above the maximum ($3,000)" },
      },
    ]);
  });

  it("refuses what it does not know", () => {
    const bad = FacilityListQuerySchema.safeParse({ type: "continuing-care", availability: "soon", minPrice: "-1" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(["type", "availability", "minPrice"]);
  });
});
