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
    <span className={inline ? "due due-inline" : "due"}>
      <span>{formatDate(dueDate)}</span>
      <span className={isOverdue ? "due-rel due-late" : "due-rel"} data-testid="due-relative">
        {isOverdue ? <AlertCircleIcon className="" aria-hidden /> : null}
        {relativeDay(dueDate, today)}
        {isOverdue ? <span className="sr-only"> (overdue)</span> : null}
      </span>
    </span>
  );
}

/**
 * The bar and "2 of 3 · 67%" (or the percent alone when there is no checklist): a native
 * <progress> (a progressbar to assistive technology), coloured by its band (spec 002: low below
 * 25, medium to 75, high) in tailwind.css, so a list's rows carry a few short attributes.
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
      <progress
        className={cn("bar", `bar-${progressBand(progress)}`, size === "md" && "bar-md")}
        max={100}
        value={progress}
        aria-label="Progress"
      />
      <span className="row-sub" data-testid="task-progress">
        {total > 0 ? `${done} of ${total} · ${progress}%` : `${progress}%`}
      </span>
    </div>
  );
}
