import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFacilityDashboard } from "~/models/facilities.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess(await getFacilityDashboard(db, ctx)));

export const action = methodNotAllowed("GET");
