import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { TwoFactorSetupPage } from "~/components/auth/two-factor-setup-page";
import { TwoFactorSetupSchema } from "~/schemas/profile";
import { signInWithNewSecondFactor } from "~/services/auth.server";
import { signInDestination, startSession } from "~/services/session.server";
import { requirePendingSignIn, signInSetupView } from "~/services/two-factor.server";
import { getDb } from "~/utils/db.server";
import { callerOf, clientIp, readFormData } from "~/utils/request.server";
import { keepRetryAfter } from "~/utils/responses";

// The second step of a sign-in where the agency requires two-factor sign-in and the user has not
// turned it on (docs/security.md, "Two-factor sign-in"): set it up now (the QR code, the key as
// text, a code to confirm), then the recovery codes, shown this once, and on into the app.

export const meta: MetaFunction = () => [{ title: "Set up two-factor sign-in · Senior Placement" }];

export const headers = keepRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await requirePendingSignIn({ request, context }, "setup");
  // Null once it is on: the answer to the code that turned it on shows the recovery codes.
  return json({ setup: await signInSetupView(getDb(), pending.userId, callerOf(request)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await requirePendingSignIn({ request, context }, "setup");
  const submission = parseWithZod(await readFormData(request), { schema: TwoFactorSetupSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), done: null }, { status: 400 });
  const outcome = await signInWithNewSecondFactor(getDb(), {
    userId: pending.userId,
    code: submission.value.code,
    ip: clientIp(request),
    userAgent: request.headers.get("User-Agent"),
  });
  if (!outcome.ok) {
    return json(
      { result: submission.reply({ fieldErrors: { code: [outcome.message] }, hideFields: ["code"] }), done: null },
      {
        status: outcome.status,
        headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined,
      },
    );
  }
  // Signed in now; the page shows the recovery codes before going on.
  const headers = await startSession(request, outcome.user, { remember: pending.remember });
  const done = {
    recoveryCodes: outcome.recoveryCodes,
    continueTo: await signInDestination(outcome.user, pending.redirectTo),
  };
  return json({ result: submission.reply({ resetForm: true }), done }, { headers });
}

/** The answer to the code signs in: the page must stay to show the recovery codes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export default function TwoFactorSetupRoute() {
  const { setup } = useLoaderData<typeof loader>();
  return <TwoFactorSetupPage setup={setup} data={useActionData<typeof action>()} />;
}
