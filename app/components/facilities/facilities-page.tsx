import type { ListProblem } from "~/utils/list-query";
import { FACILITY_TYPES } from "~/utils/vocabulary";
import { EmptyState } from "../ui/empty-state";
import { FilterForm } from "../ui/filter-form";
import { BuildingIcon } from "../ui/icons";
import {
  CardGrid,
  countText,
  ExportLink,
  IgnoredParams,
  ListResults,
  NewButton,
  PriceRangeFilter,
  SearchFilter,
  SelectFilter,
  SortControl,
  type SortField,
} from "../ui/list-controls";
import { PageHeader } from "../ui/page-header";
import { FacilityCard, type toFacilityCard } from "./facility-card";

/** What the facility directory shows: a page of cards, the count and the filters as read. */
export interface FacilitiesPageData {
  facilities: ReturnType<typeof toFacilityCard>[];
  page: number;
  total: number;
  capped: boolean;
  totalPages: number;
  filters: {
    search: string;
    type: string;
    availability: string;
    minPrice: string;
    maxPrice: string;
    sortField: string;
    sortDirection: "asc" | "desc";
  };
  problems: ListProblem[];
}

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  name: { label: "Name", kind: "text" },
  minCost: { label: "Minimum cost", kind: "number", first: "asc" },
  rating: { label: "Rating", kind: "number" },
  "capacity.available": { label: "Available beds", kind: "number" },
};

/** The facility directory (/facilities): filters, then the cards or an empty state. */
export function FacilitiesPage({ facilities, page, totalPages, total, capped, filters, problems }: FacilitiesPageData) {
  const filtering = Boolean(
    filters.search || filters.type || filters.availability || filters.minPrice || filters.maxPrice,
  );
  const sign = filters.sortDirection === "desc" ? "-" : "";

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Facilities"
        description={countText(total, capped, filtering, ["facility", "facilities"])}
        actions={
          <>
            <ExportLink to="/facilities/export" />
            <NewButton to="/facilities/new">Add Facility</NewButton>
          </>
        }
      >
        <FilterForm
          label="Facility filters"
          values={{
            search: filters.search,
            type: filters.type,
            availability: filters.availability,
            minPrice: filters.minPrice,
            maxPrice: filters.maxPrice,
            sort: `${sign}${filters.sortField}`,
          }}
          search={
            <SearchFilter id="facility-search" value={filters.search} placeholder="Name, city or license number" />
          }
          active={[filters.type, filters.availability, filters.minPrice, filters.maxPrice].filter(Boolean).length}
        >
          <SelectFilter
            id="facility-type"
            name="type"
            label="Type"
            value={filters.type}
            anyLabel="All types"
            options={FACILITY_TYPES.map((t) => [t, t] as const)}
            className="w-full sm:w-48"
          />
          <SelectFilter
            id="facility-availability"
            name="availability"
            label="Availability"
            value={filters.availability}
            anyLabel="Any availability"
            options={[
              ["available", "Beds available"],
              ["waitlist", "Wait list"],
            ]}
          />
          <PriceRangeFilter id="facility-price" min={filters.minPrice} max={filters.maxPrice} problems={problems} />
          <SortControl
            id="facility-sort"
            fields={SORT_FIELDS}
            field={filters.sortField}
            direction={filters.sortDirection}
          />
        </FilterForm>
      </PageHeader>

      <IgnoredParams problems={problems} clearTo="/facilities" shownBeside={["minPrice", "maxPrice"]} />

      <ListResults
        count={total}
        filtering={filtering}
        noMatches={{
          noun: "facilities",
          message: "Try another search or a wider price range, or clear the filters.",
          clearTo: "/facilities",
          clearLabel: "Clear filters",
        }}
        empty={
          <EmptyState
            icon={<BuildingIcon className="h-6 w-6" />}
            title="No facilities yet"
            message="Add the communities and care homes you place clients with."
            action={<NewButton to="/facilities/new">Add Facility</NewButton>}
          />
        }
        pages={{ page, totalPages, total: capped ? undefined : total }}
      >
        <CardGrid label="Facilities" items={facilities}>
          {(facility) => <FacilityCard facility={facility} />}
        </CardGrid>
      </ListResults>
    </div>
  );
}
