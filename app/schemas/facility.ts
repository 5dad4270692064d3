import * as z from "zod";
import { costRangeText, formatUsd } from "~/utils/format";
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
  emptyToUndefined,
  optionalEmail,
  pagingParams,
  parseAmountRange,
  phoneNumber,
  recordVersion,
  requiredText,
  searchParam,
  sortParam,
  text,
  vocabulary,
  vocabularyFilter,
  wholeNumber,
  ZIP_PATTERN,
} from "./common";

// One schema for the facility form and the facilities API, with the form's exact messages.

export * from "./facility.constants";

/** The largest monthly cost taken, by field or in a cost range. */
const MAX_COST = 10_000_000;

const money = (negative: string) =>
  z.number({ error: "Please enter an amount in dollars" }).min(0, negative).max(MAX_COST, "That amount is too large");

export const MIN_COST_REQUIRED_MESSAGE = "Minimum cost is required";
export const MAX_COST_MESSAGE = "Maximum cost must be greater than minimum cost";
export const COST_RANGE_MESSAGE = 'Cost range must give the monthly cost in dollars, such as "$4,000 - $6,500"';

type Pricing = { minCost?: unknown; maxCost?: unknown; costRange?: unknown };

/**
 * The monthly cost a facility was given: the minimum and maximum (a maximum of 0 or none: no upper
 * price), or, from older API callers, the cost range text read like a client's budget range.
 * `from` says which, so a message lands on the field that was sent. Null while the amounts given
 * are not numbers yet, or when nothing was given.
 */
/**
 * The cost range as typed, trimmed ("" when none). These checks run even while other fields
 * fail, so it may be what the field refused (a form that sent it twice: a list).
 */
function typedCostRange(value: Pricing): string {
  return typeof value.costRange === "string" ? value.costRange.trim() : "";
}

function pricingOf(value: unknown): { min: number; max: number; from: "amounts" | "costRange" } | null {
  if (typeof value !== "object" || value === null) return null;
  const { minCost, maxCost, costRange } = value as Pricing;
  if (minCost != null || (maxCost != null && maxCost !== 0)) {
    if (typeof minCost !== "number" || (maxCost != null && typeof maxCost !== "number")) return null;
    return { min: minCost, max: (maxCost as number | null | undefined) ?? 0, from: "amounts" };
  }
  if (typeof costRange !== "string" || !costRange.trim()) return null;
  const range = parseAmountRange(costRange);
  if (range.min === null && range.max === null) return null;
  return { min: range.min ?? 0, max: range.max ?? 0, from: "costRange" };
}

const isObject = ({ value }: { value: unknown }) => typeof value === "object" && value !== null;

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
        phone: phoneNumber("Contact phone is required"),
        email: optionalEmail(),
      })
      .prefault({} as never),
    /** Where its invoices go (else the contact email); replaced like every field. */
    billingEmail: optionalEmail(),
    amenities: distinctEntries("amenities"),
    specialties: distinctEntries("specialties"),
    /** API only, for older callers: the cost as text, used when minCost is not sent (docs/api.md). */
    costRange: text().trim().max(100, "Must be at most 100 characters").nullish(),
    minCost: money("Minimum cost cannot be negative").nullish(),
    maxCost: money("Maximum cost cannot be negative").nullish(),
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
    /** The version the edit was read at (edit form, PUT): a save over a newer one is refused. */
    version: recordVersion(),
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
  // The cost: the minimum is required (or, from the API, a cost range to read it from).
  .refine((v) => v.minCost != null || v.maxCost != null || typedCostRange(v) !== "", {
    path: ["minCost"],
    message: MIN_COST_REQUIRED_MESSAGE,
    when: isObject,
  })
  .refine((v) => v.minCost != null || v.maxCost != null || typedCostRange(v) === "" || pricingOf(v) !== null, {
    path: ["costRange"],
    message: COST_RANGE_MESSAGE,
    when: (payload) => isObject(payload) && typeof (payload.value as Pricing).costRange === "string",
  })
  .refine((v) => v.minCost != null || v.maxCost == null, {
    path: ["minCost"],
    message: MIN_COST_REQUIRED_MESSAGE,
    when: isObject,
  })
  .superRefine(
    (v, ctx) => {
      const pricing = pricingOf(v);
      if (pricing && pricing.max > 0 && pricing.max <= pricing.min) {
        ctx.addIssue({
          code: "custom",
          path: [pricing.from === "amounts" ? "maxCost" : "costRange"],
          message: MAX_COST_MESSAGE,
        });
      }
      if (pricing && pricing.from === "costRange" && Math.max(pricing.min, pricing.max) > MAX_COST) {
        ctx.addIssue({ code: "custom", path: ["costRange"], message: "That amount is too large" });
      }
    },
    { when: isObject },
  )
  // The range text is derived from the amounts: one input, one display (docs/screens.md).
  .transform(({ costRange: _typed, minCost: _min, maxCost: _max, ...rest }, ctx) => {
    const pricing = pricingOf({ minCost: _min, maxCost: _max, costRange: _typed });
    if (!pricing) {
      ctx.addIssue({ code: "custom", path: ["minCost"], message: MIN_COST_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    return {
      ...rest,
      minCost: pricing.min,
      maxCost: pricing.max,
      costRange: costRangeText(pricing.min, pricing.max),
    };
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
    type: vocabularyFilter("Type", FACILITY_TYPES, FACILITY_TYPE_ALIASES),
    availability: vocabularyFilter("Availability", AVAILABILITIES, AVAILABILITY_ALIASES),
    minPrice: price("minPrice"),
    maxPrice: price("maxPrice"),
    sort: sortParam(FACILITY_SORT_FIELDS, "-updatedAt"),
    ...pagingParams(FACILITY_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    if (q.minPrice === undefined || q.maxPrice === undefined || q.maxPrice >= q.minPrice) return;
    ctx.addIssue({
      code: "custom",
      path: ["maxPrice"],
      message: "maxPrice must not be below minPrice",
      // What the directory screen says, beside its price filters (readListQuery).
      params: {
        screen: `The minimum price (${formatUsd(q.minPrice)}) is above the maximum (${formatUsd(q.maxPrice)})`,
      },
    });
  });

export type FacilityListQuery = z.output<typeof FacilityListQuerySchema>;
