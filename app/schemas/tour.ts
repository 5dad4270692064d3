import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import { DISCLOSURE_METHODS, TOUR_OUTCOMES } from "~/utils/vocabulary";
import { emptyToUndefined, isIsoDate, optionalText, recordVersion, text, vocabulary } from "./common";

// Tours of facilities and the family's disclosure (issue 36): the client page's forms and the
// API's bodies (POST /api/clients/{id}/tours, PATCH /api/tours/{id}, PUT /api/clients/{id}/disclosure).

export const TOUR_MESSAGES = {
  facilityId: "Please choose a facility",
  date: "Please enter the tour's date",
  time: "Please enter the tour's time, such as 14:30",
  staffIds: "Choose staff members of the agency",
  notFound: "Tour not found",
  scheduled: "Tour scheduled",
  recorded: "Tour outcome recorded",
} as const;

export const DISCLOSURE_MESSAGES = {
  disclosedOn: "Please enter the date the family received the disclosure",
  future: "This date is in the future: enter the day the family received it",
  resourceId: "Choose one of the client's documents",
  saved: "Disclosure recorded",
} as const;

const requiredIn = (message: string, valid: (value: string) => boolean) =>
  text({ error: message })
    .trim()
    .refine((v) => v !== "", { message, abort: true })
    .refine(valid, message);

const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Staff ids: a ticked box posts one, several post several, the API sends an array. */
const staffIds = z.preprocess(
  (v) => (v == null || v === "" ? [] : Array.isArray(v) ? v.filter((id) => id !== "") : [v]),
  z
    .array(text().refine(isUuid, TOUR_MESSAGES.staffIds))
    .max(20, "At most 20 staff members")
    .transform((ids) => [...new Set(ids)]),
);

/**
 * "Schedule a tour": the facility, the day and time (the agency's wall clock), the agency's staff
 * who go, the family who come along, and notes.
 */
export const TourSchema = z.strictObject({
  facilityId: requiredIn(TOUR_MESSAGES.facilityId, isUuid),
  date: requiredIn(TOUR_MESSAGES.date, isIsoDate).meta({ format: "date", description: "YYYY-MM-DD" }),
  time: requiredIn(TOUR_MESSAGES.time, isClockTime).meta({ description: "HH:MM, the agency's time" }),
  staffIds,
  familyAttendees: optionalText(500),
  notes: optionalText(2000),
});
export type TourInput = z.output<typeof TourSchema>;

/** A tour's outcome (Scheduled, Completed, Cancelled, No-show) and what happened. */
export const TourOutcomeSchema = z.strictObject({
  outcome: vocabulary("Outcome", TOUR_OUTCOMES),
  outcomeNotes: optionalText(2000),
  /** The version of the tour the form (or the API caller) read: an outcome over a newer one is refused. */
  version: recordVersion(),
});
export type TourOutcomeInput = z.output<typeof TourOutcomeSchema>;

/** The family received the agency's written disclosure: when, how, and the document (optional). */
export const DisclosureSchema = z.strictObject({
  disclosedOn: requiredIn(DISCLOSURE_MESSAGES.disclosedOn, isIsoDate).meta({ format: "date" }),
  method: vocabulary("How it was given", DISCLOSURE_METHODS),
  resourceId: z.preprocess(
    emptyToUndefined,
    text()
      .refine(isUuid, DISCLOSURE_MESSAGES.resourceId)
      .nullish()
      .transform((v) => v ?? null),
  ),
  /**
   * The version of the disclosure the form (or the API caller) read, 0 when none was recorded:
   * a disclosure recorded over a newer one (or over one recorded meanwhile) is refused.
   */
  version: recordVersion("version", { orNone: true }),
});
export type DisclosureInput = z.output<typeof DisclosureSchema>;
