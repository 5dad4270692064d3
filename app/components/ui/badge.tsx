import type { HTMLAttributes } from "react";
import { cn } from "~/utils/cn";
import type { ClientStatus, PlacementStatus, Priority } from "~/utils/vocabulary";

export type BadgeTone = "gray" | "blue" | "green" | "darkgreen" | "yellow" | "orange" | "red" | "purple";

/**
 * A small label (its classes are in tailwind.css: `badge`, `badge-<tone>`). A status or a count stays on one line; free text (an amenity, a condition typed
 * by hand) may be long: `wrap` lets it break, inside a word if it must, rather than overflow.
 */
export function Badge({
  tone = "gray",
  wrap = false,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; wrap?: boolean }) {
  return <span className={cn("badge", wrap ? "badge-wrap" : "badge-pill", `badge-${tone}`, className)} {...props} />;
}

/** Placement status colours. */
const placementStatusTones: Record<PlacementStatus, BadgeTone> = {
  "In Progress": "blue",
  Confirmed: "green",
  Completed: "gray",
  Cancelled: "red",
};

export function placementStatusTone(status: PlacementStatus): BadgeTone {
  return placementStatusTones[status];
}

/** Priority colours: Urgent red, High orange, Medium yellow, Low green. */
const priorityTones: Record<Priority, BadgeTone> = { Urgent: "red", High: "orange", Medium: "yellow", Low: "green" };

export function priorityTone(priority: Priority): BadgeTone {
  return priorityTones[priority];
}

/** Client tracker statuses (the swim lanes' colours). */
const clientStatusTones: Record<ClientStatus, BadgeTone> = {
  "New Client": "blue",
  "Active Client": "green",
  Target: "purple",
  Placed: "darkgreen",
  "Follow-up": "yellow",
};

export function clientStatusTone(status: ClientStatus): BadgeTone {
  return clientStatusTones[status];
}
