import { cn } from "~/utils/cn";
import { relativeDay } from "~/utils/days";
import { formatDate } from "~/utils/format";
import type { TaskStatus } from "~/utils/vocabulary";
import { Badge, type BadgeTone, clientStatusTone } from "../ui/badge";
import { AlertCircleIcon } from "../ui/icons";
import { progressBand } from "../ui/progress";

// The pieces every task screen shows the same way: status, due date, progress.

export function taskStatusTone(status: TaskStatus): BadgeTone {
  return status === "Completed" ? "gray" : clientStatusTone(status);
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={taskStatusTone(status)}>{status}</Badge>;
}

/**
 * "Nov 24, 2026" and, under it, the day relative to the agency's today ("Tomorrow", "3 days
 * ago"); red with an icon while the task is overdue.
 */
export function DueDate({
  dueDate,
  today,
  isOverdue,
  inline = false,
}: {
  dueDate: string;
  today: string;
  isOverdue: boolean;
  inline?: boolean;
}) {
  return (
    <span className={cn(inline ? "inline-flex flex-wrap items-baseline gap-x-2" : "block", "whitespace-nowrap")}>
      <span className="text-slate-900">{formatDate(dueDate)}</span>
      <span
        className={cn("flex items-center gap-1 text-xs", isOverdue ? "font-medium text-red-700" : "text-slate-500")}
        data-testid="due-relative"
      >
        {isOverdue ? <AlertCircleIcon className="h-3.5 w-3.5" aria-hidden /> : null}
        {relativeDay(dueDate, today)}
        {isOverdue ? <span className="sr-only"> (overdue)</span> : null}
      </span>
    </span>
  );
}

/** The band colours of a progress bar (spec 002: low below 25, medium to 75, high). */
export const BAND_FILLS = { low: "bg-red-500", medium: "bg-amber-500", high: "bg-emerald-500" } as const;

/**
 * The bar and "2 of 3 · 67%" (or the percent alone when there is no checklist): the list's own
 * lean bar (a row has no heading for it; ProgressBar's label and ids are not needed).
 */
export function TaskProgress({
  progress,
  done,
  total,
  size = "sm",
}: {
  progress: number;
  done: number;
  total: number;
  size?: "sm" | "md";
}) {
  return (
    <div className="min-w-20">
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuenow={progress}
        aria-valuemin={0}
        aria-valuemax={100}
        className={cn("overflow-hidden rounded-full bg-slate-100", size === "sm" ? "h-1.5" : "h-2")}
      >
        <div
          className={cn("h-full rounded-full", BAND_FILLS[progressBand(progress)])}
          style={{ width: `${progress}%` }}
        />
      </div>
      <span className="mt-1 block text-xs text-slate-500" data-testid="task-progress">
        {total > 0 ? `${done} of ${total} · ${progress}%` : `${progress}%`}
      </span>
    </div>
  );
}
