import { cn } from "~/utils/cn";
import { relativeDay } from "~/utils/days";
import { formatDate } from "~/utils/format";
import type { TaskStatus } from "~/utils/vocabulary";
import { Badge, type BadgeTone, clientStatusTone } from "../ui/badge";
import { AlertCircleIcon } from "../ui/icons";
import { ProgressBar } from "../ui/progress";

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

/** The bar and "2 of 3 · 67%" (or the percent alone when there is no checklist). */
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
      <ProgressBar value={progress} size={size} aria-label="Progress" />
      <span className="mt-1 block text-xs text-slate-500" data-testid="task-progress">
        {total > 0 ? `${done} of ${total} · ` : ""}
        {progress}%
      </span>
    </div>
  );
}
