import { getClient } from "~/models/clients.server";
import { getDisclosure, recordDisclosure } from "~/models/tours.server";
import { DISCLOSURE_MESSAGES, DisclosureSchema } from "~/schemas/tour";
import {
  apiError,
  apiRoute,
  apiSuccess,
  etag,
  expectedVersion,
  readJsonBody,
  staleRecordError,
} from "~/services/api.server";
import { toApiDisclosure } from "~/services/api-shapes.server";

/**
 * `GET /api/clients/{id}/disclosure`: the family's disclosure (null while not recorded), its
 * version as its ETag ("0" while none is recorded).
 * `PUT /api/clients/{id}/disclosure` `{ disclosedOn, method, resourceId?, version? }`: records or
 * replaces it; with `If-Match` (or `version`) naming another version than it is at (one recorded
 * meanwhile, when "0" was read), 412 with the disclosure as it is now.
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) throw apiError(404, "Client not found");
    const disclosure = await getDisclosure(db, ctx, client.id);
    return apiSuccess(
      { disclosure: disclosure && toApiDisclosure(disclosure) },
      { headers: { ETag: etag(disclosure?.version ?? 0) } },
    );
  },
  PUT: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    const body = await readJsonBody(request, DisclosureSchema);
    const before = await getDisclosure(db, ctx, id);
    const version = expectedVersion(request, before?.version ?? 0, body.version);
    const result = await recordDisclosure(db, ctx, id, { ...body, version });
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Client not found");
    if (!result.ok && result.reason === "stale") {
      const now = await getDisclosure(db, ctx, id);
      throw staleRecordError("disclosure", result, now && toApiDisclosure(now));
    }
    if (!result.ok) throw apiError(400, "Validation failed", { errors: result.errors });
    return apiSuccess(
      { disclosure: toApiDisclosure(result.disclosure) },
      { message: `${DISCLOSURE_MESSAGES.saved}!`, headers: { ETag: etag(result.disclosure.version) } },
    );
  },
});
