import { sql } from "kysely";
import type { DB } from "~/utils/db.server";
import { followedStatus, holdsBed, isLivePlacement, type ClientWork } from "~/utils/client-status";
import { CLIENT_STATUSES, type ClientStatus, type PlacementStatus } from "~/utils/vocabulary";
import { audit } from "./audit.server";
import { type Ctx, ownRow } from "./context";
import { updateLocked } from "./versions.server";

// What follows from the work (docs/data-model.md, "How a client's status follows the work"):
// a client's status from their placements and their tasks' stages, a facility's occupancy from
// its residents' move-ins and move-outs, and one open placement per client and facility. Every
// write to placements or tasks (screens, board and API alike) calls placementWritten or
// taskWritten in its own transaction, after its change: the rules live here and in
// app/utils/client-status.ts, nowhere else.

/** A field's problem, as the forms and the API name it. */
export interface FieldError {
  path: string;
  msg: string;
}

/** A write refused for its input (a reference not found, a step already done): nothing was written. */
export interface InvalidInput {
  ok: false;
  reason: "invalid";
  errors: FieldError[];
}

/** The write's input refused for one field. */
export function invalidField(path: string, msg: string): InvalidInput {
  return { ok: false, reason: "invalid", errors: [{ path, msg }] };
}

/** A write refused for what it would lead to (a full facility, a second open placement): nothing was written. */
export interface WorkConflict {
  ok: false;
  reason: "conflict";
  errors: FieldError[];
}

export const DUPLICATE_OPEN_PLACEMENT =
  "This client already has an open placement at this facility. Open that one instead of adding another.";

/** A move-in to a facility with no bed free (the resident is not counted: its figures come first). */
export function facilityFullMessage(name: string, capacity: number): string {
  return `${name} has no bed free (${capacity} of ${capacity} taken). Correct its occupancy on its page, or choose another facility.`;
}

/** The database's guard against a second open placement (migration 20261209030000). */
const OPEN_PLACEMENT_INDEX = "placements_one_open_per_client_facility";

/** Thrown inside a write's transaction to roll it back with these problems (see refusedAsConflict). */
class WorkRefused extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.msg).join(" "));
  }
}

function isOpenPlacementDuplicate(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  return (
    e?.code === "23505" && (e.constraint === OPEN_PLACEMENT_INDEX || Boolean(e.message?.includes(OPEN_PLACEMENT_INDEX)))
  );
}

/**
 * Runs a write (its transaction): a refusal of what it leads to, or a second open placement of
 * the client at the facility that the database's index caught (two saves at the same moment),
 * comes back as a conflict naming the field; the transaction was rolled back.
 */
export async function refusedAsConflict<T>(write: () => Promise<T>): Promise<T | WorkConflict> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof WorkRefused) return { ok: false, reason: "conflict", errors: error.errors };
    if (isOpenPlacementDuplicate(error)) {
      return { ok: false, reason: "conflict", errors: [{ path: "facilityId", msg: DUPLICATE_OPEN_PLACEMENT }] };
    }
    throw error;
  }
}

/** A placement as these rules read it: a row of `placements` before or after a write. */
export interface PlacementSide {
  client_id: string;
  facility_id: string;
  status: PlacementStatus;
  end_date: string | null;
}

const stateOf = (p: PlacementSide) => ({ status: p.status, endDate: p.end_date });
const bedAt = (p: PlacementSide | null) => (p && holdsBed(stateOf(p)) ? p.facility_id : null);

/**
 * After a placement was created (`before` null), changed, or deleted (`after` null), in the same
 * transaction: the facilities' beds, then the status of its client (both, when it changed
 * client). Throws to roll the write back when the facility it moves into is full.
 */
export async function placementWritten(
  trx: DB,
  ctx: Ctx,
  before: PlacementSide | null,
  after: PlacementSide | null,
): Promise<void> {
  await moveBeds(trx, ctx, bedAt(before), bedAt(after));
  const clients = new Set([before?.client_id, after?.client_id].filter((id): id is string => Boolean(id)));
  for (const clientId of clients) {
    const lostPlacement =
      before !== null &&
      before.client_id === clientId &&
      isLivePlacement(stateOf(before)) &&
      (after === null || after.client_id !== clientId || after.status === "Cancelled");
    await settleClientStatus(trx, ctx, clientId, lostPlacement);
  }
}

