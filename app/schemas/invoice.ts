import * as z from "zod";
import { checkbox } from "./common";
import { INVOICE_PAYMENT_METHODS, INVOICE_STATUSES } from "~/utils/vocabulary";

// The invoice screens' forms and the list's URL (docs/screens.md, "Invoices"). Amounts are typed in
// dollars and cents ("1,200.50") and read as integer cents, never as a floating point amount.

/** The message of an invoice made of no fee (the model's `INVOICE_MESSAGES.noFees`). */
const INVOICE_NO_FEES = "Tick at least one fee to invoice.";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(DATE, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), message);

/** "$1,200.50", "1200.5", "1200" → 120050 cents; anything else (or more than two decimals) is refused. */
export function centsOf(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const amount = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v, c) => {
      const value = centsOf(v);
      if (value === null || value <= 0) {
        c.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

export const InvoiceListQuerySchema = z
  .object({
    status: z.enum(INVOICE_STATUSES, { error: "Choose a status from the list" }).optional(),
    facility: z.uuid({ error: "Choose a facility from the list" }).optional(),
    overdue: z
      .enum(["1", "on", "true"], { error: "Overdue is on or off" })
      .transform(() => true)
      .optional(),
    page: z.coerce.number({ error: "Page must be a number" }).int().min(1).optional(),
    limit: z.coerce
      .number({ error: "Limit must be a number" })
      .int()
      .min(1)
      .max(100, "Limit is at most 100")
      .optional(),
  })
  .strict();

/** `/invoices/aging`: the page of the facilities that owe. */
export const AgingQuerySchema = z
  .object({ page: z.coerce.number({ error: "Page must be a number" }).int().min(1).optional() })
  .strict();

/** `POST /api/invoices/{id}/payments`: the amount in integer cents (money is never a floating point number). */
export const ApiPaymentSchema = z
  .object({
    paidOn: date("Enter the day the payment was received (YYYY-MM-DD)"),
    amountCents: z
      .number({ error: "Enter the amount received in cents (a whole number)" })
      .int("Enter the amount received in cents (a whole number)")
      .min(1, "The amount must be more than 0"),
    method: z.enum(INVOICE_PAYMENT_METHODS, { error: "method is one of Check, ACH, Wire, Card, Other" }),
    reference: z.string().trim().max(200, "Keep the reference under 200 characters").nullable().optional(),
  })
  .strict();

export const NewInvoiceSchema = z.object({
  facilityId: z.uuid({ error: "Choose a facility." }),
  placementIds: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.string()).min(1, INVOICE_NO_FEES),
  ),
  issueDate: date("Enter the issue date").optional(),
  dueDate: date("Enter the due date").optional(),
});

export const PaymentSchema = z.object({
  paidOn: date("Enter the day the payment was received"),
  amount: amount("Enter the amount received, in dollars and cents"),
  method: z.enum(INVOICE_PAYMENT_METHODS, { error: "Choose how it was paid" }),
  reference: z.string().trim().max(200, "Keep the reference under 200 characters").optional(),
});

export const CreditNoteSchema = z.object({
  placementId: z.string().optional(),
  amount: amount("Enter the amount to credit, in dollars and cents").optional(),
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").optional(),
});

export const VoidSchema = z.object({
  reason: z.string({ error: "Say why the invoice is void" }).trim().min(1, "Say why the invoice is void").max(500),
});

export const SendSchema = z.object({
  to: z.email({ error: "Enter an e-mail address like billing@facility.com" }).optional(),
  /** Keep the typed address as the facility's billing e-mail. */
  remember: checkbox.optional(),
});

export const DatesSchema = z.object({
  issueDate: date("Enter the issue date").optional(),
  dueDate: date("Enter the due date"),
});

// ─────────────────────────────── the API's bodies ───────────────────────────────

/** `POST /api/invoices`: a draft from un-invoiced fees of one facility (its placements). */
export const ApiNewInvoiceSchema = z
  .object({
    facilityId: z.uuid({ error: "facilityId is the id of one of the agency's facilities" }),
    placementIds: z
      .array(z.string(), { error: "placementIds is a list of the placements whose fees to invoice" })
      .min(1, INVOICE_NO_FEES),
    issueDate: date("issueDate is a date (YYYY-MM-DD)").optional(),
    dueDate: date("dueDate is a date (YYYY-MM-DD)").optional(),
    notes: z.string().trim().max(2000, "Keep the notes under 2,000 characters").nullable().optional(),
  })
  .strict();

/** `POST /api/invoices/{id}/send`: to `to` (else the facility's billing e-mail, else its contact e-mail). */
export const ApiSendSchema = z
  .object({
    to: z.email({ error: "to is an e-mail address like billing@facility.com" }).nullable().optional(),
    /** Keep `to` as the facility's billing e-mail. */
    remember: z.boolean({ error: "remember is true or false" }).optional(),
  })
  .strict();

/** `POST /api/invoices/{id}/void`. */
export const ApiVoidSchema = VoidSchema.strict();

/** `POST /api/invoices/{id}/credit-notes`: a line's move-out credit (`placementId`), or an amount with a reason. */
export const ApiCreditNoteSchema = z
  .object({
    placementId: z.uuid({ error: "placementId is the placement of one of the invoice's lines" }).optional(),
    amountCents: z
      .number({ error: "Enter the amount to credit in cents (a whole number)" })
      .int("Enter the amount to credit in cents (a whole number)")
      .min(1, "The amount must be more than 0")
      .optional(),
    reason: z.string().trim().min(1, "Say why the facility is credited").max(500).optional(),
    issuedOn: date("issuedOn is a date (YYYY-MM-DD)").optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.placementId) {
      if (v.amountCents !== undefined || v.reason !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["placementId"],
          message: "Send placementId alone (its move-out credit), or amountCents with a reason",
        });
      return;
    }
    if (v.amountCents === undefined)
      ctx.addIssue({ code: "custom", path: ["amountCents"], message: "Enter the amount to credit in cents" });
    if (!v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why the facility is credited" });
  });
