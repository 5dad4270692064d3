import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";
import { toApiUser } from "~/services/api-shapes.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ user }) => apiSuccess({ user: toApiUser(user) }));

export const action = methodNotAllowed("GET");
