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
  costRange: "$4,000 - $6,500",
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
      costRange: "Cost range is required",
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

  it("refuses what it does not know", () => {
    const bad = FacilityListQuerySchema.safeParse({ type: "continuing-care", availability: "soon", minPrice: "-1" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join("."))).toEqual(["type", "availability", "minPrice"]);
  });
});
