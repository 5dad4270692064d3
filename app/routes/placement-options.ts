import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { searchClientOptions } from "~/models/clients.server";
import { searchFacilityOptions } from "~/models/facilities.server";
import { getDb } from "~/utils/db.server";
import { contextOf, requireUser } from "~/services/session.server";

// GET /placement-options?kind=client|facility&q=…: what the placement form's type-to-search
// pickers offer (with JavaScript). Without it the form shows plain selects instead.

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const search = kind === "client" ? searchClientOptions : kind === "facility" ? searchFacilityOptions : null;
  if (!search) throw new Response('kind must be "client" or "facility"', { status: 400 });
  const options = await search(getDb(), ctx, { q, limit: 20 });
  return json({ options }, { headers: { "Cache-Control": "no-store" } });
}
