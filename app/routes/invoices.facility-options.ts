import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { INVOICE_PICKER_UNSEARCHED, invoiceFacilityOptions } from "~/models/invoices.server";
import { searchTerm } from "~/schemas/common";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

// GET /invoices/facility-options?scope=invoiced|billable&q=…: what the invoice screens' facility
// pickers offer with JavaScript (type to search): the facilities with invoices (the list's
// filter) or with fees to invoice (a new invoice). Without JavaScript the screens have a search
// step instead, which searches the same way.

const SCOPES = ["invoiced", "billable"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "invoices.manage");
  const url = new URL(request.url);
  const scope = SCOPES.find((s) => s === url.searchParams.get("scope"));
  invariantResponse(scope, 'scope must be "invoiced" or "billable"', { status: 400 });
  const q = searchTerm(url.searchParams.get("q"));
  const options = await invoiceFacilityOptions(db, ctx, scope, { q, limit: INVOICE_PICKER_UNSEARCHED });
  return json({ options }, { headers: { "Cache-Control": "no-store" } });
}
