import { createFacility, listFacilities } from "~/models/facilities.server";
import { FacilityListQuerySchema, FacilitySchema } from "~/schemas/facility";
import { apiRoute, apiSuccess, readJsonBody, readQuery } from "~/services/api.server";
import { toApiFacility } from "~/services/api-shapes.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const { facilities, page, limit, totalPages, total } = await listFacilities(
      db,
      ctx,
      readQuery(request, FacilityListQuerySchema),
    );
    return apiSuccess({
      facilities: facilities.map(toApiFacility),
      pagination: { page, limit, totalPages, totalFacilities: total },
    });
  },
  POST: async ({ db, ctx, request }) => {
    const facility = await createFacility(db, ctx, await readJsonBody(request, FacilitySchema));
    return apiSuccess(
      { facility: toApiFacility(facility) },
      { status: 201, message: "Facility created successfully!" },
    );
  },
});
