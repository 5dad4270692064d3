import { getTaskDashboard } from "~/models/tasks/list.server";
import { apiRoute, apiSuccess } from "~/services/api.server";

export const { loader, action } = apiRoute({ GET: async ({ db, ctx }) => apiSuccess(await getTaskDashboard(db, ctx)) });
