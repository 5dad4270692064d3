import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INVOICES_HANDLE } from "~/components/invoices/invoice-ui";
import { InvoicesList } from "~/components/invoices/invoices-list";
import { invoiceFacilityOptions, listInvoices } from "~/models/invoices.server";
import { InvoiceListQuerySchema } from "~/schemas/invoice";
import { filterValues, loadListPage } from "~/services/list-page.server";
import { requirePermission } from "~/services/session.server";

// /invoices: the agency's invoices, newest first, filtered by status, facility and overdue (GET).

export const meta: MetaFunction = () => [{ title: "Invoices · Senior Placement" }];
export const handle = INVOICES_HANDLE;

const SCREEN = {
  schema: InvoiceListQuerySchema,
  labels: { status: "Status", facility: "Facility", overdue: "Overdue only", page: "Page" },
};

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result, signedIn, url } = await loadListPage(args, SCREEN, async ({ db, ctx }, q) => {
    requirePermission(ctx, "invoices.manage");
    return listInvoices(db, ctx, q);
  });
  const facilities = await invoiceFacilityOptions(signedIn.db, signedIn.ctx);
  return json({
    ...result,
    page: query.page ?? 1,
    facilities: facilities.map(({ id, name }) => ({ id, name })),
    filters: { ...filterValues(query, ["status", "facility"]), overdue: query.overdue ? "1" : "" },
    search: url.search,
    problems,
  });
}

export default function InvoicesRoute() {
  return <InvoicesList {...useLoaderData<typeof loader>()} />;
}
