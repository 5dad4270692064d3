import { json } from "@remix-run/node";
import { createPlacement, updatePlacement } from "~/models/placements.server";
import { PLACEMENT_CHECKBOXES, PLACEMENT_NOT_FOUND, PlacementSchema } from "~/schemas/placement";
import { invariantResponse } from "~/utils/responses";
import { savedAs, submitForm } from "./form.server";
import { requireSignedIn } from "./session.server";

/**
 * The action of the placement form, for a new placement or (with `id`) an edited one: saved, to
 * the list with its toast; refused by what only the database knows (another agency's client…),
 * back to the form with those problems as `errors`.
 */
export async function savePlacementForm(request: Request, id?: string) {
  const { ctx, db } = await requireSignedIn(request);
  const saved = savedAs(id === undefined ? "create" : "update", "placement", "/placements", "Failed to save placement");
  const options = { ...saved, checkboxes: PLACEMENT_CHECKBOXES };
  return submitForm(request, PlacementSchema, options, async (placement, reply) => {
    const result =
      id === undefined ? await createPlacement(db, ctx, placement) : await updatePlacement(db, ctx, id, placement);
    if (result.ok) return;
    invariantResponse(result.reason !== "not-found", PLACEMENT_NOT_FOUND);
    return json({ result: reply(), errors: result.errors }, { status: 400 });
  });
}
