import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiUser } from "~/models/user.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ user }) => apiSuccess({ user: toApiUser(user) }));

export const action = methodNotAllowed("GET");
