import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { INVOICES_HANDLE } from "~/components/invoices/invoice-ui";
import { InvoicesList } from "~/components/invoices/invoices-list";
import { invoiceFacilityPicker, listInvoices } from "~/models/invoices.server";
import { PICKER_SEARCH_FIELDS, searchTerm } from "~/schemas/common";
import { InvoiceListQuerySchema } from "~/schemas/invoice";
import { filterValues, loadListPage } from "~/services/list-page.server";
import { requirePermission } from "~/services/session.server";

// /invoices: the agency's invoices, newest first, filtered by status, facility and overdue (GET).
// The facility is chosen with a picker: the facilities with invoices, searched (with its search
// step, `facilitySearch`, without JavaScript).

export const meta: MetaFunction = () => [{ title: "Invoices · Senior Placement" }];
export const handle = INVOICES_HANDLE;

const SCREEN = {
  schema: InvoiceListQuerySchema,
  labels: { status: "Status", facility: "Facility", overdue: "Overdue only", page: "Page" },
  // The facility picker's search step (without JavaScript) rides along with the filters.
  own: [PICKER_SEARCH_FIELDS.facility.term, PICKER_SEARCH_FIELDS.facility.shown, "intent"],
};

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result, signedIn, url } = await loadListPage(args, SCREEN, async ({ db, ctx }, q) => {
    requirePermission(ctx, "invoices.manage");
    return listInvoices(db, ctx, q);
  });
  const term = searchTerm(url.searchParams.get(PICKER_SEARCH_FIELDS.facility.term));
  const facilities = await invoiceFacilityPicker(signedIn.db, signedIn.ctx, "invoiced", term, query.facility ?? null);
  return json({
    ...result,
    page: query.page ?? 1,
    facilities,
    filters: { ...filterValues(query, ["status", "facility"]), overdue: query.overdue ? "1" : "" },
    search: url.search,
    problems,
  });
}

export default function InvoicesRoute() {
  return <InvoicesList {...useLoaderData<typeof loader>()} />;
}
