import { getFormProps, getInputProps } from "@conform-to/react";
import { requiredFields, useSchemaForm } from "~/components/ui/use-schema-form";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useForgotPasswordDialog } from "~/components/auth/forgot-password-dialog";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/field";
import { AlertCircleIcon } from "~/components/ui/icons";
import { PasswordInput } from "~/components/ui/password-input";
import { LOGIN_FAILED_FALLBACK, LoginFormSchema } from "~/schemas/auth";
import { authenticator, SignInError } from "~/services/auth.server";
import { keepRetryAfter } from "~/utils/responses";
import { anonymousOnly, completeSignIn, redirectToSecondStep, requireAnonymous } from "~/services/session.server";
import { readFormData } from "~/utils/request.server";

export const meta: MetaFunction = () => [{ title: "Sign in · Senior Placement" }];

export const loader = anonymousOnly;

/** A 429 (too many attempts) keeps its Retry-After on the page, too. */
export const headers = keepRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous({ request, context });
  // A body that is not a readable form is a 415 or 400 here, not an error inside the strategy.
  await readFormData(request.clone());
  try {
    const { user, secondStep, ...asked } = await authenticator.authenticate("form", request);
    if (secondStep) return await redirectToSecondStep({ userId: user.id, setup: secondStep === "setup", ...asked });
    return await completeSignIn(request, user, asked);
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    const message = error.message || LOGIN_FAILED_FALLBACK;
    // Said once, on the form (no toast as well); `attempt` tells one answer from the next.
    const result = error.submission?.reply({
      formErrors: error.status === 400 ? [] : [message],
      hideFields: ["password"],
    });
    return json(
      { result, message: error.status === 400 ? null : message, attempt: crypto.randomUUID() },
      { status: error.status, headers: error.retryAfter ? { "Retry-After": String(error.retryAfter) } : undefined },
    );
  }
}

export default function LoginPage() {
  const actionData = useActionData<typeof action>();
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
