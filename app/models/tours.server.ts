import { sql } from "kysely";
import type { DisclosureInput, TourInput, TourOutcomeInput } from "~/schemas/tour";
import { DISCLOSURE_MESSAGES, TOUR_MESSAGES } from "~/schemas/tour";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import type { DisclosureMethod, TourOutcome } from "~/utils/vocabulary";
import { agencyDay } from "./agency.server";
import { audit } from "./audit.server";
import { type Ctx, ownRow } from "./context";
import { type FieldError, type InvalidInput, invalidField } from "./follow-work.server";
import { isDocumentOf, visibleTo } from "./resources.server";
import { currentVersion, NOT_FOUND, notSaved, type StaleWrite } from "./versions.server";

// Tours of facilities arranged for clients, and the family's disclosure (issue 36;
// docs/data-model.md "Tours and the disclosure"). The first Completed tour of a facility for a
// client is what a referral fee rests on (`firstTour`); the disclosure is what makes a fee
// lawful to claim in states that require one.

export interface Person {
  id: string;
  name: string;
}

export interface Tour {
  id: string;
  client: Person;
  facility: { id: string; name: string };
  /** When it is (was) planned, ISO. */
  scheduledAt: string;
  staff: Person[];
  familyAttendees: string | null;
  notes: string | null;
  outcome: TourOutcome;
  outcomeNotes: string | null;
  /** When the outcome was recorded (null: still Scheduled). */
  outcomeAt: string | null;
  /** Counts the changes people made (DESIGN §7): an outcome recorded over a newer one is refused. */
  version: number;
  createdAt: string;
  createdBy: Person | null;
}

const name = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

function tourQuery(db: DB, ctx: Ctx) {
  return db
    .selectFrom("tours as t")
    .innerJoin("clients as c", "c.id", "t.client_id")
    .innerJoin("facilities as f", "f.id", "t.facility_id")
    .leftJoin("users as u", "u.id", "t.created_by")
    .select([
      "t.id",
      "t.client_id",
      "c.first_name as client_first",
      "c.last_name as client_last",
      "t.facility_id",
      "f.name as facility_name",
      "t.scheduled_at",
      "t.family_attendees",
      "t.notes",
      "t.outcome",
      "t.outcome_notes",
      "t.outcome_at",
      "t.version",
      "t.created_at",
      "t.created_by",
      "u.first_name as creator_first",
      "u.last_name as creator_last",
    ])
    .where("t.agency_id", "=", ctx.agencyId);
}

type TourRow = Awaited<ReturnType<ReturnType<typeof tourQuery>["execute"]>>[number];

