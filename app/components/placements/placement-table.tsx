import { Link } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import { formatDate } from "~/utils/format";
import { Badge, placementStatusTone, priorityTone } from "../ui/badge";
import { Card } from "../ui/card";
import { ProgressBar } from "../ui/progress";

/** The columns, in order; on a phone each cell says its column's name (`data-label`). */
const COLUMNS = ["Client", "Facility", "Agent", "Status", "Priority", "Progress", "Start", "Move-in"] as const;

/**
 * The placements list's table: one row a placement, with view and edit links. On narrow screens
 * each row is a card (the `stacked-table` rules in tailwind.css: cells stack, each under its
 * column's name), so nothing needs scrolling sideways to reach the status or the links.
 */
export function PlacementTable({ placements }: { placements: PlacementListItem[] }) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table role="table" className="stacked-table w-full text-left text-sm md:min-w-[56rem]">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader" className="px-2.5 py-3">
                {column}
              </th>
            ))}
            <th role="columnheader" className="px-2.5 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {placements.map((p) => (
            <tr key={p.id} role="row" className="hover:bg-slate-50/60" data-testid="placement-row">
              <td role="cell" className="col-span-2 px-2.5 py-3 font-medium text-slate-900">
                <Link to={`/placements/${p.id}`} className="hover:text-brand-700">
                  {p.client.firstName} {p.client.lastName}
                </Link>
              </td>
              <td role="cell" className="col-span-2 px-2.5 py-3 md:min-w-[10rem]" data-label="Facility">
                <span className="text-slate-900">{p.facility.name}</span>
                <span className="block text-xs text-slate-500">
                  {p.facility.city}, {p.facility.state}
                </span>
              </td>
              <td role="cell" className="px-2.5 py-3 text-slate-700" data-label="Agent">
                {p.agent.firstName} {p.agent.lastName}
              </td>
              <td role="cell" className="px-2.5 py-3" data-label="Status">
                <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
              </td>
              <td role="cell" className="px-2.5 py-3" data-label="Priority">
                <Badge tone={priorityTone(p.priority)}>{p.priority}</Badge>
              </td>
              <td role="cell" className="px-2.5 py-3 md:w-24" data-label="Progress">
                <ProgressBar value={p.progress} size="sm" aria-label="Progress" />
                <span className="mt-1 block text-xs text-slate-500">{p.progress}%</span>
              </td>
              <td role="cell" className="px-2.5 py-3 whitespace-nowrap text-slate-700" data-label="Start">
                {formatDate(p.startDate)}
              </td>
              <td role="cell" className="px-2.5 py-3 whitespace-nowrap text-slate-700" data-label="Move-in">
                {p.moveInDate ? formatDate(p.moveInDate) : "—"}
              </td>
              <td role="cell" className="col-span-2 px-2.5 py-3 whitespace-nowrap md:text-right">
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
