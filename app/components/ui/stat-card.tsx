import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { ArrowRightIcon } from "./icons";

export type StatTone = "blue" | "green" | "purple" | "amber" | "red" | "slate";

const tones: Record<StatTone, string> = {
  blue: "bg-blue-50 text-blue-600",
  green: "bg-emerald-50 text-emerald-600",
  purple: "bg-violet-50 text-violet-600",
  amber: "bg-amber-50 text-amber-600",
  red: "bg-red-50 text-red-600",
  slate: "bg-slate-100 text-slate-600",
};

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the value ("12 overdue"). */
  secondary?: ReactNode;
  icon?: ReactNode;
  tone?: StatTone;
  /** Makes the whole card a link. */
  to?: string;
  className?: string;
}

/** A figure with its label, like the dashboard's cards. */
export function StatCard({ label, value, secondary, icon, tone = "blue", to, className }: StatCardProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{label}</p>
          <p
            className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums"
            data-testid="stat-value"
          >
            {value}
          </p>
        </div>
        {icon ? (
          <span className={cn("flex h-11 w-11 shrink-0 items-center justify-center rounded-xl", tones[tone])}>
            {icon}
          </span>
        ) : null}
      </div>
      {secondary || to ? (
        <p className="mt-3 flex items-center justify-between text-sm text-slate-500">
          <span data-testid="stat-secondary">{secondary}</span>
          {to ? (
            <ArrowRightIcon className="h-4 w-4 text-slate-300 transition group-hover:translate-x-0.5 group-hover:text-brand-500" />
          ) : null}
        </p>
      ) : null}
    </>
  );
  const classes = cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className);
  return to ? (
    <Link
      to={to}
      className={cn(classes, "group block transition hover:border-brand-200 hover:shadow-md")}
      data-testid={`stat-${label}`}
    >
      {body}
    </Link>
  ) : (
    <div className={classes} data-testid={`stat-${label}`}>
      {body}
    </div>
  );
}
