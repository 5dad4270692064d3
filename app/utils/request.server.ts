/**
 * The caller's address. The server entry copies the socket address (or, behind a
 * trusted proxy, the forwarded one) into X-Client-IP; a client cannot forge it because
 * the entry overwrites whatever header came in.
 */
export function clientIp(request: Request): string {
  return request.headers.get("X-Client-IP") ?? "unknown";
}
