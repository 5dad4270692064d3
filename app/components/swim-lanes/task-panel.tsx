import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FacilityMatch } from "~/models/matching.server";
import type { TaskRecord } from "~/models/tasks/record.server";
import { withParams } from "~/utils/list-query";
import type { CommunicationAnswer } from "../tasks/communication-form";
import { PANEL_TABS, type PanelTab, TaskDetail } from "../tasks/task-detail";
import { XIcon } from "../ui/icons";
import { ShortLabel } from "../ui/list-controls";
import { Tabs } from "../ui/tabs";

// The task side panel (spec 002 §2), the route /swim-lanes/{taskId} drawn over the board: a
// panel with JavaScript (Escape, the backdrop and × close it), the same markup as a page of its
// own URL without it (the × and the backdrop are links back to the board). Its tabs are links.
// What it shows of the task is the task page's `TaskDetail`, one tab at a time.

const TAB_LABELS: Record<PanelTab, string> = {
  overview: "Overview",
  communications: "Communications",
  matching: "Facility Matching",
};

/** What a phone shows of a tab's name (its full name stays the accessible name). */
const SHORT_TAB_LABELS: Partial<Record<PanelTab, string>> = { matching: "Matching" };

/** Escape goes back to the board (unless something in the panel, a select, took it). */
function useCloseOnEscape(closeHref: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);
}

export function TaskPanel({
  task,
  tab,
  matches,
  answer,
}: {
  task: TaskRecord;
  tab: PanelTab;
  matches: FacilityMatch[] | null;
  answer: CommunicationAnswer;
}) {
  const { search } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const closeHref = `/swim-lanes${withParams(search, { tab: undefined })}`;
  useCloseOnEscape(closeHref);

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
        <PanelHeader task={task} closeHref={closeHref} />
        <Tabs
          aria-label="Task sections"
          current={tab}
          preventScrollReset
          className="px-5"
          items={PANEL_TABS.map((value) => ({
            value,
            label: SHORT_TAB_LABELS[value] ? (
              <ShortLabel short={SHORT_TAB_LABELS[value]} label={TAB_LABELS[value]} />
            ) : (
              TAB_LABELS[value]
            ),
            to: `/swim-lanes/${task.id}${withParams(search, { tab: value === "overview" ? undefined : value })}`,
            count: value === "communications" ? task.communications.length : undefined,
          }))}
        />
        <div className="flex-1 overflow-y-auto px-5 py-4">
          <TaskDetail frame="panel" task={task} tab={tab} matches={matches} answer={answer} />
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

/** The task's stage over its title, and the ×: a link back to the board. */
function PanelHeader({ task, closeHref }: { task: TaskRecord; closeHref: string }) {
  return (
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
  );
}
