import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { requiredFields, useSchemaForm } from "~/components/ui/use-schema-form";
import { Form, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { ForgotPasswordSchema } from "~/schemas/auth";
import type { Toast } from "~/utils/toast";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { FieldError, Input, Label } from "../ui/field";

export const FORGOT_PASSWORD_TEXT = "Enter your email address and we'll send you instructions to reset your password.";

/** What POST /forgot-password answers (the screen's action, or its clientAction on a network failure). */
export type ForgotPasswordData =
  | { status: "sent"; message: string; toast: Toast }
  | { status: "error"; result?: SubmissionResult<string[]>; message?: string; toast?: Toast };

type FormComponent = typeof Form | ReturnType<typeof useFetcher>["Form"];

/**
 * The forgot-password form, the same in the sign-in dialog (a fetcher) and on /forgot-password
 * (a plain form): an e-mail field, Cancel and "Send Reset Instructions"; once sent, the server's
 * message in a green box with a Close control.
 */
export function ForgotPasswordForm({
  FormElement,
  data,
  submitting,
  cancel,
  close,
}: {
  FormElement: FormComponent;
  data: ForgotPasswordData | undefined;
  submitting: boolean;
  /** The Cancel control (a button in the dialog, a link on the page). */
  cancel: ReactNode;
  /** The Close control under the success message. */
  close: ReactNode;
}) {
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult: data?.status === "error" ? data.result : undefined,
    constraint: requiredFields("email"),
  });

  if (data?.status === "sent") {
    return (
      <div className="space-y-4">
        <Alert tone="success">{data.message}</Alert>
        <div className="flex justify-end">{close}</div>
      </div>
    );
  }
  const formError = data?.status === "error" ? data.message : undefined;
  return (
    <FormElement method="post" action="/forgot-password" {...getFormProps(form)} className="space-y-5">
      <div>
        <Label htmlFor={fields.email.id}>Email address</Label>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          placeholder="you@agency.com"
          invalid={Boolean(fields.email.errors)}
          data-autofocus
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" loading={submitting}>
          Send Reset Instructions
        </Button>
      </div>
    </FormElement>
  );
}
