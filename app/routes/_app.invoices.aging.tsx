import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AgingPage } from "~/components/invoices/aging-page";
import { INVOICES_HANDLE } from "~/components/invoices/invoice-ui";
import { agingView } from "~/models/invoices.server";
import { AgingQuerySchema } from "~/schemas/invoice";
import { loadListPage } from "~/services/list-page.server";
import { requirePermission } from "~/services/session.server";

// /invoices/aging: what facilities still owe on sent invoices, by days past the due date.

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

export default function AgingRoute() {
  return <AgingPage {...useLoaderData<typeof loader>()} />;
}
