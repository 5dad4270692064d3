import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deletePlacement, getPlacement, toApiPlacement, updatePlacement } from "~/models/placements.server";
import { PlacementSchema } from "~/schemas/placement";
import { apiError, apiSuccess, methodNotAllowed, readJsonBody, withApiUser } from "~/services/api.server";

const NOT_FOUND = "Placement not found";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  withApiUser(request, async ({ db, ctx }) => {
    const placement = await getPlacement(db, ctx, params.id ?? "");
    return placement ? apiSuccess({ placement: toApiPlacement(placement) }) : apiError(404, NOT_FOUND);
  });

export const action = ({ request, params }: ActionFunctionArgs) => {
  const id = params.id ?? "";
  if (request.method === "PUT") {
    return withApiUser(request, async ({ db, ctx }) => {
      if (!(await getPlacement(db, ctx, id))) return apiError(404, NOT_FOUND);
      const result = await updatePlacement(db, ctx, id, await readJsonBody(request, PlacementSchema));
      if (!result.ok) {
        return result.reason === "not-found"
          ? apiError(404, NOT_FOUND)
          : apiError(400, "Validation failed", { errors: result.errors });
      }
      const placement = await getPlacement(db, ctx, id);
      return apiSuccess({ placement: toApiPlacement(placement!) }, { message: "Placement updated successfully!" });
    });
  }
  if (request.method === "DELETE") {
    return withApiUser(request, async ({ db, ctx }) =>
      (await deletePlacement(db, ctx, id))
        ? apiSuccess({ placement: { _id: id } }, { message: "Placement deleted successfully" })
        : apiError(404, NOT_FOUND),
    );
  }
  return methodNotAllowed("GET, PUT, DELETE")({ request });
};
