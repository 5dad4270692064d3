import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { clientPlacementOptions } from "~/models/placements.server";
import { relatedRecordOptions } from "~/models/resources.server";
import { searchTerm } from "~/schemas/placement";
import { requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import type { RelatedType } from "~/utils/vocabulary";

// GET /placement-options?kind=client|facility|placement|task&q=…: what the forms' type-to-search
// pickers offer (with JavaScript): the placement and task forms' client and facility, and the
// record a document belongs to. Without JavaScript the forms have a search step instead, which
// searches the same way. `kind=placement&clientId=…`: that client's placements (the task form's
// Related placement, once another client is chosen).

const KINDS: Record<string, RelatedType> = {
  client: "Client",
  facility: "Facility",
  placement: "Placement",
  task: "Task",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const url = new URL(request.url);
  const type = KINDS[url.searchParams.get("kind") ?? ""];
  invariantResponse(type, 'kind must be "client", "facility", "placement" or "task"', { status: 400 });
  const clientId = url.searchParams.get("clientId");
  if (type === "Placement" && clientId !== null) {
    const options = await clientPlacementOptions(db, ctx, clientId);
    return json({ options }, { headers: { "Cache-Control": "no-store" } });
  }
  const q = searchTerm(url.searchParams.get("q"));
  const options = await relatedRecordOptions(db, ctx, type, { q, limit: 20 });
  return json({ options }, { headers: { "Cache-Control": "no-store" } });
}
