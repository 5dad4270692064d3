import type { ActionFunctionArgs } from "@remix-run/node";
import { resetPassword } from "~/services/password-reset.server";
import { RESET_TOKEN_PROBLEMS, ResetPasswordSchema } from "~/schemas/auth";
import { apiError, apiSuccess, handleApi, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { callerOf } from "~/utils/request.server";

export const loader = methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST")({ request });
    const body = await readJsonBody(request, ResetPasswordSchema);
    const result = await resetPassword(getDb(), body, { appUrl: env().appUrl, from: callerOf(request) });
    if (!result.ok) {
      return apiError(400, RESET_TOKEN_PROBLEMS[result.problem], {
        errors: [{ path: "token", msg: RESET_TOKEN_PROBLEMS[result.problem] }],
      });
    }
    return apiSuccess({}, { message: result.message });
  });
}
