import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import {
  ActionForm,
  Errors,
  InvoiceStatusBadge,
  INVOICES_HANDLE,
  input,
  label,
  link,
  table,
  td,
  th,
} from "~/components/invoices/invoice-ui";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { agencyDay } from "~/models/agency.server";
import {
  addCreditNote,
  deleteDraft,
  getInvoice,
  invoiceName,
  recordPayment,
  updateInvoiceDates,
  voidInvoice,
} from "~/models/invoices.server";
import { CreditNoteSchema, DatesSchema, PaymentSchema, SendSchema, VoidSchema } from "~/schemas/invoice";
import { billingAddressOf, sendInvoice } from "~/services/invoices.server";
import { submitForm } from "~/services/form.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { formatDate } from "~/utils/format";
import { readFormData } from "~/utils/request.server";
import { formatFee } from "~/utils/referral-fee";
import { invariantResponse } from "~/utils/responses";
import { INVOICE_PAYMENT_METHODS } from "~/utils/vocabulary";

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
      { failure: "Failed to save the invoice", success: { to, title }, ignore: ["intent"] },
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
        const sent = await sendInvoice(db, ctx, id, { to: v.to });
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

export default function InvoicePage() {
  const { invoice: i, today, sendTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errorsOf = (intent: string) =>
    data && "intent" in data && data.intent === intent
      ? ((data.result as { error?: Record<string, string[] | null> }).error ?? {})
      : {};
  const open = i.status === "Sent" || i.status === "Partly paid";
  const send = errorsOf("send");
  const pay = errorsOf("payment");
  const credit = errorsOf("credit");
  const voiding = errorsOf("void");
  const dates = errorsOf("dates");
  const del = errorsOf("delete");
  const field = (id: string, text: string, control: React.ReactNode, errors?: string[] | null) => (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {control}
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
  return (
    <div className="space-y-6">
      <p>
        <Link to="/invoices" className={link}>
          ← Back to Invoices
        </Link>
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            {invoiceName(i)} <InvoiceStatusBadge status={i.status} />
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            To{" "}
            <Link to={`/facilities/${i.facility.id}`} className={link}>
              {i.facility.name}
            </Link>
            {" · "}Issued {formatDate(i.issueDate)} · Due {formatDate(i.dueDate)}
            {i.daysOverdue > 0 ? (
              <span className="font-medium text-red-700"> · {i.daysOverdue} days overdue</span>
            ) : null}
          </p>
          {i.sentTo ? <p className="text-sm text-slate-600">Sent to {i.sentTo}</p> : null}
          {i.voidReason ? <p className="text-sm font-medium text-red-700">Void: {i.voidReason}</p> : null}
        </div>
        <a href={`/invoices/${i.id}/pdf`} className={buttonClasses("outline")} download>
          Download PDF
        </a>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ["Invoiced", i.invoicedCents],
            ["Credited", i.creditedCents],
            ["Paid", i.paidCents],
            ["Outstanding", i.outstandingCents],
          ] as const
        ).map(([name, value]) => (
          <Card key={name} className="p-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{name}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{formatFee(value)}</dd>
          </Card>
        ))}
      </dl>

      <Card className="overflow-x-auto">
        <table className={table}>
          <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">Lines</caption>
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th className={th}>Client</th>
              <th className={th}>Moved in</th>
              <th className={th}>Description</th>
              <th className={`${th} text-right`}>Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {i.lines.map((l) => (
              <tr key={l.id}>
                <td className={td}>
                  {l.placementId ? (
                    <Link to={`/placements/${l.placementId}`} className={link}>
                      {l.clientName}
                    </Link>
                  ) : (
                    l.clientName
                  )}
                </td>
                <td className={td}>{l.movedInOn ? formatDate(l.movedInOn) : ""}</td>
                <td className={td}>{l.description}</td>
                <td className={`${td} text-right tabular-nums`}>{formatFee(l.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      {i.creditNotes.length > 0 ? (
        <Card className="overflow-x-auto">
          <table className={table}>
            <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">Credit notes</caption>
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Reason</th>
                <th className={`${th} text-right`}>Amount</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {i.creditNotes.map((c) => (
                <tr key={c.id}>
                  <td className={td}>{formatDate(c.issuedOn)}</td>
                  <td className={td}>{c.reason}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatFee(c.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}

      <Card className="overflow-x-auto">
        <table className={table}>
          <caption className="px-3 pt-3 text-left text-sm font-semibold text-slate-900">Payments</caption>
          {i.payments.length === 0 ? null : (
            <thead className="border-b border-slate-200 bg-slate-50">
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Method</th>
                <th className={th}>Reference</th>
                <th className={`${th} text-right`}>Amount</th>
              </tr>
            </thead>
          )}
          <tbody className="divide-y divide-slate-100">
            {i.payments.length === 0 ? (
              <tr>
                <td className={`${td} text-slate-600`}>No payments recorded yet.</td>
              </tr>
            ) : (
              i.payments.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{formatDate(p.paidOn)}</td>
                  <td className={td}>{p.method}</td>
                  <td className={td}>{p.reference}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatFee(p.amountCents)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        {i.status !== "Void" ? (
          <ActionForm
            intent="send"
            title={i.status === "Draft" ? "Send the invoice" : "Send it again"}
            button={i.status === "Draft" ? "Send invoice" : "Send again"}
          >
            <p className="text-sm text-slate-600">
              {i.status === "Draft" ? "Sending gives the invoice its number and e-mails it. " : ""}
              {sendTo
                ? `It goes to ${sendTo} unless you type another address.`
                : "The facility has no billing e-mail: type one."}
            </p>
            {field(
              "to",
              "Send to (optional)",
              <input id="to" name="to" type="email" className={input} placeholder={sendTo ?? "billing@facility.com"} />,
              send.to,
            )}
          </ActionForm>
        ) : null}
        {open ? (
          <ActionForm intent="payment" title="Record a payment" button="Record payment">
            <div className="grid gap-3 sm:grid-cols-2">
              {field(
                "paidOn",
                "Received on",
                <input id="paidOn" name="paidOn" type="date" defaultValue={today} required className={input} />,
                pay.paidOn,
              )}
              {field(
                "amount",
                `Amount (outstanding ${formatFee(i.outstandingCents)})`,
                <input
                  id="amount"
                  name="amount"
                  inputMode="decimal"
                  required
                  className={input}
                  placeholder="1,200.00"
                />,
                pay.amount,
              )}
              {field(
                "method",
                "Method",
                <select id="method" name="method" className={input} defaultValue="Check">
                  {INVOICE_PAYMENT_METHODS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>,
                pay.method,
              )}
              {field(
                "reference",
                "Reference (optional)",
                <input id="reference" name="reference" className={input} placeholder="Check number" />,
                pay.reference,
              )}
            </div>
          </ActionForm>
        ) : null}
        {open ? (
          <ActionForm intent="credit" title="Add a credit note" button="Add credit note">
            {i.lines.some((l) => l.creditDue)
              ? field(
                  "placementId",
                  "Credit after a move-out",
                  <select id="placementId" name="placementId" className={input} defaultValue="">
                    <option value="">None: an amount by hand</option>
                    {i.lines
                      .filter((l) => l.creditDue)
                      .map((l) => (
                        <option key={l.id} value={l.placementId ?? ""}>
                          {l.clientName}: {formatFee(l.creditDue!.cents)} ({l.creditDue!.basis})
                        </option>
                      ))}
                  </select>,
                  credit.placementId,
                )
              : null}
            <div className="grid gap-3 sm:grid-cols-2">
              {field(
                "credit-amount",
                "Amount",
                <input id="credit-amount" name="amount" inputMode="decimal" className={input} />,
                credit.amount,
              )}
              {field(
                "credit-reason",
                "Reason",
                <input id="credit-reason" name="reason" className={input} />,
                credit.reason,
              )}
            </div>
          </ActionForm>
        ) : null}
        {i.status === "Draft" ? (
          <ActionForm intent="dates" title="Dates" button="Save dates">
            <div className="grid gap-3 sm:grid-cols-2">
              {field(
                "issueDate",
                "Issue date",
                <input id="issueDate" name="issueDate" type="date" defaultValue={i.issueDate} className={input} />,
                dates.issueDate,
              )}
              {field(
                "dueDate",
                "Due date",
                <input id="dueDate" name="dueDate" type="date" defaultValue={i.dueDate} className={input} />,
                dates.dueDate,
              )}
            </div>
          </ActionForm>
        ) : null}
        {open ? (
          <ActionForm intent="void" title="Void the invoice" button="Void invoice" danger>
            <p className="text-sm text-slate-600">Its number stays used; its fees can be invoiced again.</p>
            {field(
              "void-reason",
              "Reason",
              <input id="void-reason" name="reason" required className={input} />,
              voiding.reason,
            )}
          </ActionForm>
        ) : null}
        {i.status === "Draft" ? (
          <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="delete-title">
            <h3 id="delete-title" className="mb-3 text-sm font-semibold text-slate-900">
              Delete the draft
            </h3>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <p className="mb-3 text-sm text-slate-600">A draft has no number yet: deleting it leaves no gap.</p>
              <Errors id="delete-error" errors={del.intent} />
              <button type="submit" className={buttonClasses("danger")}>
                Delete draft
              </button>
            </Form>
          </section>
        ) : null}
      </div>
    </div>
  );
}
