// Requests for calling route loaders and actions in-process (integration tests), and reading
// their answers as a browser or an API client would.

/** The arguments Remix passes to a loader or action. */
export const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** A thrown Response (redirect, 404…) or a returned one, as the answer. */
export async function settle(promise: Promise<Response | unknown> | Response | unknown): Promise<Response> {
  try {
    const result = await promise;
    if (result instanceof Response) return result;
    throw new Error("expected a Response");
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const CLIENT_IP = "192.0.2.1";

/** A form post, as a browser without JavaScript sends it. */
export function formPost(path: string, fields: Record<string, string>, cookie?: string, ip = CLIENT_IP) {
  const headers = new Headers({ "X-Client-IP": ip });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A JSON API request: bearer token, JSON body (an object is serialised, a string sent as is). */
export function apiRequest(
  path: string,
  init: { method?: string; body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  headers.set("X-Client-IP", init.ip ?? "203.0.113.7");
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return new Request(`http://localhost${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

type HeadersExport = (args: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
  parentHeaders: Headers;
  errorHeaders: Headers | undefined;
}) => HeadersInit;

/**
 * The headers of the page Remix renders after an action answered `answer` (a form posted without
 * JavaScript): what the route's `headers` export keeps of it; without one, only its cookies.
 */
export function pageHeaders(route: { headers?: HeadersExport }, answer: { headers: Headers }): Headers {
  const headers = new Headers(
    route.headers?.({
      actionHeaders: answer.headers,
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  );
  for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
