import { getClientDashboard } from "~/models/clients.server";
import { apiRoute, apiSuccess } from "~/services/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx }) => apiSuccess(await getClientDashboard(db, ctx)),
});
