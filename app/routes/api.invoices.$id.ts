import { getInvoice } from "~/models/invoices.server";
import { apiError, apiRoute, apiSuccess, etag } from "~/services/api.server";
import { requireInvoiceManager, toApiInvoice } from "~/services/invoices-api.server";

const INVOICE_NOT_FOUND = "Invoice not found.";

/** `GET /api/invoices/{id}`: one invoice with its lines, credit notes, payments and totals. */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, user, params }) => {
    requireInvoiceManager(user);
    const invoice = await getInvoice(db, ctx, params.id ?? "");
    if (!invoice) throw apiError(404, INVOICE_NOT_FOUND);
    return apiSuccess({ invoice: toApiInvoice(invoice) }, { headers: { ETag: etag(invoice.version) } });
  },
});
