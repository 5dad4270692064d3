import type { ActionFunctionArgs } from "@remix-run/node";
import { createSession } from "~/models/session.server";

import { LoginSchema, TWO_FACTOR_API_REFUSED, TWO_FACTOR_SETUP_API_REFUSED } from "~/schemas/auth";
import { apiError, apiSuccess, handleApi, methodNotAllowed, readJsonBody } from "~/services/api.server";
import { signInWithPassword } from "~/services/auth.server";
import { getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { clientIp } from "~/utils/request.server";
import { toApiUser } from "~/services/api-shapes.server";

export const loader = methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST")({ request });
    const body = await readJsonBody(request, LoginSchema);
    const db = getDb();
    const result = await signInWithPassword(db, {
      ...body,
      ip: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
    });
    if (!result.ok) {
      return apiError(result.status, result.message, {
        headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined,
      });
    }
    // A password alone is not enough for such an account; a personal token was made signed in.
    if (result.secondStep === "code") return apiError(403, TWO_FACTOR_API_REFUSED);
    if (result.secondStep === "setup") return apiError(403, TWO_FACTOR_SETUP_API_REFUSED);
    const { token, expiresAt } = await createSession(db, {
      user: result.user,
      kind: "api",
      limits: { idleMinutes: env().sessionIdleMinutes, absoluteHours: env().sessionAbsoluteHours },
      userAgent: request.headers.get("User-Agent"),
      ip: clientIp(request),
    });
    return apiSuccess(
      { user: toApiUser(result.user), token, expiresAt: expiresAt.toISOString() },
      { message: "Login successful" },
    );
  });
}
