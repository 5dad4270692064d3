import { Link } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import { formatDate } from "~/utils/format";
import { Badge, placementStatusTone, priorityTone } from "../ui/badge";
import { Card } from "../ui/card";
import { ProgressBar } from "../ui/progress";

/** The placements list's table: one row a placement, with view and edit links. */
export function PlacementTable({ placements }: { placements: PlacementListItem[] }) {
  return (
    <Card className="relative overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-2.5 py-3">Client</th>
            <th className="px-2.5 py-3">Facility</th>
            <th className="px-2.5 py-3">Agent</th>
            <th className="px-2.5 py-3">Status</th>
            <th className="px-2.5 py-3">Priority</th>
            <th className="px-2.5 py-3">Progress</th>
            <th className="px-2.5 py-3">Start</th>
            <th className="px-2.5 py-3">Move-in</th>
            <th className="px-2.5 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {placements.map((p) => (
            <tr key={p.id} className="hover:bg-slate-50/60" data-testid="placement-row">
              <td className="px-2.5 py-3 font-medium text-slate-900">
                <Link to={`/placements/${p.id}`} className="hover:text-brand-700">
                  {p.client.firstName} {p.client.lastName}
                </Link>
              </td>
              <td className="min-w-[10rem] px-2.5 py-3">
                <span className="text-slate-900">{p.facility.name}</span>
                <span className="block text-xs text-slate-500">
                  {p.facility.city}, {p.facility.state}
                </span>
              </td>
              <td className="px-2.5 py-3 text-slate-700">
                {p.agent.firstName} {p.agent.lastName}
              </td>
              <td className="px-2.5 py-3">
                <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
              </td>
              <td className="px-2.5 py-3">
                <Badge tone={priorityTone(p.priority)}>{p.priority}</Badge>
              </td>
              <td className="w-24 px-2.5 py-3">
                <ProgressBar value={p.progress} size="sm" aria-label="Progress" />
                <span className="mt-1 block text-xs text-slate-500">{p.progress}%</span>
              </td>
              <td className="px-2.5 py-3 whitespace-nowrap text-slate-700">{formatDate(p.startDate)}</td>
              <td className="px-2.5 py-3 whitespace-nowrap text-slate-700">
                {p.moveInDate ? formatDate(p.moveInDate) : "—"}
              </td>
              <td className="px-2.5 py-3 text-right whitespace-nowrap">
                <Link to={`/placements/${p.id}`} className="font-medium text-brand-700 hover:underline">
                  View
                </Link>
                <span className="mx-2 text-slate-300">|</span>
                <Link to={`/placements/${p.id}/edit`} className="font-medium text-brand-700 hover:underline">
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
