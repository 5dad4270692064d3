import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { type ClientActionFunctionArgs, useActionData, useLoaderData } from "@remix-run/react";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";
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
import { callerOf, readFormData } from "~/utils/request.server";
import { redirectWithToast, requireAnonymous } from "~/services/session.server";
import type { Toast } from "~/utils/toast";

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
    result = await resetPassword(getDb(), submission.value, { appUrl: env().appUrl, from: callerOf(request) });
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

export default function ResetPasswordRoute() {
  return <ResetPasswordPage {...useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}
