import type { ListProblem } from "~/utils/list-query";
import { CARE_LEVEL_LABELS, CARE_LEVELS, CLIENT_STATUSES } from "~/utils/vocabulary";
import { EmptyState } from "../ui/empty-state";
import { FilterForm } from "../ui/filter-form";
import { UsersIcon } from "../ui/icons";
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
} from "../ui/list-controls";
import { PageHeader } from "../ui/page-header";
import { ClientCard, type toClientCard } from "./client-card";

/** What the clients list shows: a page of cards, the count and the filters as read. */
export interface ClientsPageData {
  clients: ReturnType<typeof toClientCard>[];
  page: number;
  total: number;
  capped: boolean;
  totalPages: number;
  filters: { search: string; status: string; careLevel: string; sortField: string; sortDirection: "asc" | "desc" };
  problems: ListProblem[];
}

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  createdAt: { label: "Date added", kind: "date" },
  firstName: { label: "First name", kind: "text" },
  lastName: { label: "Last name", kind: "text" },
};

/** The clients list (/clients): filters, then the cards or an empty state. */
export function ClientsPage({ clients, page, totalPages, total, capped, filters, problems }: ClientsPageData) {
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
