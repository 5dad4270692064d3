import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers, toApiUser } from "~/models/user.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess({ users: (await listUsers(db, ctx)).map(toApiUser) }));

export const action = methodNotAllowed("GET");
