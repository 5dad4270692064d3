import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { LoginPage } from "~/components/auth/login-page";
import { LOGIN_FAILED_FALLBACK } from "~/schemas/auth";
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

export default function LoginRoute() {
  return <LoginPage answer={useActionData<typeof action>()} />;
}
