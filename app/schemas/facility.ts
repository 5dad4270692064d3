import * as z from "zod";
import {
  AVAILABILITIES,
  AVAILABILITY_ALIASES,
  FACILITY_TYPE_ALIASES,
  FACILITY_TYPES,
  US_STATES,
} from "~/utils/vocabulary";
import {
  checkbox,
  distinctEntries,
  EmailSchema,
  emptyToUndefined,
  limitParam,
  pageParam,
  requiredText,
  searchParam,
  sortParam,
  text,
  vocabulary,
  wholeNumber,
  ZIP_PATTERN,
} from "./common";

// One schema for the facility form and the facilities API, with the form's exact messages.

export const FIX_ERRORS_MESSAGE = "Please fix the errors below";

/** The confirmation before a facility is deleted. */
export const DELETE_FACILITY_MESSAGE = "Are you sure you want to delete this facility? This action cannot be undone.";

const money = (negative: string) =>
  z
    .number({ error: "Please enter an amount in dollars" })
    .min(0, negative)
    .max(10_000_000, "That amount is too large")
    .nullish()
    .transform((v) => v ?? 0);

export const FacilitySchema = z
  .strictObject({
    name: requiredText("Facility name is required", 200),
    licenseNumber: requiredText("License number is required", 100),
    type: vocabulary("Facility type", FACILITY_TYPES, FACILITY_TYPE_ALIASES),
    capacity: wholeNumber("Capacity must be at least 1")
      .min(1, "Capacity must be at least 1")
      .max(100_000, "Capacity is too large"),
    currentOccupancy: wholeNumber("Current occupancy cannot be negative")
      .min(0, "Current occupancy cannot be negative")
      .nullish()
      .transform((v) => v ?? 0),
    address: z
      .strictObject({
        street: requiredText("Street address is required", 200),
        city: requiredText("City is required", 100),
        state: text({ error: "State is required" })
          .trim()
          .min(1, "State is required")
          .transform((v) => v.toUpperCase().slice(0, 2))
          .refine((v) => (US_STATES as readonly string[]).includes(v), "Please choose a US state"),
        zip: requiredText("ZIP code is required", 10).refine(
          (v) => ZIP_PATTERN.test(v),
          "Please enter a valid ZIP code",
        ),
      })
      .prefault({} as never),
    contact: z
      .strictObject({
        name: requiredText("Contact name is required", 200),
        phone: requiredText("Contact phone is required", 40),
        email: z
          .string()
          .trim()
          .nullish()
          .transform((v) => v || null)
          .pipe(EmailSchema.nullable()),
      })
      .prefault({} as never),
    amenities: distinctEntries("amenities"),
    specialties: distinctEntries("specialties"),
    costRange: requiredText("Cost range is required", 100),
    minCost: money("Minimum cost cannot be negative"),
    maxCost: money("Maximum cost cannot be negative"),
    acceptsInsurance: checkbox,
    notes: text()
      .trim()
      .max(5000, "Notes must be at most 5,000 characters")
      .nullish()
      .transform((v) => v || null),
    isActive: checkbox,
    rating: z
      .number({ error: "Rating must be a number from 0 to 5" })
      .min(0, "Rating must be a number from 0 to 5")
      .max(5, "Rating must be a number from 0 to 5")
      .nullish()
      .transform((v) => (v == null ? null : Math.round(v * 10) / 10)),
  })
  // Checked even while other fields fail, so every message shows at once.
  .refine((v) => v.currentOccupancy <= v.capacity, {
    path: ["currentOccupancy"],
    message: "Current occupancy cannot exceed capacity",
    // Not while the capacity itself is refused: one message for one mistake.
    when: ({ value }) =>
      isNumber(value, "capacity") &&
      (value as { capacity: number }).capacity >= 1 &&
      isNumber(value, "currentOccupancy"),
  })
  .refine((v) => !(v.maxCost > 0 && v.maxCost <= v.minCost), {
    path: ["maxCost"],
    message: "Maximum cost must be greater than minimum cost",
    when: ({ value }) => isNumber(value, "minCost") && isNumber(value, "maxCost"),
  });

function isNumber(value: unknown, key: string): boolean {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[key] === "number";
}

export type FacilityInput = z.output<typeof FacilitySchema>;

/** The API's sort fields (docs/api.md); `capacity.available` (available beds) may also be written `availableBeds`. */
export const FACILITY_SORT_FIELDS = [
  "updatedAt",
  "name",
  "minCost",
  "rating",
  "capacity.available",
  "availableBeds",
] as const;
export type FacilitySortField = (typeof FACILITY_SORT_FIELDS)[number];
export const FACILITY_PAGE_SIZE = 12;

const price = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be an amount of 0 or more` })
      .min(0, `${name} must be an amount of 0 or more`)
      .optional(),
  );

/** The facility directory: the screen's URL and GET /api/facilities take the same parameters. */
export const FacilityListQuerySchema = z
  .strictObject({
    search: searchParam,
    type: z.preprocess(emptyToUndefined, vocabulary("Type", FACILITY_TYPES, FACILITY_TYPE_ALIASES).optional()),
    availability: z.preprocess(
      emptyToUndefined,
      vocabulary("Availability", AVAILABILITIES, AVAILABILITY_ALIASES).optional(),
    ),
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
    sort: sortParam(FACILITY_SORT_FIELDS, "-updatedAt"),
    page: z.preprocess(emptyToUndefined, pageParam),
    limit: z.preprocess(emptyToUndefined, limitParam(FACILITY_PAGE_SIZE)),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.maxPrice >= q.minPrice, {
    path: ["maxPrice"],
    message: "maxPrice must not be below minPrice",
  });

export type FacilityListQuery = z.output<typeof FacilityListQuerySchema>;
