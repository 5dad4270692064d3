import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { toClientCard } from "~/components/clients/client-card";
import { CLIENT_FILTER_LABELS, ClientsPage } from "~/components/clients/clients-page";
import { listClients } from "~/models/clients.server";
import { CLIENT_PAGE_SIZE, ClientListQuerySchema } from "~/services/page-schemas.server";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { filterValues, loadListPage, sortValue } from "~/services/list-page.server";

export const meta: MetaFunction = () => [{ title: "Clients · Senior Placement" }];

const SCREEN = { schema: ClientListQuerySchema, pageSize: CLIENT_PAGE_SIZE, labels: CLIENT_FILTER_LABELS };

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
