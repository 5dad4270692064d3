/**
 * The caller's address. The server entry copies the socket address (or, behind a
 * trusted proxy, the forwarded one) into X-Client-IP; a client cannot forge it because
 * the entry overwrites whatever header came in.
 */
export function clientIp(request: Request): string {
  return request.headers.get("X-Client-IP") ?? "unknown";
}

/** The caller's address as a record keeps it (audit rows): null when the server entry gave none. */
export function knownClientIp(request: Request): string | null {
  return request.headers.get("X-Client-IP") || null;
}

/**
 * Where a request comes from as an audit entry records it: its address and User-Agent (for a
 * caller who is not signed in, as a password reset by link; a signed-in one's Ctx carries them).
 */
export function callerOf(request: Request): { ip: string | null; userAgent: string | null } {
  return { ip: knownClientIp(request), userAgent: request.headers.get("User-Agent") };
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Whether a Content-Type is one a browser form sends. */
export function isFormContentType(type: string | null | undefined): boolean {
  return FORM_TYPES.test(type ?? "");
}

/**
 * The posted form, or a 4xx the error boundary shows: 415 for a body that is not a form (no or
 * another Content-Type), 400 for one that cannot be read. Never a 500 for what a client sent.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request.headers.get("Content-Type"))) {
    throw new Response("This page only accepts a form sent from its own page. Go back and try again.", {
      status: 415,
    });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read. Go back and send it again.", { status: 400 });
  }
}
