import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { INVOICES_HANDLE, InvoiceTabs, link, table, td, th } from "~/components/invoices/invoice-ui";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { agingReport } from "~/models/invoices.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { AGING_BUCKETS } from "~/utils/invoice";
import { formatFee } from "~/utils/referral-fee";

// /invoices/aging: what facilities still owe on sent invoices, by days past the due date.

export const meta: MetaFunction = () => [{ title: "Aging · Invoices · Senior Placement" }];
export const handle = INVOICES_HANDLE;

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(args);
  requirePermission(ctx, "invoices.manage");
  return json(await agingReport(db, ctx));
}

export default function AgingPage() {
  const { facilities, totals, totalCents } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Aging" description="Outstanding amounts by days past the due date, per facility.">
        <InvoiceTabs current="aging" />
      </PageHeader>
      {facilities.length === 0 ? (
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
        <Card className="overflow-x-auto">
          <table className={table}>
            <caption className="sr-only">Outstanding by days past due</caption>
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
            <tfoot className="border-t border-slate-200 bg-slate-50">
              <tr>
                <th scope="row" className={`${td} font-semibold`}>
                  All facilities
                </th>
                {AGING_BUCKETS.map((b) => (
                  <td
                    key={b}
                    className={`${td} font-semibold whitespace-nowrap tabular-nums md:text-right`}
                    data-label={b}
                  >
                    {formatFee(totals[b])}
                  </td>
                ))}
                <td className={`${td} font-semibold whitespace-nowrap tabular-nums md:text-right`} data-label="Total">
                  {formatFee(totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </Card>
      )}
    </div>
  );
}
