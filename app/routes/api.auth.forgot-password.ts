import type { ActionFunctionArgs } from "@remix-run/node";
import { requestPasswordReset } from "~/services/password-reset.server";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { apiError, apiSuccess, handleApi, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { clientIp } from "~/utils/request.server";

export const loader = methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST")({ request });
    const { email } = await readJsonBody(request, ForgotPasswordSchema);
    const result = await requestPasswordReset(getDb(), email, { appUrl: env().appUrl, ip: clientIp(request) });
    if (!result.ok) {
      return apiError(429, result.message, { headers: { "Retry-After": String(result.retryAfter) } });
    }
    return apiSuccess({}, { message: result.message });
  });
}
