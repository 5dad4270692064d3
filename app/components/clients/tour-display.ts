import type { TourOutcome } from "~/utils/vocabulary";
import type { BadgeTone } from "../ui/badge";

// How a tour reads wherever it is shown (the client's, the facility's and the placement's pages),
// kept apart from the client page's forms so that the pages without forms load no zod.

export const OUTCOME_TONES: Record<TourOutcome, BadgeTone> = {
  Scheduled: "blue",
  Completed: "green",
  Cancelled: "gray",
  "No-show": "orange",
};

/** "Dana Ruiz and Lee Park": who of the agency went. */
export const staffNames = (staff: { name: string }[]) =>
  staff.length <= 1
    ? (staff[0]?.name ?? "")
    : `${staff
        .slice(0, -1)
        .map((s) => s.name)
        .join(", ")} and ${staff[staff.length - 1].name}`;
