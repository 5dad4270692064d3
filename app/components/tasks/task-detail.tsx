import { Link, useFetcher } from "@remix-run/react";
import type { TaskRecord } from "~/models/tasks/record.server";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";
import { Badge, priorityTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ContactLink, Item } from "../ui/detail";
import { CheckCircleIcon, CheckIcon, RefreshIcon } from "../ui/icons";
import { DueDate, TaskProgress, TaskStatusBadge } from "./task-parts";

// A task's details, on its page and in the list's View dialog: the fields, the checklist (ticked
// there, with and without JavaScript), the people, progress and the communications so far.

/**
 * The forms of a task's page post here with an `intent`. With JavaScript they go through a
 * fetcher and say so (`via=fetch`): the action then answers JSON instead of redirecting, so the
 * View dialog stays where it is.
 */
function useTaskFetcher() {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  return { fetcher, via: hydrated ? <input type="hidden" name="via" value="fetch" /> : null };
}

export function TaskBadges({ task }: { task: TaskRecord }) {
  return (
    <div className="flex flex-wrap gap-2">
      <TaskStatusBadge status={task.status} />
      <Badge tone={priorityTone(task.priority)}>{task.priority} Priority</Badge>
      <Badge>{task.type}</Badge>
      {task.isOverdue ? <Badge tone="red">Overdue</Badge> : null}
    </div>
  );
}

/** Mark complete, or reopen a completed task. */
export function CompleteButton({ task }: { task: TaskRecord }) {
  const { fetcher, via } = useTaskFetcher();
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/tasks/${task.id}`}>
      {via}
      <input type="hidden" name="intent" value={task.isCompleted ? "reopen" : "complete"} />
      <Button type="submit" variant={task.isCompleted ? "outline" : "primary"} loading={pending}>
        {task.isCompleted ? (
          <>
            <RefreshIcon className="h-4 w-4" /> Reopen Task
          </>
        ) : (
          <>
            <CheckCircleIcon className="h-4 w-4" /> Mark Complete
          </>
        )}
      </Button>
      {fetcher.data && !fetcher.data.ok ? (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** One checklist item: a button that ticks or unticks it (shown ticked at once with JavaScript). */
function ChecklistRow({ taskId, item }: { taskId: string; item: TaskRecord["checklist"][number] }) {
  const { fetcher, via } = useTaskFetcher();
  const pending = fetcher.formData?.get("completed");
  const completed = pending === undefined || pending === null ? item.completed : pending === "true";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  return (
    <li>
      <fetcher.Form method="post" action={`/tasks/${taskId}`}>
        {via}
        <input type="hidden" name="intent" value="toggle-item" />
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="completed" value={completed ? "false" : "true"} />
        <button
          type="submit"
          role="checkbox"
          aria-checked={completed}
          className="flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          data-testid="checklist-item"
        >
          <span
            className={cn(
              "mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded border",
              completed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white",
            )}
          >
            {completed ? <CheckIcon className="h-3 w-3" /> : null}
          </span>
          <span className={cn("min-w-0", completed ? "text-slate-500 line-through" : "text-slate-800")}>
            {item.item}
          </span>
          {item.completedAt && completed ? (
            <span className="ml-auto shrink-0 text-xs text-slate-500">{formatDate(item.completedAt)}</span>
          ) : null}
        </button>
        {failed ? (
          <p className="px-2 text-sm text-red-600" role="alert">
            {fetcher.data?.message}
          </p>
        ) : null}
      </fetcher.Form>
    </li>
  );
}

export function TaskChecklistCard({ task }: { task: TaskRecord }) {
  const done = task.checklist.filter((i) => i.completed).length;
  return (
    <Card>
      <CardHeader title="Checklist" />
      <div className="space-y-3 p-5">
        <TaskProgress progress={task.progress} done={done} total={task.checklist.length} size="md" />
        {task.checklist.length === 0 ? (
          <p className="text-sm text-slate-500">
            No checklist items.{" "}
            <Link to={`/tasks/${task.id}/edit`} className="font-medium text-brand-700 hover:underline">
              Add some
            </Link>
          </p>
        ) : (
          <ul className="-mx-2" aria-label="Checklist">
            {task.checklist.map((item) => (
              <ChecklistRow key={item.id} taskId={task.id} item={item} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** The task's fields, the client and the assignee. */
export function TaskFacts({ task }: { task: TaskRecord }) {
  return (
    <Card>
      <CardHeader title="Details" />
      <dl className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2">
        <Item label="Due date">
          <DueDate dueDate={task.dueDate} today={task.today} isOverdue={task.isOverdue} inline />
        </Item>
        <Item label="Type">{task.type}</Item>
        <Item label="Client">
          {task.client ? (
            <>
              <Link to={`/clients/${task.client.id}`} className="font-medium text-brand-700 hover:underline">
                {task.client.firstName} {task.client.lastName}
              </Link>
              {task.client.careLevel ? (
                <span className="block text-xs text-slate-500">{CARE_LEVEL_LABELS[task.client.careLevel]}</span>
              ) : null}
              <ContactLink phone={task.client.phone} className="text-xs" />
            </>
          ) : (
            <span className="text-slate-500">No client</span>
          )}
        </Item>
        {task.placement ? (
          <Item label="Placement">
            <Link to={`/placements/${task.placement.id}`} className="font-medium text-brand-700 hover:underline">
              {task.placement.facility.name}
            </Link>
            <span className="block text-xs text-slate-500">{task.placement.status}</span>
          </Item>
        ) : null}
        <Item label="Assigned to">
          {task.assignee.firstName} {task.assignee.lastName}
          <span className="block text-xs text-slate-500">{capitalize(task.assignee.role)}</span>
        </Item>
        <Item label="Estimated hours">
          {task.estimatedHours !== null ? `${task.estimatedHours} h` : "Not estimated"}
        </Item>
        {task.estimatedPlacementDate ? (
          <Item label="Estimated placement">{formatDate(task.estimatedPlacementDate)}</Item>
        ) : null}
        {task.isCompleted && task.completedAt ? <Item label="Completed">{formatDate(task.completedAt)}</Item> : null}
        <Item label="Created">
          {formatDate(task.createdAt)}
          {task.createdBy ? <span className="text-slate-500"> by {task.createdBy}</span> : null}
        </Item>
      </dl>
      {task.description ? (
        <div className="border-t border-slate-100 p-5">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{task.description}</p>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * A task's communications, newest first (its page's card and the board's task panel): `boxed`
 * gives each its own box instead of rules between them.
 */
export function CommunicationList({
  communications,
  boxed = false,
}: {
  communications: TaskRecord["communications"];
  boxed?: boolean;
}) {
  if (communications.length === 0) {
    return <p className={cn("text-sm text-slate-500", !boxed && "p-5")}>No communications yet.</p>;
  }
  return (
    <ol className={boxed ? "space-y-3" : "divide-y divide-slate-100"} aria-label="Communications, newest first">
      {communications.map((m) => (
        <li key={m.id} className={boxed ? "rounded-lg border border-slate-200 p-3" : "p-5"}>
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <Badge>{capitalize(m.type)}</Badge>
            <span>{formatDate(m.timestamp)}</span>
            {m.author ? <span>· {m.author}</span> : null}
          </p>
          <p className="mt-1.5 text-sm whitespace-pre-line text-slate-800">{m.content}</p>
        </li>
      ))}
    </ol>
  );
}

export function TaskCommunications({ task }: { task: TaskRecord }) {
  return (
    <Card>
      <CardHeader title="Communications" />
      <CommunicationList communications={task.communications} />
    </Card>
  );
}
