import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/ui/dialog";
import { deletePlacement, getPlacement } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE, PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { redirectWithToast, requirePermission, requireRecord, requireSignedIn } from "~/services/session.server";

// Deleting a placement: the confirmation page without JavaScript; with it, a dialog posts here.
// Its timeline goes with it; the client's and facility's pages no longer list it.

export const meta: MetaFunction = () => [{ title: "Delete Placement · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record: placement, ctx } = await requireRecord(
    { request, context },
    params.id,
    getPlacement,
    PLACEMENT_NOT_FOUND,
  );
  requirePermission(ctx, "records.delete");
  return json({
    id: placement.id,
    title: `${placement.client.firstName} ${placement.client.lastName} → ${placement.facility.name}`,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.delete");
  const id = params.id ?? "";
  if (!(await deletePlacement(db, ctx, id)).ok) {
    return redirectWithToast(`/placements`, { type: "error", title: "Failed to delete placement" });
  }
  return redirectWithToast("/placements", { type: "success", title: "Placement deleted successfully" });
}

export default function DeletePlacementPage() {
  const { id, title } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel title={`Delete ${title}?`} message={DELETE_PLACEMENT_MESSAGE} cancelHref={`/placements/${id}`} />
    </div>
  );
}
