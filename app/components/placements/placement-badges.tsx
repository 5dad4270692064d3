import type { PlacementRecord } from "~/models/placements.server";
import { Badge, placementStatusTone, priorityTone } from "../ui/badge";

/** A placement's status and priority as badges ("In Progress", "High Priority"): its page and the client's page. */
export function PlacementBadges({ placement: p }: { placement: Pick<PlacementRecord, "status" | "priority"> }) {
  return (
    <>
      <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
      <Badge tone={priorityTone(p.priority)}>{p.priority} Priority</Badge>
    </>
  );
}
