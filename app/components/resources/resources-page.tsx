import { useLocation } from "@remix-run/react";
import { RESOURCE_PAGE_SIZE, RESOURCE_PAGE_SIZES } from "~/schemas/resource.constants";
import { type ListProblem, pageHref } from "~/utils/list-query";
import type { Toast } from "~/utils/toast";
import {
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVELS,
  RESOURCE_CATEGORIES,
  RESOURCE_FILE_KIND_LABELS,
  RESOURCE_FILE_KINDS,
} from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { ButtonLink } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { FilterForm } from "../ui/filter-form";
import { DownloadIcon, FolderIcon, UploadIcon } from "../ui/icons";
import { IgnoredParams, SearchFilter, SelectFilter } from "../ui/list-controls";
import { PageHeader } from "../ui/page-header";
import { Pagination } from "../ui/pagination";
import { ResourceTable, type toResourceRow } from "./resource-table";

/** What the document library shows: a page of rows, the count and the filters as read. */
export interface ResourcesPageData {
  resources: ReturnType<typeof toResourceRow>[];
  total: number;
  page: number;
  totalPages: number;
  limit: number;
  /** The agency's today, for the expiry badges. */
  today: string;
  filters: { search: string; category: string; type: string; accessLevel: string; limit: string };
  problems: ListProblem[];
}

/** The document library (/resources): filters, then the table or an empty state. */
export function ResourcesPage({
  resources,
  total,
  page,
  totalPages,
  limit,
  today,
  filters,
  problems,
}: ResourcesPageData) {
  const { search, state } = useLocation();
  // The upload's toast, when its script brought the user here (a form post's comes from the session).
  const uploaded = (state as { toast?: Toast } | null)?.toast;
  const active = [filters.category, filters.type, filters.accessLevel].filter(Boolean).length;
  const filtering = Boolean(filters.search) || active > 0;
  const exportQuery = new URLSearchParams(search);
  exportQuery.delete("page");
  exportQuery.delete("limit");
  const exportSearch = exportQuery.toString();

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      {uploaded ? <Toaster toasts={[uploaded]} key={uploaded.id} /> : null}
      <PageHeader
        title="Resources"
        description={`${total.toLocaleString("en-US")} document(s) found`}
        actions={
          <>
            <ButtonLink
              to={`/resources/export${exportSearch ? `?${exportSearch}` : ""}`}
              variant="outline"
              reloadDocument
            >
              <DownloadIcon className="h-4 w-4" /> Export CSV
            </ButtonLink>
            <ButtonLink to="/resources/upload">
              <UploadIcon className="h-4 w-4" /> Upload Document
            </ButtonLink>
          </>
        }
      >
        <FilterForm
          label="Document filters"
          debounceMs={300}
          active={active + (filters.limit ? 1 : 0)}
          values={filters}
          search={
            <div className="w-full sm:w-auto sm:flex-1">
              <SearchFilter id="resource-search" value={filters.search} placeholder="Name, description or tag" />
            </div>
          }
        >
          <SelectFilter
            id="resource-category"
            name="category"
            label="Category"
            value={filters.category}
            anyLabel="All categories"
            options={RESOURCE_CATEGORIES.map((c) => [c, c] as const)}
          />
          <SelectFilter
            id="resource-type"
            name="type"
            label="Type"
            value={filters.type}
            anyLabel="All types"
            options={RESOURCE_FILE_KINDS.map((k) => [k, RESOURCE_FILE_KIND_LABELS[k]] as const)}
          />
          <SelectFilter
            id="resource-access"
            name="accessLevel"
            label="Access Level"
            value={filters.accessLevel}
            anyLabel="All access levels"
            options={ACCESS_LEVELS.map((a) => [a, ACCESS_LEVEL_LABELS[a]] as const)}
            className="w-full sm:w-48"
          />
          <SelectFilter
            id="resource-limit"
            name="limit"
            label="Per page"
            value={filters.limit}
            anyLabel={`${RESOURCE_PAGE_SIZE} per page`}
            options={RESOURCE_PAGE_SIZES.filter((n) => n !== RESOURCE_PAGE_SIZE).map(
              (n) => [String(n), `${n} per page`] as const,
            )}
            className="w-full sm:w-36"
          />
          <ButtonLink to="/resources" variant="ghost">
            Clear Filters
          </ButtonLink>
        </FilterForm>
      </PageHeader>

      <IgnoredParams problems={problems} clearTo="/resources" />

      {total === 0 ? (
        <EmptyState
          icon={<FolderIcon className="h-6 w-6" />}
          title="No Documents Found"
          message={
            filtering
              ? "No document matches your search and filters. Try another search, or clear the filters."
              : "Assessments, care plans, insurance cards, contracts: upload the first one."
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {filtering ? (
                <ButtonLink to="/resources" variant="outline">
                  Clear Filters
                </ButtonLink>
              ) : null}
              <ButtonLink to="/resources/upload">
                <UploadIcon className="h-4 w-4" /> Upload Document
              </ButtonLink>
            </div>
          }
        />
      ) : (
        <>
          <ResourceTable resources={resources} today={today} />
          {totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={totalPages}
              total={total}
              limit={limit}
              noun="documents"
              hrefFor={pageHref(search)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
