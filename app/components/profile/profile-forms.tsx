import { useState } from "react";
import { ChangePasswordSchema, ProfileSchema } from "~/schemas/profile";
import { NewPasswordFields, type PasswordChecks } from "../auth/new-password-fields";
import { InputField, PasswordField } from "../ui/form";
import { IntentFormCard, type IntentFormsData, IntentSubmitButton, resultFor, useIntentForm } from "../ui/intent-form";
import { requiredFields } from "../ui/use-schema-form";

// The profile page's two forms. Both post to /profile; the hidden `intent` says which, and the
// answer goes back to the form that was sent.

/** What the page's action answers. */
export interface ProfileFormsData extends IntentFormsData {
  /** Without JavaScript, the checklist as the server found the new password. */
  checks?: PasswordChecks;
}

/** Name and e-mail; the current password only when the e-mail changes. */
export function ProfileDetailsForm({
  profile,
  data,
}: {
  profile: { firstName: string; lastName: string; email: string };
  data: ProfileFormsData | undefined;
}) {
  const [form, fields] = useIntentForm(ProfileSchema, "profile", data, {
    id: "profile-details",
    defaultValue: profile,
    constraint: requiredFields("firstName", "lastName", "email"),
  });
  return (
    <IntentFormCard
      form={form}
      intent="profile"
      label="Personal information"
      title="Personal Information"
      description="Your name, and the email you sign in with."
    >
      <InputField field={fields.firstName} label="First name" required autoComplete="given-name" />
      <InputField field={fields.lastName} label="Last name" required autoComplete="family-name" />
      <InputField field={fields.email} label="Email" required type="email" autoComplete="email" wide />
      <PasswordField
        field={fields.currentPassword}
        label="Current password"
        hint="Needed only to change your email."
        autoComplete="current-password"
        wide
      />
      <IntentSubmitButton intent="profile" label="Save Changes" pendingLabel="Saving..." />
    </IntentFormCard>
  );
}

/** The current password, then the new one twice, with the five rules as a checklist. */
export function ChangePasswordForm({ data }: { data: ProfileFormsData | undefined }) {
  const lastResult = resultFor("password", data);
  // Every answer empties the three fields (they are never sent back).
  const [answered, setAnswered] = useState(data);
  const [answers, setAnswers] = useState(0);
  if (data !== answered) {
    setAnswered(data);
    setAnswers(answers + 1);
  }
  const [form, fields] = useIntentForm(ChangePasswordSchema, "password", data, {
    id: "change-password",
    constraint: requiredFields("currentPassword", "password", "confirmPassword"),
  });

  return (
    <IntentFormCard
      form={form}
      intent="password"
      label="Change password"
      title="Change Password"
      description="Changing it signs you out everywhere else: other browsers and API tokens."
      layout="stack"
    >
      <PasswordField
        key={`current-${answers}`}
        field={fields.currentPassword}
        label="Current password"
        required
        autoComplete="current-password"
      />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        answer={String(answers)}
        checks={lastResult ? data?.checks : null}
        labels={["New password", "Confirm new password"]}
        required
      />
      <IntentSubmitButton intent="password" label="Change Password" pendingLabel="Changing Password..." />
    </IntentFormCard>
  );
}
