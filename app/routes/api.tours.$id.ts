import { getTour, recordTourOutcome } from "~/models/tours.server";
import { TOUR_MESSAGES, TourOutcomeSchema } from "~/schemas/tour";
import {
  apiError,
  apiRoute,
  apiSuccess,
  etag,
  expectedVersion,
  readJsonBody,
  staleRecordError,
} from "~/services/api.server";
import { toApiTour } from "~/services/api-shapes.server";

/**
 * `GET /api/tours/{id}`: one tour, its version as its ETag.
 * `PATCH /api/tours/{id}` `{ outcome, outcomeNotes?, version? }`: records a tour's outcome; with
 * `If-Match` (or `version`) naming an older version, 412 with the tour as it is now.
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const tour = await getTour(db, ctx, params.id ?? "");
    if (!tour) throw apiError(404, TOUR_MESSAGES.notFound);
    return apiSuccess({ tour: toApiTour(tour) }, { headers: { ETag: etag(tour.version) } });
  },
  PATCH: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    const input = await readJsonBody(request, TourOutcomeSchema);
    const current = await getTour(db, ctx, id);
    if (!current) throw apiError(404, TOUR_MESSAGES.notFound);
    const version = expectedVersion(request, current.version, input.version);
    const result = await recordTourOutcome(db, ctx, id, { ...input, version });
    if (!result.ok && result.reason === "stale") {
      const now = await getTour(db, ctx, id);
      return staleRecordError("tour", result, now && toApiTour(now));
    }
    if (!result.ok) throw apiError(404, TOUR_MESSAGES.notFound);
    return apiSuccess(
      { tour: toApiTour(result.tour) },
      { message: `${TOUR_MESSAGES.recorded}!`, headers: { ETag: etag(result.tour.version) } },
    );
  },
});
