import { deletePlacement, getPlacement, updatePlacement } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { apiError, apiRecordRoute } from "~/services/api.server";
import { toApiPlacement } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "placement",
  notFound: "Placement not found",
  find: getPlacement,
  version: (placement) => placement.version,
  toApi: toApiPlacement,
  update: {
    schema: PlacementSchema,
    // The client, facility and agent must exist: a 400 naming each one that does not.
    save: async (db, ctx, id, input) => {
      const result = await updatePlacement(db, ctx, id, input);
      if (!result.ok && result.reason === "invalid")
        throw apiError(400, "Validation failed", { errors: result.errors });
      if (!result.ok) return result;
      const record = await getPlacement(db, ctx, id);
      return record ? { ok: true, record } : { ok: false, reason: "not-found" };
    },
  },
  remove: deletePlacement,
});
