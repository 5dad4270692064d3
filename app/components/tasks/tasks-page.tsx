import { WorkScope, type WorkScopeData } from "../layout/work-scope";
import { useLocation } from "@remix-run/react";
import type { TaskStatistics } from "~/models/tasks/list.server";
import { TASK_SORTS } from "~/schemas/task.constants";
import { PRIORITIES, TASK_STATUSES, TASK_TYPES } from "~/utils/vocabulary";
import { ButtonLink } from "../ui/button";
import { FilterForm } from "../ui/filter-form";
import { AlertCircleIcon, AlertIcon, CheckCircleIcon, TasksIcon } from "../ui/icons";
import {
  countText,
  FilterChips,
  filterLabels,
  NewButton,
  SearchFilter,
  SelectFilters,
  type SelectSpec,
  ViewLinks,
} from "../ui/list-controls";
import { ListPage, type ListPageData } from "../ui/list-page";
import { TaskGrid, TaskTable, type toTaskRow } from "./task-list";

/** What the tasks list shows: its figures, a page of tasks as a table or a grid, and the filters as read. */
export interface TasksPageData extends ListPageData {
  tasks: ReturnType<typeof toTaskRow>[];
  /** Null when a broad search was counted only up to a cap (`capped`). */
  statistics: TaskStatistics | null;
  /** The agency's today (YYYY-MM-DD), for overdue and the relative due dates. */
  today: string;
  limit: number;
  view: "list" | "grid";
  /** [id, name] of each assignee the filter offers. */
  assignees: ReadonlyArray<readonly [string, string]>;
  /** What each filter holds, by its URL parameter (`sort` empty for the usual order, by due date). */
  filters: { search: string; status: string; priority: string; type: string; assignedTo: string; sort: string };
  /** The client the list is narrowed to (from its page: `clientId`), shown as a chip. */
  client: { id: string; name: string } | null;
  /** Whose tasks these are (an agent starts on their own), and work left with departed staff. */
  scope: WorkScopeData;
}

const SELECTS: SelectSpec[] = [
  { id: "task-status", name: "status", label: "Status", anyLabel: "All statuses", options: TASK_STATUSES },
  { id: "task-priority", name: "priority", label: "Priority", anyLabel: "All priorities", options: PRIORITIES },
  { id: "task-type", name: "type", label: "Type", anyLabel: "All types", options: TASK_TYPES },
];

/** What the list calls each URL parameter, as its controls and chip do (and the API's sortBy, sortOrder). */
export const TASK_FILTER_LABELS = filterLabels(SELECTS, {
  assignedTo: "Assignee",
  clientId: "Client",
  sort: "Sort by",
  sortBy: "Sort by",
  sortOrder: "Sort order",
});

const SORT_SELECT: SelectSpec = {
  id: "task-sort",
  name: "sort",
  label: "Sort By",
  anyLabel: TASK_SORTS[0][1],
  options: TASK_SORTS.slice(1),
  className: "w-full sm:w-56",
};

const VIEWS = [
  ["list", "List"],
  ["grid", "Grid"],
] as const;

/** The tasks list (/tasks): its figures, filters, then the tasks or an empty state. */
export function TasksPage({
  tasks,
  statistics,
  today,
  limit,
  view,
  assignees,
  filters,
  client,
  scope,
  ...list
}: TasksPageData) {
  const { search } = useLocation();
  const active = [filters.status, filters.priority, filters.type, filters.assignedTo].filter(Boolean).length;
  const filtering = Boolean(filters.search || client) || active > 0;
  return (
    <ListPage
      area="tasks"
      description={filtering ? countText(list.total, list.capped ?? false, true, ["task", "tasks"]) : null}
      actions={<NewButton to="/tasks/new">New Task</NewButton>}
      controls={
        <>
          <WorkScope scope={scope} noun="tasks" />
          <TaskFigures statistics={statistics} total={list.total} capped={list.capped ?? false} />
          <TaskFilters view={view} assignees={assignees} filters={filters} client={client} active={active} />
          <FilterChips search={search} chips={[client && { kind: "Client", name: client.name, param: "clientId" }]} />
        </>
      }
      list={list}
      filtering={filtering}
      noMatches={{
        message: "No task matches your search and filters. Try another search, or reset the filters.",
        clearLabel: "Reset Filters",
        inEmptyCard: true,
      }}
      empty={{
        icon: <TasksIcon className="h-6 w-6" />,
        title: "No tasks found",
        message: "Tasks are the day's work: calls, visits, paperwork. Create the first one.",
        action: <NewButton to="/tasks/new">Create Task</NewButton>,
      }}
      pages={{ limit, noun: "results", severalOnly: true }}
    >
      {view === "grid" ? <TaskGrid tasks={tasks} today={today} /> : <TaskTable tasks={tasks} today={today} />}
    </ListPage>
  );
}

const FIGURES = [
  { label: "Total Tasks", key: "totalTasks", Icon: TasksIcon, tone: "bg-blue-50 text-blue-600" },
  { label: "Completed", key: "completedTasks", Icon: CheckCircleIcon, tone: "bg-emerald-50 text-emerald-600" },
  { label: "Overdue", key: "overdueTasks", Icon: AlertCircleIcon, tone: "bg-red-50 text-red-600" },
  { label: "High Priority", key: "highPriorityTasks", Icon: AlertIcon, tone: "bg-amber-50 text-amber-600" },
] as const;

/**
 * The four figures over the list. A search matching more than SEARCH_COUNT_CAP tasks is not
 * counted further: "500+", and the other tiles wait for a narrower search.
 */
function TaskFigures({
  statistics,
  total,
  capped,
}: {
  statistics: TaskStatistics | null;
  total: number;
  capped: boolean;
}) {
  const figure = (value: number | undefined) => (value === undefined ? "—" : value.toLocaleString("en-US"));
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="Summary">
      {FIGURES.map(({ label, key, Icon, tone }) => (
        <li key={label} data-testid={`tile-${label}`}>
          <div className="tile tile-wide">
            <div className="min-w-0">
              <p className="tile-label">{label}</p>
              <p className="tile-value">
                {key === "totalTasks" && capped ? `${total.toLocaleString("en-US")}+` : figure(statistics?.[key])}
              </p>
            </div>
            <span className={tone}>
              <Icon className="h-5 w-5" />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The filter bar, folded behind its toggle at every width, with the List/Grid switch beside it. */
function TaskFilters({
  view,
  assignees,
  filters,
  client,
  active,
}: Pick<TasksPageData, "view" | "assignees" | "filters" | "client"> & { active: number }) {
  return (
    <FilterForm
      label="Task filters"
      fold="always"
      active={active}
      values={filters}
      search={
        <>
          {view === "grid" ? <input type="hidden" name="view" value="grid" /> : null}
          {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
          <div className="w-full sm:w-auto sm:flex-1">
            <SearchFilter
              id="task-search"
              value={filters.search}
              placeholder="Title, description, client or assignee"
            />
          </div>
        </>
      }
      after={<ViewLinks views={VIEWS} view={view} replace />}
    >
      <SelectFilters
        selects={[
          ...SELECTS,
          { id: "task-assignee", name: "assignedTo", label: "Assignee", anyLabel: "All assignees", options: assignees },
          SORT_SELECT,
        ]}
        values={filters}
      />
      <ButtonLink to={view === "grid" ? "/tasks?view=grid" : "/tasks"} variant="ghost">
        Reset Filters
      </ButtonLink>
    </FilterForm>
  );
}
