import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ListProblem } from "~/utils/list-query";
import type { InvoiceStatus } from "~/utils/vocabulary";
import { Badge, type BadgeTone } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";

// Pieces the invoice screens share (docs/screens.md, "Invoices").

export const INVOICES_HANDLE = { header: { title: "Invoices", subtitle: "Referral fees billed to facilities" } };

const TONES: Record<InvoiceStatus, BadgeTone> = {
  Draft: "gray",
  Sent: "blue",
  "Partly paid": "yellow",
  Paid: "green",
  Void: "red",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}

export const link = "font-medium text-brand-700 hover:underline";
export const input =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";
export const label = "block text-sm font-medium text-slate-700";
/** A table that stacks its cells on a phone (`stacked-table`, tailwind.css): each under its `data-label`. */
export const table = "stacked-table w-full text-left text-sm";
export const th = "px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500";
export const td = "px-3 py-2 align-top text-slate-700";
/** A cell of money: right-aligned figures from `md` up, on one line. */
export const amountCell = `${td} whitespace-nowrap tabular-nums md:text-right`;

/**
 * A table of the invoice screens, in its card: its caption (`captionHidden`: said to screen readers
 * only), its header row (none when `heads` is null), then its rows.
 */
export function InvoiceTable({
  caption,
  captionHidden,
  heads,
  amounts,
  children,
}: {
  caption: ReactNode;
  captionHidden?: boolean;
  heads: readonly string[] | null;
  amounts?: number;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-x-auto">
      <table className={table}>
        <caption className={captionHidden ? "sr-only" : "px-3 pt-3 text-left text-sm font-semibold text-slate-900"}>
          {caption}
        </caption>
        {heads ? <HeadRow heads={heads} amounts={amounts} /> : null}
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </Card>
  );
}

/** A table's header: its columns' names, the last `amounts` of them (1 unless said) over figures. */
export function HeadRow({ heads, amounts = 1 }: { heads: readonly string[]; amounts?: number }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50">
      <tr>
        {heads.map((h, n) => (
          <th key={h} className={n >= heads.length - amounts ? `${th} md:text-right` : th}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row: each cell under its column's name (`heads`), the last `amounts` of them (1 unless said) figures. */
export function Row({ heads, cells, amounts = 1 }: { heads: readonly string[]; cells: ReactNode[]; amounts?: number }) {
  return (
    <tr>
      {cells.map((cell, n) => (
        <td key={heads[n]} className={n >= cells.length - amounts ? amountCell : td} data-label={heads[n]}>
          {cell}
        </td>
      ))}
    </tr>
  );
}

/** The way back to the list, over an invoice's page and the new invoice's. */
export function BackToInvoices() {
  return (
    <p>
      <Link to="/invoices" className={link}>
        ← Back to Invoices
      </Link>
    </p>
  );
}

/** What the address held that the list could not use, over the results. */
export function QueryProblems({ problems }: { problems: ListProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      {problems.map((p) => (
        <li key={p.param}>{p.message}</li>
      ))}
    </ul>
  );
}

/** The invoice screens' tabs: the list and the aging view. */
export function InvoiceTabs({ current }: { current: "list" | "aging" }) {
  const tab = (to: string, name: string, on: boolean) => (
    <Link
      to={to}
      aria-current={on ? "page" : undefined}
      className={
        on
          ? "rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white"
          : "rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      }
    >
      {name}
    </Link>
  );
  return (
    <nav aria-label="Invoice views" className="flex flex-wrap gap-2">
      {tab("/invoices", "All invoices", current === "list")}
      {tab("/invoices/aging", "Aging", current === "aging")}
    </nav>
  );
}

/** A field's errors, under it. */
export function Errors({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}

/** A small form of one action on the invoice page. */
export function ActionForm({
  intent,
  title,
  children,
  button,
  danger,
  formErrors,
}: {
  intent: string;
  title: string;
  children?: ReactNode;
  button: string;
  danger?: boolean;
  /** What went wrong with the form as a whole (the database not answering): said above its button. */
  formErrors?: string[] | null;
}) {
  return (
    <section aria-labelledby={`${intent}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id={`${intent}-title`} className="mb-3 text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <Form method="post" className="space-y-3" id={`${intent}-form`}>
        <input type="hidden" name="intent" value={intent} />
        {children}
        {formErrors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {formErrors.join(" ")}
          </p>
        ) : null}
        <button type="submit" className={buttonClasses(danger ? "danger" : "primary", "md")}>
          {button}
        </button>
      </Form>
    </section>
  );
}
