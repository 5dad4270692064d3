import { useLocation } from "@remix-run/react";
import { useCan } from "../layout/use-can";
import { RESOURCE_PAGE_SIZE, RESOURCE_PAGE_SIZES } from "~/schemas/resource.constants";
import {
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVELS,
  RESOURCE_CATEGORIES,
  RESOURCE_FILE_KIND_LABELS,
  RESOURCE_FILE_KINDS,
} from "~/utils/vocabulary";
import { NavigationToast } from "../layout/toaster";
import { ButtonLink } from "../ui/button";
import { FilterForm } from "../ui/filter-form";
import { DownloadIcon, FolderIcon, UploadIcon } from "../ui/icons";
import { filterLabels, SearchFilter, SelectFilters, type SelectSpec } from "../ui/list-controls";
import { ListPage, type ListPageData } from "../ui/list-page";
import { ResourceTable, type toResourceRow } from "./resource-table";

/** What the document library shows: a page of rows, the count and the filters as read. */
export interface ResourcesPageData extends ListPageData {
  resources: ReturnType<typeof toResourceRow>[];
  limit: number;
  /** The agency's today, for the expiry badges. */
  today: string;
  /** What each filter holds, by its URL parameter (`limit` empty for the usual page size). */
  filters: { search: string; category: string; type: string; accessLevel: string; limit: string };
}

const SELECTS: SelectSpec[] = [
  {
    id: "resource-category",
    name: "category",
    label: "Category",
    anyLabel: "All categories",
    options: RESOURCE_CATEGORIES,
  },
  {
    id: "resource-type",
    name: "type",
    label: "Type",
    anyLabel: "All types",
    options: RESOURCE_FILE_KINDS.map((k) => [k, RESOURCE_FILE_KIND_LABELS[k]] as const),
  },
  {
    id: "resource-access",
    name: "accessLevel",
    label: "Access Level",
    anyLabel: "All access levels",
    options: ACCESS_LEVELS.map((a) => [a, ACCESS_LEVEL_LABELS[a]] as const),
    className: "w-full sm:w-48",
  },
  {
    id: "resource-limit",
    name: "limit",
    label: "Per page",
    anyLabel: `${RESOURCE_PAGE_SIZE} per page`,
    options: RESOURCE_PAGE_SIZES.filter((n) => n !== RESOURCE_PAGE_SIZE).map(
      (n) => [String(n), `${n} per page`] as const,
    ),
    className: "w-full sm:w-36",
  },
];

/** What the library calls each URL parameter, as its controls do. */
export const RESOURCE_FILTER_LABELS = filterLabels(SELECTS);

/** The document library (/resources): filters, then the table or an empty state. */
export function ResourcesPage({ resources, limit, today, filters, ...list }: ResourcesPageData) {
  const active = [filters.category, filters.type, filters.accessLevel].filter(Boolean).length;
  const filtering = Boolean(filters.search) || active > 0;
  return (
    <>
      {/* The upload's toast, when its script brought the user here (a form post's comes from the session). */}
      <NavigationToast />
      <ListPage
        area="resources"
        description={`${list.total.toLocaleString("en-US")} document(s) found`}
        actions={<ResourcesActions />}
        controls={
          <FilterForm
            label="Document filters"
            active={active + (filters.limit ? 1 : 0)}
            values={filters}
            search={
              <div className="w-full sm:w-auto sm:flex-1">
                <SearchFilter id="resource-search" value={filters.search} placeholder="Name, description or tag" />
              </div>
            }
          >
            <SelectFilters selects={SELECTS} values={filters} />
            <ButtonLink to="/resources" variant="ghost">
              Clear Filters
            </ButtonLink>
          </FilterForm>
        }
        list={list}
        filtering={filtering}
        noMatches={{
          message: "No document matches your search and filters. Try another search, or clear the filters.",
          clearLabel: "Clear Filters",
          inEmptyCard: true,
        }}
        empty={{
          icon: <FolderIcon className="h-6 w-6" />,
          title: "No Documents Found",
          message: "Assessments, care plans, insurance cards, contracts: upload the first one.",
          action: <UploadButton />,
        }}
        pages={{ limit, noun: "documents", severalOnly: true }}
      >
        <ResourceTable resources={resources} today={today} />
      </ListPage>
    </>
  );
}

/** Export CSV (every page, under the current filters) and Upload Document. */
function ResourcesActions() {
  const { search } = useLocation();
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete("page");
  exportQuery.delete("limit");
  const exportSearch = exportQuery.toString();
  const canExport = useCan("lists.export");
  return (
    <>
      {canExport ? (
        <ButtonLink to={`/resources/export${exportSearch ? `?${exportSearch}` : ""}`} variant="outline" reloadDocument>
          <DownloadIcon className="h-4 w-4" /> Export CSV
        </ButtonLink>
      ) : null}
      <UploadButton />
    </>
  );
}

function UploadButton() {
  return (
    <ButtonLink to="/resources/upload">
      <UploadIcon className="h-4 w-4" /> Upload Document
    </ButtonLink>
  );
}
