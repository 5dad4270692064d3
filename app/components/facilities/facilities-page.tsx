import { FACILITY_TYPES } from "~/utils/vocabulary";
import { FilterForm } from "../ui/filter-form";
import { BuildingIcon } from "../ui/icons";
import {
  ExportLink,
  filterLabels,
  NewButton,
  PriceRangeFilter,
  SearchFilter,
  SelectFilters,
  type SelectSpec,
  SortControl,
  type SortField,
} from "../ui/list-controls";
import { CardGrid, ListPage, type ListPageData } from "../ui/list-page";
import { FacilityCard, type toFacilityCard } from "./facility-card";

/** What the facility directory shows: a page of cards, the count and the filters as read. */
export interface FacilitiesPageData extends ListPageData {
  facilities: ReturnType<typeof toFacilityCard>[];
  /** What each filter holds, by its URL parameter (a price as typed, `sort` as the URL writes it). */
  filters: { search: string; type: string; availability: string; minPrice: string; maxPrice: string; sort: string };
}

const SELECTS: SelectSpec[] = [
  {
    id: "facility-type",
    name: "type",
    label: "Type",
    anyLabel: "All types",
    options: FACILITY_TYPES,
    className: "w-full sm:w-48",
  },
  {
    id: "facility-availability",
    name: "availability",
    label: "Availability",
    anyLabel: "Any availability",
    options: [
      ["available", "Beds available"],
      ["waitlist", "Wait list"],
    ],
  },
];

/** What the directory calls each URL parameter, as its controls do. */
export const FACILITY_FILTER_LABELS = filterLabels(SELECTS, {
  minPrice: "Min price",
  maxPrice: "Max price",
  sort: "Sort by",
});

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  name: { label: "Name", kind: "text" },
  minCost: { label: "Minimum cost", kind: "number", first: "asc" },
  rating: { label: "Rating", kind: "number" },
  "capacity.available": { label: "Available beds", kind: "number" },
};

/** The facility directory (/facilities): filters, then the cards or an empty state. */
export function FacilitiesPage({ facilities, filters, ...list }: FacilitiesPageData) {
  const active = [filters.type, filters.availability, filters.minPrice, filters.maxPrice].filter(Boolean).length;
  const filtering = Boolean(filters.search) || active > 0;
  const add = <NewButton to="/facilities/new">Add Facility</NewButton>;
  return (
    <ListPage
      area="facilities"
      actions={
        <>
          <ExportLink to="/facilities/export" />
          {add}
        </>
      }
      controls={
        <FilterForm
          label="Facility filters"
          values={filters}
          search={
            <SearchFilter id="facility-search" value={filters.search} placeholder="Name, city or license number" />
          }
          active={active}
        >
          <SelectFilters selects={SELECTS} values={filters} />
          <PriceRangeFilter
            id="facility-price"
            min={filters.minPrice}
            max={filters.maxPrice}
            problems={list.problems}
          />
          <SortControl id="facility-sort" fields={SORT_FIELDS} value={filters.sort} />
        </FilterForm>
      }
      list={list}
      shownBeside={["minPrice", "maxPrice"]}
      filtering={filtering}
      noMatches={{
        message: "Try another search or a wider price range, or clear the filters.",
        clearLabel: "Clear filters",
      }}
      empty={{
        icon: <BuildingIcon className="h-6 w-6" />,
        title: "No facilities yet",
        message: "Add the communities and care homes you place clients with.",
        action: add,
      }}
    >
      <CardGrid label="Facilities" items={facilities}>
        {(facility) => <FacilityCard facility={facility} />}
      </CardGrid>
    </ListPage>
  );
}
