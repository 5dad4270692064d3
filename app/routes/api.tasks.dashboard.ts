import type { LoaderFunctionArgs } from "@remix-run/node";
import { getTaskDashboard } from "~/models/tasks.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess(await getTaskDashboard(db, ctx)));

export const action = methodNotAllowed("GET");
