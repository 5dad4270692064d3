import type { SubmissionResult } from "@conform-to/react";
import type { PlacementRecord } from "~/models/placements.server";
import { FeeEditSchema } from "~/schemas/agreement";
import { type FormReply, FormSection, InputField, RecordForm, TextareaField } from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

/** A placement's referral fee set by hand: amount, due date, and the reason (required). */
export function FeeForm({
  placement: p,
  lastResult,
  conflict,
}: {
  placement: PlacementRecord;
  lastResult: SubmissionResult<string[]> | undefined;
  conflict?: FormReply["conflict"];
}) {
  const fee = p.referralFee;
  const [form, fields] = useSchemaForm(FeeEditSchema, {
    id: "fee-form",
    lastResult,
    defaultValue: {
      fee: fee?.cents != null ? (fee.cents / 100).toFixed(2) : "",
      dueDate: fee?.dueDate ?? "",
      reason: "",
      version: String(p.version),
    },
    constraint: requiredFields("fee", "reason"),
  });
  return (
    <RecordForm form={form} mode="edit" conflict={conflict} cancelTo={`/placements/${p.id}`} noun="Fee">
      <FormSection title="Referral fee" description={fee ? `As worked out: ${fee.basis}` : undefined}>
        <InputField field={fields.fee} label="Fee ($)" required type="number" min={0} step={0.01} />
        <InputField field={fields.dueDate} label="Due date" type="date" />
        <TextareaField field={fields.reason} label="Reason for the change" required rows={3} wide />
      </FormSection>
    </RecordForm>
  );
}
