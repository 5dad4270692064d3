import { recordPayment } from "~/models/invoices.server";
import { ApiPaymentSchema } from "~/schemas/invoice";
import { apiRoute, readJsonBody } from "~/services/api.server";
import { invoiceAnswer, requireInvoiceManager } from "~/services/invoices-api.server";

/**
 * `POST /api/invoices/{id}/payments`: records a payment (`amountCents`, at most what is
 * outstanding); answers the invoice with its new status.
 */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, user, request, params }) => {
    requireInvoiceManager(user);
    const input = await readJsonBody(request, ApiPaymentSchema);
    const result = await recordPayment(db, ctx, params.id ?? "", { ...input, reference: input.reference ?? null });
    return invoiceAnswer(db, ctx, result, { status: 201, message: "Payment recorded" });
  },
});
