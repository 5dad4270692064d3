import { agencyDay } from "~/models/agency.server";
import { getClient } from "~/models/clients.server";
import { listClientTours, scheduleTour } from "~/models/tours.server";
import { TOUR_MESSAGES, TourSchema } from "~/schemas/tour";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { toApiTour } from "~/services/api-shapes.server";
import { zonedTime } from "~/utils/days";

/**
 * `GET /api/clients/{id}/tours`: the client's tours, the latest planned first.
 * `POST /api/clients/{id}/tours` `{ facilityId, date, time, staffIds?, familyAttendees?, notes? }`:
 * schedules one (`date` and `time` read in the agency's zone).
 */
export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const client = await getClient(db, ctx, params.id ?? "");
    if (!client) throw apiError(404, "Client not found");
    const tours = await listClientTours(db, ctx, client.id);
    return apiSuccess({ tours: tours.map(toApiTour) });
  },
  POST: async ({ db, ctx, request, params }) => {
    const input = await readJsonBody(request, TourSchema);
    const { timeZone } = await agencyDay(db, ctx);
    const result = await scheduleTour(
      db,
      ctx,
      params.id ?? "",
      input,
      zonedTime(`${input.date}T${input.time}`, timeZone),
    );
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Client not found");
    if (!result.ok) throw apiError(400, "Validation failed", { errors: result.errors });
    return apiSuccess({ tour: toApiTour(result.tour) }, { status: 201, message: `${TOUR_MESSAGES.scheduled}!` });
  },
});
