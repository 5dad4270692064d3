import { deleteDraft, getInvoice } from "~/models/invoices.server";
import { apiError, apiRoute, apiSuccess, etag } from "~/services/api.server";
import { INVOICE_NOT_FOUND, requireInvoiceManager, toApiInvoice } from "~/services/invoices-api.server";

/**
 * `GET /api/invoices/{id}`: one invoice with its lines, credit notes, payments and totals.
 * `DELETE /api/invoices/{id}`: deletes a draft (it has no number: no gap is left).
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, user, params }) => {
    requireInvoiceManager(user);
    const invoice = await getInvoice(db, ctx, params.id ?? "");
    if (!invoice) throw apiError(404, INVOICE_NOT_FOUND);
    return apiSuccess({ invoice: toApiInvoice(invoice) }, { headers: { ETag: etag(invoice.version) } });
  },
  DELETE: async ({ db, ctx, user, params }) => {
    requireInvoiceManager(user);
    const id = params.id ?? "";
    const result = await deleteDraft(db, ctx, id);
    if (!result.ok && result.reason === "not-found") throw apiError(404, INVOICE_NOT_FOUND);
    if (!result.ok) throw apiError(409, result.errors[0].msg, { errors: result.errors });
    return apiSuccess({ invoice: { _id: id } }, { message: "Draft deleted" });
  },
});
