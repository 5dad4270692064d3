import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** A pulsing placeholder block; size it with className (e.g. "h-4 w-32"). Decorative: hidden from screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("rounded-md bg-slate-200/80 motion-safe:animate-pulse", className)} />;
}

/** Wraps placeholders in a busy region that screen readers announce as "Loading…". */
export function SkeletonRegion({
  label = "Loading…",
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

const widths = ["w-full", "w-11/12", "w-4/5", "w-full", "w-3/4", "w-5/6"];

/** `lines` lines of placeholder text; the last one is shorter, like a paragraph. */
export function SkeletonText({ lines = 3, className, label }: { lines?: number; className?: string; label?: string }) {
  return (
    <SkeletonRegion label={label} className={cn("space-y-2.5", className)}>
      {Array.from({ length: Math.max(1, lines) }, (_, i) => (
        <Skeleton key={i} className={cn("h-3.5", i === lines - 1 && lines > 1 ? "w-2/3" : widths[i % widths.length])} />
      ))}
    </SkeletonRegion>
  );
}

/** A card-shaped placeholder: avatar, two heading lines and a paragraph. */
export function SkeletonCard({ className, lines = 3, label }: { className?: string; lines?: number; label?: string }) {
  return (
    <SkeletonRegion
      label={label}
      className={cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)}
    >
      <div className="flex items-center gap-3">
        <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 space-y-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <div className="mt-5 space-y-2.5">
        {Array.from({ length: Math.max(1, lines) }, (_, i) => (
          <Skeleton key={i} className={cn("h-3", i === lines - 1 ? "w-3/5" : "w-full")} />
        ))}
      </div>
    </SkeletonRegion>
  );
}

/** The dashboard's four stat cards while they load. */
export function StatCardsSkeleton({
  count = 4,
  className,
  label,
}: {
  count?: number;
  className?: string;
  label?: string;
}) {
  return (
    <SkeletonRegion label={label} className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-4", className)}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-start justify-between">
            <div className="space-y-3">
              <Skeleton className="h-3.5 w-24" />
              <Skeleton className="h-8 w-16" />
            </div>
            <Skeleton className="h-11 w-11 rounded-xl" />
          </div>
          <Skeleton className="mt-4 h-3.5 w-32" />
        </div>
      ))}
    </SkeletonRegion>
  );
}
