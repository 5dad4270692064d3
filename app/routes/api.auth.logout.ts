import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteSession } from "~/models/session.server";
import { apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = methodNotAllowed("POST");

export const action = ({ request }: ActionFunctionArgs) =>
  request.method !== "POST"
    ? methodNotAllowed("POST")({ request })
    : withApiUser(request, async ({ db, user }) => {
        await deleteSession(db, user.token);
        return apiSuccess(null, { message: "Logged out successfully" });
      });
