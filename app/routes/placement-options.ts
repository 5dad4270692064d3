import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { searchClientOptions } from "~/models/clients.server";
import { searchFacilityOptions } from "~/models/facilities.server";
import { searchTerm } from "~/schemas/placement";
import { requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

// GET /placement-options?kind=client|facility&q=…: what the placement form's type-to-search
// pickers offer (with JavaScript). Without it the form's selects have a search step instead, which
// searches the same way (see savePlacementForm).

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const q = searchTerm(url.searchParams.get("q"));
  const search = kind === "client" ? searchClientOptions : kind === "facility" ? searchFacilityOptions : null;
  invariantResponse(search, 'kind must be "client" or "facility"', { status: 400 });
  const options = await search(db, ctx, { q, limit: 20 });
  return json({ options }, { headers: { "Cache-Control": "no-store" } });
}
