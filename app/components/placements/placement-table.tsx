import { Link } from "@remix-run/react";
import type { PlacementListItem } from "~/models/placements.server";
import { formatDate } from "~/utils/format";
import { Badge, placementStatusTone, priorityTone } from "../ui/badge";
import { progressBand } from "../ui/progress";
import { StackedTable } from "../ui/stacked-table";

/** The columns, in order; on a phone each cell says its column's name (`data-label`). */
const COLUMNS = ["Client", "Facility", "Agent", "Status", "Priority", "Progress", "Start", "Move-in"] as const;

/** The placements list's table (StackedTable): one row a placement, with view and edit links. */
export function PlacementTable({
  placements,
  undisclosed = [],
}: {
  placements: PlacementListItem[];
  /** Clients whose family has no disclosure yet: a "No disclosure" badge under the status. */
  undisclosed?: string[];
}) {
  return (
    <StackedTable className="placement-table" columns={COLUMNS} actions="said">
      {placements.map((p) => (
        <tr key={p.id} data-testid="placement-row">
          <td className="col-span-2">
            <Link to={`/placements/${p.id}`} className="row-title" discover="none">
              {`${p.client.firstName} ${p.client.lastName}`}
            </Link>
          </td>
          <td className="col-span-2" data-label="Facility">
            {p.facility.name}
            <span className="row-sub">{`${p.facility.city}, ${p.facility.state}`}</span>
          </td>
          <td data-label="Agent">{`${p.agent.firstName} ${p.agent.lastName}`}</td>
          <td data-label="Status">
            <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
            {undisclosed.includes(p.client.id) ? (
              <span className="row-sub">
                <Badge tone="orange">No disclosure</Badge>
              </span>
            ) : null}
          </td>
          <td data-label="Priority">
            <Badge tone={priorityTone(p.priority)}>{p.priority}</Badge>
          </td>
          <td data-label="Progress">
            <progress
              className={`bar bar-${progressBand(p.progress)}`}
              max={100}
              value={p.progress}
              aria-label="Progress"
            />
            <span className="row-sub">{`${p.progress}%`}</span>
          </td>
          <td data-label="Start">{formatDate(p.startDate)}</td>
          <td data-label="Move-in">{p.moveInDate ? formatDate(p.moveInDate) : "—"}</td>
          <td className="col-span-2">
            <span className="row-actions">
              <Link to={`/placements/${p.id}`} discover="none">
                View
              </Link>
              <Link to={`/placements/${p.id}/edit`} discover="none">
                Edit
              </Link>
            </span>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
