import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { INVOICES_HANDLE, InvoiceTabs, link, table, td, th } from "~/components/invoices/invoice-ui";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { agingView } from "~/models/invoices.server";
import { AgingQuerySchema } from "~/schemas/invoice";
import { loadListPage } from "~/services/list-page.server";
import { requirePermission } from "~/services/session.server";
import { AGING_BUCKETS } from "~/utils/invoice";
import { formatFee } from "~/utils/referral-fee";

// /invoices/aging: what facilities still owe on sent invoices, by days past the due date: the
// agency's totals per bucket, then the facilities that owe, the largest amount first, a page at a time.

export const meta: MetaFunction = () => [{ title: "Aging · Invoices · Senior Placement" }];
export const handle = INVOICES_HANDLE;

const SCREEN = { schema: AgingQuerySchema, labels: { page: "Page" } };

export async function loader(args: LoaderFunctionArgs) {
  const { result, problems } = await loadListPage(args, SCREEN, ({ db, ctx }, query) => {
    requirePermission(ctx, "invoices.manage");
    return agingView(db, ctx, query);
  });
  return json({ ...result, problems });
}

export default function AgingPage() {
  const { facilities, totals, totalCents, page, totalPages, total, limit, problems } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Aging" description="Outstanding amounts by days past the due date, per facility.">
        <InvoiceTabs current="aging" />
      </PageHeader>
      {problems.length > 0 ? (
        <ul className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {problems.map((p) => (
            <li key={p.param}>{p.message}</li>
          ))}
        </ul>
      ) : null}
      {total === 0 ? (
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
          <Card className="overflow-x-auto">
            <table className={table}>
              <caption className="sr-only">Outstanding by days past due, per facility, the largest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr>
                  <th className={th}>Facility</th>
                  {AGING_BUCKETS.map((b) => (
                    <th key={b} className={`${th} text-right`}>
                      {b}
                    </th>
                  ))}
                  <th className={`${th} text-right`}>Total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {facilities.map((row) => (
                  <tr key={row.facility.id}>
                    <th scope="row" className={`${td} font-medium`}>
                      <Link to={`/invoices?facility=${row.facility.id}`} className={link}>
                        {row.facility.name}
                      </Link>
                    </th>
                    {AGING_BUCKETS.map((b) => (
                      <td key={b} className={`${td} whitespace-nowrap tabular-nums md:text-right`} data-label={b}>
                        {row.buckets[b] ? formatFee(row.buckets[b]) : "—"}
                      </td>
                    ))}
                    <td className={`${td} font-medium whitespace-nowrap tabular-nums md:text-right`} data-label="Total">
                      {formatFee(row.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Pagination
            page={page}
            totalPages={totalPages}
            total={total}
            limit={limit}
            noun="facilities"
            hrefFor={(n) => (n === 1 ? "/invoices/aging" : `/invoices/aging?page=${n}`)}
          />
        </>
      )}
    </div>
  );
}

/** The agency's totals per bucket and in all, over the table. */
function AgingTotals({
  totals,
  totalCents,
}: {
  totals: Record<(typeof AGING_BUCKETS)[number], number>;
  totalCents: number;
}) {
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
