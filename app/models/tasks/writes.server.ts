import { sql } from "kysely";
import { STEP_TASK_MESSAGES, STEP_TASKS, type StepTaskInput } from "~/schemas/placement-task";
import type { TaskInput } from "~/schemas/task";
import type { DB } from "~/utils/db.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";
import { isUuid } from "~/utils/uuid";
import type { ChecklistField, CommunicationType } from "~/utils/vocabulary";
import { audit } from "../audit.server";
import { type Ctx, ownRow } from "../context";
import { type InvalidInput, invalidField, taskWritten } from "../follow-work.server";
import { endOfLane } from "../swim-lanes.server";
import { deleteAtVersion, lockAtVersion, NOT_FOUND, type StaleWrite, updateLocked } from "../versions.server";
import { stepOf, tickStepOfTask } from "./placement-steps.server";
import type { Communication } from "./record.server";

// What changes a task: create, update, complete, tick a checklist item, add a communication,
// delete. A move on the board is the board's (swim-lanes.server.ts).

export type TaskWriteResult = { ok: true; id: string } | typeof NOT_FOUND | InvalidInput | Refused | StaleWrite;

/** A write the caller's role may not make (DESIGN.md §12): which field, and the rule's sentence. */
export interface Refused {
  ok: false;
  reason: "forbidden";
  path: string;
  message: string;
}

/**
 * An agent's tasks are their own: one without `tasks.assignOthers` may assign a task only to
 * themselves, or leave it with whom it has (`stored`, an edit). The task form offers the same.
 */
export function mayAssign(ctx: Ctx, assignedTo: string, stored?: string | null): boolean {
  return can(ctx.role, "tasks.assignOthers") || assignedTo === ctx.userId || assignedTo === stored;
}

function assignmentRefused(ctx: Ctx, assignedTo: string, stored?: string | null): Refused | null {
  if (mayAssign(ctx, assignedTo, stored)) return null;
  return { ok: false, reason: "forbidden", path: "assignedTo", message: PERMISSION_MESSAGES["tasks.assignOthers"] };
}

export const PLACEMENT_OF_ANOTHER_CLIENT = "Placement must be one of the related client's placements";

/**
 * The client and placement the task will have (`stored` where the input leaves one out) and the
 * assignee (active) must be the caller agency's; the placement must be the client's.
 */
async function checkReferences(
  db: DB,
  ctx: Ctx,
  input: TaskInput,
  stored: { clientId: string | null; placementId: string | null } = { clientId: null, placementId: null },
) {
  const clientId = input.clientId === undefined ? stored.clientId : input.clientId;
  const placementId = input.placementId === undefined ? stored.placementId : input.placementId;
  const [client, placement, assignee] = await Promise.all([
    clientId && clientId !== stored.clientId ? ownRow(db, ctx, "clients", clientId) : { id: clientId },
    placementId ? ownRow(db, ctx, "placements", placementId) : null,
    ownRow(db, ctx, "users", input.assignedTo),
  ]);
  const placementError = !placementId
    ? null
    : !placement
      ? "Placement not found"
      : client && placement.client_id !== clientId
        ? PLACEMENT_OF_ANOTHER_CLIENT
        : null;
  return [
    ...(client ? [] : [{ path: "clientId", msg: "Client not found" }]),
    ...(placementError ? [{ path: "placementId", msg: placementError }] : []),
    ...(assignee ? [] : [{ path: "assignedTo", msg: "Assignee not found" }]),
  ];
}

/** The columns the input sets; a relation it leaves out (undefined) keeps what is stored. */
function columnsOf(input: TaskInput) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    priority: input.priority,
    stage: input.status,
    due_date: input.dueDate,
    ...(input.clientId === undefined ? {} : { client_id: input.clientId }),
    ...(input.placementId === undefined ? {} : { placement_id: input.placementId }),
    assigned_to: input.assignedTo,
    estimated_hours: input.estimatedHours === null ? null : String(input.estimatedHours),
  };
}

/**
 * Writes a task's checklist as given, in its order. An item that was done already (same text)
 * keeps the time it was done.
 */
