import type { HTMLAttributes } from "react";
import { cn } from "~/utils/cn";
import type { ClientStatus, PlacementStatus, Priority } from "~/utils/vocabulary";

export type BadgeTone = "gray" | "blue" | "green" | "darkgreen" | "yellow" | "orange" | "red" | "purple";

const tones: Record<BadgeTone, string> = {
  gray: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-blue-50 text-blue-700 ring-blue-200",
  green: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  darkgreen: "bg-green-100 text-green-800 ring-green-300",
  yellow: "bg-amber-50 text-amber-800 ring-amber-200",
  orange: "bg-orange-50 text-orange-700 ring-orange-200",
  red: "bg-red-50 text-red-700 ring-red-200",
  purple: "bg-violet-50 text-violet-700 ring-violet-200",
};

/**
 * A small label. A status or a count stays on one line; free text (an amenity, a condition typed
 * by hand) may be long: `wrap` lets it break, inside a word if it must, rather than overflow.
 */
export function Badge({
  tone = "gray",
  wrap = false,
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; wrap?: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1 px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        wrap ? "rounded-xl wrap-anywhere whitespace-normal" : "rounded-full whitespace-nowrap",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
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
