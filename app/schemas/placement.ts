import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import {
  PAYMENT_METHODS,
  PLACEMENT_CHECKLIST,
  PLACEMENT_STATUS_ALIASES,
  PLACEMENT_STATUSES,
  PRIORITIES,
  PRIORITY_ALIASES,
} from "~/utils/vocabulary";
import {
  checkbox,
  emptyToUndefined,
  isIsoDate,
  optionalId,
  pagingParams,
  PICKER_SEARCH_FIELDS,
  recordVersion,
  requiredDate,
  searchParam,
  text,
  vocabulary,
  vocabularyFilter,
} from "./common";

export { PICKER_SEARCH_FIELDS, searchTerm } from "./common";

// One schema for the placement form and the placements API.

export * from "./placement.constants";

/** The form's checkboxes (a ticked checklist step), which post nothing when unticked. */
export const PLACEMENT_CHECKBOXES = PLACEMENT_CHECKLIST.map((s) => s.field);

/**
 * The placement form's fields that are not the placement's, left out of its check (and refused by
 * the API as unknown): without JavaScript, each picker's search box and the term its list was
 * last searched with, and the button pressed (`intent`: a Search button, or Enter).
 */
export const PLACEMENT_FORM_EXTRAS = [
  "intent",
  ...Object.values(PICKER_SEARCH_FIELDS).flatMap((f) => [f.term, f.shown]),
] as const;

// One message per field and no aborting check, so that the date order is checked as well.
const reference = (message: string) =>
  z.string({ error: message }).trim().refine(isUuid, message).meta({ format: "uuid" });

const date = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), `${label} must be a valid date`);

const amount = (label: string) =>
  z
    .number({ error: `${label} must be an amount in dollars` })
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .nullish()
    .transform((v) => (v == null ? null : Math.round(v * 100) / 100));

const checklistShape = Object.fromEntries(
  PLACEMENT_CHECKLIST.flatMap((step) => [
    [step.field, checkbox],
    [`${step.field}Date`, date("The date")],
  ]),
) as Record<string, z.ZodType>;

const MOVE_IN_BEFORE_START = "Move-in date cannot be before the start date";
const END_BEFORE_START = "End date cannot be before the start date";
const END_BEFORE_MOVE_IN = "End date cannot be before the move-in date";

/** A day before another (both YYYY-MM-DD, which sort as text); an absent one is before nothing. */
const before = (day: string | null | undefined, other: string | null | undefined) =>
  Boolean(day && other && day < other);

function dateOf(value: unknown, key: string): string | null {
  const v = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : null;
  return typeof v === "string" && isIsoDate(v) ? v : null;
}

/** Whether each of these fields holds a valid date (not while one of them is refused). */
const hasDates = (value: unknown, ...keys: string[]) => keys.every((key) => dateOf(value, key) !== null);

export const PlacementSchema = z
  .strictObject({
    clientId: reference("Client is required"),
    facilityId: reference("Facility is required"),
    /** The agent in charge; the signed-in user when not given. */
    agentId: optionalId("Agent is not valid"),
    status: vocabulary("Status", PLACEMENT_STATUSES, PLACEMENT_STATUS_ALIASES),
    priority: vocabulary("Priority", PRIORITIES, PRIORITY_ALIASES),
    startDate: requiredDate("Start date"),
    endDate: date("End date"),
    moveInDate: date("Move-in date"),
    monthlyRate: amount("Monthly rate"),
    paymentMethod: z.preprocess(
      emptyToUndefined,
      z.enum(PAYMENT_METHODS, { error: `Payment method must be one of ${PAYMENT_METHODS.join(", ")}` }).nullish(),
    ),
    depositAmount: amount("Deposit amount"),
    notes: text()
      .trim()
      .max(10_000, "Notes must be at most 10,000 characters")
      .nullish()
      .transform((v) => v || null),
    ...checklistShape,
    /** The version the edit was read at (edit form, PUT): a save over a newer one is refused. */
    version: recordVersion(),
  })
  // The dates in their order (docs/screens.md, "Placements"), checked even while other fields
  // fail, so every message shows at once; one message per date.
  .refine((v) => !before(v.moveInDate, v.startDate), {
    path: ["moveInDate"],
    message: MOVE_IN_BEFORE_START,
    when: ({ value }) => hasDates(value, "moveInDate", "startDate"),
  })
  .refine((v) => !before(v.endDate, v.startDate), {
    path: ["endDate"],
    message: END_BEFORE_START,
    when: ({ value }) => hasDates(value, "endDate", "startDate"),
  })
  .refine((v) => !before(v.endDate, v.moveInDate), {
    path: ["endDate"],
    message: END_BEFORE_MOVE_IN,
    // Not when it is before the start already: that one says so.
    when: ({ value }) =>
      hasDates(value, "endDate", "moveInDate") && !before(dateOf(value, "endDate"), dateOf(value, "startDate")),
  })
  .transform((value) => {
    const v = value as Record<string, unknown>;
    // A checklist date counts only when its box is ticked (also without JavaScript).
    const checklist = Object.fromEntries(
      PLACEMENT_CHECKLIST.map((step) => {
        const done = v[step.field] === true;
        return [step.field, { done, date: done ? ((v[`${step.field}Date`] as string | null) ?? null) : null }];
      }),
    ) as Record<(typeof PLACEMENT_CHECKLIST)[number]["field"], { done: boolean; date: string | null }>;
    return {
      clientId: value.clientId,
      facilityId: value.facilityId,
      agentId: value.agentId,
      status: value.status,
      priority: value.priority,
      startDate: value.startDate,
      endDate: value.endDate,
      moveInDate: value.moveInDate,
      monthlyRate: value.monthlyRate,
      paymentMethod: value.paymentMethod ?? null,
      depositAmount: value.depositAmount,
      notes: value.notes,
      checklist,
      version: value.version as number | undefined,
    };
  });

export type PlacementInput = z.output<typeof PlacementSchema>;

export const PLACEMENT_PAGE_SIZE = 10;

const reference_param = (name: string) =>
  z.preprocess(emptyToUndefined, z.string().refine(isUuid, `${name} must be an id`).optional());

/** The placements list: the screen's URL and GET /api/placements take the same parameters. */
export const PlacementListQuerySchema = z.strictObject({
  search: searchParam,
  status: vocabularyFilter("Status", PLACEMENT_STATUSES, PLACEMENT_STATUS_ALIASES),
  priority: vocabularyFilter("Priority", PRIORITIES, PRIORITY_ALIASES),
  facilityId: reference_param("facilityId"),
  clientId: reference_param("clientId"),
  ...pagingParams(PLACEMENT_PAGE_SIZE),
});

export type PlacementListQuery = z.output<typeof PlacementListQuerySchema>;
