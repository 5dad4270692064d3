import { createPlacement, getPlacement, listPlacements } from "~/models/placements.server";
import { PlacementListQuerySchema, PlacementSchema } from "~/schemas/placement";
import { apiError, apiRoute, apiSuccess, conflictError, readJsonBody, readQuery } from "~/services/api.server";
import { toApiPlacement, toApiPlacementListItem } from "~/services/api-shapes.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const result = await listPlacements(db, ctx, readQuery(request, PlacementListQuerySchema));
    return apiSuccess({
      placements: result.placements.map(toApiPlacementListItem),
      page: result.page,
      totalPages: result.totalPages,
      totalCount: result.total,
      statusCounts: result.statusCounts,
    });
  },
  POST: async ({ db, ctx, request }) => {
    const result = await createPlacement(db, ctx, await readJsonBody(request, PlacementSchema));
    if (!result.ok && result.reason === "conflict") return conflictError(result.errors);
    if (!result.ok) {
      return apiError(400, "Validation failed", { errors: result.reason === "invalid" ? result.errors : [] });
    }
    const placement = await getPlacement(db, ctx, result.id);
    return apiSuccess(
      { placement: toApiPlacement(placement!) },
      { status: 201, message: "Placement created successfully!" },
    );
  },
});
