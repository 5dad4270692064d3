import { Link } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import { formatDate } from "~/utils/format";
import { Badge, placementStatusTone, priorityTone } from "../ui/badge";
import { Card } from "../ui/card";
import { ServerRows } from "../ui/server-rows";
import { progressBand } from "../ui/progress";

/** The columns, in order; on a phone each cell says its column's name (`data-label`). */
const COLUMNS = ["Client", "Facility", "Agent", "Status", "Priority", "Progress", "Start", "Move-in"] as const;

/**
 * The placements list's table: one row a placement, with view and edit links. On narrow screens
 * each row is a card (the `stacked-table` rules in tailwind.css: cells stack, each under its
 * column's name), so nothing needs scrolling sideways to reach the status or the links.
 */
export function PlacementTable({ placements }: { placements: PlacementListItem[] | null }) {
  return (
    <Card className="relative md:overflow-x-auto">
      <table
        role="table"
        className="stacked-table cells-roomy placement-table w-full text-left text-sm md:min-w-[56rem]"
      >
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} role="columnheader">
                {column}
              </th>
            ))}
            <th role="columnheader">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        {/* A page repeats each cell ten times: their looks are in tailwind.css (.placement-table, .row-…). */}
        <ServerRows as="tbody" rows={placements} className="divide-y divide-slate-100 [&>tr:hover]:bg-slate-50/60">
          {(rows) =>
            rows.map((p) => (
              <tr key={p.id} role="row" data-testid="placement-row">
                <td role="cell" className="col-span-2">
                  <Link to={`/placements/${p.id}`} className="row-title">
                    {`${p.client.firstName} ${p.client.lastName}`}
                  </Link>
                </td>
                <td role="cell" className="col-span-2" data-label="Facility">
                  {p.facility.name}
                  <span className="row-sub">{`${p.facility.city}, ${p.facility.state}`}</span>
                </td>
                <td role="cell" data-label="Agent">{`${p.agent.firstName} ${p.agent.lastName}`}</td>
                <td role="cell" data-label="Status">
                  <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
                </td>
                <td role="cell" data-label="Priority">
                  <Badge tone={priorityTone(p.priority)}>{p.priority}</Badge>
                </td>
                <td role="cell" data-label="Progress">
                  <progress
                    className={`bar bar-${progressBand(p.progress)}`}
                    max={100}
                    value={p.progress}
                    aria-label="Progress"
                  />
                  <span className="row-sub">{`${p.progress}%`}</span>
                </td>
                <td role="cell" data-label="Start">
                  {formatDate(p.startDate)}
                </td>
                <td role="cell" data-label="Move-in">
                  {p.moveInDate ? formatDate(p.moveInDate) : "—"}
                </td>
                <td role="cell" className="col-span-2">
                  <span className="row-actions">
                    <Link to={`/placements/${p.id}`}>View</Link>
                    <Link to={`/placements/${p.id}/edit`}>Edit</Link>
                  </span>
                </td>
              </tr>
            ))
          }
        </ServerRows>
      </table>
    </Card>
  );
}
