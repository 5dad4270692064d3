import { deleteFacility, facilityInUseMessage, getFacility, updateFacility } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { apiRecordRoute, refuseInUse, saveAs } from "~/services/api.server";
import { toApiFacility } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "facility",
  notFound: "Facility not found.",
  find: getFacility,
  toApi: toApiFacility,
  update: { schema: FacilitySchema, save: saveAs(updateFacility, "facility") },
  removeNeeds: "records.delete",
  remove: refuseInUse(deleteFacility, facilityInUseMessage),
});
