import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteSession } from "~/models/session.server";
import { callerOf } from "~/utils/request.server";
import { apiError, apiSuccess, methodNotAllowed, withApiUser } from "~/services/api.server";

export const loader = methodNotAllowed("POST");

/** Ends the sign-in token it is sent with. A personal token is revoked on /settings/tokens, never here. */
export const action = ({ request }: ActionFunctionArgs) =>
  request.method !== "POST"
    ? methodNotAllowed("POST")({ request })
    : withApiUser(request, async ({ db, user }) => {
        if (user.sessionKind === "personal") return apiError(400, PERSONAL_TOKEN_LOGOUT);
        await deleteSession(db, user.token, callerOf(request));
        return apiSuccess(null, { message: "Logged out successfully" });
      });

const PERSONAL_TOKEN_LOGOUT =
  "Logout ends sign-in tokens only. This personal token still works: revoke it on /settings/tokens.";
