import { renderToStaticMarkup } from "react-dom/server";
import { ApiReference } from "~/components/api-reference";
import { methodNotAllowed } from "~/services/api.server";
import { openApiDocument } from "~/services/openapi.server";

/**
 * `GET /api/docs`: the API reference for people, rendered on the server from the OpenAPI document
 * (/api/openapi.json). A standalone page without scripts, outside the app's shell: it is public,
 * like the document it renders.
 */
export function loader() {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<ApiReference doc={openApiDocument()} />)}`;
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export const action = methodNotAllowed("GET");
