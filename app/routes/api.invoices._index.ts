import { createInvoice, INVOICE_PAGE_SIZE, listInvoices } from "~/models/invoices.server";
import { ApiNewInvoiceSchema, InvoiceListQuerySchema } from "~/schemas/invoice";
import { apiRoute, apiSuccess, readJsonBody, readQuery } from "~/services/api.server";
import { invoiceAnswer, requireInvoiceManager, toApiInvoiceSummary } from "~/services/invoices-api.server";

/**
 * `GET /api/invoices?status=…&facility=…&overdue=1&page=…&limit=…`: the agency's invoices, newest
 * first. `POST /api/invoices` `{ facilityId, placementIds, issueDate?, dueDate?, notes? }`: a draft
 * (no number yet) of the facility's un-invoiced fees, as the New invoice screen makes it.
 */
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
  POST: async ({ db, ctx, user, request }) => {
    requireInvoiceManager(user);
    const input = await readJsonBody(request, ApiNewInvoiceSchema);
    const result = await createInvoice(db, ctx, input);
    return invoiceAnswer(db, ctx, result, { status: 201, message: "Draft invoice created" });
  },
});
