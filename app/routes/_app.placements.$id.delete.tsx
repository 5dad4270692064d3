import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlacementErrorBoundary } from "~/components/placements/placement-error-boundary";
import { ConfirmPanel } from "~/components/ui/dialog";
import { deletePlacement, getPlacement } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE } from "~/schemas/placement";
import { getDb } from "~/utils/db.server";
import { contextOf, redirectWithToast, requireUser } from "~/services/session.server";

// Deleting a placement: the confirmation page without JavaScript; with it, a dialog posts here.
// Its timeline goes with it; the client's and facility's pages no longer list it.

export const handle = { header: { title: "Placements", subtitle: "Track and manage all placements" } };

export const meta: MetaFunction = () => [{ title: "Delete Placement · Senior Placement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const placement = await getPlacement(getDb(), ctx, params.id ?? "");
  if (!placement) throw new Response("Failed to load placement details.", { status: 404 });
  return json({
    id: placement.id,
    title: `${placement.client.firstName} ${placement.client.lastName} → ${placement.facility.name}`,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const id = params.id ?? "";
  if (!(await deletePlacement(getDb(), ctx, id))) {
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

export { PlacementErrorBoundary as ErrorBoundary };
