import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createFacility, listFacilities, toApiFacility } from "~/models/facilities.server";
import { FacilityListQuerySchema, FacilitySchema } from "~/schemas/facility";
import { apiSuccess, methodNotAllowed, readJsonBody, readQuery, withApiUser } from "~/services/api.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => {
    const result = await listFacilities(db, ctx, readQuery(request, FacilityListQuerySchema));
    return apiSuccess({
      facilities: result.facilities.map(toApiFacility),
      pagination: {
        page: result.page,
        limit: result.limit,
        totalPages: result.totalPages,
        totalFacilities: result.total,
      },
    });
  });

export const action = ({ request }: ActionFunctionArgs) =>
  request.method !== "POST"
    ? methodNotAllowed("GET, POST")({ request })
    : withApiUser(request, async ({ db, ctx }) => {
        const facility = await createFacility(db, ctx, await readJsonBody(request, FacilitySchema));
        return apiSuccess(
          { facility: toApiFacility(facility) },
          { status: 201, message: "Facility created successfully!" },
        );
      });
