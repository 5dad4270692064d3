import { deleteFacility, facilityInUseMessage, getFacility, updateFacility } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { apiError, apiRecordRoute } from "~/services/api.server";
import { toApiFacility } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "facility",
  notFound: "Facility not found.",
  find: getFacility,
  version: (facility) => facility.version,
  toApi: toApiFacility,
  update: {
    schema: FacilitySchema,
    save: async (db, ctx, id, input) => {
      const result = await updateFacility(db, ctx, id, input);
      return result.ok ? { ok: true, record: result.facility } : result;
    },
  },
  removeNeeds: "records.delete",
  remove: async (db, ctx, id, version) => {
    const result = await deleteFacility(db, ctx, id, version);
    if (!result.ok && result.reason === "in-use") throw apiError(409, facilityInUseMessage(result.placements));
    return result;
  },
});
