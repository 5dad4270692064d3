import { Link, useFetcher } from "@remix-run/react";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { TaskListItem, TaskRecord } from "~/models/tasks/record.server";
import { DELETE_TASK_MESSAGE } from "~/schemas/task.constants";
import { Badge, priorityTone } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog, Dialog } from "../ui/dialog";
import { EditIcon } from "../ui/icons";
import { RowLink, StackedTable } from "../ui/stacked-table";
import { Spinner } from "../ui/spinner";
import { CompleteButton, TaskBadges, TaskChecklistCard, TaskCommunications, TaskFacts } from "./task-detail";
import { DueDate, TaskProgress, TaskStatusBadge } from "./task-parts";

// The tasks list's rows (a table) or cards (a grid), each with View, Edit and Delete.

const COLUMNS = ["Task", "Status", "Priority", "Assignee", "Due Date", "Progress"] as const;

/** A list row: what a row shows of a task, and nothing more (the list page sends only this). */
export function toTaskRow(task: TaskListItem) {
  return {
    id: task.id,
    title: task.title,
    type: task.type,
    priority: task.priority,
    status: task.status,
    isOverdue: task.isOverdue,
    dueDate: task.dueDate,
    progress: task.progress,
    client: task.client ? `${task.client.firstName} ${task.client.lastName}` : null,
    assignee: `${task.assignee.firstName} ${task.assignee.lastName}`,
    // The checklist as two counts, not its items.
    checklist: { done: task.checklist.filter((i) => i.completed).length, total: task.checklist.length },
  };
}

export type TaskRow = ReturnType<typeof toTaskRow>;

/** What a row's View and Delete open once the scripts run: a dialog over the list. */
interface RowDialogs {
  view: (task: TaskRow) => void;
  remove: (task: TaskRow) => void;
}

const RowDialogsContext = createContext<RowDialogs | null>(null);

/**
 * The list's dialogs: View opens the task in a dialog over the list (loaded from its page's
 * route), Delete asks in a dialog. Before the scripts run, and for modified clicks (a new tab),
 * they are plain links to the task's page and its delete confirmation page.
 */
function ListBehaviour({ children }: { children: ReactNode }) {
  const fetcher = useFetcher<{ task: TaskRecord }>();
  const [viewing, setViewing] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const { load } = fetcher;
  const dialogs = useMemo<RowDialogs>(
    () => ({
      view: (task) => {
        setViewing({ id: task.id, title: task.title });
        load(`/tasks/${task.id}`);
      },
      remove: (task) => setDeleting({ id: task.id, title: task.title }),
    }),
    [load],
  );

  const loaded = fetcher.data?.task && fetcher.data.task.id === viewing?.id ? fetcher.data.task : null;
  return (
    <RowDialogsContext.Provider value={dialogs}>
      {children}
      {viewing ? (
        <Dialog
          open
          onClose={() => setViewing(null)}
          title={viewing.title}
          size="lg"
          footer={
            <>
              <Link to={`/tasks/${viewing.id}`} className={buttonClasses("outline")}>
                Open full page
              </Link>
              <Link to={`/tasks/${viewing.id}/edit`} className={buttonClasses("outline")}>
                <EditIcon className="h-4 w-4" /> Edit
              </Link>
              {loaded ? <CompleteButton task={loaded} /> : null}
            </>
          }
        >
          {loaded ? (
            <div className="space-y-4">
              <TaskBadges task={loaded} />
              <TaskFacts task={loaded} />
              <TaskChecklistCard task={loaded} />
              <TaskCommunications task={loaded} />
            </div>
          ) : fetcher.state === "idle" ? (
            <p className="text-sm text-red-600" role="alert">
              Failed to fetch task details
            </p>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner className="h-4 w-4" /> Loading task…
            </p>
          )}
        </Dialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onClose={closeDelete}
          title={`Delete ${deleting.title}?`}
          message={DELETE_TASK_MESSAGE}
          action={`/tasks/${deleting.id}/delete`}
        />
      ) : null}
    </RowDialogsContext.Provider>
  );
}

/** A row's View, Edit and Delete: links, which open the list's dialogs once the scripts run (the row names the task). */
function RowActions({ task }: { task: TaskRow }) {
  const dialogs = useContext(RowDialogsContext);
  return (
    <span className="row-actions">
      <RowLink to={`/tasks/${task.id}`} row={task.title} onPlainClick={dialogs ? () => dialogs.view(task) : undefined}>
        View
      </RowLink>
      <RowLink to={`/tasks/${task.id}/edit`} row={task.title}>
        Edit
      </RowLink>
      <RowLink
        to={`/tasks/${task.id}/delete`}
        className="danger"
        row={task.title}
        onPlainClick={dialogs ? () => dialogs.remove(task) : undefined}
      >
        Delete
      </RowLink>
    </span>
  );
}

function TaskTitle({ task }: { task: TaskRow }) {
  return (
    <>
      <Link to={`/tasks/${task.id}`} className="row-title" discover="none">
        {task.title}
      </Link>
      <span className="row-sub">{task.client ? `${task.type} · ${task.client}` : task.type}</span>
    </>
  );
}

/** The list view: a table, whose rows stack into cards on a phone (`stacked-table`). */
export function TaskTable({ tasks, today }: { tasks: TaskRow[]; today: string }) {
  return (
    <ListBehaviour>
      <StackedTable className="task-table" columns={COLUMNS} actions="shown">
        {tasks.map((task) => (
          <tr key={task.id} data-testid="task-row">
            <td className="col-span-2 md:min-w-[14rem]">
              <TaskTitle task={task} />
            </td>
            <td data-label="Status">
              <TaskStatusBadge status={task.status} />
            </td>
            <td data-label="Priority">
              <Badge tone={priorityTone(task.priority)}>{task.priority}</Badge>
            </td>
            <td data-label="Assignee">{task.assignee}</td>
            <td data-label="Due Date">
              <DueDate dueDate={task.dueDate} today={today} isOverdue={task.isOverdue} />
            </td>
            <td data-label="Progress">
              <TaskProgress progress={task.progress} done={task.checklist.done} total={task.checklist.total} />
            </td>
            <td className="col-span-2">
              <RowActions task={task} />
            </td>
          </tr>
        ))}
      </StackedTable>
    </ListBehaviour>
  );
}

/** The grid view: a card a task. */
export function TaskGrid({ tasks, today }: { tasks: TaskRow[]; today: string }) {
  return (
    <ListBehaviour>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Tasks">
        {tasks.map((task) => (
          <li key={task.id} className="grid min-w-0 grid-cols-1" data-testid="task-card">
            <Card className="flex flex-col gap-3 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <TaskStatusBadge status={task.status} />
                <Badge tone={priorityTone(task.priority)}>{task.priority}</Badge>
              </div>
              <div className="min-w-0">
                <TaskTitle task={task} />
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div>
                  <dt className="text-xs text-slate-500">Assignee</dt>
                  <dd className="text-slate-800">{task.assignee}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">Due Date</dt>
                  <dd>
                    <DueDate dueDate={task.dueDate} today={today} isOverdue={task.isOverdue} />
                  </dd>
                </div>
              </dl>
              <TaskProgress progress={task.progress} done={task.checklist.done} total={task.checklist.total} />
              <div className="mt-auto border-t border-slate-100 pt-3 text-sm">
                <RowActions task={task} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </ListBehaviour>
  );
}
