import { Link, useLocation } from "@remix-run/react";
import type { TaskStatistics } from "~/models/tasks/list.server";
import { TASK_SORTS } from "~/schemas/task.constants";
import { cn } from "~/utils/cn";
import { type ListProblem, pageHref, withParams } from "~/utils/list-query";
import { PRIORITIES, TASK_STATUSES, TASK_TYPES } from "~/utils/vocabulary";
import { ButtonLink } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { FilterForm } from "../ui/filter-form";
import { AlertCircleIcon, AlertIcon, CheckCircleIcon, TasksIcon } from "../ui/icons";
import { countText, FilterChips, IgnoredParams, NewButton, SearchFilter, SelectFilter } from "../ui/list-controls";
import { PageHeader } from "../ui/page-header";
import { Pagination } from "../ui/pagination";
import { TaskGrid, TaskTable, type toTaskRow } from "./task-list";

/** What the tasks list shows: its figures, a page of tasks as a table or a grid, and the filters as read. */
export interface TasksPageData {
  tasks: ReturnType<typeof toTaskRow>[];
  /** Null when a broad search was counted only up to a cap (`capped`). */
  statistics: TaskStatistics | null;
  /** The agency's today (YYYY-MM-DD), for overdue and the relative due dates. */
  today: string;
  page: number;
  totalPages: number;
  total: number;
  capped: boolean;
  limit: number;
  view: "list" | "grid";
  /** [id, name] of each assignee the filter offers. */
  assignees: ReadonlyArray<readonly [string, string]>;
  filters: {
    search: string;
    status: string;
    priority: string;
    type: string;
    assignedTo: string;
    sort: string;
    client: { id: string; name: string } | null;
  };
  problems: ListProblem[];
}

/** List or Grid: links that keep every filter (the URL's `view`). */
function ViewToggle({ view }: { view: "list" | "grid" }) {
  const { search } = useLocation();
  const option = (value: "list" | "grid", label: string) => (
    <Link
      to={withParams(search, { view: value === "list" ? undefined : value })}
      aria-current={view === value ? "true" : undefined}
      preventScrollReset
      replace
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium",
        view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="View" className="inline-flex rounded-lg bg-slate-100 p-1">
      {option("list", "List")}
      {option("grid", "Grid")}
    </nav>
  );
}

