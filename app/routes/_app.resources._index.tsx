import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toResourceRow } from "~/components/resources/resource-table";
import { RESOURCE_FILTER_LABELS, ResourcesPage } from "~/components/resources/resources-page";
import { agencyDay } from "~/models/agency.server";
import { listResources, relatedNames } from "~/models/resources.server";
import { RESOURCE_PAGE_SIZE } from "~/schemas/resource.constants";
import { ResourceListQuerySchema } from "~/services/page-schemas.server";
import { loadListPage } from "~/services/list-page.server";

// The document library (spec 002 §2 Resources list): the same parameters as GET /api/resources.

export const meta: MetaFunction = () => [{ title: "Resources · Senior Placement" }];

const SCREEN = { schema: ResourceListQuerySchema, labels: RESOURCE_FILTER_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, async ({ db, ctx }, query) => {
    const [page, { today }] = await Promise.all([listResources(db, ctx, query), agencyDay(db, ctx)]);
    const names = await relatedNames(
      db,
      ctx,
      page.resources.map((r) => r.relatedTo),
    );
    return { ...page, today, names };
  });
  return json(
    {
      resources: result.resources.map((r) => toResourceRow(r, result.names)),
      total: result.total,
      page: result.page,
      totalPages: result.totalPages,
      limit: result.limit,
      today: result.today,
      filters: {
        search: query.search ?? "",
        category: query.category ?? "",
        type: query.type ?? "",
        accessLevel: query.accessLevel ?? "",
        limit: query.limit === RESOURCE_PAGE_SIZE ? "" : String(query.limit),
      },
      problems,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function ResourcesRoute() {
  return <ResourcesPage {...useLoaderData<typeof loader>()} />;
}
