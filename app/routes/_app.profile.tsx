import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChangePasswordForm, ProfileDetailsForm } from "~/components/profile/profile-forms";
import { TwoFactorCard } from "~/components/profile/two-factor-card";
import { passwordChecks } from "~/schemas/auth";
import { PASSWORD_FIELDS, ProfileFormsSchema, type TwoFactorInput, TWO_FACTOR_INTENTS } from "~/schemas/profile";
import { submitForm } from "~/services/form.server";
import { changePassword, updateProfile } from "~/services/profile.server";
import { changeTwoFactor, twoFactorView } from "~/services/two-factor.server";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { env } from "~/utils/env.server";
import { callerOf, clientIp } from "~/utils/request.server";
import { keepRetryAfter } from "~/utils/responses";

export const meta: MetaFunction = () => [{ title: "Profile Settings · Senior Placement" }];

export const handle = { header: { title: "Profile Settings", subtitle: "Your name, email and password" } };

/** A 429 (too many wrong current passwords) keeps its Retry-After on the page, too. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, ctx, db } = await requireSignedIn({ request, context });
  return json({
    profile: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    twoFactor: await twoFactorView(db, ctx),
  });
}

/**
 * One form of the page: the details (intent "profile"), a new password (intent "password"), or
 * the two-factor card's (intents "two-factor-…").
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, ctx, db } = await requireSignedIn({ request, context });
  const deps = { ip: clientIp(request), appUrl: env().appUrl, from: callerOf(request) };
  const options = {
    failure: "Failed to save your changes. Please try again.",
    success: { to: "/profile", title: "Profile updated successfully!" },
    hideFields: PASSWORD_FIELDS,
    invalidDetails: (posted: FormData) => ({
      checks:
        posted.get("intent") === "password"
          ? passwordChecks(String(posted.get("password") ?? ""), String(posted.get("confirmPassword") ?? ""))
          : null,
    }),
  };
  return submitForm(request, ProfileFormsSchema, options, async (value, reply) => {
    const outcome = isTwoFactorIntent(value)
      ? await changeTwoFactor(db, user, ctx, value, { ip: deps.ip, reply })
      : value.intent === "profile"
        ? await updateProfile(db, user, value, deps)
        : await changePassword(db, user, value, deps);
    if (outcome instanceof Response) return outcome;
    if (!outcome.ok) {
      const { field, message, status, retryAfter } = outcome;
      const result = reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
      const headers: HeadersInit = retryAfter ? { "Retry-After": String(retryAfter) } : {};
      return json({ result, checks: null }, { status, headers });
    }
    if (value.intent === "password") {
      return redirectWithToast("/profile", {
        type: "success",
        title: "Password changed successfully!",
        description: "You were signed out everywhere else.",
      });
    }
  });
}

const isTwoFactorIntent = (value: { intent: string }): value is TwoFactorInput =>
  (TWO_FACTOR_INTENTS as readonly string[]).includes(value.intent);

export default function ProfilePage() {
  const { profile, twoFactor } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <ProfileDetailsForm key={JSON.stringify(profile)} profile={profile} data={data} />
      <ChangePasswordForm data={data} />
      <TwoFactorCard view={twoFactor} data={data} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load your profile. Please try again." retry />;
}