async function writeChecklist(db: DB, ctx: Ctx, taskId: string, items: TaskInput["checklist"]) {
  const before = await db
    .selectFrom("task_checklist_items")
    .select(["text", "completed_at"])
    .where("task_id", "=", taskId)
    .where("is_completed", "=", true)
    .execute();
  const doneAt = new Map(before.map((i) => [i.text, i.completed_at]));
  await db.deleteFrom("task_checklist_items").where("task_id", "=", taskId).execute();
  if (items.length === 0) return;
  await db
    .insertInto("task_checklist_items")
    .values(
      items.map((entry, position) => ({
        agency_id: ctx.agencyId,
        task_id: taskId,
        text: entry.item,
        is_completed: entry.completed,
        completed_at: entry.completed ? (doneAt.get(entry.item) ?? new Date()) : null,
        position,
      })),
    )
    .execute();
}

/** Creates a task with its checklist, last in its stage's lane. */
export async function createTask(db: DB, ctx: Ctx, input: TaskInput): Promise<TaskWriteResult> {
  const refused = assignmentRefused(ctx, input.assignedTo);
  if (refused) return refused;
  return db.transaction().execute((trx) => insertTask(trx, ctx, input));
}

/** Inserts a task (in `trx`), with `step`, the placement checklist step it is made of, if any. */
async function insertTask(
  trx: DB,
  ctx: Ctx,
  input: TaskInput,
  step: ChecklistField | null = null,
): Promise<TaskWriteResult> {
  const errors = await checkReferences(trx, ctx, input);
  if (errors.length > 0) return { ok: false, reason: "invalid", errors } as const;
  const completed = input.isCompleted ?? false;
  const row = await trx
    .insertInto("tasks")
    .values({
      ...columnsOf(input),
      agency_id: ctx.agencyId,
      created_by: ctx.userId,
      updated_by: ctx.userId,
      is_completed: completed,
      completed_at: completed ? new Date() : null,
      position: endOfLane(ctx, input.status),
      placement_checklist_item: step,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeChecklist(trx, ctx, row.id, input.checklist);
  await audit(trx, ctx, { action: "create", entity: "task", id: row.id });
  await taskWritten(trx, ctx, input.clientId);
  return { ok: true, id: row.id } as const;
}

/**
 * "Make a task" of a placement's checklist step that is not done (issue 35): a task of the
 * placement and its client, titled for the step (STEP_TASKS), at the client's stage and the
 * placement's priority, done when the step is and the other way round. One task per step.
 */
export async function createStepTask(
  db: DB,
  ctx: Ctx,
  placementId: string,
  input: StepTaskInput,
): Promise<TaskWriteResult> {
  const refused = assignmentRefused(ctx, input.assignedTo);
  if (refused) return refused;
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "placements", placementId, undefined);
    if (!locked.ok) return NOT_FOUND;
    const placement = locked.row;
    if (placement[stepOf(input.step).column]) return invalidField("step", STEP_TASK_MESSAGES.alreadyDone);
    const taken = await trx
      .selectFrom("tasks")
      .select("id")
      .where("placement_id", "=", placementId)
      .where("placement_checklist_item", "=", input.step)
      .executeTakeFirst();
    if (taken) return invalidField("step", STEP_TASK_MESSAGES.alreadyTask);
    const client = await trx
      .selectFrom("clients")
      .select("tracker_status")
      .where("id", "=", placement.client_id)
      .executeTakeFirstOrThrow();
    const { title, type } = STEP_TASKS[input.step];
    const task: TaskInput = {
      title,
      description: null,
      type,
      priority: placement.priority,
      status: client.tracker_status,
      dueDate: input.dueDate,
      assignedTo: input.assignedTo,
      clientId: placement.client_id,
      placementId,
      estimatedHours: null,
      checklist: [],
    };
    return insertTask(trx, ctx, task, input.step);
  });
}

/**
 * Replaces a task's fields and checklist, when it is still at `input.version` (if given; a task
 * changed since is stale and keeps the other person's change). `isCompleted`, `clientId` and
 * `placementId` left out keep what is stored.
 */
