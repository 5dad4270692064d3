import { useId, type ReactNode } from "react";
import { cn } from "~/utils/cn";

import { type ProgressBand, progressBand } from "~/utils/vocabulary";

export { type ProgressBand, progressBand };
export type ProgressTone = "auto" | "red" | "amber" | "blue" | "green" | "brand" | "slate";
export type ProgressSize = "sm" | "md" | "lg";

const bandTone: Record<ProgressBand, Exclude<ProgressTone, "auto">> = { low: "red", medium: "amber", high: "green" };

const fills: Record<Exclude<ProgressTone, "auto">, string> = {
  red: "bg-red-500",
  amber: "bg-amber-500",
  blue: "bg-blue-500",
  green: "bg-emerald-500",
  brand: "bg-brand-600",
  slate: "bg-slate-500",
};

const heights: Record<ProgressSize, string> = { sm: "h-1.5", md: "h-2", lg: "h-3" };

function clamp(value: number) {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

export interface ProgressBarProps {
  /** 0–100; values outside are clamped. */
  value: number;
  /** Visible label above the bar; without one, pass `aria-label` so the bar has a name. */
  label?: ReactNode;
  "aria-label"?: string;
  /** Shows "NN%" beside the label (or alone when there is no label). */
  showValue?: boolean;
  size?: ProgressSize;
  /** "auto" (default) colours by band: low red, medium amber, high green. */
  tone?: ProgressTone;
  className?: string;
}

/** A determinate progress bar; pure HTML and CSS, so it renders the same without JavaScript. */
export function ProgressBar({
  value,
  label,
  "aria-label": ariaLabel,
  showValue = false,
  size = "md",
  tone = "auto",
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const pct = Math.round(clamp(value));
  const band = progressBand(pct);
  const fill = fills[tone === "auto" ? bandTone[band] : tone];
  const hasHeading = Boolean(label) || showValue;
  return (
    <div className={cn("w-full", className)}>
      {hasHeading ? (
        <div className="mb-1.5 flex items-center justify-between gap-3 text-sm">
          {label ? (
            <span
              id={labelId}
              className="min-w-0 truncate font-medium text-slate-700"
              title={typeof label === "string" ? label : undefined}
            >
              {label}
            </span>
          ) : (
            <span />
          )}
          {showValue ? (
            <span className="shrink-0 font-semibold tabular-nums text-slate-900" aria-hidden="true">
              {pct}%
            </span>
          ) : null}
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${pct}%`}
        aria-labelledby={label ? labelId : undefined}
        aria-label={label ? undefined : ariaLabel}
        data-band={band}
        className={cn("w-full overflow-hidden rounded-full bg-slate-100", heights[size])}
      >
        <div
          className={cn("h-full rounded-full transition-[width] duration-500 ease-out", fill)}
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
