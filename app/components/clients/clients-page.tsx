import { CARE_LEVEL_LABELS, CARE_LEVELS, CLIENT_STATUSES } from "~/utils/vocabulary";
import { FilterForm } from "../ui/filter-form";
import { UsersIcon } from "../ui/icons";
import {
  ExportLink,
  filterLabels,
  NewButton,
  SearchFilter,
  SelectFilters,
  type SelectSpec,
  SortControl,
  type SortField,
} from "../ui/list-controls";
import { CardGrid, ListPage, type ListPageData } from "../ui/list-page";
import { ClientCard, type toClientCard } from "./client-card";

/** What the clients list shows: a page of cards, the count and the filters as read. */
export interface ClientsPageData extends ListPageData {
  clients: ReturnType<typeof toClientCard>[];
  /** What each filter holds, by its URL parameter (`sort` as the URL writes it: `-updatedAt`). */
  filters: { search: string; status: string; careLevel: string; sort: string };
}

const SELECTS: SelectSpec[] = [
  { id: "client-status", name: "status", label: "Status", anyLabel: "All statuses", options: CLIENT_STATUSES },
  {
    id: "client-care-level",
    name: "careLevel",
    label: "Care level",
    anyLabel: "All care levels",
    options: CARE_LEVELS.map((level) => [level, CARE_LEVEL_LABELS[level]] as const),
    className: "w-full sm:w-48",
  },
];

/** What the list calls each URL parameter, as its controls do. */
export const CLIENT_FILTER_LABELS = filterLabels(SELECTS, { sort: "Sort by" });

const SORT_FIELDS: Record<string, SortField> = {
  updatedAt: { label: "Last updated", kind: "date" },
  createdAt: { label: "Date added", kind: "date" },
  firstName: { label: "First name", kind: "text" },
  lastName: { label: "Last name", kind: "text" },
};

/** The clients list (/clients): filters, then the cards or an empty state. */
export function ClientsPage({ clients, filters, ...list }: ClientsPageData) {
  const active = [filters.status, filters.careLevel].filter(Boolean).length;
  const filtering = Boolean(filters.search) || active > 0;
  const add = <NewButton to="/clients/new">Add Client</NewButton>;
  return (
    <ListPage
      area="clients"
      actions={
        <>
          <ExportLink to="/clients/export" />
          {add}
        </>
      }
      controls={
        <FilterForm
          label="Client filters"
          values={filters}
          search={<SearchFilter id="client-search" value={filters.search} placeholder="Name, email or phone" />}
          active={active}
        >
          <SelectFilters selects={SELECTS} values={filters} />
          <SortControl id="client-sort" fields={SORT_FIELDS} value={filters.sort} />
        </FilterForm>
      }
      list={list}
      filtering={filtering}
      noMatches={{
        message: "Try another search, or clear the filters to see every client.",
        clearLabel: "Clear filters",
      }}
      empty={{
        icon: <UsersIcon className="h-6 w-6" />,
        title: "No clients yet",
        message: "Add the first person you are helping to find a place.",
        action: add,
      }}
    >
      <CardGrid label="Clients" items={clients}>
        {(client) => <ClientCard client={client} />}
      </CardGrid>
    </ListPage>
  );
}
