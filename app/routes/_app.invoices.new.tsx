import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Errors, INVOICES_HANDLE, input, label, link, table, td, th } from "~/components/invoices/invoice-ui";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { createInvoice, invoiceFacilityOptions, uninvoicedFees } from "~/models/invoices.server";
import { NewInvoiceSchema } from "~/schemas/invoice";
import { landOn, submitForm } from "~/services/form.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { formatDate } from "~/utils/format";
import { formatFee } from "~/utils/referral-fee";

// /invoices/new: pick a facility (a GET of ?facility=…), then tick its un-invoiced fees (a POST).
// The invoice is made as a draft, without a number, and opens on its page.

export const meta: MetaFunction = () => [{ title: "New invoice · Senior Placement" }];
export const handle = INVOICES_HANDLE;

export async function loader(args: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(args);
  requirePermission(ctx, "invoices.manage");
  const facilityId = new URL(args.request.url).searchParams.get("facility") ?? "";
  const facilities = await invoiceFacilityOptions(db, ctx);
  const facility = facilities.find((f) => f.id === facilityId) ?? null;
  const fees = facility ? await uninvoicedFees(db, ctx, facility.id) : [];
  return json({ facilities, facility, fees, unknownFacility: Boolean(facilityId) && !facility });
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

export default function NewInvoicePage() {
  const { facilities, facility, fees, unknownFacility } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const errors = (data?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const feeErrors = [...(errors.placementIds ?? []), ...(errors.facilityId ?? [])];
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <p>
        <Link to="/invoices" className={link}>
          ← Back to Invoices
        </Link>
      </p>
      <PageHeader
        title="New invoice"
        description="Choose a facility, then tick the fees to invoice. The invoice is kept as a draft, without a number, until you send it."
      />
      <Card className="p-5">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <label htmlFor="facility" className={label}>
              Facility
            </label>
            <select id="facility" name="facility" defaultValue={facility?.id ?? ""} className={input} required>
              <option value="">Choose a facility</option>
              {facilities.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name} ({f.uninvoicedFees} {f.uninvoicedFees === 1 ? "fee" : "fees"} to invoice)
                </option>
              ))}
            </select>
            {unknownFacility ? (
              <Errors id="facility-error" errors={["This facility was not found. Choose one from the list."]} />
            ) : null}
          </div>
          <button type="submit" className={buttonClasses("secondary")}>
            Show its fees
          </button>
        </Form>
      </Card>
      {facility ? (
        fees.length === 0 ? (
          <Card className="p-8 text-center">
            <p className="font-medium text-slate-900">{facility.name} has no fees to invoice.</p>
            <p className="mt-1 text-sm text-slate-600">
              A fee is worked out when a client moves in under the facility&apos;s referral agreement.{" "}
              <Link to={`/facilities/${facility.id}#agreements`} className={link}>
                See its agreements
              </Link>
            </p>
          </Card>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="facilityId" value={facility.id} />
            <Card className="overflow-x-auto">
              <fieldset aria-describedby={feeErrors.length ? "fees-error" : undefined}>
                <legend className="px-5 pt-4 text-sm font-semibold text-slate-900">
                  Fees of {facility.name} not yet invoiced
                </legend>
                <table className={`${table} mt-2`}>
                  <thead className="border-b border-slate-200 bg-slate-50">
                    <tr>
                      <th className={th}>Invoice</th>
                      <th className={th}>Client</th>
                      <th className={th}>Moved in</th>
                      <th className={th}>Fee basis</th>
                      <th className={`${th} text-right`}>Amount</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {fees.map((f) => (
                      <tr key={f.placementId}>
                        <td className={td}>
                          <input
                            type="checkbox"
                            name="placementIds"
                            value={f.placementId}
                            id={`fee-${f.placementId}`}
                            defaultChecked
                            className="h-4 w-4"
                          />
                        </td>
                        <td className={td}>
                          <label htmlFor={`fee-${f.placementId}`}>{f.clientName}</label>
                        </td>
                        <td className={td}>{f.movedInOn ? formatDate(f.movedInOn) : ""}</td>
                        <td className={td}>{f.basis}</td>
                        <td className={`${td} text-right tabular-nums`}>{formatFee(f.cents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </fieldset>
            </Card>
            <Errors id="fees-error" errors={feeErrors} />
            <button type="submit" className={buttonClasses("primary")}>
              Create draft invoice
            </button>
          </Form>
        )
      ) : null}
    </div>
  );
}
