import { CLIENT_STATUSES, type ClientStatus, type PlacementStatus } from "./vocabulary";

// How a client's status follows the work (docs/data-model.md, "How a client's status follows
// the work"): the rules, pure. app/models/follow-work.server.ts reads the facts and applies them
// in the transaction of every write that changes them.

/** Open placements: still being worked on (the dashboard's "active placements"). */
export const OPEN_PLACEMENT_STATUSES = ["In Progress", "Confirmed"] as const satisfies readonly PlacementStatus[];

/** A placement as the rules read it. */
export interface PlacementState {
  status: PlacementStatus;
  /** The day it ended: cancelled, or the resident moved out. */
  endDate: string | null;
}

export function isOpenPlacement(p: Pick<PlacementState, "status">): boolean {
  return (OPEN_PLACEMENT_STATUSES as readonly string[]).includes(p.status);
}

/** Moved in: Completed (the resident lives there) and not ended (no move-out date). It holds a bed. */
export function holdsBed(p: PlacementState): boolean {
  return p.status === "Completed" && !p.endDate;
}

/** Open or moved in: what keeps a client from going back to Active Client when it ends. */
export function isLivePlacement(p: PlacementState): boolean {
  return isOpenPlacement(p) || holdsBed(p);
}

/** What a client's status is decided from. */
export interface ClientWork {
  /** A placement of the client has moved in (holdsBed). */
  movedIn: boolean;
  /** An open placement is Confirmed. */
  confirmed: boolean;
  /** An open placement is In Progress. */
  inProgress: boolean;
  /** The furthest stage among the client's open (not completed) tasks; null: none. */
  furthestTask: ClientStatus | null;
}

const rank = (status: ClientStatus) => CLIENT_STATUSES.indexOf(status);
const later = (a: ClientStatus, b: ClientStatus) => (rank(a) >= rank(b) ? a : b);

/** The least status the client's work calls for. */
export function statusFloor(work: ClientWork): ClientStatus {
  const byPlacements: ClientStatus = work.movedIn
    ? "Placed"
    : work.confirmed
      ? "Target"
      : work.inProgress
        ? "Active Client"
        : "New Client";
  return later(byPlacements, work.furthestTask ?? "New Client");
}

/**
 * The client's status after a write: moved forward to what the work calls for, never back, but
 * when the write ended the client's last live placement (cancelled, deleted or given to another
 * client: `lostPlacement`, and none live is left): then back to Active Client (the search starts
 * again), or the furthest stage of their open tasks if that is further.
 */
export function followedStatus(current: ClientStatus, work: ClientWork, lostPlacement: boolean): ClientStatus {
  const live = work.movedIn || work.confirmed || work.inProgress;
  if (lostPlacement && !live) return later("Active Client", work.furthestTask ?? "New Client");
  return later(current, statusFloor(work));
}
