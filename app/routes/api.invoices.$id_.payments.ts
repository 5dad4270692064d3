import { getInvoice, recordPayment } from "~/models/invoices.server";
import { ApiPaymentSchema } from "~/schemas/invoice";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { requireInvoiceManager, toApiInvoice } from "~/services/invoices-api.server";

/**
 * `POST /api/invoices/{id}/payments`: records a payment (`amountCents`, at most what is
 * outstanding); answers the invoice with its new status.
 */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, user, request, params }) => {
    requireInvoiceManager(user);
    const id = params.id ?? "";
    const input = await readJsonBody(request, ApiPaymentSchema);
    const result = await recordPayment(db, ctx, id, { ...input, reference: input.reference ?? null });
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Invoice not found.");
    if (!result.ok) throw apiError(400, "Validation failed", { errors: result.errors });
    const invoice = await getInvoice(db, ctx, id);
    if (!invoice) throw apiError(404, "Invoice not found.");
    return apiSuccess({ invoice: toApiInvoice(invoice) }, { status: 201, message: "Payment recorded" });
  },
});
