import * as z from "zod";
import { cleanEntries, decodeMedicalNotes } from "~/utils/medical-notes";
import {
  EmailSchema,
  emptyToUndefined,
  entries,
  isIsoDate,
  limitParam,
  optionalText,
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
  ZIP_PATTERN,
} from "./common";
import {
  CARE_LEVEL_ALIASES,
  CARE_LEVELS,
  CLIENT_STATUS_ALIASES,
  CLIENT_STATUSES,
  COMMUNICATION_TYPES,
  GENDERS,
  NO_ROOM_PREFERENCE,
  REFERRAL_SOURCE_ALIASES,
  REFERRAL_SOURCES,
  ROOM_TYPES,
  TIMELINE_KINDS,
  US_STATES,
} from "~/utils/vocabulary";
import { isLocalDateTime } from "~/utils/days";

// One schema for the client form (Conform, field names with dots) and the clients API (JSON).
// It normalises what it accepts: aliases to stored values, the API's medicalNotes encoding and
// budget range text to their parts, comma-separated entries to lists.

/** The largest budget taken, by field or in a budget range. */
const MAX_BUDGET = 10_000_000;

const money = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_BUDGET, `${label} is too large`)
    .nullish()
    .transform((v) => v ?? null);

const dateOfBirth = z
  .string({ error: "Date of birth is required" })
  .trim()
  .min(1, "Date of birth is required")
  .refine(isIsoDate, { message: "Please enter a valid date", abort: true })
  .refine((v) => v >= "1900-01-01" && v <= new Date().toISOString().slice(0, 10), "Date of birth must be in the past")
  .meta({ format: "date" });

export const ClientSchema = z
  .strictObject({
    firstName: requiredText("First name is required", 100),
    lastName: requiredText("Last name is required", 100),
    email: EmailSchema,
    phone: phoneNumber("Phone is required"),
    dateOfBirth,
    gender: z.enum(GENDERS, { error: `Gender must be one of ${GENDERS.join(", ")}` }).nullish(),
    /** Where the client came from; empty, null or left out: not recorded. */
    referralSource: z.preprocess(
      (v) => (v === "" ? null : v),
      vocabulary("Referral source", REFERRAL_SOURCES, REFERRAL_SOURCE_ALIASES).nullish(),
    ),
    address: z
      .strictObject({
        street: optionalText(200),
        city: optionalText(100),
        state: text()
          .trim()
          .transform((v) => v.toUpperCase().slice(0, 2))
          .nullish()
          .transform((v) => v || null)
          .refine((v) => v === null || (US_STATES as readonly string[]).includes(v), "Please choose a US state"),
        zip: optionalText(10).refine((v) => v === null || ZIP_PATTERN.test(v), "Please enter a valid ZIP code"),
      })
      .prefault({} as never),
    emergencyContact: z
      .strictObject({
        name: requiredText("Emergency contact name is required", 200),
        relationship: requiredText("Relationship is required", 100),
        phone: phoneNumber("Emergency contact phone is required"),
      })
      .prefault({} as never),
    medicalConditions: entries,
    medications: entries,
    /** Free notes on the form; on the API, the medicalNotes encoding (its conditions and medications are added). */
    medicalNotes: text().max(10_000, "Medical notes must be at most 10,000 characters").nullish(),
    careLevel: vocabulary("Care level", CARE_LEVELS, CARE_LEVEL_ALIASES).optional(),
    trackerStatus: vocabulary("Status", CLIENT_STATUSES, CLIENT_STATUS_ALIASES).optional(),
    budget: z
      .strictObject({ min: money("Minimum budget"), max: money("Maximum budget") })
      .refine((b) => !(b.min && b.max && b.max < b.min), {
        path: ["max"],
        message: "Maximum budget must be greater than the minimum budget",
      })
      .prefault({}),
    financialInfo: z
      .strictObject({
        budgetRange: text()
          .max(100)
          .refine((range) => {
            const { min, max } = parseAmountRange(range);
            return (min ?? 0) <= MAX_BUDGET && (max ?? 0) <= MAX_BUDGET;
          }, "Budget is too large: at most $10,000,000")
          .nullish(),
      })
      .optional(),
    preferences: z
      .strictObject({
        location: optionalText(200),
        amenities: entries,
        // "none" (the form's "No preference") or null: no preference; left out: as stored.
        roomType: z.preprocess(
          (v) => (v === NO_ROOM_PREFERENCE || v === "" ? null : v),
          z.enum(ROOM_TYPES, { error: `Room type must be one of ${ROOM_TYPES.join(", ")}` }).nullish(),
        ),
      })
      .prefault({} as never),
    /** The version the edit was read at (edit form, PUT): a save over a newer one is refused. */
    version: recordVersion(),
  })
  .transform((value) => {
    const decoded = decodeMedicalNotes(value.medicalNotes ?? "");
    const range = value.financialInfo?.budgetRange ? parseAmountRange(value.financialInfo.budgetRange) : null;
    const budgetGiven = value.budget.min !== null || value.budget.max !== null;
    return {
      firstName: value.firstName,
      lastName: value.lastName,
      email: value.email,
      phone: value.phone,
      dateOfBirth: value.dateOfBirth,
      gender: value.gender ?? null,
      referralSource: value.referralSource ?? null,
      address: value.address,
      emergencyContact: value.emergencyContact,
      medicalConditions: cleanEntries([...decoded.conditions, ...value.medicalConditions]),
      medications: cleanEntries([...decoded.medications, ...value.medications]),
      medicalNotes: decoded.notes || null,
      careLevel: value.careLevel,
      trackerStatus: value.trackerStatus,
      budgetMin: budgetGiven ? value.budget.min : (range?.min ?? null),
      budgetMax: budgetGiven ? value.budget.max : (range?.max ?? null),
      preferences: {
        location: value.preferences.location,
        amenities: value.preferences.amenities,
        roomType: value.preferences.roomType,
      },
      version: value.version,
    };
  });

