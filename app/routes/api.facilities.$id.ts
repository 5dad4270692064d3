import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  deleteFacility,
  facilityInUseMessage,
  getFacility,
  toApiFacility,
  updateFacility,
} from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { apiError, apiSuccess, methodNotAllowed, readJsonBody, withApiUser } from "~/services/api.server";

const NOT_FOUND = "Facility not found.";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => {
    const facility = await getFacility(db, ctx, params.id ?? "");
    return facility ? apiSuccess({ facility: toApiFacility(facility) }) : apiError(404, NOT_FOUND);
  });

export const action = ({ request, params }: ActionFunctionArgs) => {
  const id = params.id ?? "";
  if (request.method === "PUT") {
    return withApiUser(request, async ({ db, ctx }) => {
      if (!(await getFacility(db, ctx, id))) return apiError(404, NOT_FOUND);
      const facility = await updateFacility(db, ctx, id, await readJsonBody(request, FacilitySchema));
      if (!facility) return apiError(404, NOT_FOUND);
      return apiSuccess({ facility: toApiFacility(facility) }, { message: "Facility updated successfully!" });
    });
  }
  if (request.method === "DELETE") {
    return withApiUser(request, async ({ db, ctx }) => {
      const result = await deleteFacility(db, ctx, id);
      if (result.ok) return apiSuccess({ facility: { _id: id } }, { message: "Facility deleted successfully" });
      if (result.reason === "not-found") return apiError(404, NOT_FOUND);
      return apiError(409, facilityInUseMessage(result.placements));
    });
  }
  return methodNotAllowed("GET, PUT, DELETE")({ request });
};
