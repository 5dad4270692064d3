import { matchClient } from "~/models/matching.server";
import { MatchQuerySchema } from "~/schemas/client";
import { apiError, apiRoute, apiSuccess, readQuery } from "~/services/api.server";

/** `GET /api/clients/{id}/matches?limit=`: the facilities that suit the client, best first (docs/matching.md). */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request, params }) => {
    const { limit } = readQuery(request, MatchQuerySchema);
    const matches = await matchClient(db, ctx, params.id ?? "", limit);
    if (!matches) throw apiError(404, "Client not found");
    return apiSuccess({ matches });
  },
});