/** After a task was created, changed, moved, completed, reopened or deleted: the status of its client(s), same transaction. */
export async function taskWritten(trx: DB, ctx: Ctx, ...clientIds: (string | null | undefined)[]): Promise<void> {
  for (const clientId of new Set(clientIds)) {
    if (clientId) await settleClientStatus(trx, ctx, clientId, false);
  }
}

/** A resident moved from one facility's bed (`from`) to another's (`to`); either may be none. */
async function moveBeds(trx: DB, ctx: Ctx, from: string | null, to: string | null): Promise<void> {
  if (from === to) return;
  if (to) await takeBed(trx, ctx, to);
  if (from) await giveBedBack(trx, ctx, from);
}

/** One more bed taken, never beyond capacity: a full facility refuses the move-in. */
async function takeBed(trx: DB, ctx: Ctx, facilityId: string): Promise<void> {
  const taken = await trx
    .updateTable("facilities")
    .set({ current_occupancy: sql`current_occupancy + 1`, updated_by: ctx.userId })
    .where("id", "=", facilityId)
    .where("agency_id", "=", ctx.agencyId)
    .where(sql<boolean>`current_occupancy < capacity`)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 0) {
    const facility = await ownRow(trx, ctx, "facilities", facilityId);
    if (!facility) return;
    throw new WorkRefused([{ path: "facilityId", msg: facilityFullMessage(facility.name, facility.capacity) }]);
  }
  await auditOccupancy(trx, ctx, facilityId);
}

/** One bed given back, never below 0. */
async function giveBedBack(trx: DB, ctx: Ctx, facilityId: string): Promise<void> {
  const given = await trx
    .updateTable("facilities")
    .set({ current_occupancy: sql`current_occupancy - 1`, updated_by: ctx.userId })
    .where("id", "=", facilityId)
    .where("agency_id", "=", ctx.agencyId)
    .where("current_occupancy", ">", 0)
    .executeTakeFirst();
  if (Number(given.numUpdatedRows) === 0) return;
  await auditOccupancy(trx, ctx, facilityId);
}

/** A bed taken or given back: the facility's update, by the name of the field. */
function auditOccupancy(trx: DB, ctx: Ctx, facilityId: string): Promise<void> {
  return audit(trx, ctx, {
    action: "update",
    entity: "facility",
    id: facilityId,
    details: { fields: ["current_occupancy"] },
  });
}

/** What the client's status is decided from, read inside the writing transaction. */
async function clientWork(trx: DB, ctx: Ctx, clientId: string): Promise<ClientWork> {
  const stages = sql.join(CLIENT_STATUSES.map((s) => sql`${s}`));
  const placementOf = (condition: ReturnType<typeof sql>) =>
    sql<boolean>`EXISTS (SELECT 1 FROM placements WHERE agency_id = ${ctx.agencyId} AND client_id = ${clientId} AND ${condition})`;
  const { rows } = await sql<{ moved_in: boolean; confirmed: boolean; in_progress: boolean; furthest: number | null }>`
    SELECT ${placementOf(sql`status = 'Completed' AND end_date IS NULL`)} AS moved_in,
           ${placementOf(sql`status = 'Confirmed'`)} AS confirmed,
           ${placementOf(sql`status = 'In Progress'`)} AS in_progress,
           (SELECT max(array_position(ARRAY[${stages}]::text[], stage)) FROM tasks
             WHERE agency_id = ${ctx.agencyId} AND client_id = ${clientId} AND NOT is_completed) AS furthest`.execute(
    trx,
  );
  const row = rows[0];
  return {
    movedIn: row.moved_in,
    confirmed: row.confirmed,
    inProgress: row.in_progress,
    furthestTask: row.furthest === null ? null : (CLIENT_STATUSES[row.furthest - 1] as ClientStatus),
  };
}

/**
 * The one place a client's status follows the work: the client locked, their work read, the
 * rules applied (followedStatus), and a change saved as the caller's (counted in `version`, so a
 * client form opened before is refused rather than putting the old status back; audited).
 */
export async function settleClientStatus(trx: DB, ctx: Ctx, clientId: string, lostPlacement: boolean): Promise<void> {
  const client = await ownRow(trx, ctx, "clients", clientId, { forUpdate: true });
  if (!client) return;
  const next = followedStatus(client.tracker_status, await clientWork(trx, ctx, clientId), lostPlacement);
  if (next !== client.tracker_status) await updateLocked(trx, ctx, "clients", client, { tracker_status: next });
}
