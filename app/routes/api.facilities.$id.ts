import {
  deleteFacility,
  facilityInUseMessage,
  getFacility,
  toApiFacility,
  updateFacility,
} from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { apiError, apiRecordRoute } from "~/services/api.server";

export const { loader, action } = apiRecordRoute({
  name: "facility",
  notFound: "Facility not found.",
  find: getFacility,
  toApi: toApiFacility,
  update: { schema: FacilitySchema, save: updateFacility },
  remove: async (db, ctx, id) => {
    const result = await deleteFacility(db, ctx, id);
    if (!result.ok && result.reason === "in-use") throw apiError(409, facilityInUseMessage(result.placements));
    return result.ok;
  },
});
