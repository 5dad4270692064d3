import { getPlacementDashboard } from "~/models/placements.server";
import { apiRoute, apiSuccess } from "~/services/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx }) => apiSuccess(await getPlacementDashboard(db, ctx)),
});
