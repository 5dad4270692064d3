import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeletePage } from "~/components/ui/form";
import { deletePlacement, getPlacement } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE, PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { deletedOrNot } from "~/services/form.server";
import { loadDeletePage } from "~/services/record-screen.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";

// Deleting a placement: the confirmation page without JavaScript; with it, a dialog posts here.
// Its timeline goes with it; the client's and facility's pages no longer list it.

export const meta: MetaFunction = () => [{ title: "Delete Placement · Senior Placement" }];

export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getPlacement, PLACEMENT_NOT_FOUND, "records.delete", (placement) => ({
    title: `Delete ${placement.client.firstName} ${placement.client.lastName} → ${placement.facility.name}?`,
    message: DELETE_PLACEMENT_MESSAGE,
    cancelHref: `/placements/${placement.id}`,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "records.delete");
  const { ok } = await deletePlacement(db, ctx, params.id ?? "");
  return deletedOrNot(ok, "/placements", {
    deleted: "Placement deleted successfully",
    failed: "Failed to delete placement",
  });
}

export default function DeletePlacementPage() {
  return <DeletePage {...useLoaderData<typeof loader>()} />;
}
