import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { safeRedirect, sidebarCookie } from "~/services/session.server";
import { readFormData } from "~/utils/request.server";

export const loader = () => redirect("/dashboard");

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const headers = { "Set-Cookie": await sidebarCookie(form.get("collapsed") === "1") };
  // A fetcher (JavaScript) gets data; a plain form post goes back where it came from.
  if (new URL(request.url).searchParams.has("_data")) return json({ ok: true }, { headers });
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}
