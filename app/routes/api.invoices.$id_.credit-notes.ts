import { addCreditNote } from "~/models/invoices.server";
import { ApiCreditNoteSchema } from "~/schemas/invoice";
import { apiRoute, readJsonBody } from "~/services/api.server";
import { invoiceAnswer, requireInvoiceManager } from "~/services/invoices-api.server";

/**
 * `POST /api/invoices/{id}/credit-notes` `{ placementId }` (a line's move-out credit) or
 * `{ amountCents, reason }`: a credit note on a sent invoice, at most what is outstanding.
 */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, user, request, params }) => {
    requireInvoiceManager(user);
    const input = await readJsonBody(request, ApiCreditNoteSchema);
    const result = await addCreditNote(db, ctx, params.id ?? "", input);
    return invoiceAnswer(db, ctx, result, { status: 201, message: "Credit note added" });
  },
});
