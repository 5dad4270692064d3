import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { toClientCard } from "~/components/clients/client-card";
import { ClientsPage } from "~/components/clients/clients-page";
import { listClients } from "~/models/clients.server";
import { CLIENT_PAGE_SIZE, ClientListQuerySchema } from "~/services/page-schemas.server";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { filterValues, loadListPage, sortValue } from "~/services/list-page.server";

export const meta: MetaFunction = () => [{ title: "Clients · Senior Placement" }];

/** The filters' labels: what the page calls each URL parameter when it cannot use one. */
const PARAM_LABELS = { search: "Search", status: "Status", careLevel: "Care level", sort: "Sort by", page: "Page" };

const SCREEN = { schema: ClientListQuerySchema, pageSize: CLIENT_PAGE_SIZE, labels: PARAM_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, ({ db, ctx }, query) =>
    listClients(db, ctx, query, { countCap: SEARCH_COUNT_CAP }),
  );
  const { clients, ...page } = result;
  return json({
    ...page,
    clients: clients.map(toClientCard),
    filters: { ...filterValues(query, ["search", "status", "careLevel"]), sort: sortValue(query.sort) },
    problems,
  });
}

export default function ClientsRoute() {
  return <ClientsPage {...useLoaderData<typeof loader>()} />;
}
