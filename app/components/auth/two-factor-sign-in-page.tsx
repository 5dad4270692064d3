import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { TwoFactorFormSchema } from "~/schemas/auth";
import type { Toast } from "~/utils/toast";
import { Toaster } from "../layout/toaster";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError, Input, Label } from "../ui/field";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

type Method = "app" | "recovery";

/** The answer to a code that did not sign in: the form's reply and, when the code was wrong, a toast. */
interface Answer {
  result: SubmissionResult<string[]>;
  toast: Toast | null;
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

/** The second step's page (/login/two-factor): a code of the app, or a recovery code (`method`). */
export function TwoFactorSignInPage({ method, answer: actionData }: { method: Method; answer: Answer | undefined }) {
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
