import { getClient } from "~/models/clients.server";
import { TimelineQuerySchema } from "~/schemas/client";
import { apiError, apiRoute, apiSuccess, readQuery } from "~/services/api.server";
import { toApiTimelineEntry } from "~/services/api-shapes.server";
import { timelinePage } from "~/services/client-timeline.server";

/**
 * `GET /api/clients/{id}/timeline?kind=&page=&limit=`: everything that happened with the client,
 * newest first (docs/api.md). It writes no `view` entry of its own: reading the client
 * (GET /api/clients/{id}, its page) does.
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request, params }) => {
    const query = readQuery(request, TimelineQuerySchema);
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) throw apiError(404, "Client not found");
    const { entries, counts, page, limit, totalPages, total } = await timelinePage(db, ctx, client.id, query);
    return apiSuccess({
      timeline: entries.map(toApiTimelineEntry),
      counts,
      pagination: { page, limit, totalPages, total },
    });
  },
});
