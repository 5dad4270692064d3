import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FacilityPage } from "~/components/facilities/facility-page";
import { countFacilityPlacements, getFacility } from "~/models/facilities.server";
import { listFacilityAgreements } from "~/models/agreements.server";
import { listFacilityTours } from "~/models/tours.server";
import { relatedDocuments } from "~/services/resources.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.facility.name} · Senior Placement` : "Facility · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: facility, ctx, db } = await requireRouteRecord(args, getFacility, "Facility not found.");
  const [placements, documents, agreements, tours] = await Promise.all([
    countFacilityPlacements(db, ctx, facility.id),
    relatedDocuments(db, ctx, "Facility", facility.id),
    listFacilityAgreements(db, ctx, facility.id),
    listFacilityTours(db, ctx, facility.id),
  ]);
  return json({ facility, placements, documents, agreements: agreements ?? [], tours });
}

export default function FacilityDetailRoute() {
  return <FacilityPage {...useLoaderData<typeof loader>()} />;
}
