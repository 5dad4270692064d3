import { getFacilityDashboard } from "~/models/facilities.server";
import { apiRoute, apiSuccess } from "~/services/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx }) => apiSuccess(await getFacilityDashboard(db, ctx)),
});
