import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { InboxIcon } from "./icons";

export interface EmptyStateProps {
  /** An icon element; defaults to an inbox. */
  icon?: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  /** A call to action: a ButtonLink, a form. */
  action?: ReactNode;
  /** "dashed" (default) for a list area, "plain" inside a card. */
  variant?: "dashed" | "plain";
  className?: string;
}

/** What a list shows when it has nothing yet ("No Documents Found"). */
export function EmptyState({ icon, title, message, action, variant = "dashed", className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center px-6 py-12 text-center",
        variant === "dashed" && "rounded-xl border-2 border-dashed border-slate-200 bg-white",
        className,
      )}
    >
      <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        {icon ?? <InboxIcon className="h-6 w-6" />}
      </div>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {message ? <p className="mt-1 max-w-sm text-sm text-slate-500">{message}</p> : null}
      {action ? <div className="mt-5 flex flex-wrap items-center justify-center gap-3">{action}</div> : null}
    </div>
  );
}
