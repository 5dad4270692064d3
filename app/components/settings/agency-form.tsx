import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AgencySettingsSchema } from "~/schemas/staff";
import { CheckboxField, FormSection, InputField, SelectField } from "../ui/form";
import { FormErrors, type IntentFormsData, IntentSubmitButton } from "../ui/intent-form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

/** /settings/agency: the agency's name and the time zone its days and times are in. */
export function AgencyForm({
  agency,
  timeZones,
  now,
  data,
}: {
  agency: { name: string; timeZone: string; requireTwoFactor: boolean };
  timeZones: string[];
  /** The time now in the agency's zone, as the screens will show times. */
  now: string;
  data: IntentFormsData | undefined;
}) {
  const [form, fields] = useSchemaForm(AgencySettingsSchema, {
    id: "agency",
    lastResult: data?.result,
    defaultValue: { ...agency, requireTwoFactor: agency.requireTwoFactor ? "on" : undefined },
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
        <CheckboxField field={fields.requireTwoFactor} label="Require two-factor sign-in" wide />
        <p className="-mt-3 text-sm text-slate-500 sm:col-span-2">
          Everyone signs in with their password and a code from an authentication app. Those who have not set it up are
          taken to set it up at their next sign-in, and no one can turn it off.
        </p>
        <IntentSubmitButton label="Save Changes" pendingLabel="Saving..." />
      </FormSection>
    </Form>
  );
}
