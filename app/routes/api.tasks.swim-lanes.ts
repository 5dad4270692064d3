import { agencyDay } from "~/models/agency.server";

import { loadBoard } from "~/models/swim-lanes.server";
import { SwimLaneQuerySchema } from "~/schemas/swim-lanes";
import { apiRoute, apiSuccess, readQuery } from "~/services/api.server";
import { toApiBoardCard } from "~/services/api-shapes.server";

/**
 * `GET /api/tasks/swim-lanes`: every lane keyed by stage, with its count (and average progress)
 * over the filtered set and its first `limit` cards in the board's order; `stage` with `offset`
 * answers that lane alone, from there (docs/api.md, "Swim lanes").
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const query = readQuery(request, SwimLaneQuerySchema);
    const { today } = await agencyDay(db, ctx);
    const board = await loadBoard(db, ctx, query, today);
    const lanes = board.lanes.filter((lane) => !query.stage || lane.stage === query.stage);
    return apiSuccess({
      lanes: Object.fromEntries(
        lanes.map((lane) => [
          lane.stage,
          {
            count: lane.count,
            averageProgress: lane.averageProgress,
            offset: query.stage ? query.offset : 0,
            tasks: lane.tasks.map(toApiBoardCard),
          },
        ]),
      ),
    });
  },
});
