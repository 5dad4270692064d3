import type { PlacementRecord } from "~/models/placements.server";
import { cn } from "~/utils/cn";
import { formatDate } from "~/utils/format";
import { Card, CardHeader } from "../ui/card";
import { CheckIcon } from "../ui/icons";
import { ProgressBar } from "../ui/progress";
import { PLACEMENT_CHECKLIST } from "~/utils/vocabulary";

// Parts of a placement's page (app/routes/_app.placements.$id._index.tsx).

/** The six steps, each done or not with its date, and the percentage (docs/vocabularies.md). */
export function PlacementProgress({
  placement: p,
}: {
  placement: Pick<PlacementRecord, "checklist" | "moveInDate" | "progress">;
}) {
  const steps = [
    ...PLACEMENT_CHECKLIST.map((s) => ({
      label: s.label,
      done: p.checklist[s.field].done,
      date: p.checklist[s.field].date,
    })),
    { label: "Move-in Date", done: Boolean(p.moveInDate), date: p.moveInDate },
  ];
  return (
    <Card>
      <CardHeader title="Progress" description={`${p.progress}% complete`} />
      <div className="space-y-5 p-5">
        <ProgressBar value={p.progress} aria-label="Placement progress" tone="brand" />
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Steps">
          {steps.map((step) => (
            <li
              key={step.label}
              data-done={step.done}
              className={cn(
                "rounded-lg border p-3 text-sm",
                step.done ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white",
              )}
            >
              <span
                className={cn(
                  "mb-2 flex h-6 w-6 items-center justify-center rounded-full",
                  step.done ? "bg-emerald-600 text-white" : "border border-slate-300 text-transparent",
                )}
              >
                <CheckIcon className="h-4 w-4" />
              </span>
              <span className={cn("block font-medium", step.done ? "text-emerald-900" : "text-slate-700")}>
                {step.label}
              </span>
              <span className="block text-xs text-slate-500">
                {step.done ? (step.date ? formatDate(step.date) : "Done") : "Not yet"}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}

export function PlacementTimeline({ entries }: { entries: PlacementRecord["timeline"] }) {
  return (
    <Card>
      <CardHeader title="Timeline" />
      <ol className="space-y-0 p-5" aria-label="Timeline">
        {entries.map((entry, i) => (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0">
            {i < entries.length - 1 ? (
              <span className="absolute top-3 left-[5px] h-full w-px bg-slate-200" aria-hidden="true" />
            ) : null}
            <span className="relative mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{entry.event}</p>
              {entry.description ? <p className="text-sm text-slate-600">{entry.description}</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {formatDate(entry.date)}
                {entry.actor ? ` · ${entry.actor}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