/** The tours' rows with their staff (one more query for all of them). */
async function withStaff(db: DB, ctx: Ctx, rows: TourRow[]): Promise<Tour[]> {
  const staff =
    rows.length === 0
      ? []
      : await db
          .selectFrom("tour_staff as s")
          .innerJoin("users as u", "u.id", "s.user_id")
          .select(["s.tour_id", "u.id", "u.first_name", "u.last_name"])
          .where("s.agency_id", "=", ctx.agencyId)
          .where(
            "s.tour_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("u.first_name")
          .orderBy("u.last_name")
          .execute();
  return rows.map((r) => ({
    id: r.id,
    client: { id: r.client_id, name: name(r.client_first, r.client_last) },
    facility: { id: r.facility_id, name: r.facility_name },
    scheduledAt: new Date(r.scheduled_at).toISOString(),
    staff: staff.filter((s) => s.tour_id === r.id).map((s) => ({ id: s.id, name: name(s.first_name, s.last_name) })),
    familyAttendees: r.family_attendees,
    notes: r.notes,
    outcome: r.outcome,
    outcomeNotes: r.outcome_notes,
    outcomeAt: r.outcome_at ? new Date(r.outcome_at).toISOString() : null,
    version: r.version,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy:
      r.created_by && r.creator_first ? { id: r.created_by, name: name(r.creator_first, r.creator_last) } : null,
  }));
}

/** A client's tours, the latest planned first (the client's page, GET /api/clients/{id}/tours); at most `limit`. */
export async function listClientTours(db: DB, ctx: Ctx, clientId: string, limit?: number): Promise<Tour[]> {
  if (!isUuid(clientId)) return [];
  let query = tourQuery(db, ctx)
    .where("t.client_id", "=", clientId)
    .orderBy("t.scheduled_at", "desc")
    .orderBy("t.id", "desc");
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return withStaff(db, ctx, rows);
}

/** How many of a facility's tours its page shows, upcoming and past each. */
export const FACILITY_TOURS_SHOWN = 20;

/**
 * A facility's tours (its page): those still to come (Scheduled, from now on), soonest first,
 * and the rest, latest first; at most `FACILITY_TOURS_SHOWN` of each.
 */
export async function listFacilityTours(
  db: DB,
  ctx: Ctx,
  facilityId: string,
): Promise<{ upcoming: Tour[]; past: Tour[] }> {
  if (!isUuid(facilityId)) return { upcoming: [], past: [] };
  const upcoming = (qb: ReturnType<typeof tourQuery>) =>
    qb.where("t.outcome", "=", "Scheduled").where("t.scheduled_at", ">=", sql<Date>`now()`);
  const [next, past] = await Promise.all([
    upcoming(tourQuery(db, ctx).where("t.facility_id", "=", facilityId))
      .orderBy("t.scheduled_at", "asc")
      .orderBy("t.id", "asc")
      .limit(FACILITY_TOURS_SHOWN)
      .execute(),
    tourQuery(db, ctx)
      .where("t.facility_id", "=", facilityId)
      .where((eb) => eb.or([eb("t.outcome", "<>", "Scheduled"), eb("t.scheduled_at", "<", sql<Date>`now()`)]))
      .orderBy("t.scheduled_at", "desc")
      .orderBy("t.id", "desc")
      .limit(FACILITY_TOURS_SHOWN)
      .execute(),
  ]);
  const [a, b] = await Promise.all([withStaff(db, ctx, next), withStaff(db, ctx, past)]);
  return { upcoming: a, past: b };
}

export async function getTour(db: DB, ctx: Ctx, id: string): Promise<Tour | null> {
  if (!isUuid(id)) return null;
  const rows = await tourQuery(db, ctx).where("t.id", "=", id).execute();
  const [tour] = await withStaff(db, ctx, rows);
  return tour ?? null;
}

export type TourWrite = { ok: true; tour: Tour } | typeof NOT_FOUND | InvalidInput;

/**
 * Schedules a tour of the agency's facility for the agency's client `clientId`, at `scheduledAt`
 * (the form's day and time read in the agency's zone), with its staff (active staff of the agency).
 */
export async function scheduleTour(
  db: DB,
  ctx: Ctx,
  clientId: string,
  input: TourInput,
  scheduledAt: Date,
): Promise<TourWrite> {
  const client = await ownRow(db, ctx, "clients", clientId);
  if (!client) return NOT_FOUND;
  const errors: FieldError[] = [];
  if (!(await ownRow(db, ctx, "facilities", input.facilityId))) {
    errors.push({ path: "facilityId", msg: TOUR_MESSAGES.facilityId });
  }
  if (input.staffIds.length > 0) {
    const found = await db
      .selectFrom("users")
      .select("id")
      .where("agency_id", "=", ctx.agencyId)
      .where("is_active", "=", true)
      .where("id", "in", input.staffIds)
      .execute();
    if (found.length !== input.staffIds.length) errors.push({ path: "staffIds", msg: TOUR_MESSAGES.staffIds });
  }
  if (errors.length > 0) return { ok: false, reason: "invalid", errors };
  const id = await db.transaction().execute(async (trx) => {
    const tour = await trx
      .insertInto("tours")
      .values({
        agency_id: ctx.agencyId,
        client_id: clientId,
        facility_id: input.facilityId,
        scheduled_at: scheduledAt,
        family_attendees: input.familyAttendees,
        notes: input.notes,
        created_by: ctx.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (input.staffIds.length > 0) {
      await trx
        .insertInto("tour_staff")
        .values(input.staffIds.map((user_id) => ({ tour_id: tour.id, user_id, agency_id: ctx.agencyId })))
        .execute();
    }
    await audit(trx, ctx, {
      action: "create",
      entity: "tour",
      id: tour.id,
      details: { client: clientId, facility: input.facilityId },
    });
    return tour.id;
  });
  const tour = await getTour(db, ctx, id);
  return tour ? { ok: true, tour } : NOT_FOUND;
}

export type TourOutcomeWrite = { ok: true; tour: Tour } | typeof NOT_FOUND | StaleWrite;

/**
 * Records a tour's outcome (and its notes) when the tour is still at `input.version` (if given):
 * else stale, with how it stands now, and nothing written; not found when the agency has no such tour.
 */
export async function recordTourOutcome(
  db: DB,
  ctx: Ctx,
  id: string,
  input: TourOutcomeInput,
): Promise<TourOutcomeWrite> {
  if (!isUuid(id)) return NOT_FOUND;
  const saved = await db.transaction().execute(async (trx): Promise<{ ok: true } | typeof NOT_FOUND | StaleWrite> => {
    const before = await ownRow(trx, ctx, "tours", id, { forUpdate: true });
    if (!before) return NOT_FOUND;
    if (input.version !== undefined && before.version !== input.version)
      return notSaved(await currentVersion(trx, ctx, "tours", id));
    await trx
      .updateTable("tours")
      .set({
        outcome: input.outcome,
        outcome_notes: input.outcomeNotes,
        outcome_at: input.outcome === "Scheduled" ? null : sql<Date>`now()`,
        outcome_by: input.outcome === "Scheduled" ? null : ctx.userId,
        // Names who changed it; the database adds one to its version.
        updated_by: ctx.userId,
      })
      .where("id", "=", id)
      .execute();
    const fields = [
      ...(before.outcome !== input.outcome ? ["outcome"] : []),
      ...(before.outcome_notes !== input.outcomeNotes ? ["outcome_notes"] : []),
    ];
    await audit(trx, ctx, { action: "update", entity: "tour", id, details: { fields, outcome: input.outcome } });
    return { ok: true };
  });
  if (!saved.ok) return saved;
  const tour = await getTour(db, ctx, id);
  return tour ? { ok: true, tour } : NOT_FOUND;
}

/** The tour a fee claim rests on: when, and who of the agency went. */
export interface FirstTour {
  id: string;
  scheduledAt: string;
  staff: Person[];
}

/**
 * The first tour the agency arranged of `facilityId` for `clientId` that took place (Completed),
 * or null: the basis of a referral fee claim (a fee agreement's `tour_window_months` counts from
 * its `scheduledAt`).
 */
export async function firstTour(db: DB, ctx: Ctx, clientId: string, facilityId: string): Promise<FirstTour | null> {
  if (!isUuid(clientId) || !isUuid(facilityId)) return null;
  const row = await db
    .selectFrom("tours")
    .select(["id", "scheduled_at"])
    .where("agency_id", "=", ctx.agencyId)
    .where("client_id", "=", clientId)
    .where("facility_id", "=", facilityId)
    .where("outcome", "=", "Completed")
    .orderBy("scheduled_at", "asc")
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const staff = await db
    .selectFrom("tour_staff as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["u.id", "u.first_name", "u.last_name"])
    .where("s.agency_id", "=", ctx.agencyId)
    .where("s.tour_id", "=", row.id)
    .orderBy("u.first_name")
    .orderBy("u.last_name")
    .execute();
  return {
    id: row.id,
    scheduledAt: new Date(row.scheduled_at).toISOString(),
    staff: staff.map((s) => ({ id: s.id, name: name(s.first_name, s.last_name) })),
  };
}

// ─────────────────────────────── the disclosure ───────────────────────────────

export interface Disclosure {
  id: string;
  clientId: string;
  /** YYYY-MM-DD. */
  disclosedOn: string;
  method: DisclosureMethod;
  /** The document given (one of the client's), when it is recorded and the caller may see it. */
  document: { id: string; name: string } | null;
  recordedBy: Person | null;
  /** Counts the changes people made (DESIGN §7): a disclosure recorded over a newer one is refused. */
  version: number;
  updatedAt: string;
}

/** The client's disclosure, or null while the family has not received it. */
export async function getDisclosure(db: DB, ctx: Ctx, clientId: string): Promise<Disclosure | null> {
  if (!isUuid(clientId)) return null;
  const row = await db
    .selectFrom("client_disclosures as d")
    .leftJoin("users as u", "u.id", "d.recorded_by")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("resources as r")
          .select(["r.id", "r.original_name"])
          .where("r.agency_id", "=", ctx.agencyId)
          .where(visibleTo(ctx))
          .as("r"),
      (join) => join.onRef("r.id", "=", "d.resource_id"),
    )
    .select([
      "d.id",
      "d.client_id",
      "d.disclosed_on",
      "d.method",
      "d.recorded_by",
      "d.version",
      "d.updated_at",
      "u.first_name",
      "u.last_name",
      "r.id as resource_id",
      "r.original_name",
    ])
    .where("d.agency_id", "=", ctx.agencyId)
    .where("d.client_id", "=", clientId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    clientId: row.client_id,
    disclosedOn: row.disclosed_on,
    method: row.method,
    document: row.resource_id ? { id: row.resource_id, name: row.original_name ?? "" } : null,
    recordedBy:
      row.recorded_by && row.first_name ? { id: row.recorded_by, name: name(row.first_name, row.last_name) } : null,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export type DisclosureWrite =
  { ok: true; disclosure: Disclosure; created: boolean } | typeof NOT_FOUND | InvalidInput | StaleWrite;

/**
 * Records (or replaces) that the family of the agency's client `clientId` received the written
 * disclosure, on a day up to the agency's today; its document must be one of the client's that
 * the caller may see. With `input.version` (the version read; 0: none was recorded), it is
 * written only when the disclosure is still at it: else stale, with how it stands now, and
 * nothing written. Two first recordings at the same moment meet at the table's unique key: the
 * second then finds the first's and is checked against it.
 */
export async function recordDisclosure(
  db: DB,
  ctx: Ctx,
  clientId: string,
  input: DisclosureInput,
): Promise<DisclosureWrite> {
  if (!(await ownRow(db, ctx, "clients", clientId))) return NOT_FOUND;
  if (input.disclosedOn > (await agencyDay(db, ctx)).today) {
    return invalidField("disclosedOn", DISCLOSURE_MESSAGES.future);
  }
  if (input.resourceId && !(await isDocumentOf(db, ctx, { type: "Client", id: clientId }, input.resourceId))) {
    return invalidField("resourceId", DISCLOSURE_MESSAGES.resourceId);
  }
  const fields = { disclosed_on: input.disclosedOn, method: input.method, resource_id: input.resourceId };
  const saved = await db.transaction().execute(async (trx): Promise<{ ok: true; created: boolean } | StaleWrite> => {
    const locked = () =>
      trx
        .selectFrom("client_disclosures")
        .select(["id", "version"])
        .where("agency_id", "=", ctx.agencyId)
        .where("client_id", "=", clientId)
        .forUpdate()
        .executeTakeFirst();
    let before = await locked();
    if (!before) {
      // None yet: insert it, unless someone else's first recording got there meanwhile (the
      // insert waits for theirs to commit, then does nothing): then that one is the one to check.
      const inserted = await trx
        .insertInto("client_disclosures")
        .values({
          ...fields,
          agency_id: ctx.agencyId,
          client_id: clientId,
          recorded_by: ctx.userId,
          updated_by: ctx.userId,
        })
        .onConflict((oc) => oc.columns(["agency_id", "client_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) {
        await audit(trx, ctx, {
          action: "create",
          entity: "disclosure",
          id: inserted.id,
          details: { client: clientId, method: input.method },
        });
        return { ok: true, created: true };
      }
      before = await locked();
      if (!before) throw new Error("The disclosure recorded meanwhile is gone");
    }
    if (input.version !== undefined && before.version !== input.version) {
      const current = await currentVersion(trx, ctx, "client_disclosures", before.id);
      return notSaved(current) as StaleWrite;
    }
    await trx
      .updateTable("client_disclosures")
      // Names who changed it; the database adds one to its version.
      .set({ ...fields, recorded_by: ctx.userId, updated_by: ctx.userId })
      .where("id", "=", before.id)
      .execute();
    await audit(trx, ctx, {
      action: "update",
      entity: "disclosure",
      id: before.id,
      details: { client: clientId, method: input.method },
    });
    return { ok: true, created: false };
  });
  if (!saved.ok) return saved;
  const disclosure = await getDisclosure(db, ctx, clientId);
  return disclosure ? { ok: true, disclosure, created: saved.created } : NOT_FOUND;
}

/** Which of `clientIds` have no disclosure recorded (a placement list's badge). */
export async function clientsWithoutDisclosure(db: DB, ctx: Ctx, clientIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(clientIds.filter(isUuid))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("client_disclosures")
    .select("client_id")
    .where("agency_id", "=", ctx.agencyId)
    .where("client_id", "in", ids)
    .execute();
  const disclosed = new Set(rows.map((r) => r.client_id));
  return new Set(ids.filter((id) => !disclosed.has(id)));
}
