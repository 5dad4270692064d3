import type { LoaderFunctionArgs } from "@remix-run/node";
import { getClientDashboard } from "~/models/clients.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess(await getClientDashboard(db, ctx)));

export const action = methodNotAllowed("GET");
