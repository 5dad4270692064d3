import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { PlacementFormPage, placementFormDefaults } from "~/components/placements/placement-form";
import { getPlacement, placementFormOptions } from "~/models/placements.server";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { savePlacementForm } from "~/services/placement-form.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Edit Placement · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: placement, ctx, db } = await requireRouteRecord(args, getPlacement, PLACEMENT_NOT_FOUND);
  const options = await placementFormOptions(db, ctx, {
    clientId: placement.client.id,
    facilityId: placement.facility.id,
  });
  return json({ options, defaultValue: placementFormDefaults(placement) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return savePlacementForm(request, params.id ?? "");
}

export default function EditPlacementPage() {
  return <PlacementFormPage mode="edit" />;
}
