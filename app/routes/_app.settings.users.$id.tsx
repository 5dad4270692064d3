import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StaffMemberPage } from "~/components/settings/staff-member-page";
import { StaffMemberFormsSchema } from "~/schemas/staff";
import { submitForm } from "~/services/form.server";
import { redirectWithToast, requirePermission, requireSignedIn } from "~/services/session.server";
import { staffMember, staffMemberAction } from "~/services/staff.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member.name ?? "Staff member"} · Settings · Senior Placement` },
];

export async function loader(args: LoaderFunctionArgs) {
  const signedIn = await requireSignedIn(args);
  requirePermission(signedIn.ctx, "staff.manage");
  return json(await staffMember(signedIn, args.params.id));
}

/**
 * Change the role, deactivate or reactivate, move the open work, or reset two-factor sign-in
 * (the form's `intent`).
 */
export async function action(args: ActionFunctionArgs) {
  const signedIn = await requireSignedIn(args);
  requirePermission(signedIn.ctx, "staff.manage");
  const here = `/settings/users/${args.params.id}`;
  const options = { failure: "Failed to save. Please try again.", success: { to: here, title: "Saved" } };
  return submitForm(args.request, StaffMemberFormsSchema, options, async (value, reply) => {
    const outcome = await staffMemberAction(signedIn, args.params.id ?? "", value);
    if (!outcome.ok) return json({ result: reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    return redirectWithToast(here, { type: "success", title: outcome.title, description: outcome.description });
  });
}

export default function StaffMemberRoute() {
  return <StaffMemberPage {...useLoaderData<typeof loader>()} data={useActionData<typeof action>()} />;
}
