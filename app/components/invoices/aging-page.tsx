import { Link } from "@remix-run/react";
import type { agingView } from "~/models/invoices.server";
import { AGING_BUCKETS } from "~/utils/invoice";
import type { ListProblem } from "~/utils/list-query";
import { formatFee } from "~/utils/referral-fee";
import { Card } from "../ui/card";
import { PageHeader } from "../ui/page-header";
import { Pagination } from "../ui/pagination";
import { amountCell, InvoiceTable, InvoiceTabs, link, QueryProblems, td } from "./invoice-ui";

// /invoices/aging: what facilities still owe on sent invoices, by days past the due date: the
// agency's totals per bucket, then the facilities that owe, the largest amount first, a page at a time.

export type AgingPageData = Awaited<ReturnType<typeof agingView>> & { problems: ListProblem[] };

export function AgingPage({ facilities, totals, totalCents, problems, ...list }: AgingPageData) {
  return (
    <div className="space-y-6">
      <PageHeader title="Aging" description="Outstanding amounts by days past the due date, per facility.">
        <InvoiceTabs current="aging" />
      </PageHeader>
      <QueryProblems problems={problems} />
      {list.total === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-slate-900">Nothing is outstanding.</p>
          <p className="mt-1 text-sm text-slate-600">
            Every sent invoice is paid.{" "}
            <Link to="/invoices" className={link}>
              Back to Invoices
            </Link>
          </p>
        </Card>
      ) : (
        <>
          <AgingTotals totals={totals} totalCents={totalCents} />
          <AgingTable facilities={facilities} />
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            total={list.total}
            limit={list.limit}
            noun="facilities"
            hrefFor={(n) => (n === 1 ? "/invoices/aging" : `/invoices/aging?page=${n}`)}
          />
        </>
      )}
    </div>
  );
}

const AGING_HEADS = ["Facility", ...AGING_BUCKETS, "Total"];

/** The facilities that owe, each with its amounts per bucket and in all. */
function AgingTable({ facilities }: Pick<AgingPageData, "facilities">) {
  return (
    <InvoiceTable
      caption="Outstanding by days past due, per facility, the largest first"
      captionHidden
      heads={AGING_HEADS}
      amounts={AGING_HEADS.length - 1}
    >
      {facilities.map((row) => (
        <tr key={row.facility.id}>
          <th scope="row" className={`${td} font-medium`}>
            <Link to={`/invoices?facility=${row.facility.id}`} className={link}>
              {row.facility.name}
            </Link>
          </th>
          {AGING_BUCKETS.map((b) => (
            <td key={b} className={amountCell} data-label={b}>
              {row.buckets[b] ? formatFee(row.buckets[b]) : "—"}
            </td>
          ))}
          <td className={`${amountCell} font-medium`} data-label="Total">
            {formatFee(row.totalCents)}
          </td>
        </tr>
      ))}
    </InvoiceTable>
  );
}

/** The agency's totals per bucket and in all, over the table. */
function AgingTotals({ totals, totalCents }: Pick<AgingPageData, "totals" | "totalCents">) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3" aria-label="Outstanding in all">
      {AGING_BUCKETS.map((b) => (
        <li key={b}>
          <div className="tile">
            <p className="tile-label">{b}</p>
            <p className="tile-value text-sm whitespace-nowrap sm:text-xl">{formatFee(totals[b])}</p>
          </div>
        </li>
      ))}
      <li>
        <div className="tile">
          <p className="tile-label">Total</p>
          <p className="tile-value text-sm whitespace-nowrap sm:text-xl">{formatFee(totalCents)}</p>
        </div>
      </li>
    </ul>
  );
}
