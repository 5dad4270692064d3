import { type ReactNode, useState } from "react";
import { PASSWORD_RULES } from "~/schemas/auth";
import { ChangePasswordSchema, ProfileSchema } from "~/schemas/profile";
import { useHydrated } from "~/utils/use-hydrated";
import { PasswordChecklist, PasswordMatch } from "../auth/password-checklist";
import { InputField, PasswordField } from "../ui/form";
import { IntentFormCard, type IntentFormsData, IntentSubmitButton, resultFor, useIntentForm } from "../ui/intent-form";
import { requiredFields } from "../ui/use-schema-form";

// The profile page's two forms. Both post to /profile; the hidden `intent` says which, and the
// answer goes back to the form that was sent.

/** What the page's action answers. */
export interface ProfileFormsData extends IntentFormsData {
  /** Without JavaScript, the checklist as the server found the new password. */
  checks?: { met: boolean[]; match: boolean } | null;
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
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  // Every answer empties the three fields (they are never sent back), and what the checklist reads.
  const [answered, setAnswered] = useState(data);
  const [answers, setAnswers] = useState(0);
  if (data !== answered) {
    setAnswered(data);
    setAnswers(answers + 1);
    setPassword("");
    setConfirmation("");
  }
  const [form, fields] = useIntentForm(ChangePasswordSchema, "password", data, {
    id: "change-password",
    constraint: requiredFields("currentPassword", "password", "confirmPassword"),
  });

  // Live with JavaScript; without it, what the server found in the last submit.
  const live = hydrated && (password !== "" || confirmation !== "");
  const checks = lastResult ? data?.checks : null;
  const met = live ? PASSWORD_RULES.map((rule) => rule.test(password)) : (checks?.met ?? null);
  const match = live && confirmation !== "" ? password === confirmation : null;

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
      <Stack>
        <PasswordField
          key={`new-${answers}`}
          field={fields.password}
          label="New password"
          required
          autoComplete="new-password"
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordChecklist met={met} />
      </Stack>
      <PasswordField
        key={`confirm-${answers}`}
        field={fields.confirmPassword}
        label="Confirm new password"
        required
        autoComplete="new-password"
        onChange={(event) => setConfirmation(event.currentTarget.value)}
        below={<PasswordMatch match={match} />}
        // While typing, "Passwords match" says it; the server's message is for the page without JavaScript.
        showErrors={match === null}
      />
      <IntentSubmitButton intent="password" label="Change Password" pendingLabel="Changing Password..." />
    </IntentFormCard>
  );
}

function Stack({ children }: { children: ReactNode }) {
  return <div className="space-y-3">{children}</div>;
}
