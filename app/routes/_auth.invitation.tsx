import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AcceptInvitationPage } from "~/components/auth/accept-invitation-page";
import { passwordChecks } from "~/schemas/auth";
import { AcceptInvitationSchema, INVITATION_PROBLEMS, MEMBER_IS_STAFF } from "~/schemas/staff";
import { submitForm } from "~/services/form.server";
import { redirectWithToast, requireAnonymous } from "~/services/session.server";
import { acceptInvitationLink, checkInvitation } from "~/services/staff.server";
import { getDb } from "~/utils/db.server";
import { callerOf } from "~/utils/request.server";

export const meta: MetaFunction = () => [{ title: "Accept Your Invitation · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  await requireAnonymous(args);
  const token = new URL(args.request.url).searchParams.get("token")?.trim() ?? "";
  const checked = token ? await checkInvitation(getDb(), token) : ({ ok: false, problem: "invalid" } as const);
  if (!checked.ok) return json({ token, invitation: null, problem: INVITATION_PROBLEMS[checked.problem] });
  const { agencyName, email, firstName, lastName, role, invitedBy } = checked.invitation;
  return json({ token, invitation: { agencyName, email, firstName, lastName, role, invitedBy }, problem: null });
}

export async function action(args: ActionFunctionArgs) {
  await requireAnonymous(args);
  const options = {
    failure: "Failed to create your account. Please try again.",
    success: { to: "/login", title: "Your account is ready" },
    hideFields: ["password", "confirmPassword"],
    invalidDetails: (posted: FormData) => ({
      checks: passwordChecks(String(posted.get("password") ?? ""), String(posted.get("confirmPassword") ?? "")),
    }),
  };
  return submitForm(args.request, AcceptInvitationSchema, options, async (value, reply) => {
    const outcome = await acceptInvitationLink(getDb(), value, callerOf(args.request));
    if (!outcome.ok) {
      const problem = outcome.problem === "member" ? MEMBER_IS_STAFF : INVITATION_PROBLEMS[outcome.problem];
      return json({ result: reply(), checks: null, problem }, { status: 409 });
    }
    return redirectWithToast("/login", {
      type: "success",
      title: "Your account is ready",
      description: `Sign in with ${outcome.user.email} and your new password.`,
    });
  });
}

export default function InvitationRoute() {
  return <AcceptInvitationPage {...useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}
