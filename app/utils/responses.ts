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
