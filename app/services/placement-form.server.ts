import { json } from "@remix-run/node";
import { createPlacement, placementFormOptions, updatePlacement } from "~/models/placements.server";
import {
  PICKER_SEARCH_FIELDS,
  PLACEMENT_CHECKBOXES,
  PLACEMENT_FORM_EXTRAS,
  PLACEMENT_NOT_FOUND,
  PlacementSchema,
} from "~/schemas/placement";
import { isUuid } from "~/utils/uuid";
import { isPickerSearchStep, landOn, refusedSave, savedAs, submitForm, textIn } from "./form.server";
import { requireSignedIn } from "./session.server";

/**
 * The action of the placement form, for a new placement or (with `id`) an edited one: saved, to
 * the new placement's page (an edited one: the list) with its toast; refused by what only the
 * database knows (another agency's client…: 400; a second open placement of the client at the
 * facility, a move-in to a full facility: 409),
 * back to the form with those problems as `errors`.
 *
 * Someone else's save since the form was opened refuses it (409, `staleForm`), as typed.
 *
 * Without JavaScript the client and facility pickers are selects, each with a search box. Its
 * Search button (or Enter while a search box holds a term not searched yet) sends the whole form
 * for a search step: nothing is checked or saved, the form comes back as it was typed. Every
 * answer that goes back to the form carries the pickers' `options` for the form as posted: each
 * offers the matches of its search term (or the usual first ones) and the one chosen.
 */
export async function savePlacementForm(request: Request, id?: string) {
  const { ctx, db } = await requireSignedIn({ request });
  const saved = savedAs(id === undefined ? "create" : "update", "placement", "/placements", "Failed to save placement");
  const pickers = async (form: FormData, chosen = chosenIn(form)) => ({
    options: await placementFormOptions(db, ctx, chosen, termsIn(form)),
  });
  const options = {
    ...saved,
    checkboxes: PLACEMENT_CHECKBOXES,
    ignore: PLACEMENT_FORM_EXTRAS,
    step: isPickerSearchStep,
    echo: pickers,
  };
  return submitForm(request, PlacementSchema, options, async (placement, reply, form) => {
    const result =
      id === undefined ? await createPlacement(db, ctx, placement) : await updatePlacement(db, ctx, id, placement);
    // A new placement opens on its page; an edited one goes back to the list.
    if (result.ok) return id === undefined ? landOn(saved, `/placements/${result.id}`) : undefined;
    const chosen = { clientId: placement.clientId, facilityId: placement.facilityId };
    if (result.reason === "invalid" || result.reason === "conflict") {
      const status = result.reason === "conflict" ? 409 : 400;
      // Each refusal under its field (a picker, the status), as typed.
      const fieldErrors = Object.fromEntries(result.errors.map((e) => [e.path, [e.msg]]));
      return json(
        { result: reply({ fieldErrors }), errors: result.errors, ...(await pickers(form, chosen)) },
        { status },
      );
    }
    const record = { noun: "placement", href: `/placements/${id}`, notFound: PLACEMENT_NOT_FOUND };
    return refusedSave(db, ctx, reply, result, record, () => pickers(form, chosen));
  });
}

/** The client and facility chosen in the posted form (ids, else null). */
function chosenIn(form: FormData) {
  const id = (name: string) => (isUuid(textIn(form, name)) ? textIn(form, name) : null);
  return { clientId: id("clientId"), facilityId: id("facilityId") };
}

/** What the posted form's picker search boxes hold. */
function termsIn(form: FormData) {
  const { client, facility } = PICKER_SEARCH_FIELDS;
  return { client: textIn(form, client.term), facility: textIn(form, facility.term) };
}
