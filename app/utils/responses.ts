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
