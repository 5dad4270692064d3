import * as z from "zod";
import {
  CLIENT_STATUS_ALIASES,
  type ClientStatus,
  COMMUNICATION_TYPES,
  PRIORITIES,
  PRIORITY_ALIASES,
  PROGRESS_BANDS,
  TASK_STAGES,
} from "~/utils/vocabulary";
import {
  emptyToUndefined,
  idFilter,
  limitParam,
  positionParam,
  recordVersion,
  rowCountParam,
  searchParam,
  text,
  vocabulary,
  vocabularyFilter,
} from "./common";
import { COMMUNICATION_MESSAGES, LANE_CARDS, STAGE_SLUGS } from "./swim-lanes.constants";

// The swim-lane board's schemas (docs/swim-lanes.md), shared by /swim-lanes and the API:
// its filters, a move, and a new communication. Its texts and constants are in
// swim-lanes.constants.ts, which the board imports (it checks nothing in the browser).

export * from "./swim-lanes.constants";

/** How many cards a lane shows on the screen (`shown.<stage slug>`). */
const shownParam = rowCountParam("shown", 1, undefined);

/**
 * The board's filters (the screen's URL and GET /api/tasks/swim-lanes): search, priority, progress
 * band and assignee; `limit` cards per lane; `stage` with `offset` reads more of one lane (the
 * API's "more"); `shown.<stage slug>` is how many cards a lane shows on the screen ("Show more").
 */
export const SwimLaneQuerySchema = z
  .strictObject({
    search: searchParam,
    priority: vocabularyFilter("Priority", PRIORITIES, PRIORITY_ALIASES),
    progress: z.preprocess(
      emptyToUndefined,
      z.enum(PROGRESS_BANDS, { error: `Invalid progress. Allowed values: ${PROGRESS_BANDS.join(", ")}` }).optional(),
    ),
    assignedTo: idFilter("assignedTo"),
    stage: vocabularyFilter("Stage", TASK_STAGES, CLIENT_STATUS_ALIASES),
    offset: positionParam("offset", 0, 0),
    limit: limitParam(LANE_CARDS),
    ...(Object.fromEntries(TASK_STAGES.map((stage) => [`shown.${STAGE_SLUGS[stage]}`, shownParam])) as Record<
      `shown.${string}`,
      typeof shownParam
    >),
  })
  .refine((v) => v.offset === 0 || v.stage, { path: ["offset"], message: "offset needs a stage" })
  .transform((v) => ({
    search: v.search,
    priority: v.priority,
    progress: v.progress,
    assignedTo: v.assignedTo,
    stage: v.stage,
    offset: v.offset,
    limit: v.limit!,
    /** Cards shown in each lane. */
    shown: Object.fromEntries(
      TASK_STAGES.map((stage) => [stage, (v as Record<string, unknown>)[`shown.${STAGE_SLUGS[stage]}`] ?? v.limit!]),
    ) as Record<ClientStatus, number>,
  }));

export type SwimLaneQuery = z.output<typeof SwimLaneQuerySchema>;
export type BoardFilters = Pick<SwimLaneQuery, "search" | "priority" | "progress" | "assignedTo">;

/**
 * A move (PATCH /api/tasks/{id}/status, the board's drag, keyboard and "Move to" form): the new
 * stage, and the stage the mover saw the task in (`fromStatus`). When someone else moved it
 * meanwhile, the move is refused as a conflict rather than silently undoing theirs.
 */
export const MoveTaskSchema = z.strictObject({
  status: vocabulary("Status", TASK_STAGES, CLIENT_STATUS_ALIASES),
  fromStatus: vocabularyFilter("fromStatus", TASK_STAGES, CLIENT_STATUS_ALIASES),
  /** API only: the task's version the caller read (or If-Match); a newer one refuses the move. */
  version: recordVersion(),
});
export type MoveTaskInput = z.output<typeof MoveTaskSchema>;

/** A new communication on a task (the panel's form and POST /api/tasks/{id}/communications). */
export const CommunicationSchema = z.strictObject({
  type: vocabulary("Type", COMMUNICATION_TYPES),
  content: text({ error: COMMUNICATION_MESSAGES.content })
    .trim()
    .min(1, COMMUNICATION_MESSAGES.content)
    .max(10_000, COMMUNICATION_MESSAGES.tooLong),
});
export type CommunicationInput = z.output<typeof CommunicationSchema>;
