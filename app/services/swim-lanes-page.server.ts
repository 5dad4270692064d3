import type { WorkScope } from "./list-page.server";
import type { SerializeFrom } from "@remix-run/node";
import type { z } from "zod";
import type { Ctx } from "~/models/context";
import { agencyDay } from "~/models/agency.server";
import { type BoardCard, loadBoard, smartSuggestions, teamPerformance } from "~/models/swim-lanes.server";
import { listUsers } from "~/models/user.server";
import type { SwimLaneQuerySchema } from "~/schemas/swim-lanes";
import { type BoardView, SMART_SUGGESTIONS } from "~/schemas/swim-lanes.constants";
import type { DB } from "~/utils/db.server";
import type { ListProblem } from "~/utils/list-query";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";

/**
 * What the board page shows (its loader's data): the lanes with what each card shows and no
 * more (the page carries 50 of them), the view's extras (the team's figures, the suggestions),
 * the assignees for the filter and the filters as read.
 */
export async function boardPage(
  db: DB,
  ctx: Ctx,
  query: z.output<typeof SwimLaneQuerySchema>,
  view: BoardView,
  problems: ListProblem[],
  /** Whose tasks the board shows (an agent's start as their own), and work left with departed staff. */
  scope: WorkScope,
) {
  const { today } = await agencyDay(db, ctx);
  const [board, users, team] = await Promise.all([
    loadBoard(db, ctx, query, today),
    listUsers(db, ctx),
    view === "analytics" ? teamPerformance(db, ctx, query) : null,
  ]);
  const cards = board.lanes.flatMap((lane) => lane.tasks);
  return {
    ...board,
    lanes: board.lanes.map(({ tasks, ...lane }) => ({ ...lane, tasks: tasks.map(laneCard) })),
    view,
    team,
    suggestions: view === "matching" ? smartSuggestions(cards, SMART_SUGGESTIONS) : null,
    shown: query.shown,
    assignees: users.map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const),
    filters: {
      search: query.search ?? "",
      priority: query.priority ?? "",
      progress: query.progress ?? "",
      assignedTo: query.assignedTo ?? "",
    },
    problems,
    scope,
  };
}

/** The board's data as the page has it. */
export type BoardData = SerializeFrom<typeof boardPage>;
export type LaneCard = BoardData["lanes"][number]["tasks"][number];

function laneCard(card: BoardCard) {
  const match = card.bestMatch;
  return {
    id: card.id,
    title: card.title,
    priority: card.priority,
    progress: card.progress,
    isOverdue: card.isOverdue,
    isCompleted: card.isCompleted,
    dueDate: card.dueDate,
    placementDate: card.estimatedPlacementDate,
    client: card.client ? `${card.client.firstName} ${card.client.lastName}` : null,
    careLevel: card.client?.careLevel ? CARE_LEVEL_LABELS[card.client.careLevel] : null,
    match: match
      ? { name: match.facilityName, score: match.compatibilityScore, reasons: match.reasons.slice(0, 2) }
      : null,
    message: card.lastCommunication
      ? { type: card.lastCommunication.type, content: card.lastCommunication.content }
      : null,
    assignee: `${card.assignee.firstName} ${card.assignee.lastName}`,
    role: card.assignee.role,
  };
}
