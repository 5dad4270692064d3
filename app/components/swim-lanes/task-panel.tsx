import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { FacilityMatch } from "~/models/matching.server";
import type { TaskRecord } from "~/models/tasks/record.server";
import { COMMUNICATION_MESSAGES } from "~/schemas/swim-lanes.constants";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { withParams } from "~/utils/list-query";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { CARE_LEVEL_LABELS, COMMUNICATION_TYPES } from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { FacilityMatchList } from "../matching/facility-matches";
import { CommunicationList } from "../tasks/task-detail";
import { DueDate, TaskProgress } from "../tasks/task-parts";
import { Badge, priorityTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Item } from "../ui/detail";
import { FieldError, Label, Select, Textarea } from "../ui/field";
import { CheckIcon, XIcon } from "../ui/icons";
import { Tabs } from "../ui/tabs";

// The task side panel (spec 002 §2), the route /swim-lanes/{taskId} drawn over the board: a
// panel with JavaScript (Escape, the backdrop and × close it), the same markup as a page of its
// own URL without it (the × and the backdrop are links back to the board). Its tabs are links.

export const PANEL_TABS = ["overview", "communications", "matching"] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

const TAB_LABELS: Record<PanelTab, string> = {
  overview: "Overview",
  communications: "Communications",
  matching: "Facility Matching",
};

type Answer = { ok: boolean; message: string; errors: Record<string, string>; content: string } | null;

export function TaskPanel({
  task,
  tab,
  matches,
  answer,
}: {
  task: TaskRecord;
  tab: PanelTab;
  matches: FacilityMatch[] | null;
  answer: Answer;
}) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const closeHref = `/swim-lanes${withParams(search, { tab: undefined })}`;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);

  // The panel takes the focus when it opens (for keyboard and screen reader users).
  useEffect(() => panel.current?.focus(), [task.id]);

  return (
    <div className="fixed inset-0 z-40 flex justify-end" data-side-panel>
      <Link
        to={closeHref}
        preventScrollReset
        aria-label="Close the task panel"
        tabIndex={-1}
        className="absolute inset-0 bg-slate-900/40"
        data-testid="panel-backdrop"
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="task-panel-title"
        tabIndex={-1}
        className="relative flex h-full w-full max-w-xl flex-col bg-white shadow-xl outline-none"
      >
        <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0">
            <p className="text-xs font-medium text-slate-500">{task.stage}</p>
            <h2 id="task-panel-title" className="text-lg font-semibold wrap-anywhere text-slate-900">
              {task.title}
            </h2>
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label="Close"
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <XIcon className="h-5 w-5" />
          </Link>
        </header>
        <Tabs
          aria-label="Task sections"
          current={tab}
          preventScrollReset
          className="px-5"
          items={PANEL_TABS.map((value) => ({
            value,
            label: TAB_LABELS[value],
            to: `/swim-lanes/${task.id}${withParams(search, { tab: value === "overview" ? undefined : value })}`,
            count: value === "communications" ? task.communications.length : undefined,
          }))}
        />
        <div className="flex-1 overflow-y-auto px-5 py-4">
          {tab === "overview" ? <Overview task={task} /> : null}
          {tab === "communications" ? <Communications task={task} answer={answer} /> : null}
          {tab === "matching" ? <Matching task={task} matches={matches ?? []} /> : null}
        </div>
        <footer className="border-t border-slate-200 px-5 py-3 text-sm">
          <Link to={`/tasks/${task.id}`} className="font-medium text-brand-700 hover:underline">
            Open the full task page
          </Link>
        </footer>
      </div>
    </div>
  );
}

