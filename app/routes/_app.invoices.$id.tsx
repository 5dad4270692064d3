import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { type FieldErrors, InvoicePage } from "~/components/invoices/invoice-page";
import { INVOICES_HANDLE } from "~/components/invoices/invoice-ui";
import { agencyDay } from "~/models/agency.server";
import {
  addCreditNote,
  deleteDraft,
  getInvoice,
  recordPayment,
  updateInvoiceDates,
  voidInvoice,
} from "~/models/invoices.server";
import { CreditNoteSchema, DatesSchema, PaymentSchema, SendSchema, VoidSchema } from "~/schemas/invoice";
import { billingAddressOf, sendInvoice } from "~/services/invoices.server";
import { submitForm } from "~/services/form.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { invoiceName } from "~/utils/invoice";
import { readFormData } from "~/utils/request.server";
import { invariantResponse } from "~/utils/responses";

// /invoices/:id: an invoice's lines, credit notes, payments and totals, and what can be done with
// it (send, record a payment, add a credit note, void; change a draft's dates, delete a draft).

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? invoiceName(data.invoice) : "Invoice"} · Invoices · Senior Placement` },
];
export const handle = INVOICES_HANDLE;

const NOT_FOUND = "This invoice does not exist or was deleted.";

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(args);
  requirePermission(ctx, "invoices.manage");
  const invoice = await getInvoice(db, ctx, args.params.id ?? "");
  invariantResponse(invoice, NOT_FOUND, { status: 404 });
  const { today } = await agencyDay(db, ctx);
  return json({ invoice, today, sendTo: billingAddressOf(invoice) });
}

type Refusal =
  { ok: false; reason: "not-found" } | { ok: false; reason: "invalid"; errors: { path: string; msg: string }[] };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "invoices.manage");
  const id = params.id ?? "";
  const here = `/invoices/${id}`;
  const intent = String((await readFormData(request.clone())).get("intent") ?? "");
  const run = <S extends z.ZodType>(
    schema: S,
    title: string,
    save: (value: z.output<S>) => Promise<{ ok: true } | Refusal>,
    to = here,
  ) =>
    submitForm(
      request,
      schema,
      // The intent goes through the schema (which drops it) so that every answer, a 503 included,
      // says which form was posted and what was typed in it.
      { failure: "Failed to save the invoice", success: { to, title } },
      async (value, reply) => {
        const outcome = await save(value);
        if (outcome.ok) return;
        invariantResponse(outcome.reason !== "not-found", NOT_FOUND, { status: 404 });
        const fieldErrors = Object.fromEntries(outcome.errors.map((e) => [e.path, [e.msg]]));
        return json({ intent, result: reply({ fieldErrors }) }, { status: 400 });
      },
    );
  switch (intent) {
    case "send":
      return run(SendSchema, "Invoice sent", async (v) => {
        const sent = await sendInvoice(db, ctx, id, { to: v.to, remember: v.remember });
        if (sent.ok) await sent.delivered;
        return sent;
      });
    case "payment":
      return run(PaymentSchema, "Payment recorded", (v) =>
        recordPayment(db, ctx, id, {
          paidOn: v.paidOn,
          amountCents: v.amount,
          method: v.method,
          reference: v.reference || null,
        }),
      );
    case "credit":
      return run(CreditNoteSchema, "Credit note added", async (v) => {
        if (!v.placementId && (!v.amount || !v.reason)) {
          return {
            ok: false,
            reason: "invalid",
            errors: [
              ...(v.amount ? [] : [{ path: "amount", msg: "Enter the amount to credit, in dollars and cents" }]),
              ...(v.reason ? [] : [{ path: "reason", msg: "Say why the facility is credited" }]),
            ],
          };
        }
        return addCreditNote(
          db,
          ctx,
          id,
          v.placementId ? { placementId: v.placementId } : { amountCents: v.amount, reason: v.reason },
        );
      });
    case "void":
      return run(VoidSchema, "Invoice voided", (v) => voidInvoice(db, ctx, id, v.reason));
    case "dates":
      return run(DatesSchema, "Dates changed", (v) => updateInvoiceDates(db, ctx, id, v));
    case "delete":
      return run(VoidSchema.partial(), "Draft deleted", () => deleteDraft(db, ctx, id), "/invoices");
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function InvoiceRoute() {
  const data = useActionData<typeof action>();
  const result = data?.result as { error?: FieldErrors; initialValue?: Record<string, unknown> } | undefined;
  const intent = data && "intent" in data ? data.intent : String(result?.initialValue?.intent ?? "");
  const errors = result ? { intent, fields: result.error ?? {}, typed: result.initialValue ?? {} } : null;
  return <InvoicePage {...useLoaderData<typeof loader>()} errors={errors} />;
}
