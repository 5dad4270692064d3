import type { ReactNode } from "react";
import { useTimeZone } from "../layout/use-can";
import { Link, useFetcher } from "@remix-run/react";
import type { FacilityMatch } from "~/models/matching.server";
import type { TaskRecord } from "~/models/tasks/record.server";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";
import { FacilityMatchesCard, FacilityMatchList } from "../matching/facility-matches";
import { RelatedDocuments, type RelatedDocumentsData } from "../resources/related-documents";
import { Badge, priorityTone } from "../ui/badge";
import { Button } from "../ui/button";
import { TitledCard } from "../ui/card";
import { ContactLink, Item, RecordColumns } from "../ui/detail";
import { CheckCircleIcon, CheckIcon, RefreshIcon } from "../ui/icons";
import { type CommunicationAnswer, CommunicationForm } from "./communication-form";
import { DueDate, TaskProgress, TaskStatusBadge } from "./task-parts";

// A task's details, one component for its page and for the board's side panel (`TaskDetail`):
// the same task shown the same way, in the page's cards (all at once; the list's View dialog
// shows some of them) or in the panel's tabs (one at a time). What differs is what the spec shows
// in each: the page ticks the checklist and shows every field; the panel adds communications and
// lists the milestones. Each frame (the page's header, the panel's dialog) is its own.

/** The panel's tabs, one section of the task each (`?tab=`). */
export const PANEL_TABS = ["overview", "communications", "matching"] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

type TaskDetailProps = { task: TaskRecord; matches: FacilityMatch[] | null } & (
  | { frame: "page"; documents: RelatedDocumentsData; answer: CommunicationAnswer }
  | { frame: "panel"; tab: PanelTab; answer: CommunicationAnswer }
);

export function TaskDetail(props: TaskDetailProps) {
  const { task, matches } = props;
  if (props.frame === "panel") {
    return (
      <>
        {props.tab === "overview" ? <PanelOverview task={task} /> : null}
        {props.tab === "communications" ? <PanelCommunications task={task} answer={props.answer} /> : null}
        {props.tab === "matching" ? <PanelMatches task={task} matches={matches ?? []} /> : null}
      </>
    );
  }
  return (
    <RecordColumns side={<TaskChecklistCard task={task} />}>
      <TaskFacts task={task} />
      {task.client ? (
        <FacilityMatchesCard
          title="Facility Matching"
          description={`Best facilities for ${task.client.firstName} ${task.client.lastName}`}
          clientId={task.client.id}
          matches={matches ?? []}
        />
      ) : null}
      <TaskCommunications task={task} form={<CommunicationForm answer={props.answer} />} />
      <RelatedDocuments documents={props.documents} />
    </RecordColumns>
  );
}

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

// ─── the fields ───

/** The client, linked, with their care level (and their phone, on the page). */
function ClientItem({ client, phone = false }: { client: TaskRecord["client"]; phone?: boolean }) {
  return (
    <Item label="Client">
      {client ? (
        <>
          <Link to={`/clients/${client.id}`} className="font-medium text-brand-700 hover:underline">
            {client.firstName} {client.lastName}
          </Link>
          {client.careLevel ? (
            <span className="block text-xs text-slate-500">{CARE_LEVEL_LABELS[client.careLevel]}</span>
          ) : null}
          {phone ? <ContactLink phone={client.phone} className="text-xs" /> : null}
        </>
      ) : (
        <span className="text-slate-500">No client</span>
      )}
    </Item>
  );
}

function AssigneeItem({ assignee }: { assignee: TaskRecord["assignee"] }) {
  return (
    <Item label="Assigned to">
      {assignee.firstName} {assignee.lastName}
      <span className="block text-xs text-slate-500">{capitalize(assignee.role)}</span>
    </Item>
  );
}

function DueDateItem({ task }: { task: TaskRecord }) {
  return (
    <Item label="Due date">
      <DueDate dueDate={task.dueDate} today={task.today} isOverdue={task.isOverdue} inline />
    </Item>
  );
}

/** The page's Details: the task's fields, the client and the assignee, then the description. */
export function TaskFacts({ task }: { task: TaskRecord }) {
  const timeZone = useTimeZone();
  return (
    <TitledCard title="Details">
      <dl className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2">
        <DueDateItem task={task} />
        <Item label="Type">{task.type}</Item>
        <ClientItem client={task.client} phone />
        {task.placement ? (
          <Item label="Placement">
            <Link to={`/placements/${task.placement.id}`} className="font-medium text-brand-700 hover:underline">
              {task.placement.facility.name}
            </Link>
            <span className="block text-xs text-slate-500">{task.placement.status}</span>
          </Item>
        ) : null}
        <AssigneeItem assignee={task.assignee} />
        <Item label="Estimated hours">
          {task.estimatedHours !== null ? `${task.estimatedHours} h` : "Not estimated"}
        </Item>
        {task.estimatedPlacementDate ? (
          <Item label="Estimated placement">{formatDate(task.estimatedPlacementDate)}</Item>
        ) : null}
        {task.isCompleted && task.completedAt ? (
          <Item label="Completed">{formatDate(task.completedAt, timeZone)}</Item>
        ) : null}
        <Item label="Created">
          {formatDate(task.createdAt, timeZone)}
          {task.createdBy ? <span className="text-slate-500"> by {task.createdBy}</span> : null}
        </Item>
      </dl>
      {task.description ? (
        <div className="border-t border-slate-100 p-5">
          <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{task.description}</p>
        </div>
      ) : null}
    </TitledCard>
  );
}