export async function updateTask(db: DB, ctx: Ctx, id: string, input: TaskInput): Promise<TaskWriteResult> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "tasks", id, input.version);
    if (!locked.ok) return locked;
    const current = locked.row;
    const refused = assignmentRefused(ctx, input.assignedTo, current.assigned_to);
    if (refused) return refused;
    const stored = { clientId: current.client_id, placementId: current.placement_id };
    const errors = await checkReferences(trx, ctx, input, stored);
    if (errors.length > 0) return { ok: false, reason: "invalid", errors } as const;
    const completed = input.isCompleted ?? current.is_completed;
    const set = {
      ...columnsOf(input),
      ...(completed !== current.is_completed
        ? { is_completed: completed, completed_at: completed ? new Date() : null }
        : {}),
    };
    const after = await updateLocked(trx, ctx, "tasks", current, set);
    await writeChecklist(trx, ctx, id, input.checklist);
    if (completed !== current.is_completed) await tickStepOfTask(trx, ctx, after, completed);
    await taskWritten(trx, ctx, current.client_id, after.client_id);
    return { ok: true, id } as const;
  });
}

/** Marks a task done or open again; false when the caller's agency has no such task. */
export async function setTaskCompleted(db: DB, ctx: Ctx, id: string, completed: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("tasks")
      .set({ is_completed: completed, completed_at: completed ? new Date() : null, updated_by: ctx.userId })
      .where("id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .where("is_completed", "=", !completed)
      .returning(["title", "client_id", "placement_id", "placement_checklist_item"])
      .executeTakeFirst();
    if (result) {
      await audit(trx, ctx, {
        action: "update",
        entity: "task",
        id,
        details: { fields: ["completed_at", "is_completed"] },
      });
      // A task made of a placement's checklist step: the step follows.
      await tickStepOfTask(trx, ctx, result, completed);
      await taskWritten(trx, ctx, result.client_id);
      return true;
    }
    // Already so: found all the same.
    return Boolean(await ownRow(trx, ctx, "tasks", id));
  });
}

/**
 * Ticks or unticks one item of a task's checklist; false when there is no such item on that task.
 * The checklist is the task's: the task counts it as its own change (an edit form opened before
 * it would otherwise put the box back as it was).
 */
export async function setChecklistItem(
  db: DB,
  ctx: Ctx,
  taskId: string,
  itemId: string,
  completed: boolean,
): Promise<boolean> {
  if (!isUuid(taskId) || !isUuid(itemId)) return false;
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("task_checklist_items")
      .set({ is_completed: completed, completed_at: completed ? new Date() : null })
      .where("id", "=", itemId)
      .where("task_id", "=", taskId)
      .where("agency_id", "=", ctx.agencyId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.updateTable("tasks").set({ updated_by: ctx.userId }).where("id", "=", taskId).execute();
    await audit(trx, ctx, { action: "update", entity: "task", id: taskId, details: { fields: ["checklist"] } });
    return true;
  });
}

/** Adds a communication to a task, by the caller, now; null when the caller's agency has no such task. */
export async function addCommunication(
  db: DB,
  ctx: Ctx,
  taskId: string,
  input: { type: CommunicationType; content: string },
): Promise<Communication | null> {
  if (!isUuid(taskId)) return null;
  const row = await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto("task_communications")
      .columns(["agency_id", "task_id", "type", "content", "author_id"])
      .expression((eb) =>
        eb
          .selectFrom("tasks")
          .select([
            "agency_id",
            "id",
            sql<CommunicationType>`${input.type}`.as("type"),
            sql<string>`${input.content}`.as("content"),
            sql<string>`${ctx.userId}::uuid`.as("author_id"),
          ])
          .where("id", "=", taskId)
          .where("agency_id", "=", ctx.agencyId),
      )
      .returning(["id", "occurred_at"])
      .executeTakeFirst();
    if (added)
      await audit(trx, ctx, { action: "create", entity: "communication", id: added.id, details: { task: taskId } });
    return added;
  });
  if (!row) return null;
  const author = await db
    .selectFrom("users")
    .select(["first_name", "last_name"])
    .where("id", "=", ctx.userId)
    .executeTakeFirst();
  return {
    id: row.id,
    type: input.type,
    content: input.content,
    author: author ? `${author.first_name} ${author.last_name}` : null,
    timestamp: new Date(row.occurred_at).toISOString(),
  };
}

/** Deletes a task (still at `version`, if given). */
export function deleteTask(db: DB, ctx: Ctx, id: string, version?: number) {
  return deleteAtVersion(db, ctx, "tasks", id, version, (trx, row) => taskWritten(trx, ctx, row.client_id));
}
