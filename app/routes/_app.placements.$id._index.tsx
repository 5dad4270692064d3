import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PlacementPage } from "~/components/placements/placement-detail";
import { getPlacement } from "~/models/placements.server";
import { PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { relatedDocuments } from "~/services/resources.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Placement Details · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: placement, db, ctx } = await requireRouteRecord(args, getPlacement, PLACEMENT_NOT_FOUND);
  const documents = await relatedDocuments(db, ctx, "Placement", placement.id);
  return json({ placement, documents });
}

export default function PlacementDetailRoute() {
  return <PlacementPage {...useLoaderData<typeof loader>()} />;
}
