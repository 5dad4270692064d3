import type { AgreementRecord } from "~/models/agreements.server";
import {
  AGREEMENT_FEE_TYPE_LABELS,
  AGREEMENT_FEE_TYPES,
  AgreementSchema,
  REFUND_RULE_LABELS,
  REFUND_RULES,
} from "~/schemas/agreement";
import {
  type EntityFormProps,
  type FormReply,
  FormSection,
  InputField,
  RecordForm,
  SelectField,
  TextareaField,
} from "../ui/form";
import { FormPage } from "../ui/page-header";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

/** The form's starting values for a stored agreement (edit), in the schema's field names. */
export function agreementFormDefaults(a: AgreementRecord) {
  return {
    feeType: a.feeType,
    feePercent: a.feePercent === null ? "" : String(a.feePercent),
    flatFee: a.flatFeeCents === null ? "" : String(a.flatFeeCents / 100),
    paymentTermsDays: String(a.paymentTermsDays),
    refundRule: a.refundRule,
    refundDays: a.refundDays === null ? "" : String(a.refundDays),
    tourWindowMonths: a.tourWindowMonths === null ? "" : String(a.tourWindowMonths),
    startDate: a.startDate,
    endDate: a.endDate ?? "",
    notes: a.notes ?? "",
    documentId: a.document?.id ?? "",
    version: String(a.version),
  };
}

type DocumentOption = { id: string; name: string };

/**
 * A facility's agreement screen, new or edit: the loader gives the facility, the documents the
 * signed copy may be, and to edit, the agreement.
 */
export function AgreementFormPage({
  mode,
  facility,
  agreement,
  documents,
  data,
}: {
  mode: "create" | "edit";
  facility: { id: string; name: string };
  agreement?: AgreementRecord;
  documents: DocumentOption[];
  data: FormReply | undefined;
}) {
  const edit = mode === "edit";
  return (
    <FormPage
      title={`${edit ? "Edit" : "Add"} agreement with ${facility.name}`}
      description={
        edit
          ? "Change the terms, or end the agreement with an end date."
          : "The referral fee this facility pays the agency."
      }
    >
      <AgreementForm
        mode={mode}
        data={data}
        defaultValue={agreement ? agreementFormDefaults(agreement) : undefined}
        documents={documents}
        cancelTo={`/facilities/${facility.id}`}
      />
    </FormPage>
  );
}

/** A facility's referral agreement: the fee, when it is paid, the refund rule, the dates, the signed copy. */
function AgreementForm({
  mode,
  data,
  defaultValue,
  documents,
  cancelTo,
}: EntityFormProps<Record<string, string>> & { documents: DocumentOption[] }) {
  const [form, fields] = useSchemaForm(AgreementSchema, {
    id: "agreement-form",
    lastResult: data?.result,
    defaultValue: defaultValue ?? { feeType: "percent", paymentTermsDays: "30", refundRule: "none" },
    constraint: { ...requiredFields("feeType", "startDate") },
  });
  return (
    <RecordForm form={form} mode={mode} conflict={data?.conflict} cancelTo={cancelTo} noun="Agreement">
      <AgreementSections fields={fields} documents={documents} />
    </RecordForm>
  );
}

const FEE_DESCRIPTION =
  "What the facility pays the agency when a client moves in. Saving works out again the fees of this facility's placements that it decides, unless set by hand or already on an invoice: an invoiced fee keeps the figure it was billed at.";

const feeTypes = AGREEMENT_FEE_TYPES.map((t) => [t, AGREEMENT_FEE_TYPE_LABELS[t]] as const);
const refundRules = REFUND_RULES.map((r) => [r, REFUND_RULE_LABELS[r]] as const);

function AgreementSections({
  fields,
  documents,
}: {
  fields: ReturnType<typeof useSchemaForm<typeof AgreementSchema>>[1];
  documents: DocumentOption[];
}) {
  return (
    <>
      <FormSection title="Fee" description={FEE_DESCRIPTION}>
        <SelectField field={fields.feeType} label="Fee type" required options={feeTypes} />
        <InputField
          field={fields.paymentTermsDays}
          label="Payment terms (days after move-in)"
          type="number"
          min={0}
          max={365}
          step={1}
        />
        <InputField
          field={fields.feePercent}
          label="Share of the first month's rate (%)"
          hint="For a share: 50 to 100 is common"
          type="number"
          min={0}
          max={100}
          step={0.01}
        />
        <InputField
          field={fields.flatFee}
          label="Flat fee ($)"
          hint="For a flat amount"
          type="number"
          min={0}
          step={0.01}
        />
      </FormSection>
      <FormSection title="Refund" description="What is given back when the resident leaves soon after moving in.">
        <SelectField field={fields.refundRule} label="Refund rule" options={refundRules} />
        <InputField
          field={fields.refundDays}
          label="Refund window (days)"
          hint="Often 30 to 90"
          type="number"
          min={1}
          max={365}
          step={1}
        />
        <InputField
          field={fields.tourWindowMonths}
          label="Tour window (months)"
          hint="The fee is owed only if the client moves in within this many months of the agency's first tour"
          type="number"
          min={1}
          max={60}
          step={1}
        />
      </FormSection>
      <FormSection title="Dates and document">
        <InputField field={fields.startDate} label="Start date" required type="date" />
        <InputField
          field={fields.endDate}
          label="End date"
          hint="Leave empty while it runs; set it to end the agreement"
          type="date"
        />
        <SelectField
          field={fields.documentId}
          label="Signed agreement"
          placeholder={documents.length === 0 ? "No documents on this facility yet" : "None"}
          options={documents.map((d) => [d.id, d.name] as const)}
          wide
        />
        <TextareaField field={fields.notes} label="Notes" rows={3} wide />
      </FormSection>
    </>
  );
}
