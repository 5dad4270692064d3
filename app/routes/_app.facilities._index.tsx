import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { FacilityCard, toFacilityCard } from "~/components/facilities/facility-card";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterForm } from "~/components/ui/filter-form";
import { BuildingIcon } from "~/components/ui/icons";
import {
  CardGrid,
  countText,
  ExportLink,
  IgnoredParams,
  ListResults,
  NewButton,
  SearchFilter,
  PriceRangeFilter,
  SelectFilter,
  SortControl,
  type SortField,
} from "~/components/ui/list-controls";
import { PageHeader } from "~/components/ui/page-header";
import { listFacilities } from "~/models/facilities.server";
import { FACILITY_PAGE_SIZE, FacilityListQuerySchema } from "~/services/page-schemas.server";
import { typedValue } from "~/utils/list-query";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { loadListPage } from "~/services/list-page.server";
import { FACILITY_TYPES } from "~/utils/vocabulary";

export const meta: MetaFunction = () => [{ title: "Facilities · Senior Placement" }];

/** The filters' labels: what the page calls each URL parameter when it cannot use one. */
const PARAM_LABELS = {
  search: "Search",
  type: "Type",
  availability: "Availability",
  minPrice: "Min price",
  maxPrice: "Max price",
  sort: "Sort by",
  page: "Page",
};

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  name: { label: "Name", kind: "text" },
  minCost: { label: "Minimum cost", kind: "number", first: "asc" },
  rating: { label: "Rating", kind: "number" },
  "capacity.available": { label: "Available beds", kind: "number" },
};

const SCREEN = { schema: FacilityListQuerySchema, pageSize: FACILITY_PAGE_SIZE, labels: PARAM_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, ({ db, ctx }, query) =>
    listFacilities(db, ctx, query, { countCap: SEARCH_COUNT_CAP }),
  );
  return json({
    facilities: result.facilities.map(toFacilityCard),
    page: result.page,
    total: result.total,
    capped: result.capped,
    totalPages: result.totalPages,
    filters: {
      search: query.search ?? "",
      type: query.type ?? "",
      availability: query.availability ?? "",
      // A price the list could not use still shows as typed, beside what is wrong with it.
      minPrice: query.minPrice?.toString() ?? typedValue(problems, "minPrice"),
      maxPrice: query.maxPrice?.toString() ?? typedValue(problems, "maxPrice"),
      // availableBeds is another name for capacity.available: show the form's field name.
      sortField: query.sort.field === "availableBeds" ? "capacity.available" : query.sort.field,
      sortDirection: query.sort.direction,
    },
    problems,
  });
}

export default function FacilitiesPage() {
  const { facilities, page, totalPages, total, capped, filters, problems } = useLoaderData<typeof loader>();
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
