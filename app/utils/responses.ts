/**
 * Throws a Response (404 unless another status is given) with a message for the error boundary
 * when `condition` is falsy; narrows it otherwise. Loaders and actions read top to bottom:
 *
 *   const client = await getClient(db, ctx, id);
 *   invariantResponse(client, "Client not found.");
 */
export function invariantResponse(
  condition: unknown,
  message: string,
  init: ResponseInit = { status: 404 },
): asserts condition {
  if (!condition) throw new Response(message, { status: 404, ...init });
}

/** What a person is told while the database cannot be reached (a restart, a failover, a cut network). */
export const DATABASE_UNAVAILABLE = "The database is not answering. Please try again in a moment.";
/** Seconds a caller is asked to wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** A field a form posted, by name, kept while the database could not take it. */
export type UnsavedField = [name: string, value: string];

/**
 * The 503 a screen throws while the database is away: the error page shows its text and a Retry.
 * With the fields of a form that could not be saved (app/services/unsaved.server.ts), its body
 * is `{ message, unsaved }` and the error page offers them again ("Save again").
 */
export function unavailableResponse(unsaved: UnsavedField[] = []): Response {
  const headers = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER) };
  if (unsaved.length > 0) {
    return new Response(JSON.stringify({ message: DATABASE_UNAVAILABLE, unsaved }), {
      status: 503,
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
    });
  }
  return new Response(DATABASE_UNAVAILABLE, {
    status: 503,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The fields of a form not saved, from an error response's data (see unavailableResponse). */
export function unsavedOf(data: unknown): UnsavedField[] {
  const unsaved = (data as { unsaved?: unknown } | null)?.unsaved;
  if (!Array.isArray(unsaved)) return [];
  return unsaved.filter(
    (field): field is UnsavedField =>
      Array.isArray(field) && typeof field[0] === "string" && typeof field[1] === "string",
  );
}

/**
 * A route's `headers` when its action or loader may answer 429 (or 503) with `Retry-After`: a
 * page rendered after it (a form posted without JavaScript) keeps that header. Remix passes only
 * `Set-Cookie` on to the document by itself. Export it from the route as `headers`.
 */
export function keepRetryAfter({
  actionHeaders,
  loaderHeaders,
  errorHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
  errorHeaders?: Headers;
  parentHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter =
    errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
