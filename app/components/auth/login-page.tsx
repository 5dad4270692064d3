import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { LoginFormSchema } from "~/schemas/auth";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError, Input, Label } from "../ui/field";
import { AlertCircleIcon } from "../ui/icons";
import { PasswordInput } from "../ui/password-input";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { useForgotPasswordDialog } from "./forgot-password-dialog";

/** What the sign-in action answers a failed attempt with. */
export interface LoginAnswer {
  result?: SubmissionResult<string[]>;
  /** The form's message (wrong password, too many attempts), null when a field says it. */
  message?: string | null;
  /** Tells one answer from the next: the password field is emptied on each. */
  attempt?: string;
}

/** The sign-in screen (/login): e-mail, password, remember me, and the forgotten password's dialog. */
export function LoginPage({ answer: actionData }: { answer: LoginAnswer | undefined }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  const [form, fields] = useSchemaForm(LoginFormSchema, {
    id: "login",
    lastResult: actionData?.result,
    constraint: requiredFields("email", "password"),
  });
  const formError = actionData?.message ?? form.errors?.[0];
  const forgot = useForgotPasswordDialog();

  return (
    <>
      <Card className="p-6 sm:p-8">
        <h1 className="mb-6 text-xl font-semibold text-slate-900">Sign in to your account</h1>
        <Form method="post" action="/login" {...getFormProps(form)} className="space-y-5">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          <div>
            <Label htmlFor={fields.email.id}>Email address</Label>
            <Input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="email"
              autoFocus
              placeholder="you@agency.com"
              invalid={Boolean(fields.email.errors)}
            />
            <FieldError id={fields.email.errorId} errors={fields.email.errors} />
          </div>
          <div>
            <Label htmlFor={fields.password.id}>Password</Label>
            <PasswordInput
              {...getInputProps(fields.password, { type: "password" })}
              // A failed attempt clears the password: remount the field on each answer.
              key={actionData?.attempt ?? "password"}
              autoComplete="current-password"
              invalid={Boolean(fields.password.errors)}
            />
            <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          <div className="flex items-center justify-between gap-4">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                name="remember"
                className="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              Remember me
            </label>
            {forgot.link}
          </div>
          {formError ? (
            <div
              id={form.errorId}
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700"
            >
              <AlertCircleIcon className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{formError}</span>
            </div>
          ) : null}
          <Button type="submit" className="w-full" size="lg" loading={submitting}>
            {submitting ? "Signing in..." : "Sign in"}
          </Button>
        </Form>
      </Card>
      {forgot.dialog}
    </>
  );
}
