import { getTour, recordTourOutcome } from "~/models/tours.server";
import { TOUR_MESSAGES, TourOutcomeSchema } from "~/schemas/tour";
import { apiError, apiRoute, getRecord, patchAtVersion, recordAnswer } from "~/services/api.server";
import { toApiTour } from "~/services/api-shapes.server";

const TOUR = { name: "tour", notFound: TOUR_MESSAGES.notFound, find: getTour, toApi: toApiTour };

/**
 * `GET /api/tours/{id}`: one tour, its version as its ETag.
 * `PATCH /api/tours/{id}` `{ outcome, outcomeNotes?, version? }`: records a tour's outcome; with
 * `If-Match` (or `version`) naming an older version, 412 with the tour as it is now.
 */
export const { loader, action } = apiRoute({
  GET: getRecord(TOUR),
  PATCH: patchAtVersion(TOUR, {
    schema: TourOutcomeSchema,
    write: recordTourOutcome,
    answer: (result) => {
      if (!result.ok) throw apiError(404, TOUR_MESSAGES.notFound);
      return recordAnswer(TOUR, result.tour, { message: `${TOUR_MESSAGES.recorded}!` });
    },
  }),
});
