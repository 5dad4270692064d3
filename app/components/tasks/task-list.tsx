import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { type MouseEvent, type ReactNode, useCallback, useState } from "react";
import type { TaskListItem, TaskRecord } from "~/models/tasks.server";
import { DELETE_TASK_MESSAGE } from "~/schemas/task.constants";
import { clickedRowAction } from "~/utils/events";
import { Badge, priorityTone } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog, Dialog } from "../ui/dialog";
import { EditIcon } from "../ui/icons";
import { RowLink, ServerRows, StackedTable } from "../ui/server-rows";
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

/**
 * What the list's links do once its scripts run, for every row at once (one listener, not a
 * dialog and a router link a row): View opens the task in a dialog over the list (loaded from its
 * page's route), Delete asks in a dialog, any other link of a row navigates in the app. Before
 * that, and for modified clicks (a new tab), they are plain links to the task's page and its
 * delete confirmation page.
 */
function ListBehaviour({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const fetcher = useFetcher<{ task: TaskRecord }>();
  const [viewing, setViewing] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);

  function onClick(event: MouseEvent<HTMLDivElement>) {
    const clicked = clickedRowAction(event, "[data-task]");
    if (!clicked) return;
    event.preventDefault();
    const { action, link, item } = clicked;
    const id = item.dataset.task ?? "";
    const title = item.querySelector(".row-title")?.textContent ?? "";
    if (action === "view") {
      setViewing({ id, title });
      fetcher.load(`/tasks/${id}`);
    } else if (action === "delete") {
      setDeleting({ id, title });
    } else {
      navigate(link.getAttribute("href") ?? "/tasks");
    }
  }

  const loaded = fetcher.data?.task && fetcher.data.task.id === viewing?.id ? fetcher.data.task : null;
  return (
    // The clicks of the links inside: the links themselves are the keyboard's way in.
    <div onClick={onClick}>
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
    </div>
  );
}

/** A row's View, Edit and Delete: plain links, which ListBehaviour upgrades (the row names the task). */
function RowActions({ task }: { task: TaskRow }) {
  return (
    <span className="row-actions">
      <RowLink href={`/tasks/${task.id}`} data-action="view" row={task.title}>
        View
      </RowLink>
      <RowLink href={`/tasks/${task.id}/edit`} data-action="go" row={task.title}>
        Edit
      </RowLink>
      <RowLink href={`/tasks/${task.id}/delete`} data-action="delete" className="danger" row={task.title}>
        Delete
      </RowLink>
    </span>
  );
}

function TaskTitle({ task }: { task: TaskRow }) {
  return (
    <>
      <a href={`/tasks/${task.id}`} data-action="go" className="row-title">
        {task.title}
      </a>
      <span className="row-sub">{task.client ? `${task.type} · ${task.client}` : task.type}</span>
    </>
  );
}

/** The list view: a table, whose rows stack into cards on a phone (`stacked-table`). */
export function TaskTable({ tasks, today }: { tasks: TaskRow[] | null; today: string }) {
  return (
    <ListBehaviour>
      <StackedTable className="task-table" columns={COLUMNS} actions="shown" rows={tasks}>
        {(rows) =>
          rows.map((task) => (
            <tr key={task.id} role="row" data-task={task.id} data-testid="task-row">
              <td role="cell" className="col-span-2 md:min-w-[14rem]">
                <TaskTitle task={task} />
              </td>
              <td role="cell" data-label="Status">
                <TaskStatusBadge status={task.status} />
              </td>
              <td role="cell" data-label="Priority">
                <Badge tone={priorityTone(task.priority)}>{task.priority}</Badge>
              </td>
              <td role="cell" data-label="Assignee">
                {task.assignee}
              </td>
              <td role="cell" data-label="Due Date">
                <DueDate dueDate={task.dueDate} today={today} isOverdue={task.isOverdue} />
              </td>
              <td role="cell" data-label="Progress">
                <TaskProgress progress={task.progress} done={task.checklist.done} total={task.checklist.total} />
              </td>
              <td role="cell" className="col-span-2">
                <RowActions task={task} />
              </td>
            </tr>
          ))
        }
      </StackedTable>
    </ListBehaviour>
  );
}

/** The grid view: a card a task. */
export function TaskGrid({ tasks, today }: { tasks: TaskRow[] | null; today: string }) {
  return (
    <ListBehaviour>
      <ServerRows
        as="ul"
        rows={tasks}
        className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        aria-label="Tasks"
      >
        {(cards) =>
          cards.map((task) => (
            <li key={task.id} className="grid min-w-0 grid-cols-1" data-task={task.id} data-testid="task-card">
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
          ))
        }
      </ServerRows>
    </ListBehaviour>
  );
}
