import { json } from "@remix-run/node";
import { methodNotAllowed } from "~/services/api.server";
import { openApiDocument } from "~/services/openapi.server";

/**
 * `GET /api/openapi.json`: the API's OpenAPI 3.1 document, generated from the routes' own zod
 * schemas (app/services/openapi.server.ts). Public: it describes the API and holds no data.
 */
export const loader = () => json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });

export const action = methodNotAllowed("GET");