/** The tasks list (/tasks): its figures, filters, then the tasks or an empty state. */
export function TasksPage({
  tasks,
  statistics,
  today,
  page,
  totalPages,
  total,
  capped,
  limit,
  view,
  assignees,
  filters,
  problems,
}: TasksPageData) {
  // A search matching more than SEARCH_COUNT_CAP tasks is not counted further: "500+", and the
  // other tiles wait for a narrower search.
  const figure = (value: number | undefined) => (value === undefined ? "—" : value.toLocaleString("en-US"));
  const { search } = useLocation();
  const active = [filters.status, filters.priority, filters.type, filters.assignedTo].filter(Boolean).length;
  const filtering = Boolean(filters.search || filters.client) || active > 0;
  const tiles = [
    {
      label: "Total Tasks",
      value: capped ? `${total.toLocaleString("en-US")}+` : figure(statistics?.totalTasks),
      icon: <TasksIcon className="h-5 w-5" />,
      tone: "bg-blue-50 text-blue-600",
    },
    {
      label: "Completed",
      value: figure(statistics?.completedTasks),
      icon: <CheckCircleIcon className="h-5 w-5" />,
      tone: "bg-emerald-50 text-emerald-600",
    },
    {
      label: "Overdue",
      value: figure(statistics?.overdueTasks),
      icon: <AlertCircleIcon className="h-5 w-5" />,
      tone: "bg-red-50 text-red-600",
    },
    {
      label: "High Priority",
      value: figure(statistics?.highPriorityTasks),
      icon: <AlertIcon className="h-5 w-5" />,
      tone: "bg-amber-50 text-amber-600",
    },
  ] as const;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Tasks"
        description={filtering ? countText(total, capped, true, ["task", "tasks"]) : undefined}
        actions={<NewButton to="/tasks/new">New Task</NewButton>}
      >
        <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label="Summary">
          {tiles.map((tile) => (
            <li key={tile.label} data-testid={`tile-${tile.label}`}>
              <div className="tile tile-wide">
                <div className="min-w-0">
                  <p className="tile-label">{tile.label}</p>
                  <p className="tile-value">{tile.value}</p>
                </div>
                <span className={tile.tone}>{tile.icon}</span>
              </div>
            </li>
          ))}
        </ul>
        <FilterForm
          label="Task filters"
          fold="always"
          debounceMs={300}
          active={active}
          values={{
            search: filters.search,
            status: filters.status,
            priority: filters.priority,
            type: filters.type,
            assignedTo: filters.assignedTo,
            sort: filters.sort === "dueDate" ? "" : filters.sort,
          }}
          search={
            <>
              {view === "grid" ? <input type="hidden" name="view" value="grid" /> : null}
              {filters.client ? <input type="hidden" name="clientId" value={filters.client.id} /> : null}
              <div className="w-full sm:w-auto sm:flex-1">
                <SearchFilter
                  id="task-search"
                  value={filters.search}
                  placeholder="Title, description, client or assignee"
                />
              </div>
            </>
          }
          after={<ViewToggle view={view} />}
        >
          <SelectFilter
            id="task-status"
            name="status"
            label="Status"
            value={filters.status}
            anyLabel="All statuses"
            options={TASK_STATUSES.map((s) => [s, s] as const)}
          />
          <SelectFilter
            id="task-priority"
            name="priority"
            label="Priority"
            value={filters.priority}
            anyLabel="All priorities"
            options={PRIORITIES.map((p) => [p, p] as const)}
          />
          <SelectFilter
            id="task-type"
            name="type"
            label="Type"
            value={filters.type}
            anyLabel="All types"
            options={TASK_TYPES.map((t) => [t, t] as const)}
          />
          <SelectFilter
            id="task-assignee"
            name="assignedTo"
            label="Assignee"
            value={filters.assignedTo}
            anyLabel="All assignees"
            options={assignees}
          />
          <SelectFilter
            id="task-sort"
            name="sort"
            label="Sort By"
            value={filters.sort === "dueDate" ? "" : filters.sort}
            anyLabel={TASK_SORTS[0][1]}
            options={TASK_SORTS.slice(1)}
            className="w-full sm:w-56"
          />
          <ButtonLink to={view === "grid" ? "/tasks?view=grid" : "/tasks"} variant="ghost">
            Reset Filters
          </ButtonLink>
        </FilterForm>
        <FilterChips
          search={search}
          chips={[filters.client && { kind: "Client", name: filters.client.name, param: "clientId" }]}
        />
      </PageHeader>

      <IgnoredParams problems={problems} clearTo="/tasks" />

      {total === 0 ? (
        <EmptyState
          icon={<TasksIcon className="h-6 w-6" />}
          title="No tasks found"
          message={
            filtering
              ? "No task matches your search and filters. Try another search, or reset the filters."
              : "Tasks are the day's work: calls, visits, paperwork. Create the first one."
          }
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {filtering ? (
                <ButtonLink to="/tasks" variant="outline">
                  Reset Filters
                </ButtonLink>
              ) : null}
              <NewButton to="/tasks/new">Create Task</NewButton>
            </div>
          }
        />
      ) : (
        <>
          {view === "grid" ? <TaskGrid tasks={tasks} today={today} /> : <TaskTable tasks={tasks} today={today} />}
          {totalPages > 1 ? (
            <Pagination
              page={page}
              totalPages={totalPages}
              total={capped ? undefined : total}
              limit={capped ? undefined : limit}
              hrefFor={pageHref(search)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
