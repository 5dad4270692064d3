import type { Insertable } from "kysely";
import type {
  ClientStatus,
  CommunicationType,
  TaskChecklistItemsTable,
  TaskCommunicationsTable,
  TasksTable,
} from "../../app/utils/db-types";
import { AGENCY_ID, STAFF } from "./common";
import type { DemoClient, DemoFacility } from "./demo-directory";
import type { DemoPlacement } from "./demo-placements";
import { addDays, dateOnly, HOUR_MS, quota, type Rng, seedUuid, timeBetween, timesBetween } from "./random";
import { CHECKLISTS, COMMUNICATIONS, fill, TASK_DESCRIPTIONS, TASK_TITLES, TYPES_BY_STAGE } from "./texts";

// Tasks on the swim-lane board, with their checklists and communications. Each task sits in
// the lane of its client's pipeline stage, and its type fits that stage.

const STAGE_COUNTS: Record<ClientStatus, number> = {
  "New Client": 28,
  "Active Client": 30,
  Target: 24,
  Placed: 20,
  "Follow-up": 18,
};

/** Share of tasks already done in each lane: later lanes have more history behind them. */
const COMPLETED_SHARE: Record<ClientStatus, number> = {
  "New Client": 0.15,
  "Active Client": 0.2,
  Target: 0.25,
  Placed: 0.45,
  "Follow-up": 0.5,
};

export function buildTasks(
  rng: Rng,
  now: Date,
  clients: readonly DemoClient[],
  facilities: readonly DemoFacility[],
  placements: readonly DemoPlacement[],
) {
  const stages = quota(STAGE_COUNTS);
  const rows: Insertable<TasksTable>[] = [];
  const checklistRows: Insertable<TaskChecklistItemsTable>[] = [];
  const communicationRows: Insertable<TaskCommunicationsTable>[] = [];
  const positions = new Map<ClientStatus, number>();
  const activeFacilities = facilities.filter((f) => f.isActive);

  stages.forEach((stage, i) => {
    const id = seedUuid("task", i + 1);
    const type = rng.weighted(TYPES_BY_STAGE[stage]);
    const pool = clients.filter((c) => c.status === stage);
    const client = type === "Other" ? null : rng.pick(pool.length ? pool : clients);
    const placement = client && placements.find((p) => p.client.id === client.id && p.status !== "Cancelled");
    const facility = placement?.facility ?? rng.pick(activeFacilities);
    const names = { client: client?.name, facility: facility.name, family: client?.family };
    const assignee = rng.weighted(STAFF.map((s) => [s, s.role === "agent" ? 3 : 1] as const));

    // Due dates run from 20 days ago to 30 days ahead. Done tasks were mostly due already;
    // about a quarter of the open ones are overdue.
    const completed = rng.chance(COMPLETED_SHARE[stage]);
    const dueIn = completed ? rng.int(-20, 3) : rng.chance(0.25) ? rng.int(-20, -1) : rng.int(0, 30);
    const due = addDays(now, dueIn);
    const latestCreation = new Date(Math.min(addDays(due, -1).getTime(), now.getTime() - 6 * HOUR_MS));
    const createdAt = timeBetween(rng, addDays(latestCreation, -rng.int(2, 20)), latestCreation);
    const completedAt = completed
      ? timeBetween(rng, createdAt, new Date(Math.min(addDays(due, 2).getTime(), now.getTime() - HOUR_MS)))
      : null;
    const activityEnd = completedAt ?? new Date(now.getTime() - HOUR_MS);
    let updatedAt = completedAt ?? createdAt;

    const position = (positions.get(stage) ?? 0) + 1000;
    positions.set(stage, position);

    // Checklist: all done on a completed task, the first few done on an open one.
    const items = CHECKLISTS[type].slice(0, rng.int(0, 5));
    const doneCount = completed ? items.length : rng.int(0, items.length);
    const doneTimes = timesBetween(rng, createdAt, activityEnd, doneCount);
    items.forEach((text, k) => {
      const doneAt = k < doneCount ? doneTimes[k] : null;
      checklistRows.push({
        id: seedUuid(`task-${i + 1}-item`, k + 1),
        agency_id: AGENCY_ID,
        task_id: id,
        text,
        is_completed: doneAt !== null,
        completed_at: doneAt,
        position: k,
        created_at: createdAt,
        updated_at: doneAt ?? createdAt,
      });
      if (doneAt && doneAt > updatedAt) updatedAt = doneAt;
    });

    const commTimes = timesBetween(rng, createdAt, activityEnd, client ? rng.int(0, 4) : rng.int(0, 1));
    commTimes.forEach((at, k) => {
      const kind = rng.weighted<CommunicationType>([
        ["note", 3],
        ["call", 4],
        ["email", 3],
        ["meeting", 2],
      ]);
      communicationRows.push({
        id: seedUuid(`task-${i + 1}-communication`, k + 1),
        agency_id: AGENCY_ID,
        task_id: id,
        type: kind,
        content: fill(rng.pick(COMMUNICATIONS[kind]), names),
        author_id: rng.chance(0.8) ? assignee.id : rng.pick(STAFF).id,
        occurred_at: at,
        created_at: at,
        updated_at: at,
      });
      if (at > updatedAt) updatedAt = at;
    });

    rows.push({
      id,
      agency_id: AGENCY_ID,
      title: fill(rng.pick(TASK_TITLES[type]), names),
      description: rng.chance(0.4) ? rng.pick(TASK_DESCRIPTIONS) : null,
      type,
      priority: rng.weighted([
        ["Low", 2],
        ["Medium", 4],
        ["High", 3],
        ["Urgent", 1],
      ] as const),
      stage,
      position,
      is_completed: completed,
      completed_at: completedAt,
      due_date: dateOnly(due),
      estimated_placement_date:
        (stage === "Active Client" || stage === "Target") && rng.chance(0.6)
          ? dateOnly(addDays(now, rng.int(14, 60)))
          : null,
      estimated_hours: rng.chance(0.7) ? rng.int(1, 12) / 2 : null,
      client_id: client?.id ?? null,
      assigned_to: assignee.id,
      created_by: rng.chance(0.7) ? assignee.id : STAFF[0].id,
      created_at: createdAt,
      updated_at: updatedAt,
    });
  });
  return { rows, checklistRows, communicationRows };
}
