import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PASSWORD_RULES, ResetPasswordSchema } from "~/schemas/auth";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { Toaster } from "../layout/toaster";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { PasswordField } from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { PasswordChecklist, PasswordMatch } from "./password-checklist";

/** The answer to a reset that did not go through: the form's reply, the checklist as the server read it, a toast. */
export interface ResetAnswer {
  result?: SubmissionResult<string[]>;
  checks: { met: boolean[]; match: boolean } | null;
  toast: Toast;
  /** Why the link cannot be used (it expired or was used meanwhile). */
  problem: string | null;
}

/** The reset-password page (/reset-password?token=…): the form, or why the link cannot be used. */
export function ResetPasswordPage({
  token,
  linkProblem,
  answer: actionData,
}: {
  token: string;
  linkProblem: string | null;
  answer: ResetAnswer | undefined;
}) {
  const problem = actionData?.problem ?? linkProblem;
  return (
    <>
      <Card className="p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">Reset Your Password</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">Enter your new password below</p>
        {problem ? <BrokenLink message={problem} /> : <ResetForm token={token} actionData={actionData} />}
      </Card>
      <Toaster toasts={[actionData?.toast]} />
    </>
  );
}

function BrokenLink({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <Alert tone="error">{message}</Alert>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonClasses("outline")}>
          Back to Login
        </Link>
        <Link to="/forgot-password" className={buttonClasses("primary")}>
          Request a new link
        </Link>
      </div>
    </div>
  );
}

function ResetForm({ token, actionData }: { token: string; actionData: ResetAnswer | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting";
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const answer = actionData?.toast.id;
  useEffect(() => {
    // The fields were cleared (remounted) by the answer: so is what the checklist reads.
    setPassword("");
    setConfirmation("");
  }, [answer]);
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: requiredFields("password", "confirmPassword"),
    revalidate: false,
  });

  // Live with JavaScript; without it, what the server found in the last submit.
  const live = hydrated && (password !== "" || confirmation !== "");
  const met = live ? PASSWORD_RULES.map((rule) => rule.test(password)) : (actionData?.checks?.met ?? null);
  const match = live ? (confirmation === "" ? null : password === confirmation) : (actionData?.checks?.match ?? null);
  const ready = PASSWORD_RULES.every((rule) => rule.test(password)) && password === confirmation;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      <PasswordField
        key={`password-${actionData?.toast.id ?? ""}`}
        field={fields.password}
        label="New Password"
        autoComplete="new-password"
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoFocus
      />
      <PasswordChecklist met={met} />
      <PasswordField
        key={`confirm-${actionData?.toast.id ?? ""}`}
        field={fields.confirmPassword}
        label="Confirm Password"
        autoComplete="new-password"
        onChange={(event) => setConfirmation(event.currentTarget.value)}
        below={<PasswordMatch match={match} />}
        // The match indicator already says "Passwords do not match": not twice.
        showErrors={!live && match !== false}
      />
      <div className="space-y-3">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={submitting}
          // The rules need JavaScript to be checked as you type; without it the server checks them.
          disabled={hydrated && !ready}
        >
          {submitting ? "Resetting Password..." : "Reset Password"}
        </Button>
        <Link to="/" className={buttonClasses("ghost", "md", "w-full")}>
          Back to Login
        </Link>
      </div>
    </Form>
  );
}
