import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StaffPage } from "~/components/settings/staff-page";
import { StaffListFormsSchema } from "~/schemas/staff";
import { submitForm } from "~/services/form.server";
import { redirectWithToast, requirePermission, requireSignedIn } from "~/services/session.server";
import { staffList, staffListAction } from "~/services/staff.server";

export const meta: MetaFunction = () => [{ title: "Staff · Settings · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireSignedIn(args);
  requirePermission(signedIn.ctx, "staff.manage");
  return json(await staffList(signedIn));
}

/** Invite someone (intent "invite"), or take back an invitation (intent "revoke"). */
export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireSignedIn(args);
  requirePermission(signedIn.ctx, "staff.manage");
  const options = { failure: "Failed to save. Please try again.", success: { to: "/settings/users", title: "Saved" } };
  return submitForm(args.request, StaffListFormsSchema, options, async (value, reply) => {
    const outcome = await staffListAction(signedIn, value);
    if (!outcome.ok) return json({ result: reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    return redirectWithToast("/settings/users", { type: "success", title: outcome.title });
  });
}

export default function StaffRoute() {
  const { staff, invitations } = useLoaderData<typeof loader>();
  return <StaffPage staff={staff} invitations={invitations} data={useActionData<typeof action>()} />;
}
