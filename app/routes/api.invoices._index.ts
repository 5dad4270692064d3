import { INVOICE_PAGE_SIZE, listInvoices } from "~/models/invoices.server";
import { InvoiceListQuerySchema } from "~/schemas/invoice";
import { apiRoute, apiSuccess, readQuery } from "~/services/api.server";
import { requireInvoiceManager, toApiInvoiceSummary } from "~/services/invoices-api.server";

/** `GET /api/invoices?status=…&facility=…&overdue=1&page=…&limit=…`: the agency's invoices, newest first. */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, user, request }) => {
    requireInvoiceManager(user);
    const query = readQuery(request, InvoiceListQuerySchema);
    const { invoices, total, totalPages } = await listInvoices(db, ctx, query);
    return apiSuccess({
      invoices: invoices.map(toApiInvoiceSummary),
      pagination: { page: query.page ?? 1, limit: query.limit ?? INVOICE_PAGE_SIZE, totalPages, totalInvoices: total },
    });
  },
});