export type ClientInput = z.output<typeof ClientSchema>;

export const CLIENT_SORT_FIELDS = ["updatedAt", "createdAt", "firstName", "lastName"] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];
export const CLIENT_PAGE_SIZE = 12;

/** The clients list: the screen's URL and GET /api/clients take the same parameters. */
export const ClientListQuerySchema = z.strictObject({
  search: searchParam,
  status: vocabularyFilter("Status", CLIENT_STATUSES, CLIENT_STATUS_ALIASES),
  careLevel: vocabularyFilter("Care level", CARE_LEVELS, CARE_LEVEL_ALIASES),
  sort: sortParam(CLIENT_SORT_FIELDS, "-updatedAt"),
  ...pagingParams(CLIENT_PAGE_SIZE),
});

export type ClientListQuery = z.output<typeof ClientListQuerySchema>;

/** The facilities shown as matches for a client: GET /api/clients/{id}/matches?limit= (10 unless asked). */
export const MATCH_LIMIT = 10;
export const MatchQuerySchema = z.strictObject({
  limit: limitParam(MATCH_LIMIT),
});

/** POST /api/clients: `allowDuplicate=true` adds the client even when one with its e-mail or phone exists. */
export const ClientCreateQuerySchema = z.strictObject({
  allowDuplicate: z
    .enum(["true", "false"], { error: 'allowDuplicate must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true"),
});

/** What the client page's log form says (its field errors are the schema's). */
export const CLIENT_NOTE_MESSAGES = {
  content: "Please describe what happened",
  occurredAt: "Please enter a date and time, such as 2026-12-01 14:30",
  future: "This is in the future: enter when it happened, or leave it empty for now",
};

/**
 * A note, call, e-mail or meeting logged on a client's record (the client page's form): its
 * `kind` (a note unless said), what happened, and optionally when it happened, as the agency's
 * wall-clock time ("2026-12-01T14:30", what a datetime-local field posts; empty: now). The
 * action reads that time in the agency's zone and refuses one in the future.
 */
export const ClientNoteSchema = z.strictObject({
  kind: z.preprocess(emptyToUndefined, vocabulary("Type", COMMUNICATION_TYPES).optional()),
  content: requiredText(CLIENT_NOTE_MESSAGES.content, 10_000),
  occurredAt: z.preprocess(
    emptyToUndefined,
    text().trim().refine(isLocalDateTime, CLIENT_NOTE_MESSAGES.occurredAt).optional(),
  ),
});
export type ClientNoteInput = z.output<typeof ClientNoteSchema>;

/** How many entries a page of the client's timeline shows (its screen; the API's default). */
export const TIMELINE_PAGE_SIZE = 20;

/** A client's timeline: the client page's URL (`?kind=&page=`) and GET /api/clients/{id}/timeline. */
export const TimelineQuerySchema = z.strictObject({
  kind: vocabularyFilter("Kind", TIMELINE_KINDS),
  ...pagingParams(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.output<typeof TimelineQuerySchema>;
