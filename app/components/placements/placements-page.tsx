import { WorkScope, type WorkScopeData } from "../layout/work-scope";
import { useLocation } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import { PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { ButtonLink } from "../ui/button";
import { FilterForm } from "../ui/filter-form";
import { ClipboardIcon } from "../ui/icons";
import {
  ExportLink,
  FilterChips,
  filterLabels,
  NewButton,
  SearchFilter,
  SelectFilters,
  type SelectSpec,
} from "../ui/list-controls";
import { ListPage, type ListPageData } from "../ui/list-page";
import { PlacementTable } from "./placement-table";

/** A record the list is narrowed to (from its page's quick actions), by name. */
interface Narrowed {
  id: string;
  name: string;
}

/** What the placements list shows: a page of rows, the counts by status and the filters as read. */
export interface PlacementsPageData extends ListPageData {
  placements: PlacementListItem[];
  statusCounts: Partial<Record<string, number>>;
  /** What each control of the filter bar holds, by its URL parameter. */
  filters: { search: string; status: string; priority: string };
  /** The facility or the client the list is narrowed to (`facilityId`, `clientId`), shown as chips. */
  facility: Narrowed | null;
  client: Narrowed | null;
  /** Work left with departed staff (the list has no "my work": it is the team's). */
  scope: WorkScopeData;
  /** The page's clients whose family has not received the disclosure (their rows say so). */
  undisclosed?: string[];
}

const SELECTS: SelectSpec[] = [
  { id: "placement-status", name: "status", label: "Status", anyLabel: "All statuses", options: PLACEMENT_STATUSES },
  { id: "placement-priority", name: "priority", label: "Priority", anyLabel: "All priorities", options: PRIORITIES },
];

/** What the list calls each URL parameter, as its controls and chips do. */
export const PLACEMENT_FILTER_LABELS = filterLabels(SELECTS, { facilityId: "Facility", clientId: "Client" });

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
  statusCounts,
  filters,
  facility,
  client,
  scope,
  undisclosed,
  ...list
}: PlacementsPageData) {
  const { search } = useLocation();
  const active = [filters.status, filters.priority].filter(Boolean).length;
  const filtering = Boolean(filters.search || facility || client) || active > 0;
  const newHref = `/placements/new${facility ? `?facilityId=${facility.id}` : client ? `?clientId=${client.id}` : ""}`;
  return (
    <ListPage
      area="placements"
      actions={
        <>
          <ExportLink to="/placements/export" />
          <NewButton to={newHref}>New Placement</NewButton>
        </>
      }
      controls={
        <>
          <WorkScope scope={scope} noun="placements" />
          <StatusTiles total={list.total} statusCounts={statusCounts} />
          <FilterForm
            label="Placement filters"
            debounceMs={500}
            values={filters}
            search={
              <>
                {/* The facility or client filter rides along with the form. */}
                {facility ? <input type="hidden" name="facilityId" value={facility.id} /> : null}
                {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
                <SearchFilter id="placement-search" value={filters.search} placeholder="Client or facility name" />
              </>
            }
            active={active}
          >
            <SelectFilters selects={SELECTS} values={filters} />
            <ButtonLink to="/placements" variant="ghost">
              Reset Filters
            </ButtonLink>
          </FilterForm>
          <FilterChips
            search={search}
            chips={[
              facility && { kind: "Facility", name: facility.name, param: "facilityId" },
              client && { kind: "Client", name: client.name, param: "clientId" },
            ]}
          />
        </>
      }
      list={list}
      filtering={filtering}
      noMatches={{
        message: "Try another search, or reset the filters.",
        clearLabel: "Reset Filters",
      }}
      empty={{
        icon: <ClipboardIcon className="h-6 w-6" />,
        title: "No placements yet",
        message: "A placement links a client, a facility and an agent, and follows the move to completion.",
        action: <NewButton to="/placements/new">New Placement</NewButton>,
      }}
    >
      <PlacementTable placements={placements} undisclosed={undisclosed} />
    </ListPage>
  );
}

/** The counts by status, over the filters: the list's total, then each status's. */
function StatusTiles({ total, statusCounts }: { total: number; statusCounts: Partial<Record<string, number>> }) {
  return (
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
  );
}
