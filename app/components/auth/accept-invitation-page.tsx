import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { AcceptInvitationSchema, ROLE_LABELS } from "~/schemas/staff";
import type { Role } from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { InputField } from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { NewPasswordFields, type PasswordChecks, useNewPasswordSubmit } from "./new-password-fields";

export interface InvitationView {
  agencyName: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  invitedBy: string | null;
}

export interface InvitationAnswer {
  result?: SubmissionResult<string[]>;
  checks?: PasswordChecks;
  /** Why the link cannot be used any more (it expired or was used meanwhile). */
  problem?: string | null;
}

/** The invitation link's page (/invitation?token=…): choose a password, or why the link cannot be used. */
export function AcceptInvitationPage({
  token,
  invitation,
  problem: linkProblem,
  answer,
}: {
  token: string;
  invitation: InvitationView | null;
  /** Why the link cannot be used, as the page found it. */
  problem: string | null;
  answer: InvitationAnswer | undefined;
}) {
  const problem = answer?.problem ?? linkProblem;
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="text-xl font-semibold text-slate-900">
        {invitation ? `Join ${invitation.agencyName}` : "Your Invitation"}
      </h1>
      {invitation && !problem ? (
        <p className="mt-1 mb-6 text-sm text-slate-600">
          {invitation.invitedBy ? `${invitation.invitedBy} invited you` : "You were invited"} as{" "}
          {ROLE_LABELS[invitation.role].toLowerCase()}. Choose your password to finish setting up{" "}
          <span className="font-medium wrap-anywhere">{invitation.email}</span>.
        </p>
      ) : (
        <div className="mt-4" />
      )}
      {problem || !invitation ? (
        <div className="space-y-5">
          <Alert tone="error">{problem}</Alert>
          <Link to="/login" className={buttonClasses("primary", "md", "w-full")}>
            Go to Sign in
          </Link>
        </div>
      ) : (
        <AcceptForm token={token} invitation={invitation} answer={answer} />
      )}
    </Card>
  );
}

function AcceptForm({
  token,
  invitation,
  answer,
}: {
  token: string;
  invitation: InvitationView;
  answer: InvitationAnswer | undefined;
}) {
  const { submitting, disabled, onReady } = useNewPasswordSubmit();
  const [form, fields] = useSchemaForm(AcceptInvitationSchema, {
    id: "accept-invitation",
    lastResult: answer?.result,
    defaultValue: { firstName: invitation.firstName, lastName: invitation.lastName },
    constraint: requiredFields("firstName", "lastName", "password", "confirmPassword"),
    revalidate: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      {form.errors ? <Alert tone="error">{form.errors.join(", ")}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.firstName} label="First name" required autoComplete="given-name" />
        <InputField field={fields.lastName} label="Last name" required autoComplete="family-name" />
      </div>
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        answer={JSON.stringify(answer?.result?.error ?? null)}
        checks={answer?.checks}
        labels={["Password", "Confirm Password"]}
        onReady={onReady}
      />
      <Button type="submit" size="lg" className="w-full" loading={submitting} disabled={disabled}>
        {submitting ? "Creating Account..." : "Create Account"}
      </Button>
    </Form>
  );
}
