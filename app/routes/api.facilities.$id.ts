import {
  deleteFacility,
  facilityInUseMessage,
  getFacility,
  toApiFacility,
  updateFacility,
} from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";

const NOT_FOUND = "Facility not found.";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, params }) => {
    const facility = await getFacility(db, ctx, params.id ?? "");
    return facility ? apiSuccess({ facility: toApiFacility(facility) }) : apiError(404, NOT_FOUND);
  },
  PUT: async ({ db, ctx, request, params }) => {
    if (!(await getFacility(db, ctx, params.id ?? ""))) return apiError(404, NOT_FOUND);
    const facility = await updateFacility(db, ctx, params.id ?? "", await readJsonBody(request, FacilitySchema));
    return facility
      ? apiSuccess({ facility: toApiFacility(facility) }, { message: "Facility updated successfully!" })
      : apiError(404, NOT_FOUND);
  },
  DELETE: async ({ db, ctx, params }) => {
    const result = await deleteFacility(db, ctx, params.id ?? "");
    if (result.ok) return apiSuccess({ facility: { _id: params.id } }, { message: "Facility deleted successfully" });
    return result.reason === "not-found"
      ? apiError(404, NOT_FOUND)
      : apiError(409, facilityInUseMessage(result.placements));
  },
});