function Overview({ task }: { task: TaskRecord }) {
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Item label="Client">
          {task.client ? (
            <>
              <Link to={`/clients/${task.client.id}`} className="font-medium text-brand-700 hover:underline">
                {task.client.firstName} {task.client.lastName}
              </Link>
              {task.client.careLevel ? (
                <span className="block text-xs text-slate-500">{CARE_LEVEL_LABELS[task.client.careLevel]}</span>
              ) : null}
            </>
          ) : (
            <span className="text-slate-500">No client</span>
          )}
        </Item>
        <Item label="Priority">
          <Badge tone={priorityTone(task.priority)}>{task.priority.toLowerCase()}</Badge>
        </Item>
        <Item label="Assigned to">
          {task.assignee.firstName} {task.assignee.lastName}
          <span className="block text-xs text-slate-500">{capitalize(task.assignee.role)}</span>
        </Item>
        <Item label="Due date">
          <DueDate dueDate={task.dueDate} today={task.today} isOverdue={task.isOverdue} inline />
        </Item>
        <Item label="Estimated placement">
          {task.estimatedPlacementDate ? formatDate(task.estimatedPlacementDate) : "Not set"}
        </Item>
        <Item label="Status">{task.isCompleted ? "Completed" : task.stage}</Item>
      </dl>
      <section aria-labelledby="panel-progress">
        <h3 id="panel-progress" className="text-sm font-semibold text-slate-900">
          Progress: {task.progress}%
        </h3>
        <div className="mt-2">
          <TaskProgress
            progress={task.progress}
            done={task.checklist.filter((i) => i.completed).length}
            total={task.checklist.length}
            size="md"
          />
        </div>
        {task.checklist.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No milestones.</p>
        ) : (
          <ul className="mt-3 space-y-1.5" aria-label="Milestones">
            {task.checklist.map((m) => (
              <li key={m.id} className="flex items-start gap-2 text-sm">
                <span
                  className={cn(
                    "mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded border",
                    m.completed ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300",
                  )}
                >
                  {m.completed ? <CheckIcon className="h-3 w-3" /> : null}
                </span>
                <span className={cn("min-w-0", m.completed ? "text-slate-500 line-through" : "text-slate-800")}>
                  {m.item}
                  <span className="sr-only">{m.completed ? " (completed)" : " (not completed)"}</span>
                </span>
                {m.completed && m.completedAt ? (
                  <span className="ml-auto shrink-0 text-xs text-slate-500">{formatDate(m.completedAt)}</span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Communications({ task, answer }: { task: TaskRecord; answer: Answer }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<NonNullable<Answer>>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [content, setContent] = useState(answer?.content ?? "");
  const [toast, setToast] = useState<Toast | null>(null);
  const result = fetcher.data ?? answer;
  const pending = fetcher.state !== "idle" || navigation.state === "submitting";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setToast({
      id: crypto.randomUUID(),
      type: fetcher.data.ok ? "success" : "error",
      title: fetcher.data.ok ? COMMUNICATION_MESSAGES.success : COMMUNICATION_MESSAGES.failure,
      description: fetcher.data.ok ? undefined : Object.values(fetcher.data.errors)[0],
    });
    if (fetcher.data.ok) {
      form.current?.reset();
      setContent("");
    }
  }, [fetcher.state, fetcher.data]);

  const FormTag = hydrated ? fetcher.Form : Form;
  const errors = result && !result.ok ? result.errors : {};
  return (
    <div className="space-y-5">
      <FormTag ref={form} method="post" className="space-y-3 rounded-lg border border-slate-200 p-4">
        {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
        {result && !result.ok && !hydrated ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {COMMUNICATION_MESSAGES.failure}
          </p>
        ) : null}
        <div>
          <Label htmlFor="communication-type">Type</Label>
          <Select id="communication-type" name="type" defaultValue="note">
            {COMMUNICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {capitalize(t)}
              </option>
            ))}
          </Select>
          <FieldError errors={errors.type} />
        </div>
        <div>
          <Label htmlFor="communication-content">Content</Label>
          <Textarea
            id="communication-content"
            name="content"
            rows={3}
            required
            maxLength={10_000}
            defaultValue={answer?.ok === false ? answer.content : undefined}
            onChange={(event) => setContent(event.target.value)}
            invalid={Boolean(errors.content)}
            aria-describedby={errors.content ? "communication-content-error" : undefined}
          />
          <FieldError id="communication-content-error" errors={errors.content} />
        </div>
        <Button type="submit" loading={pending} disabled={hydrated && content.trim() === ""}>
          Add Communication
        </Button>
      </FormTag>
      <CommunicationList communications={task.communications} boxed />
      <Toaster toasts={[toast]} key={toast?.id} />
    </div>
  );
}

function Matching({ task, matches }: { task: TaskRecord; matches: FacilityMatch[] }): ReactNode {
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
