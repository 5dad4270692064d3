import * as z from "zod";
import { isUuid } from "~/utils/uuid";
import { AGREEMENT_FEE_TYPES, DEFAULT_PAYMENT_TERMS_DAYS, REFUND_RULES } from "./agreement.constants";
import { emptyToUndefined, isIsoDate, recordVersion, text } from "./common";

// One schema for the agreement form (the facility's page) and the agreements API; one for a
// placement's fee set by hand.

export * from "./agreement.constants";

const day = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isIsoDate(v), `${label} must be a valid date`)
    .meta({ format: "date" });

const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .nullish()
      .transform((v) => v ?? null),
  );

/** Dollars with at most cents: stored as integer cents. */
export const dollars = (label: string, max = 1_000_000) =>
  z.preprocess(
    emptyToUndefined,
    z
      .number({ error: `${label} must be an amount in dollars` })
      .min(0, `${label} cannot be negative`)
      .max(max, `${label} is too large`)
      .nullish()
      .transform((v) => (v == null ? null : Math.round(v * 100))),
  );

const choice = <T extends string>(label: string, values: readonly T[]) =>
  z.enum(values as unknown as [T, ...T[]], { error: `${label} must be one of ${values.join(", ")}` });

const FEE_PERCENT_REQUIRED = "Enter the share of the first month's rate, in percent";
const FLAT_FEE_REQUIRED = "Enter the flat fee in dollars";
const REFUND_DAYS_REQUIRED = "Enter how many days after the move-in the refund applies";
const END_BEFORE_START = "End date cannot be before the start date";

/** A refinement's `when`: the fields it reads have no problem of their own. */
const validFields =
  (...names: string[]) =>
  ({ issues }: { issues: readonly { path?: PropertyKey[] }[] }) =>
    !issues.some((issue) => names.includes(String(issue.path?.[0])));

export const AgreementSchema = z
  .strictObject({
    feeType: choice("Fee type", AGREEMENT_FEE_TYPES),
    feePercent: z.preprocess(
      emptyToUndefined,
      z
        .number({ error: "Share must be a number" })
        .gt(0, "Share must be more than 0%")
        .max(100, "Share must be at most 100%")
        .nullish()
        .transform((v) => (v == null ? null : Math.round(v * 100) / 100)),
    ),
    flatFee: dollars("Flat fee"),
    paymentTermsDays: whole("Payment terms", 0, 365).transform((v) => v ?? DEFAULT_PAYMENT_TERMS_DAYS),
    refundRule: z.preprocess((v) => emptyToUndefined(v) ?? "none", choice("Refund rule", REFUND_RULES)),
    refundDays: whole("Refund window", 1, 365),
    tourWindowMonths: whole("Tour window", 1, 60),
    startDate: z
      .string({ error: "Start date is required" })
      .trim()
      .refine((v) => v !== "", "Start date is required")
      .refine((v) => v === "" || isIsoDate(v), "Start date must be a valid date")
      .meta({ format: "date" }),
    endDate: day("End date"),
    notes: text()
      .trim()
      .max(5_000, "Notes must be at most 5,000 characters")
      .nullish()
      .transform((v) => v || null),
    documentId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || isUuid(v), "Document not found"),
    /** The version the edit was read at: a save over a newer one is refused. */
    version: recordVersion(),
  })
  // Checked even while other fields fail (so every message shows at once), once the fields each
  // check reads are valid themselves.
  .refine((v) => !(v.feeType === "percent" && v.feePercent === null), {
    path: ["feePercent"],
    message: FEE_PERCENT_REQUIRED,
    when: validFields("feeType", "feePercent"),
  })
  .refine((v) => !(v.feeType === "flat" && !v.flatFee), {
    path: ["flatFee"],
    message: FLAT_FEE_REQUIRED,
    when: validFields("feeType", "flatFee"),
  })
  .refine((v) => v.refundRule === "none" || v.refundDays !== null, {
    path: ["refundDays"],
    message: REFUND_DAYS_REQUIRED,
    when: validFields("refundRule", "refundDays"),
  })
  .refine((v) => !(v.endDate && v.endDate < v.startDate), {
    path: ["endDate"],
    message: END_BEFORE_START,
    when: validFields("startDate", "endDate"),
  })
  // Only the amount of the chosen kind is kept, and a window only with a refund.
  .transform((v) => ({
    ...v,
    feePercent: v.feeType === "percent" ? v.feePercent : null,
    flatFee: v.feeType === "flat" ? v.flatFee : null,
    refundDays: v.refundRule === "none" ? null : v.refundDays,
  }));

export type AgreementInput = z.output<typeof AgreementSchema>;

/** PATCH /api/agreements/{id}: any of the agreement's fields; the result is checked as a whole by AgreementSchema. */
export const AgreementPatchSchema = z
  .record(z.string(), z.unknown())
  .meta({ description: "Any fields of the agreement (as POST takes them); those not sent stay as they are" });

/** A placement's referral fee set by hand: the amount, when it is due, and why (required). */
export const FeeEditSchema = z.strictObject({
  fee: z.preprocess(
    emptyToUndefined,
    z
      .number({ error: "Fee is required" })
      .min(0, "Fee cannot be negative")
      .max(1_000_000, "Fee is too large")
      .transform((v) => Math.round(v * 100)),
  ),
  dueDate: day("Due date"),
  reason: z
    .string({ error: "Say why the fee is changed" })
    .trim()
    .min(1, "Say why the fee is changed")
    .max(500, "Reason must be at most 500 characters"),
  version: recordVersion(),
});

export type FeeEditInput = z.output<typeof FeeEditSchema>;
