import { recordTourOutcome } from "~/models/tours.server";
import { TOUR_MESSAGES, TourOutcomeSchema } from "~/schemas/tour";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { toApiTour } from "~/services/api-shapes.server";

/** `PATCH /api/tours/{id}` `{ outcome, outcomeNotes? }`: records a tour's outcome. */
export const { loader, action } = apiRoute({
  PATCH: async ({ db, ctx, request, params }) => {
    const input = await readJsonBody(request, TourOutcomeSchema);
    const tour = await recordTourOutcome(db, ctx, params.id ?? "", input);
    if (!tour) throw apiError(404, TOUR_MESSAGES.notFound);
    return apiSuccess({ tour: toApiTour(tour) }, { message: `${TOUR_MESSAGES.recorded}!` });
  },
});
