import { deletePlacement, getPlacement, toApiPlacement, updatePlacement } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";

const NOT_FOUND = "Placement not found";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const placement = await getPlacement(db, ctx, params.id ?? "");
    return placement ? apiSuccess({ placement: toApiPlacement(placement) }) : apiError(404, NOT_FOUND);
  },
  PUT: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    if (!(await getPlacement(db, ctx, id))) return apiError(404, NOT_FOUND);
    const result = await updatePlacement(db, ctx, id, await readJsonBody(request, PlacementSchema));
    if (!result.ok) {
      return result.reason === "not-found"
        ? apiError(404, NOT_FOUND)
        : apiError(400, "Validation failed", { errors: result.errors });
    }
    const placement = await getPlacement(db, ctx, id);
    return apiSuccess({ placement: toApiPlacement(placement!) }, { message: "Placement updated successfully!" });
  },
  DELETE: async ({ db, ctx, params }) =>
    (await deletePlacement(db, ctx, params.id ?? ""))
      ? apiSuccess({ placement: { _id: params.id } }, { message: "Placement deleted successfully" })
      : apiError(404, NOT_FOUND),
});
