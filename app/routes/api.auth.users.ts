import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/models/user.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";
import { toApiUser } from "~/services/api-shapes.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => apiSuccess({ users: (await listUsers(db, ctx)).map(toApiUser) }));

export const action = methodNotAllowed("GET");
