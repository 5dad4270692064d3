import { Link } from "@remix-run/react";
import type { BoardTotals, Lane, Suggestion, TeamMember } from "~/models/swim-lanes.server";
import { capitalize } from "~/utils/format";
import { Badge } from "../ui/badge";
import { Card, CardHeader } from "../ui/card";

// What the board shows above its lanes: the Pipeline Overview always, then the Analytics or the
// Smart Matching view when chosen (spec 002 §2).

type LaneFigures = Pick<Lane, "stage" | "count" | "averageProgress">;

/** Per lane: its filtered count and the average percent complete. */
export function PipelineOverview({ lanes }: { lanes: LaneFigures[] }) {
  return (
    <section aria-labelledby="pipeline-overview">
      <h2 id="pipeline-overview" className="sr-only">
        Pipeline Overview
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Pipeline Overview">
        {lanes.map((lane) => (
          <li key={lane.stage} className="rounded-xl border border-slate-200 bg-white px-3 py-2">
            <p className="truncate text-xs font-medium text-slate-500">{lane.stage}</p>
            <p className="text-lg font-semibold text-slate-900 tabular-nums">{lane.count.toLocaleString("en-US")}</p>
            <p className="text-xs text-slate-500">{lane.averageProgress}% complete on average</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AnalyticsView({ totals, team }: { totals: BoardTotals; team: TeamMember[] }) {
  const metrics = [
    ["Overdue Tasks", totals.overdue.toLocaleString("en-US")],
    ["High Priority", totals.highPriority.toLocaleString("en-US")],
    ["Completed", totals.completed.toLocaleString("en-US")],
    ["Avg Progress", `${totals.averageProgress}%`],
  ] as const;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader title="Performance Metrics" />
        <dl className="grid grid-cols-2 gap-3 p-5">
          {metrics.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-2" data-testid={`metric-${label}`}>
              <dt className="text-xs font-medium text-slate-500">{label}</dt>
              <dd className="text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card>
        <CardHeader title="Team Performance" />
        {team.length === 0 ? (
          <p className="p-5 text-sm text-slate-500">No tasks match these filters.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="px-5 py-2 font-medium">Assignee</th>
                  <th className="px-3 py-2 text-right font-medium">Tasks</th>
                  <th className="px-3 py-2 text-right font-medium">Completed</th>
                  <th className="px-5 py-2 text-right font-medium">Avg Progress</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {team.map((member) => (
                  <tr key={member.id}>
                    <td className="px-5 py-2">
                      {member.firstName} {member.lastName}
                      <span className="block text-xs text-slate-500">{capitalize(member.role)}</span>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{member.tasks.toLocaleString("en-US")}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{member.completionRate}%</td>
                    <td className="px-5 py-2 text-right tabular-nums">{member.averageProgress}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

/** Up to six of the board's best matches, one per client. */
export function SmartMatchingView({ suggestions, search }: { suggestions: Suggestion[]; search: string }) {
  return (
    <Card>
      <CardHeader title="Smart Matching" description="The best facility for the clients on the board" />
      {suggestions.length === 0 ? (
        <div className="p-5 text-sm text-slate-600" role="status">
          <p className="font-medium text-slate-900">No smart matching data available</p>
          <p className="mt-1">
            Add client preferences (care level, budget, location) and facility data to see suggestions.
          </p>
        </div>
      ) : (
        <ul
          className="grid grid-cols-1 gap-3 p-5 md:grid-cols-2 xl:grid-cols-3"
          aria-label="Smart matching suggestions"
        >
          {suggestions.map((s) => (
            <li key={s.taskId} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex items-start justify-between gap-2">
                <Link
                  to={`/clients/${s.client.id}`}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {s.client.firstName} {s.client.lastName}
                </Link>
                <span className="text-sm font-semibold text-emerald-700">
                  {Math.round(s.match.compatibilityScore)}%
                </span>
              </div>
              <p className="text-xs text-slate-500">
                <Link
                  to={`/swim-lanes/${s.taskId}${search}`}
                  preventScrollReset
                  className="hover:text-brand-700 hover:underline"
                >
                  {s.taskTitle}
                </Link>
              </p>
              <p className="mt-2 flex flex-wrap items-center gap-2 font-medium text-slate-800">
                <Link to={`/facilities/${s.match.facilityId}`} className="hover:text-brand-700 hover:underline">
                  {s.match.facilityName}
                </Link>
                {s.match.available ? <Badge tone="green">Available Now</Badge> : null}
              </p>
              <p className="mt-1 text-xs text-slate-600">{s.match.reasons.join(", ")}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
