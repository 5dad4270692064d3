import type { Ctx } from "~/models/context";
import { getInvoice, type InvoiceRecord, type InvoiceSummary } from "~/models/invoices.server";
import type { DB } from "~/utils/db.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";
import { apiError, apiSuccess, etag } from "./api.server";

// The invoices API (docs/api.md, "Invoices"): coordinators and admins only; money in integer cents.

/** Coordinators and admins only (403 before anything is read). */
export function requireInvoiceManager(user: { role?: string | null }) {
  if (!can(user.role, "invoices.manage")) throw apiError(403, PERMISSION_MESSAGES["invoices.manage"]);
}

export const INVOICE_NOT_FOUND = "Invoice not found.";

type Refused =
  { ok: false; reason: "not-found" } | { ok: false; reason: "invalid"; errors: { path: string; msg: string }[] };

/**
 * A write's answer, the same services as the screens' behind it: the invoice as GET answers it
 * (with `extra` beside it), 404 when it is not the caller agency's, 400 with the screen's messages.
 */
export async function invoiceAnswer(
  db: DB,
  ctx: Ctx,
  result: { ok: true; id: string } | Refused,
  ok: { status?: number; message: string; extra?: Record<string, unknown> },
) {
  if (!result.ok && result.reason === "not-found") throw apiError(404, INVOICE_NOT_FOUND);
  if (!result.ok) throw apiError(400, "Validation failed", { errors: result.errors });
  const invoice = await getInvoice(db, ctx, result.id);
  if (!invoice) throw apiError(404, INVOICE_NOT_FOUND);
  return apiSuccess(
    { invoice: toApiInvoice(invoice), ...ok.extra },
    { status: ok.status ?? 200, message: ok.message, headers: { ETag: etag(invoice.version) } },
  );
}

export function toApiInvoiceSummary(i: InvoiceSummary) {
  return {
    _id: i.id,
    number: i.number,
    status: i.status,
    facility: { _id: i.facility.id, name: i.facility.name },
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    invoicedCents: i.invoicedCents,
    creditedCents: i.creditedCents,
    paidCents: i.paidCents,
    outstandingCents: i.outstandingCents,
    daysOverdue: i.daysOverdue,
  };
}

export function toApiInvoice(i: InvoiceRecord) {
  return {
    ...toApiInvoiceSummary(i),
    facility: { _id: i.facility.id, name: i.facility.name, billingEmail: i.facility.billingEmail },
    sentAt: i.sentAt,
    sentTo: i.sentTo,
    voidReason: i.voidReason,
    lines: i.lines.map((l) => ({
      _id: l.id,
      placementId: l.placementId,
      clientName: l.clientName,
      movedInOn: l.movedInOn,
      description: l.description,
      amountCents: l.amountCents,
    })),
    creditNotes: i.creditNotes.map((c) => ({
      _id: c.id,
      placementId: c.placementId,
      issuedOn: c.issuedOn,
      amountCents: c.amountCents,
      reason: c.reason,
    })),
    payments: i.payments.map((p) => ({
      _id: p.id,
      paidOn: p.paidOn,
      amountCents: p.amountCents,
      method: p.method,
      reference: p.reference,
    })),
    version: i.version,
  };
}
