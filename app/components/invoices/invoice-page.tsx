import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { InvoiceRecord } from "~/models/invoices.server";
import { formatDate } from "~/utils/format";
import { invoiceName } from "~/utils/invoice";
import { formatFee } from "~/utils/referral-fee";
import { INVOICE_PAYMENT_METHODS } from "~/utils/vocabulary";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import {
  ActionForm,
  BackToInvoices,
  Errors,
  InvoiceStatusBadge,
  InvoiceTable,
  input,
  label,
  link,
  Row,
  td,
} from "./invoice-ui";

// An invoice's page (docs/screens.md, "Invoices"): its heading, totals, lines, credit notes and
// payments, and the forms of what can be done with it. Each form posts its `intent`; the one that
// failed shows its messages (`errors`, by intent and field).

export type FieldErrors = Record<string, string[] | null | undefined>;

export interface InvoicePageProps {
  invoice: InvoiceRecord;
  today: string;
  sendTo: string | null;
  /** The messages of the form that was posted, by its intent, and what was typed in it. */
  errors: { intent: string; fields: FieldErrors; typed: Record<string, unknown> } | null;
}

/** What was typed in a field of the form that came back (a string), else `fallback`. */
const typedOr = (typed: Record<string, unknown>, name: string, fallback = "") =>
  typeof typed[name] === "string" ? (typed[name] as string) : fallback;

