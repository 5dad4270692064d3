import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLocation, useLoaderData } from "@remix-run/react";
import { PlacementTable } from "~/components/placements/placement-table";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterForm } from "~/components/ui/filter-form";
import { ClipboardIcon } from "~/components/ui/icons";
import {
  FilterChips,
  IgnoredParams,
  ListResults,
  NewButton,
  SearchFilter,
  SelectFilter,
} from "~/components/ui/list-controls";
import { PageHeader } from "~/components/ui/page-header";
import { getClient } from "~/models/clients.server";
import { getFacility } from "~/models/facilities.server";
import { listPlacements } from "~/models/placements.server";
import { PLACEMENT_PAGE_SIZE, PlacementListQuerySchema } from "~/services/page-schemas.server";
import { loadListPage } from "~/services/list-page.server";
import { PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";

export const meta: MetaFunction = () => [{ title: "Placements · Senior Placement" }];

/** The filters' labels: what the page calls each URL parameter when it cannot use one. */
const PARAM_LABELS = {
  search: "Search",
  status: "Status",
  priority: "Priority",
  facilityId: "Facility",
  clientId: "Client",
  page: "Page",
};

const SCREEN = { schema: PlacementListQuerySchema, pageSize: PLACEMENT_PAGE_SIZE, labels: PARAM_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, async ({ db, ctx }, query) => {
    const [page, facility, client] = await Promise.all([
      listPlacements(db, ctx, query),
      query.facilityId ? getFacility(db, ctx, query.facilityId) : null,
      query.clientId ? getClient(db, ctx, query.clientId) : null,
    ]);
    return { ...page, facility, client };
  });
  const { facility, client, ...page } = result;
  return json({
    ...page,
    filters: {
      search: query.search ?? "",
      status: query.status ?? "",
      priority: query.priority ?? "",
      facility: query.facilityId ? { id: query.facilityId, name: facility?.name ?? "Unknown facility" } : null,
      client: query.clientId
        ? { id: query.clientId, name: client ? `${client.firstName} ${client.lastName}` : "Unknown client" }
        : null,
    },
    problems,
  });
}

const TILES = [
  { label: "Total", status: null },
  { label: "In Progress", status: "In Progress" },
  { label: "Confirmed", status: "Confirmed" },
  { label: "Completed", status: "Completed" },
  { label: "Cancelled", status: "Cancelled" },
] as const;

export default function PlacementsPage() {
  const { placements, page, totalPages, total, statusCounts, filters, problems } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtering = Boolean(filters.search || filters.status || filters.priority || filters.facility || filters.client);
  const newHref = `/placements/new${filters.facility ? `?facilityId=${filters.facility.id}` : filters.client ? `?clientId=${filters.client.id}` : ""}`;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Placements"
        description={`${total.toLocaleString("en-US")} ${total === 1 ? "placement" : "placements"}${filtering ? (total === 1 ? " matches your filters" : " match your filters") : ""}`}
        actions={<NewButton to={newHref}>New Placement</NewButton>}
      >
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 sm:gap-3" aria-label="Summary">
          {TILES.map((tile) => (
            <li key={tile.label}>
              <div className="tile">
                <p className="tile-label">{tile.label}</p>
                <p className="tile-value" data-testid={`tile-${tile.label}`}>
                  {(tile.status ? (statusCounts[tile.status] ?? 0) : total).toLocaleString("en-US")}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <FilterForm
          label="Placement filters"
          debounceMs={500}
          values={{ search: filters.search, status: filters.status, priority: filters.priority }}
          search={
            <>
              {/* The facility or client filter rides along with the form. */}
              {filters.facility ? <input type="hidden" name="facilityId" value={filters.facility.id} /> : null}
              {filters.client ? <input type="hidden" name="clientId" value={filters.client.id} /> : null}
              <SearchFilter id="placement-search" value={filters.search} placeholder="Client or facility name" />
            </>
          }
          active={[filters.status, filters.priority].filter(Boolean).length}
        >
          <SelectFilter
            id="placement-status"
            name="status"
            label="Status"
            value={filters.status}
            anyLabel="All statuses"
            options={PLACEMENT_STATUSES.map((s) => [s, s] as const)}
          />
          <SelectFilter
            id="placement-priority"
            name="priority"
            label="Priority"
            value={filters.priority}
            anyLabel="All priorities"
            options={PRIORITIES.map((p) => [p, p] as const)}
          />
          <ButtonLink to="/placements" variant="ghost">
            Reset Filters
          </ButtonLink>
        </FilterForm>
        <FilterChips
          search={search}
          chips={[
            filters.facility && { kind: "Facility", name: filters.facility.name, param: "facilityId" },
            filters.client && { kind: "Client", name: filters.client.name, param: "clientId" },
          ]}
        />
      </PageHeader>

      <IgnoredParams problems={problems} clearTo="/placements" />

      <ListResults
        count={total}
        filtering={filtering}
        noMatches={{
          noun: "placements",
          message: "Try another search, or reset the filters.",
          clearTo: "/placements",
          clearLabel: "Reset Filters",
        }}
        empty={
          <EmptyState
            icon={<ClipboardIcon className="h-6 w-6" />}
            title="No placements yet"
            message="A placement links a client, a facility and an agent, and follows the move to completion."
            action={<NewButton to="/placements/new">New Placement</NewButton>}
          />
        }
        pages={{ page, totalPages, total }}
      >
        <PlacementTable placements={placements} />
      </ListResults>
    </div>
  );
}
