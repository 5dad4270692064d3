import { voidInvoice } from "~/models/invoices.server";
import { ApiVoidSchema } from "~/schemas/invoice";
import { apiRoute, readJsonBody } from "~/services/api.server";
import { invoiceAnswer, requireInvoiceManager } from "~/services/invoices-api.server";

/**
 * `POST /api/invoices/{id}/void` `{ reason }`: voids a sent invoice without payments; its number
 * stays used, its fees can be invoiced again.
 */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, user, request, params }) => {
    requireInvoiceManager(user);
    const { reason } = await readJsonBody(request, ApiVoidSchema);
    const result = await voidInvoice(db, ctx, params.id ?? "", reason);
    return invoiceAnswer(db, ctx, result, { message: "Invoice voided" });
  },
});
