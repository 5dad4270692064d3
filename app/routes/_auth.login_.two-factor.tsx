import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Toaster } from "~/components/layout/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/field";
import { requiredFields, useSchemaForm } from "~/components/ui/use-schema-form";
import { TwoFactorFormSchema } from "~/schemas/auth";
import { signInWithSecondFactor } from "~/services/auth.server";
import { completeSignIn } from "~/services/session.server";
import { requirePendingSignIn } from "~/services/two-factor.server";
import { getDb } from "~/utils/db.server";
import { clientIp, readFormData } from "~/utils/request.server";
import { keepRetryAfter } from "~/utils/responses";
import type { Toast } from "~/utils/toast";

// The second step of a sign-in with two-factor on (docs/security.md, "Two-factor sign-in"): the
// password was right, and a signed cookie names the user for five minutes. A code of the app, or
// one of the recovery codes (a plain link switches between the two: no script needed).

export const meta: MetaFunction = () => [{ title: "Two-factor sign-in · Senior Placement" }];

/** A 429 (too many wrong codes) keeps its Retry-After on the page, too. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePendingSignIn({ request, context }, "code");
  const method: "app" | "recovery" =
    new URL(request.url).searchParams.get("method") === "recovery" ? "recovery" : "app";
  return json({ method });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requirePendingSignIn({ request, context }, "code");
  const submission = parseWithZod(await readFormData(request), { schema: TwoFactorFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), toast: null }, { status: 400 });
  const outcome = await signInWithSecondFactor(getDb(), {
    userId: pending.userId,
    ...submission.value,
    ip: clientIp(request),
    userAgent: request.headers.get("User-Agent"),
  });
  if (outcome.ok) return completeSignIn(request, outcome.user, pending);
  const toast: Toast = { id: crypto.randomUUID(), type: "error", title: "Login Failed", description: outcome.message };
  return json(
    { result: submission.reply({ formErrors: [outcome.message], hideFields: ["code"] }), toast },
    { status: outcome.status, headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined },
  );
}

const TEXTS = {
  app: {
    label: "Authentication code",
    help: "Enter the 6-digit code your authentication app shows for Senior Placement.",
    other: { to: "?method=recovery", label: "Use a recovery code instead" },
  },
  recovery: {
    label: "Recovery code",
    help: "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.",
    other: { to: "?method=app", label: "Use your authentication app instead" },
  },
} as const;

export default function TwoFactorSignInPage() {
  const { method } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useSchemaForm(TwoFactorFormSchema, {
    id: `two-factor-${method}`,
    lastResult: actionData?.result,
    constraint: requiredFields("code"),
  });
  const texts = TEXTS[method];
  return (
    <>
      <Card className="p-6 sm:p-8">
        <h1 className="mb-2 text-xl font-semibold text-slate-900">Two-factor sign-in</h1>
        <p className="mb-6 text-sm text-slate-600">{texts.help}</p>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <input type="hidden" name="method" value={method} />
          {form.errors ? <Alert tone="error">{form.errors.join(", ")}</Alert> : null}
          <div>
            <Label htmlFor={fields.code.id}>{texts.label}</Label>
            <Input
              {...getInputProps(fields.code, { type: "text" })}
              key={actionData?.toast?.id ?? method}
              autoComplete="one-time-code"
              inputMode={method === "app" ? "numeric" : "text"}
              autoFocus
              invalid={Boolean(fields.code.errors)}
            />
            <FieldError id={fields.code.errorId} errors={fields.code.errors} />
          </div>
          <Button type="submit" className="w-full" size="lg" loading={submitting}>
            {submitting ? "Checking..." : "Verify"}
          </Button>
        </Form>
        <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
          <Link to={texts.other.to} className="font-medium text-brand-700 hover:underline">
            {texts.other.label}
          </Link>
          <Link to="/login" className="text-slate-600 hover:underline">
            Back to sign in
          </Link>
        </div>
      </Card>
      <Toaster toasts={[actionData?.toast ?? undefined]} />
    </>
  );
}
