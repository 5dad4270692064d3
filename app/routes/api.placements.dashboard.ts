import type { LoaderFunctionArgs } from "@remix-run/node";
import { getPlacementDashboard } from "~/models/placements.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess(await getPlacementDashboard(db, ctx)));

export const action = methodNotAllowed("GET");
