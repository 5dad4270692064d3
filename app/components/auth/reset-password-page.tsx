import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ResetPasswordSchema } from "~/schemas/auth";
import type { Toast } from "~/utils/toast";
import { Toaster } from "../layout/toaster";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { NewPasswordFields, useNewPasswordSubmit } from "./new-password-fields";

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
  problem: linkProblem,
  answer: actionData,
}: {
  token: string;
  /** Why the link cannot be used, as the page found it. */
  problem: string | null;
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
  const { submitting, disabled, onReady } = useNewPasswordSubmit();
  const [form, fields] = useSchemaForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: requiredFields("password", "confirmPassword"),
    revalidate: false,
  });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        answer={actionData?.toast.id ?? ""}
        checks={actionData?.checks}
        onReady={onReady}
        autoFocus
      />
      <div className="space-y-3">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={submitting}
          // The rules need JavaScript to be checked as you type; without it the server checks them.
          disabled={disabled}
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
