import { CLIENT_STATUS_ALIASES, type ClientStatus, TASK_STAGES } from "~/utils/vocabulary";

// The swim-lane board's texts and constants, without zod: the board imports them from here, so
// its browser bundle carries no schema (tests/unit/browser-imports.test.ts). swim-lanes.ts, the
// schemas, re-exports them.

/** Cards first shown in each lane, and how many more "Show more" adds. */
export const LANE_CARDS = 8;

/** Smart Matching's suggestions (spec 002 §9). */
export const SMART_SUGGESTIONS = 6;

/** How often the board reloads itself while in sight (spec 002 §9). */
export const BOARD_REFRESH_MS = 30_000;

export const BOARD_VIEWS = ["standard", "analytics", "matching"] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

/** Each stage's slug, as URLs write a lane ("shown.active-client"). */
export const STAGE_SLUGS = Object.fromEntries(
  TASK_STAGES.map((stage) => [stage, Object.entries(CLIENT_STATUS_ALIASES).find(([, s]) => s === stage)![0]]),
) as Record<ClientStatus, string>;

/** The board's load error (spec 002 §8), with a Retry button. */
export const LOAD_FAILURE = "Failed to load swim lane data. Please try again.";

export const MOVE_MESSAGES = {
  success: "Task moved successfully!",
  /** Followed by the reason (spec 002 §8). */
  failure: "Failed to move task: ",
  fallback: "Please try again.",
} as const;

/** The conflict's reason: where the task is now. */
export function movedMeanwhile(current: ClientStatus): string {
  return `someone else moved it to ${current} meanwhile. The board now shows where it is.`;
}

export const COMMUNICATION_MESSAGES = {
  success: "Communication added successfully!",
  failure: "Failed to add communication",
  content: "Content is required",
  tooLong: "Content must be at most 10,000 characters",
} as const;

/** A board card's element id: a move without JavaScript comes back to `#task-{id}`, the moved card. */
export function laneCardId(taskId: string) {
  return `task-${taskId}`;
}