/** The panel's Overview: the fields a coordinator checks on the board, then the progress. */
function PanelOverview({ task }: { task: TaskRecord }) {
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ClientItem client={task.client} />
        <Item label="Priority">
          <Badge tone={priorityTone(task.priority)}>{task.priority.toLowerCase()}</Badge>
        </Item>
        <AssigneeItem assignee={task.assignee} />
        <DueDateItem task={task} />
        <Item label="Estimated placement">
          {task.estimatedPlacementDate ? formatDate(task.estimatedPlacementDate) : "Not set"}
        </Item>
        <Item label="Status">{task.isCompleted ? "Completed" : task.stage}</Item>
      </dl>
      <PanelProgress task={task} />
    </div>
  );
}

// ─── the checklist ───

function ChecklistProgress({ task }: { task: TaskRecord }) {
  const done = task.checklist.filter((i) => i.completed).length;
  return <TaskProgress progress={task.progress} done={done} total={task.checklist.length} size="md" />;
}

/** A checklist item as shown: its box, its text (struck through once done) and when it was done. */
function ChecklistLine({ item, completed }: { item: TaskRecord["checklist"][number]; completed: boolean }) {
  const timeZone = useTimeZone();
  return (
    <>
      <span
        className={cn(
          "mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded border",
          completed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white",
        )}
      >
        {completed ? <CheckIcon className="h-3 w-3" /> : null}
      </span>
      <span className={cn("min-w-0", completed ? "text-slate-500 line-through" : "text-slate-800")}>{item.item}</span>
      {item.completedAt && completed ? (
        <span className="ml-auto shrink-0 text-xs text-slate-500">{formatDate(item.completedAt, timeZone)}</span>
      ) : null}
    </>
  );
}

/**
 * One checklist item: a button that ticks or unticks it (shown ticked at once with JavaScript),
 * posting to `action` (the task's page), or without one to the page it is on (the board's panel).
 */
function ChecklistRow({ action, item }: { action?: string; item: TaskRecord["checklist"][number] }) {
  const { fetcher, via } = useTaskFetcher();
  const pending = fetcher.formData?.get("completed");
  const completed = pending === undefined || pending === null ? item.completed : pending === "true";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  return (
    <li>
      <fetcher.Form method="post" action={action} preventScrollReset>
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
          <ChecklistLine item={item} completed={completed} />
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

/** The page's Checklist: the progress, and each item ticked or unticked where it stands. */
export function TaskChecklistCard({ task }: { task: TaskRecord }) {
  return (
    <TitledCard title="Checklist">
      <div className="space-y-3 p-5">
        <ChecklistProgress task={task} />
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
              <ChecklistRow key={item.id} action={`/tasks/${task.id}`} item={item} />
            ))}
          </ul>
        )}
      </div>
    </TitledCard>
  );
}

/** The panel's progress: the same bar, and the checklist as milestones, each ticked or unticked there. */
function PanelProgress({ task }: { task: TaskRecord }) {
  return (
    <section aria-labelledby="panel-progress">
      <h3 id="panel-progress" className="text-sm font-semibold text-slate-900">
        Progress: {task.progress}%
      </h3>
      <div className="mt-2">
        <ChecklistProgress task={task} />
      </div>
      {task.checklist.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No milestones.</p>
      ) : (
        <ul className="-mx-2 mt-2" aria-label="Milestones">
          {task.checklist.map((item) => (
            <ChecklistRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

// ─── communications and matches ───

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
  const timeZone = useTimeZone();
  if (communications.length === 0) {
    return <p className={cn("text-sm text-slate-500", !boxed && "p-5")}>No communications yet.</p>;
  }
  return (
    <ol className={boxed ? "space-y-3" : "divide-y divide-slate-100"} aria-label="Communications, newest first">
      {communications.map((m) => (
        <li key={m.id} className={boxed ? "rounded-lg border border-slate-200 p-3" : "p-5"}>
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <Badge>{capitalize(m.type)}</Badge>
            <span>{formatDate(m.timestamp, timeZone)}</span>
            {m.author ? <span>· {m.author}</span> : null}
          </p>
          <p className="mt-1.5 text-sm whitespace-pre-line text-slate-800">{m.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** The page's Communications, with the form of a new one (`form`) over them; the View dialog's without. */
export function TaskCommunications({ task, form }: { task: TaskRecord; form?: ReactNode }) {
  return (
    <TitledCard title="Communications">
      {form ? <div className="border-b border-slate-100 p-5">{form}</div> : null}
      <CommunicationList communications={task.communications} />
    </TitledCard>
  );
}

/** The panel's Communications: a new one's form over those so far. */
function PanelCommunications({ task, answer }: { task: TaskRecord; answer: CommunicationAnswer }) {
  return (
    <div className="space-y-5">
      <CommunicationForm answer={answer} />
      <CommunicationList communications={task.communications} boxed />
    </div>
  );
}

/** The panel's Facility Matching: the client's best facilities, or why there are none. */
function PanelMatches({ task, matches }: { task: TaskRecord; matches: FacilityMatch[] }) {
  if (!task.client)
    return <p className="text-sm text-slate-500">This task has no client, so no facilities to match.</p>;
  if (matches.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        No facility suits {task.client.firstName} {task.client.lastName} yet: add their care level, budget and location,
        or more facilities.
      </p>
    );
  }
  return (
    <div className="-mx-5">
      <FacilityMatchList matches={matches} startFor={task.client.id} />
    </div>
  );
}
