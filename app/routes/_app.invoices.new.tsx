import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { INVOICES_HANDLE } from "~/components/invoices/invoice-ui";
import { NewInvoice } from "~/components/invoices/new-invoice";
import { createInvoice, invoiceFacility, invoiceFacilityPicker, uninvoicedFees } from "~/models/invoices.server";
import { PICKER_SEARCH_FIELDS, searchTerm } from "~/schemas/common";
import { NewInvoiceSchema } from "~/schemas/invoice";
import { landOn, submitForm } from "~/services/form.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

// /invoices/new: pick a facility (a GET of ?facility=…) among those with fees to invoice (a picker,
// searched; its search step without JavaScript is a GET too), then tick its un-invoiced fees (a POST).
// The invoice is made as a draft, without a number, and opens on its page.

export const meta: MetaFunction = () => [{ title: "New invoice · Senior Placement" }];
export const handle = INVOICES_HANDLE;

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(args);
  requirePermission(ctx, "invoices.manage");
  const params = new URL(args.request.url).searchParams;
  const facilityId = params.get("facility") ?? "";
  const term = searchTerm(params.get(PICKER_SEARCH_FIELDS.facility.term));
  const [picker, facility] = await Promise.all([
    invoiceFacilityPicker(db, ctx, "billable", term, facilityId || null),
    invoiceFacility(db, ctx, facilityId),
  ]);
  const fees = facility ? await uninvoicedFees(db, ctx, facility.id) : [];
  // "Show its fees" with no facility chosen (a search step is not a choice).
  const noChoice = params.has("facility") && !facilityId && params.get("intent") !== "search";
  return json({ picker, facility, fees, unknownFacility: Boolean(facilityId) && !facility, noChoice });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "invoices.manage");
  const options = {
    failure: "Failed to create the invoice",
    success: { to: "/invoices", title: "Draft invoice created" },
  };
  return submitForm(request, NewInvoiceSchema, options, async (value, reply) => {
    const made = await createInvoice(db, ctx, value);
    if (made.ok) return landOn(options, `/invoices/${made.id}`);
    const errors = made.reason === "invalid" ? made.errors : [{ path: "facilityId", msg: "Choose a facility." }];
    const fieldErrors = Object.fromEntries(errors.map((e) => [e.path, [e.msg]]));
    return json({ result: reply({ fieldErrors }) }, { status: 400 });
  });
}

export default function NewInvoiceRoute() {
  const data = useActionData<typeof action>();
  const errors = (data?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  return (
    <NewInvoice
      {...useLoaderData<typeof loader>()}
      errors={[...(errors.placementIds ?? []), ...(errors.facilityId ?? [])]}
    />
  );
}
