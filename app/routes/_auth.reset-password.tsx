import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { requiredFields, useSchemaForm } from "~/components/ui/use-schema-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  type ClientActionFunctionArgs,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { PasswordChecklist, PasswordMatch } from "~/components/auth/password-checklist";
import { Toaster } from "~/components/layout/toaster";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PasswordField } from "~/components/ui/form";
import { checkResetToken, resetPassword } from "~/services/password-reset.server";
import {
  INVALID_PASSWORD_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULES,
  RESET_TOKEN_PROBLEMS,
  ResetPasswordSchema,
} from "~/schemas/auth";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { readFormData } from "~/utils/request.server";
import { redirectWithToast, requireAnonymous } from "~/services/session.server";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction = () => [{ title: "Reset Your Password · Senior Placement" }];

const INVALID_LINK = {
  type: "error",
  title: "Invalid Reset Link",
  description: "Please request a new password reset.",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous({ request, context });
  const token = new URL(request.url).searchParams.get("token")?.trim();
  if (!token) throw await redirectWithToast("/", INVALID_LINK);
  const problem = await checkResetToken(getDb(), token);
  return json({ token, problem: problem ? RESET_TOKEN_PROBLEMS[problem] : null });
}

const RESET_FAILED_MESSAGE = "Failed to reset password. Please try again.";

const toast = (type: Toast["type"], title: string, description: string): Toast => ({
  id: crypto.randomUUID(),
  type,
  title,
  description,
});

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous({ request, context });
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  // What the checklist shows after a submit without JavaScript (the passwords are not sent back).
  const password = String(formData.get("password") ?? "");
  const confirmation = String(formData.get("confirmPassword") ?? "");
  const checks = { met: PASSWORD_RULES.map((rule) => rule.test(password)), match: password === confirmation };
  const reply = (formErrors?: string[]) =>
    submission.reply({ formErrors, hideFields: ["password", "confirmPassword"] });

  if (submission.status !== "success") {
    const failed = new Set(Object.keys(submission.error ?? {}));
    const answer = failed.has("token")
      ? toast("error", INVALID_LINK.title, INVALID_LINK.description)
      : failed.has("password")
        ? toast("error", "Invalid Password", INVALID_PASSWORD_MESSAGE)
        : toast("error", "Password Mismatch", PASSWORD_MISMATCH_MESSAGE);
    return json({ result: reply(), checks, toast: answer, problem: null }, { status: 400 });
  }
  let result: Awaited<ReturnType<typeof resetPassword>>;
  try {
    result = await resetPassword(getDb(), submission.value, { appUrl: env().appUrl });
  } catch (error) {
    // The link stays usable and the form stays up: the user can simply try again.
    console.error("[form] /reset-password: Failed to reset password", error);
    return json(
      { result: reply(), checks: null, toast: toast("error", "Reset Failed", RESET_FAILED_MESSAGE), problem: null },
      { status: 500 },
    );
  }
  if (!result.ok) {
    const message = RESET_TOKEN_PROBLEMS[result.problem];
    return json(
      { result: reply(), checks: null, toast: toast("error", "Reset Failed", message), problem: message },
      { status: 400 },
    );
  }
  return redirectWithToast("/login", {
    type: "success",
    title: "Password Reset Successful",
    description: "You can now log in with your new password.",
  });
}

/** With JavaScript, a request that fails on the way still gets an answer. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect (or an error page) goes on as usual
    return {
      result: undefined,
      checks: null,
      toast: toast("error", "Error", "An error occurred. Please try again."),
      problem: null,
    };
  }
}

export default function ResetPasswordPage() {
  const { token, problem: linkProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.problem ?? linkProblem;
  return (
    <>
      <Card className="p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">Reset Your Password</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">Enter your new password below</p>
        {problem ? <BrokenLink message={problem} /> : <ResetForm token={token} />}
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

function ResetForm({ token }: { token: string }) {
  const actionData = useActionData<typeof action>();
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
