import { Form, Link } from "@remix-run/react";
import type { InvoiceSummary } from "~/models/invoices.server";
import { formatDate } from "~/utils/format";
import type { ListProblem } from "~/utils/list-query";
import { formatFee } from "~/utils/referral-fee";
import { INVOICE_STATUSES } from "~/utils/vocabulary";
import { buttonClasses, ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { PageHeader } from "../ui/page-header";
import { type FacilityPickerData, InvoiceFacilityPicker } from "./facility-picker";
import { InvoiceStatusBadge, InvoiceTable, InvoiceTabs, input, label, link, QueryProblems, Row } from "./invoice-ui";

// The /invoices list (docs/screens.md, "Invoices"): filters as GET parameters, the table, pages.

type Summary = InvoiceSummary;

export interface InvoicesListProps {
  invoices: Summary[];
  total: number;
  totalPages: number;
  page: number;
  facilities: FacilityPickerData;
  filters: { status: string; facility: string; overdue: string };
  search: string;
  problems: ListProblem[];
}

function Filters({ facilities, filters }: Pick<InvoicesListProps, "facilities" | "filters">) {
  const filtered = Boolean(filters.status || filters.facility || filters.overdue);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter invoices">
      <div>
        <label htmlFor="status" className={label}>
          Status
        </label>
        <select id="status" name="status" defaultValue={filters.status} className={input}>
          <option value="">All statuses</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      <div className="w-full sm:w-auto sm:min-w-80 sm:flex-1">
        <InvoiceFacilityPicker
          scope="invoiced"
          picker={facilities}
          value={filters.facility}
          emptyLabel="All facilities"
        />
      </div>
      <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
        <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue === "1"} />
        Overdue only
      </label>
      <button type="submit" className={buttonClasses("secondary")}>
        Filter
      </button>
      {filtered ? (
        <Link to="/invoices" className={link}>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}

function NoInvoices({ filtered }: { filtered: boolean }) {
  return (
    <Card className="p-8 text-center">
      <p className="font-medium text-slate-900">{filtered ? "No invoices match these filters." : "No invoices yet."}</p>
      <p className="mt-1 text-sm text-slate-600">
        {filtered ? (
          <Link to="/invoices" className={link}>
            Show all invoices
          </Link>
        ) : (
          <>
            Fees are worked out when clients move in.{" "}
            <Link to="/invoices/new" className={link}>
              Invoice a facility&apos;s fees
            </Link>
          </>
        )}
      </p>
    </Card>
  );
}

const LIST_HEADS = ["Number", "Facility", "Status", "Issued", "Due", "Invoiced", "Outstanding"] as const;

function Invoices({ invoices, total }: { invoices: Summary[]; total: number }) {
  return (
    <InvoiceTable caption={`Invoices (${total})`} captionHidden heads={LIST_HEADS} amounts={2}>
      {invoices.map((i) => (
        <Row
          key={i.id}
          heads={LIST_HEADS}
          amounts={2}
          cells={[
            <Link key="number" to={`/invoices/${i.id}`} className={link}>
              {i.number ?? "Draft"}
            </Link>,
            i.facility.name,
            <InvoiceStatusBadge key="status" status={i.status} />,
            formatDate(i.issueDate),
            <>
              {formatDate(i.dueDate)}
              {i.daysOverdue > 0 ? (
                <span className="block text-xs font-medium text-red-700">{i.daysOverdue} days overdue</span>
              ) : null}
            </>,
            formatFee(i.invoicedCents),
            formatFee(i.outstandingCents),
          ]}
        />
      ))}
    </InvoiceTable>
  );
}

function Pager({ page, totalPages, search }: Pick<InvoicesListProps, "page" | "totalPages" | "search">) {
  if (totalPages <= 1) return null;
  const pageLink = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `/invoices?${params}`;
  };
  return (
    <nav aria-label="Pages" className="flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className={link}>
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={pageLink(page + 1)} className={link}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

export function InvoicesList(props: InvoicesListProps) {
  const { invoices, total, filters, search, problems } = props;
  const filtered = Boolean(filters.status || filters.facility || filters.overdue);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Invoices"
        description="Referral fees billed to facilities: what was sent, what was paid, what is still owed."
        actions={
          <>
            <a href={`/invoices/export${search}`} className={buttonClasses("outline")} download>
              Export CSV
            </a>
            <ButtonLink to="/invoices/new">New invoice</ButtonLink>
          </>
        }
      >
        <InvoiceTabs current="list" />
      </PageHeader>
      <Filters facilities={props.facilities} filters={filters} />
      <QueryProblems problems={problems} />
      {invoices.length === 0 ? <NoInvoices filtered={filtered} /> : <Invoices invoices={invoices} total={total} />}
      <Pager page={props.page} totalPages={props.totalPages} search={search} />
    </div>
  );
}
