import { Form, Link } from "@remix-run/react";
import type { UninvoicedFee } from "~/models/invoices.server";
import { formatDate } from "~/utils/format";
import { formatFee } from "~/utils/referral-fee";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { PageHeader } from "../ui/page-header";
import { type FacilityPickerData, InvoiceFacilityPicker } from "./facility-picker";
import { BackToInvoices, Errors, HeadRow, link, Row, table } from "./invoice-ui";

// /invoices/new (docs/screens.md, "Invoices"): a facility chosen by a GET, its fees ticked and posted.

type FacilityOption = { id: string; name: string };

export interface NewInvoiceProps {
  /** The facility picker: the facilities with fees to invoice, searched. */
  picker: FacilityPickerData;
  facility: FacilityOption | null;
  fees: UninvoicedFee[];
  /** The facility asked for is not the agency's, or none was chosen before "Show its fees". */
  unknownFacility: boolean;
  noChoice: boolean;
  errors: string[];
}

function FacilityChoice({ picker, facility, unknownFacility, noChoice }: Omit<NewInvoiceProps, "fees" | "errors">) {
  const error = unknownFacility
    ? "This facility was not found. Choose one from the list."
    : noChoice
      ? "Choose a facility."
      : undefined;
  return (
    <Card className="p-5">
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 sm:flex-1">
          <InvoiceFacilityPicker
            scope="billable"
            picker={picker}
            value={facility?.id ?? ""}
            emptyLabel="Choose a facility"
            error={error}
            errorId="facility-error"
          />
        </div>
        <button type="submit" className={buttonClasses("secondary", "md", "self-start sm:mt-6")}>
          Show its fees
        </button>
      </Form>
    </Card>
  );
}

function NoFees({ facility }: { facility: FacilityOption }) {
  return (
    <Card className="p-8 text-center">
      <p className="font-medium text-slate-900">{facility.name} has no fees to invoice.</p>
      <p className="mt-1 text-sm text-slate-600">
        A fee is worked out when a client moves in under the facility&apos;s referral agreement.{" "}
        <Link to={`/facilities/${facility.id}#agreements`} className={link}>
          See its agreements
        </Link>
      </p>
    </Card>
  );
}

const FEE_HEADS = ["Invoice", "Client", "Moved in", "Fee basis", "Amount"] as const;

function FeesForm({ facility, fees, errors }: { facility: FacilityOption; fees: UninvoicedFee[]; errors: string[] }) {
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="facilityId" value={facility.id} />
      <Card className="overflow-x-auto">
        <fieldset aria-describedby={errors.length ? "fees-error" : undefined}>
          <legend className="px-5 pt-4 text-sm font-semibold wrap-anywhere text-slate-900">
            Fees of {facility.name} not yet invoiced
          </legend>
          <table className={`${table} mt-2`}>
            <HeadRow heads={FEE_HEADS} />
            <tbody className="divide-y divide-slate-100">
              {fees.map((f) => (
                <Row
                  key={f.placementId}
                  heads={FEE_HEADS}
                  cells={[
                    <input
                      key="invoice"
                      type="checkbox"
                      name="placementIds"
                      value={f.placementId}
                      id={`fee-${f.placementId}`}
                      defaultChecked
                      className="h-4 w-4"
                    />,
                    <label key="client" htmlFor={`fee-${f.placementId}`}>
                      {f.clientName}
                    </label>,
                    f.movedInOn ? formatDate(f.movedInOn) : "",
                    f.basis,
                    formatFee(f.cents),
                  ]}
                />
              ))}
            </tbody>
          </table>
        </fieldset>
      </Card>
      <Errors id="fees-error" errors={errors} />
      <button type="submit" className={buttonClasses("primary")}>
        Create draft invoice
      </button>
    </Form>
  );
}

export function NewInvoice(props: NewInvoiceProps) {
  const { facility, fees } = props;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackToInvoices />
      <PageHeader
        title="New invoice"
        description="Choose a facility, then tick the fees to invoice. The invoice is kept as a draft, without a number, until you send it."
      />
      <FacilityChoice
        picker={props.picker}
        facility={facility}
        unknownFacility={props.unknownFacility}
        noChoice={props.noChoice}
      />
      {facility && fees.length === 0 ? <NoFees facility={facility} /> : null}
      {facility && fees.length > 0 ? <FeesForm facility={facility} fees={fees} errors={props.errors} /> : null}
    </div>
  );
}
