import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PlacementPage } from "~/components/placements/placement-detail";
import { getPlacement } from "~/models/placements.server";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { placementPageAction, placementTasksData } from "~/services/placement-page.server";
import { placementTourData } from "~/services/tours.server";
import { relatedDocuments } from "~/services/resources.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Placement Details · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: placement, db, ctx } = await requireRouteRecord(args, getPlacement, PLACEMENT_NOT_FOUND);
  const [documents, tasks, tour] = await Promise.all([
    relatedDocuments(db, ctx, "Placement", placement.id),
    placementTasksData(db, ctx, placement),
    placementTourData(db, ctx, placement),
  ]);
  return json({ placement, documents, tasks, tour });
}

/** The checklist's forms: a step ticked or unticked, a step made a task (placementPageAction). */
export async function action({ request, params }: ActionFunctionArgs) {
  return placementPageAction(request, params.id ?? "");
}

export default function PlacementDetailRoute() {
  const answer = useActionData<typeof action>();
  return <PlacementPage {...useLoaderData<typeof loader>()} stepTask={answer?.stepTask ?? null} />;
}
