import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PLACEMENT_FILTER_LABELS, PlacementsPage } from "~/components/placements/placements-page";
import { getClient } from "~/models/clients.server";
import { getFacility } from "~/models/facilities.server";
import { listPlacements } from "~/models/placements.server";
import { clientsWithoutDisclosure } from "~/models/tours.server";
import { PLACEMENT_PAGE_SIZE, PlacementListQuerySchema } from "~/services/page-schemas.server";
import { filterValues, loadListPage, narrowedTo, workScope } from "~/services/list-page.server";

export const meta: MetaFunction = () => [{ title: "Placements · Senior Placement" }];

const SCREEN = { schema: PlacementListQuerySchema, pageSize: PLACEMENT_PAGE_SIZE, labels: PLACEMENT_FILTER_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, async (signedIn, query) => {
    const { db, ctx } = signedIn;
    const [page, facility, client, scope] = await Promise.all([
      listPlacements(db, ctx, query),
      query.facilityId ? getFacility(db, ctx, query.facilityId) : null,
      query.clientId ? getClient(db, ctx, query.clientId) : null,
      // The list has no agent filter: only the warning about work left with departed staff.
      workScope(signedIn, new URL(args.request.url), undefined),
    ]);
    // The page's clients whose family has no disclosure yet: a badge on their rows.
    const undisclosed = [
      ...(await clientsWithoutDisclosure(
        db,
        ctx,
        page.placements.map((p) => p.client.id),
      )),
    ];
    return { ...page, facility, client, scope, undisclosed };
  });
  const { facility, client, ...page } = result;
  return json({
    ...page,
    filters: filterValues(query, ["search", "status", "priority"]),
    facility: narrowedTo(query.facilityId, facility, "Unknown facility"),
    client: narrowedTo(query.clientId, client, "Unknown client"),
    problems,
  });
}

export default function PlacementsRoute() {
  return <PlacementsPage {...useLoaderData<typeof loader>()} />;
}
