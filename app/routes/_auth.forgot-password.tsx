import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { type ClientActionFunctionArgs, Form, Link, useActionData, useNavigation } from "@remix-run/react";
import {
  FORGOT_PASSWORD_TEXT,
  ForgotPasswordForm,
  type ForgotPasswordData,
} from "~/components/auth/forgot-password-form";
import { Toaster } from "~/components/layout/toaster";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requestPasswordReset } from "~/services/password-reset.server";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { clientIp, readFormData } from "~/utils/request.server";
import { keepRetryAfter } from "~/utils/responses";
import { anonymousOnly, requireAnonymous } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Reset Password · Senior Placement" }];

export const loader = anonymousOnly;

/** A 429 (too many attempts) keeps its Retry-After on the page, too. */
export const headers = keepRetryAfter;

// Answers the page (without JavaScript) and the sign-in dialog's fetcher alike.
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous({ request, context });
  const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return json<ForgotPasswordData>({ status: "error", result: submission.reply() }, { status: 400 });
  }
  const result = await requestPasswordReset(getDb(), submission.value.email, {
    appUrl: env().appUrl,
    ip: clientIp(request),
  });
  if (!result.ok) {
    return json<ForgotPasswordData>(
      {
        status: "error",
        result: submission.reply(),
        message: result.message,
        toast: { id: crypto.randomUUID(), type: "error", title: "Error", description: result.message },
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  return json<ForgotPasswordData>({
    status: "sent",
    message: result.message,
    toast: { id: crypto.randomUUID(), type: "success", title: "Password Reset", description: result.message },
  });
}

/** With JavaScript, a request that never reaches the server still gets an answer. */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<ForgotPasswordData> {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect (or an error page) goes on as usual
    const message = "Failed to send password reset request. Please try again.";
    return { status: "error", toast: { id: crypto.randomUUID(), type: "error", title: "Error", description: message } };
  }
}

export default function ForgotPasswordPage() {
  const data = useActionData<typeof action>() as ForgotPasswordData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === "/forgot-password";
  return (
    <>
      <Card className="p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">Reset Password</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{FORGOT_PASSWORD_TEXT}</p>
        <ForgotPasswordForm
          FormElement={Form}
          data={data}
          submitting={submitting}
          cancel={
            <Link to="/login" className={buttonClasses("outline")}>
              Cancel
            </Link>
          }
          close={
            <Link to="/login" className={buttonClasses("outline")}>
              Close
            </Link>
          }
        />
      </Card>
      <Toaster toasts={[data?.toast]} />
    </>
  );
}
