import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AgencySettingsSchema } from "~/schemas/staff";
import { FormSection, InputField, SelectField } from "../ui/form";
import { FormErrors, type IntentFormsData, IntentSubmitButton } from "../ui/intent-form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

/** /settings/agency: the agency's name and the time zone its days and times are in. */
export function AgencyForm({
  agency,
  timeZones,
  now,
  data,
}: {
  agency: { name: string; timeZone: string };
  timeZones: string[];
  /** The time now in the agency's zone, as the screens will show times. */
  now: string;
  data: IntentFormsData | undefined;
}) {
  const [form, fields] = useSchemaForm(AgencySettingsSchema, {
    id: "agency",
    lastResult: data?.result,
    defaultValue: agency,
    constraint: requiredFields("name", "timeZone"),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Agency settings">
      <FormSection
        title="Agency"
        description="Due dates, overdue tasks and every time on screen and in e-mails follow the agency's time zone."
      >
        <FormErrors errors={form.errors} />
        <InputField field={fields.name} label="Agency name" required autoComplete="organization" wide />
        <SelectField
          field={fields.timeZone}
          label="Time zone"
          required
          options={timeZones}
          hint={`It is now ${now} there.`}
          wide
        />
        <IntentSubmitButton label="Save Changes" pendingLabel="Saving..." />
      </FormSection>
    </Form>
  );
}
