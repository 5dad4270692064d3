import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TwoFactorSignInPage } from "~/components/auth/two-factor-sign-in-page";
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

export default function TwoFactorSignInRoute() {
  return <TwoFactorSignInPage {...useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}
