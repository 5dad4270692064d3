import { getClient } from "~/models/clients.server";
import { getDisclosure, recordDisclosure } from "~/models/tours.server";
import { DISCLOSURE_MESSAGES, DisclosureSchema } from "~/schemas/tour";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { toApiDisclosure } from "~/services/api-shapes.server";

/**
 * `GET /api/clients/{id}/disclosure`: the family's disclosure (null while not recorded).
 * `PUT /api/clients/{id}/disclosure` `{ disclosedOn, method, resourceId? }`: records or replaces it.
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) throw apiError(404, "Client not found");
    const disclosure = await getDisclosure(db, ctx, client.id);
    return apiSuccess({ disclosure: disclosure && toApiDisclosure(disclosure) });
  },
  PUT: async ({ db, ctx, request, params }) => {
    const input = await readJsonBody(request, DisclosureSchema);
    const result = await recordDisclosure(db, ctx, params.id ?? "", input);
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Client not found");
    if (!result.ok) throw apiError(400, "Validation failed", { errors: result.errors });
    return apiSuccess({ disclosure: toApiDisclosure(result.disclosure) }, { message: `${DISCLOSURE_MESSAGES.saved}!` });
  },
});
