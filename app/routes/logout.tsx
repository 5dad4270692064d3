import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutAndRedirect } from "~/services/session.server";

// Signing out is a POST (a link could be triggered by another site); a GET just goes home.
export const loader = () => redirect("/dashboard");

export async function action({ request }: ActionFunctionArgs) {
  return signOutAndRedirect(request, "/login");
}
