import { useLocation } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import type { ListProblem } from "~/utils/list-query";
import { PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { ButtonLink } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { FilterForm } from "../ui/filter-form";
import { ClipboardIcon } from "../ui/icons";
import { FilterChips, IgnoredParams, ListResults, NewButton, SearchFilter, SelectFilter } from "../ui/list-controls";
import { PageHeader } from "../ui/page-header";
import { PlacementTable } from "./placement-table";

/** A record the list is narrowed to (from its page's quick actions), by name. */
interface Narrowed {
  id: string;
  name: string;
}

/** What the placements list shows: a page of rows, the counts by status and the filters as read. */
export interface PlacementsPageData {
  placements: PlacementListItem[];
  page: number;
  total: number;
  totalPages: number;
  statusCounts: Partial<Record<string, number>>;
  filters: {
    search: string;
    status: string;
    priority: string;
    facility: Narrowed | null;
    client: Narrowed | null;
  };
  problems: ListProblem[];
}

const TILES = [
  { label: "Total", status: null },
  { label: "In Progress", status: "In Progress" },
  { label: "Confirmed", status: "Confirmed" },
  { label: "Completed", status: "Completed" },
  { label: "Cancelled", status: "Cancelled" },
] as const;

/** The placements list (/placements): the counts by status, filters, then the table or an empty state. */
export function PlacementsPage({
  placements,
  page,
  totalPages,
  total,
  statusCounts,
  filters,
  problems,
}: PlacementsPageData) {
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
