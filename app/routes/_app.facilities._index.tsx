import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { FACILITY_FILTER_LABELS, FacilitiesPage } from "~/components/facilities/facilities-page";
import { toFacilityCard } from "~/components/facilities/facility-card";
import { listFacilities } from "~/models/facilities.server";
import { FACILITY_PAGE_SIZE, FacilityListQuerySchema } from "~/services/page-schemas.server";
import { typedValue } from "~/utils/list-query";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { filterValues, loadListPage, sortValue } from "~/services/list-page.server";

export const meta: MetaFunction = () => [{ title: "Facilities · Senior Placement" }];

const SCREEN = { schema: FacilityListQuerySchema, pageSize: FACILITY_PAGE_SIZE, labels: FACILITY_FILTER_LABELS };

export async function loader(args: LoaderFunctionArgs) {
  const { query, problems, result } = await loadListPage(args, SCREEN, ({ db, ctx }, query) =>
    listFacilities(db, ctx, query, { countCap: SEARCH_COUNT_CAP }),
  );
  const { facilities, ...page } = result;
  return json({
    ...page,
    facilities: facilities.map(toFacilityCard),
    filters: {
      ...filterValues(query, ["search", "type", "availability"]),
      // A price the list could not use still shows as typed, beside what is wrong with it.
      minPrice: query.minPrice?.toString() ?? typedValue(problems, "minPrice"),
      maxPrice: query.maxPrice?.toString() ?? typedValue(problems, "maxPrice"),
      // availableBeds is another name for capacity.available: show the form's field name.
      sort: sortValue({
        ...query.sort,
        field: query.sort.field === "availableBeds" ? "capacity.available" : query.sort.field,
      }),
    },
    problems,
  });
}

export default function FacilitiesRoute() {
  return <FacilitiesPage {...useLoaderData<typeof loader>()} />;
}
