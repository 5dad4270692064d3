import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireSignedIn } from "~/services/session.server";
import { can } from "~/utils/permissions";

/** /settings opens the first section the role has: staff for admins, API tokens for the others. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireSignedIn(args);
  return redirect(can(ctx.role, "staff.manage") ? "/settings/users" : "/settings/tokens");
}
