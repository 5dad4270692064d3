import type { InvoiceRecord, InvoiceSummary } from "~/models/invoices.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";
import { apiError } from "./api.server";

// The invoices API (docs/api.md, "Invoices"): coordinators and admins only; money in integer cents.

/** Coordinators and admins only (403 before anything is read). */
export function requireInvoiceManager(user: { role?: string | null }) {
  if (!can(user.role, "invoices.manage")) throw apiError(403, PERMISSION_MESSAGES["invoices.manage"]);
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
