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

    const { completed, due, createdAt, completedAt, activityEnd } = taskTimes(rng, now, stage);
    const position = (positions.get(stage) ?? 0) + 1000;
    positions.set(stage, position);

    const checklist = checklistOf(rng, { id, index: i + 1, type, completed, createdAt, activityEnd });
    checklistRows.push(...checklist.rows);
    const communications = communicationsOf(rng, {
      id,
      index: i + 1,
      count: client ? rng.int(0, 4) : rng.int(0, 1),
      createdAt,
      activityEnd,
      names,
      authorId: assignee.id,
    });
    communicationRows.push(...communications.rows);
    const updatedAt = latest([completedAt ?? createdAt, checklist.lastAt, communications.lastAt])!;

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

/**
 * When a task was due, made and done: due dates run from 20 days ago to 30 days ahead; done
 * tasks were mostly due already, and about a quarter of the open ones are overdue.
 */
function taskTimes(rng: Rng, now: Date, stage: ClientStatus) {
  const completed = rng.chance(COMPLETED_SHARE[stage]);
  const dueIn = completed ? rng.int(-20, 3) : rng.chance(0.25) ? rng.int(-20, -1) : rng.int(0, 30);
  const due = addDays(now, dueIn);
  const latestCreation = new Date(Math.min(addDays(due, -1).getTime(), now.getTime() - 6 * HOUR_MS));
  const createdAt = timeBetween(rng, addDays(latestCreation, -rng.int(2, 20)), latestCreation);
  const completedAt = completed
    ? timeBetween(rng, createdAt, new Date(Math.min(addDays(due, 2).getTime(), now.getTime() - HOUR_MS)))
    : null;
  const activityEnd = completedAt ?? new Date(now.getTime() - HOUR_MS);
  return { completed, due, createdAt, completedAt, activityEnd };
}

interface TaskActivity {
  id: string;
  /** The task's 1-based number, for the seed ids of its rows. */
  index: number;
  createdAt: Date;
  activityEnd: Date;
}

/** Checklist: all done on a completed task, the first few done on an open one. */
function checklistOf(rng: Rng, task: TaskActivity & { type: keyof typeof CHECKLISTS; completed: boolean }) {
  const items = CHECKLISTS[task.type].slice(0, rng.int(0, 5));
  const doneCount = task.completed ? items.length : rng.int(0, items.length);
  const doneTimes = timesBetween(rng, task.createdAt, task.activityEnd, doneCount);
  const rows: Insertable<TaskChecklistItemsTable>[] = items.map((text, k) => {
    const doneAt = k < doneCount ? doneTimes[k] : null;
    return {
      id: seedUuid(`task-${task.index}-item`, k + 1),
      agency_id: AGENCY_ID,
      task_id: task.id,
      text,
      is_completed: doneAt !== null,
      completed_at: doneAt,
      position: k,
      created_at: task.createdAt,
      updated_at: doneAt ?? task.createdAt,
    };
  });
  return { rows, lastAt: latest(doneTimes.slice(0, doneCount)) };
}

/** A few calls, e-mails, meetings and notes, mostly by the task's assignee. */
function communicationsOf(
  rng: Rng,
  task: TaskActivity & { count: number; names: Parameters<typeof fill>[1]; authorId: string },
) {
  const times = timesBetween(rng, task.createdAt, task.activityEnd, task.count);
  const rows: Insertable<TaskCommunicationsTable>[] = times.map((at, k) => {
    const kind = rng.weighted<CommunicationType>([
      ["note", 3],
      ["call", 4],
      ["email", 3],
      ["meeting", 2],
    ]);
    return {
      id: seedUuid(`task-${task.index}-communication`, k + 1),
      agency_id: AGENCY_ID,
      task_id: task.id,
      type: kind,
      content: fill(rng.pick(COMMUNICATIONS[kind]), task.names),
      author_id: rng.chance(0.8) ? task.authorId : rng.pick(STAFF).id,
      occurred_at: at,
      created_at: at,
      updated_at: at,
    };
  });
  return { rows, lastAt: latest(times) };
}

/** The latest of some instants (null for none). */
function latest(times: readonly (Date | null)[]): Date | null {
  return times.reduce<Date | null>((last, at) => (at && (!last || at > last) ? at : last), null);
}
