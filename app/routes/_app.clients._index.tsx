import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { ClientCard, toClientCard } from "~/components/clients/client-card";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterForm } from "~/components/ui/filter-form";
import { UsersIcon } from "~/components/ui/icons";
import {
  CardGrid,
  countText,
  ExportLink,
  IgnoredParams,
  ListResults,
  NewButton,
  SearchFilter,
  SelectFilter,
  SortControl,
  type SortField,
} from "~/components/ui/list-controls";
import { PageHeader } from "~/components/ui/page-header";
import { listClients } from "~/models/clients.server";
import { CLIENT_PAGE_SIZE, ClientListQuerySchema } from "~/services/page-schemas.server";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { loadListPage } from "~/services/list-page.server";
import { CARE_LEVEL_LABELS, CARE_LEVELS, CLIENT_STATUSES } from "~/utils/vocabulary";

export const meta: MetaFunction = () => [{ title: "Clients · Senior Placement" }];

/** The filters' labels: what the page calls each URL parameter when it cannot use one. */
const PARAM_LABELS = { search: "Search", status: "Status", careLevel: "Care level", sort: "Sort by", page: "Page" };

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  createdAt: { label: "Date added", kind: "date" },
  firstName: { label: "First name", kind: "text" },
  lastName: { label: "Last name", kind: "text" },
};

const SCREEN = { schema: ClientListQuerySchema, pageSize: CLIENT_PAGE_SIZE, labels: PARAM_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, ({ db, ctx }, query) =>
    listClients(db, ctx, query, { countCap: SEARCH_COUNT_CAP }),
  );
  return json({
    clients: result.clients.map(toClientCard),
    page: result.page,
    total: result.total,
    capped: result.capped,
    totalPages: result.totalPages,
    filters: {
      search: query.search ?? "",
      status: query.status ?? "",
      careLevel: query.careLevel ?? "",
      sortField: query.sort.field,
      sortDirection: query.sort.direction,
    },
    problems,
  });
}

export default function ClientsPage() {
  const { clients, page, totalPages, total, capped, filters, problems } = useLoaderData<typeof loader>();
  const filtering = Boolean(filters.search || filters.status || filters.careLevel);
  const sign = filters.sortDirection === "desc" ? "-" : "";

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Clients"
        description={countText(total, capped, filtering, ["client", "clients"])}
        actions={
          <>
            <ExportLink to="/clients/export" />
            <NewButton to="/clients/new">Add Client</NewButton>
          </>
        }
      >
        <FilterForm
          label="Client filters"
          values={{
            search: filters.search,
            status: filters.status,
            careLevel: filters.careLevel,
            sort: `${sign}${filters.sortField}`,
          }}
          search={<SearchFilter id="client-search" value={filters.search} placeholder="Name, email or phone" />}
          active={[filters.status, filters.careLevel].filter(Boolean).length}
        >
          <SelectFilter
            id="client-status"
            name="status"
            label="Status"
            value={filters.status}
            anyLabel="All statuses"
            options={CLIENT_STATUSES.map((s) => [s, s] as const)}
          />
          <SelectFilter
            id="client-care-level"
            name="careLevel"
            label="Care level"
            value={filters.careLevel}
            anyLabel="All care levels"
            options={CARE_LEVELS.map((level) => [level, CARE_LEVEL_LABELS[level]] as const)}
            className="w-full sm:w-48"
          />
          <SortControl
            id="client-sort"
            fields={SORT_FIELDS}
            field={filters.sortField}
            direction={filters.sortDirection}
          />
        </FilterForm>
      </PageHeader>

      <IgnoredParams problems={problems} clearTo="/clients" />

      <ListResults
        count={total}
        filtering={filtering}
        noMatches={{
          noun: "clients",
          message: "Try another search, or clear the filters to see every client.",
          clearTo: "/clients",
          clearLabel: "Clear filters",
        }}
        empty={
          <EmptyState
            icon={<UsersIcon className="h-6 w-6" />}
            title="No clients yet"
            message="Add the first person you are helping to find a place."
            action={<NewButton to="/clients/new">Add Client</NewButton>}
          />
        }
        pages={{ page, totalPages, total: capped ? undefined : total }}
      >
        <CardGrid label="Clients" items={clients}>
          {(client) => <ClientCard client={client} />}
        </CardGrid>
      </ListResults>
    </div>
  );
}
