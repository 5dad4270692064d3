import { ApiSendSchema } from "~/schemas/invoice";
import { apiRoute, readJsonBody } from "~/services/api.server";
import { invoiceAnswer, requireInvoiceManager } from "~/services/invoices-api.server";
import { sendInvoice } from "~/services/invoices.server";

/**
 * `POST /api/invoices/{id}/send` `{ to?, remember? }`: e-mails the invoice with its PDF (a draft
 * gets its number and becomes Sent), as the invoice page's Send form does; answers the invoice and
 * what became of the e-mail (`delivery`: sent, or failed and kept in the outbox).
 */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, user, request, params }) => {
    requireInvoiceManager(user);
    const input = await readJsonBody(request, ApiSendSchema);
    const id = params.id ?? "";
    const sent = await sendInvoice(db, ctx, id, { to: input.to, remember: input.remember });
    const delivery = sent.ok ? await sent.delivered : null;
    return invoiceAnswer(db, ctx, sent.ok ? { ok: true, id } : sent, {
      message: "Invoice sent",
      extra: { delivery },
    });
  },
});
