import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { PreferencesSchema } from "~/schemas/staff";
import { LANDING_PAGES } from "~/utils/vocabulary";
import { CheckboxField, FormSection, SelectField } from "../ui/form";
import { FormErrors, type IntentFormsData, IntentSubmitButton } from "../ui/intent-form";
import { useSchemaForm } from "../ui/use-schema-form";

const LANDING_OPTIONS = Object.entries(LANDING_PAGES);

/** /preferences: how the app opens for this person. */
export function PreferencesForm({
  preferences,
  data,
}: {
  preferences: { landingPage: string; dailyDigest: boolean };
  data: IntentFormsData | undefined;
}) {
  const [form, fields] = useSchemaForm(PreferencesSchema, {
    id: "preferences",
    lastResult: data?.result,
    defaultValue: { landingPage: preferences.landingPage, dailyDigest: preferences.dailyDigest ? "on" : undefined },
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Preferences" className="mx-auto max-w-2xl">
      <FormSection
        title="Preferences"
        description="How Senior Placement opens for you, and what it e-mails you."
        layout="stack"
      >
        <FormErrors errors={form.errors} />
        <SelectField
          field={fields.landingPage}
          label="After signing in, show"
          options={LANDING_OPTIONS}
          hint="A link you followed to sign in still takes you where it points."
        />
        <CheckboxField field={fields.dailyDigest} label="E-mail me a daily digest of my notifications at 7:00 AM" />
        <IntentSubmitButton label="Save Preferences" pendingLabel="Saving..." />
      </FormSection>
    </Form>
  );
}