function Field({
  id,
  text,
  errors,
  children,
}: {
  id: string;
  text: string;
  errors?: string[] | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function Heading({ invoice: i }: { invoice: InvoiceRecord }) {
  return (
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
          {i.daysOverdue > 0 ? <span className="font-medium text-red-700"> · {i.daysOverdue} days overdue</span> : null}
        </p>
        {i.sentTo ? <p className="text-sm text-slate-600">Sent to {i.sentTo}</p> : null}
        {i.voidReason ? <p className="text-sm font-medium text-red-700">Void: {i.voidReason}</p> : null}
      </div>
      <a href={`/invoices/${i.id}/pdf`} className={buttonClasses("outline")} download>
        Download PDF
      </a>
    </div>
  );
}

function Totals({ invoice: i }: { invoice: InvoiceRecord }) {
  const totals = [
    ["Invoiced", i.invoicedCents],
    ["Credited", i.creditedCents],
    ["Paid", i.paidCents],
    ["Outstanding", i.outstandingCents],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {totals.map(([name, value]) => (
        <Card key={name} className="p-4">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{name}</dt>
          <dd className="mt-1 text-lg font-semibold whitespace-nowrap tabular-nums text-slate-900">
            {formatFee(value)}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

const LINE_HEADS = ["Client", "Moved in", "Description", "Amount"] as const;
const CREDIT_HEADS = ["Date", "Reason", "Amount"] as const;
const PAYMENT_HEADS = ["Date", "Method", "Reference", "Amount"] as const;

function Lines({ invoice: i }: { invoice: InvoiceRecord }) {
  return (
    <InvoiceTable caption="Lines" heads={LINE_HEADS}>
      {i.lines.map((l) => (
        <Row
          key={l.id}
          heads={LINE_HEADS}
          cells={[
            l.placementId ? (
              <Link to={`/placements/${l.placementId}`} className={link}>
                {l.clientName}
              </Link>
            ) : (
              l.clientName
            ),
            l.movedInOn ? formatDate(l.movedInOn) : "",
            l.description,
            formatFee(l.amountCents),
          ]}
        />
      ))}
    </InvoiceTable>
  );
}

function CreditNotes({ invoice: i }: { invoice: InvoiceRecord }) {
  if (i.creditNotes.length === 0) return null;
  return (
    <InvoiceTable caption="Credit notes" heads={CREDIT_HEADS}>
      {i.creditNotes.map((c) => (
        <Row key={c.id} heads={CREDIT_HEADS} cells={[formatDate(c.issuedOn), c.reason, formatFee(c.amountCents)]} />
      ))}
    </InvoiceTable>
  );
}

function Payments({ invoice: i }: { invoice: InvoiceRecord }) {
  return (
    <InvoiceTable caption="Payments" heads={i.payments.length === 0 ? null : PAYMENT_HEADS}>
      {i.payments.length === 0 ? (
        <tr>
          <td className={`${td} text-slate-600`}>No payments recorded yet.</td>
        </tr>
      ) : (
        i.payments.map((p) => (
          <Row
            key={p.id}
            heads={PAYMENT_HEADS}
            cells={[formatDate(p.paidOn), p.method, p.reference, formatFee(p.amountCents)]}
          />
        ))
      )}
    </InvoiceTable>
  );
}

function SendForm({
  invoice: i,
  sendTo,
  errors,
  typed,
}: {
  invoice: InvoiceRecord;
  sendTo: string | null;
  errors: FieldErrors;
  typed: Record<string, unknown>;
}) {
  const draft = i.status === "Draft";
  return (
    <ActionForm
      intent="send"
      title={draft ? "Send the invoice" : "Send it again"}
      button={draft ? "Send invoice" : "Send again"}
      formErrors={errors[""]}
    >
      <p className="text-sm text-slate-600">
        {draft ? "Sending gives the invoice its number and e-mails it. " : ""}
        {sendTo
          ? "It goes to the address below: the facility's billing e-mail, else its contact e-mail. Type another to send it elsewhere."
          : "The facility has no billing e-mail: type one, or add it on the facility."}
      </p>
      <Field id="to" text="Send to" errors={errors.to}>
        <input
          id="to"
          name="to"
          type="email"
          className={input}
          defaultValue={typedOr(typed, "to", sendTo ?? "")}
          placeholder="billing@facility.com"
        />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="remember" defaultChecked={typed.remember === "on"} /> Keep this address as the
        facility&apos;s billing e-mail
      </label>
    </ActionForm>
  );
}

function PaymentForm({
  invoice: i,
  today,
  errors,
  typed,
}: {
  invoice: InvoiceRecord;
  today: string;
  errors: FieldErrors;
  typed: Record<string, unknown>;
}) {
  return (
    <ActionForm intent="payment" title="Record a payment" button="Record payment" formErrors={errors[""]}>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="paidOn" text="Received on" errors={errors.paidOn}>
          <input
            id="paidOn"
            name="paidOn"
            type="date"
            defaultValue={typedOr(typed, "paidOn", today)}
            required
            className={input}
          />
        </Field>
        <Field id="amount" text={`Amount (outstanding ${formatFee(i.outstandingCents)})`} errors={errors.amount}>
          <input
            id="amount"
            name="amount"
            inputMode="decimal"
            required
            className={input}
            placeholder="1,200.00"
            defaultValue={typedOr(typed, "amount")}
          />
        </Field>
        <Field id="method" text="Method" errors={errors.method}>
          <select id="method" name="method" className={input} defaultValue={typedOr(typed, "method", "Check")}>
            {INVOICE_PAYMENT_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field id="reference" text="Reference (optional)" errors={errors.reference}>
          <input
            id="reference"
            name="reference"
            className={input}
            placeholder="Check number"
            defaultValue={typedOr(typed, "reference")}
          />
        </Field>
      </div>
    </ActionForm>
  );
}

function CreditForm({ invoice: i, errors }: { invoice: InvoiceRecord; errors: FieldErrors }) {
  const due = i.lines.filter((l) => l.creditDue);
  return (
    <ActionForm intent="credit" title="Add a credit note" button="Add credit note">
      {due.length > 0 ? (
        <Field id="placementId" text="Credit after a move-out" errors={errors.placementId}>
          <select id="placementId" name="placementId" className={input} defaultValue="">
            <option value="">None: an amount by hand</option>
            {due.map((l) => (
              <option key={l.id} value={l.placementId ?? ""}>
                {l.clientName}: {formatFee(l.creditDue!.cents)} ({l.creditDue!.basis})
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="credit-amount" text="Amount" errors={errors.amount}>
          <input id="credit-amount" name="amount" inputMode="decimal" className={input} />
        </Field>
        <Field id="credit-reason" text="Reason" errors={errors.reason}>
          <input id="credit-reason" name="reason" className={input} />
        </Field>
      </div>
    </ActionForm>
  );
}

function DraftForms({ invoice: i, errors }: { invoice: InvoiceRecord; errors: (intent: string) => FieldErrors }) {
  return (
    <>
      <ActionForm intent="dates" title="Dates" button="Save dates">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="issueDate" text="Issue date" errors={errors("dates").issueDate}>
            <input id="issueDate" name="issueDate" type="date" defaultValue={i.issueDate} className={input} />
          </Field>
          <Field id="dueDate" text="Due date" errors={errors("dates").dueDate}>
            <input id="dueDate" name="dueDate" type="date" defaultValue={i.dueDate} className={input} />
          </Field>
        </div>
      </ActionForm>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="delete-title">
        <h3 id="delete-title" className="mb-3 text-sm font-semibold text-slate-900">
          Delete the draft
        </h3>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <p className="mb-3 text-sm text-slate-600">A draft has no number yet: deleting it leaves no gap.</p>
          <Errors id="delete-error" errors={errors("delete").intent} />
          <button type="submit" className={buttonClasses("danger")}>
            Delete draft
          </button>
        </Form>
      </section>
    </>
  );
}

function VoidForm({ errors }: { errors: FieldErrors }) {
  return (
    <ActionForm intent="void" title="Void the invoice" button="Void invoice" danger>
      <p className="text-sm text-slate-600">Its number stays used; its fees can be invoiced again.</p>
      <Field id="void-reason" text="Reason" errors={errors.reason}>
        <input id="void-reason" name="reason" required className={input} />
      </Field>
    </ActionForm>
  );
}

export function InvoicePage({ invoice: i, today, sendTo, errors }: InvoicePageProps) {
  const errorsOf = (intent: string): FieldErrors => (errors?.intent === intent ? errors.fields : {});
  const typedIn = (intent: string) => (errors?.intent === intent ? errors.typed : {});
  const open = i.status === "Sent" || i.status === "Partly paid";
  return (
    <div className="space-y-6">
      <BackToInvoices />
      <Heading invoice={i} />
      <Totals invoice={i} />
      <Lines invoice={i} />
      <CreditNotes invoice={i} />
      <Payments invoice={i} />
      <div className="grid gap-4 lg:grid-cols-2">
        {i.status !== "Void" ? (
          <SendForm invoice={i} sendTo={sendTo} errors={errorsOf("send")} typed={typedIn("send")} />
        ) : null}
        {open ? (
          <PaymentForm
            key={`payment-${i.payments.length}`}
            invoice={i}
            today={today}
            errors={errorsOf("payment")}
            typed={typedIn("payment")}
          />
        ) : null}
        {open ? <CreditForm key={`credit-${i.creditNotes.length}`} invoice={i} errors={errorsOf("credit")} /> : null}
        {i.status === "Draft" ? <DraftForms invoice={i} errors={errorsOf} /> : null}
        {open ? <VoidForm errors={errorsOf("void")} /> : null}
      </div>
    </div>
  );
}
