import { sql } from "kysely";
import { isOpenPlacement } from "~/utils/client-status";
import type { Database } from "~/utils/db-types";
import { type PlacementInput, type PlacementListQuery, searchTerm } from "~/schemas/placement";
import type { DB } from "~/utils/db.server";
import { formatDate } from "~/utils/format";
import { isUuid } from "~/utils/uuid";
import {
  type ChecklistField,
  type FacilityType,
  type PaymentMethod,
  PLACEMENT_CHECKLIST,
  PLACEMENT_STATUSES,
  placementProgress,
  type PlacementStatus,
  type Priority,
  type Role,
} from "~/utils/vocabulary";
import { countClientOptions, searchClientOptions } from "./clients.server";
import { audit } from "./audit.server";
import { type Ctx, ownRow, type RowOf } from "./context";
import {
  containsPattern,
  type Count,
  countMatches,
  newestFirstBatches,
  type PageInfo,
  pageInfo,
  pageSlice,
  pickerOptions,
} from "./lists.server";
import { type AgencyCounts, readAgencyCounts } from "./counts.server";
import { countFacilityOptions, searchFacilityOptions } from "./facilities.server";
import { listUsers } from "./user.server";
import { type InvalidInput, placementWritten, refusedAsConflict, type WorkConflict } from "./follow-work.server";
import {
  currentVersion,
  deleteLocked,
  lockAtVersion,
  NOT_FOUND,
  notSaved,
  type StaleWrite,
  updateLocked,
} from "./versions.server";
import { invoiceOfPlacement, placementInvoicedStatusMessage } from "./invoices.server";
import { type NewEvent, writeEvents } from "./placement-events.server";
import {
  type FeeEditResult,
  type ReferralFee,
  referralFeeOf,
  setFeeByHand,
  settleReferralFee,
} from "./referral-fees.server";
import type { FeeEditInput } from "~/schemas/agreement";

export const RECENT_PLACEMENTS = 3;

export interface RecentPlacement {
  _id: string;
  status: PlacementStatus;
  createdAt: string;
  clientId: { _id: string; firstName: string; lastName: string };
  facilityId: { _id: string; name: string };
}

export interface PlacementDashboard {
  activePlacements: number;
  totalPlacements: number;
  recentPlacements: RecentPlacement[];
}

/** The caller agency's placements (`p`) with their client (`c`), facility (`f`) and agent (`u`). */
/** The agency's placements (those that match `filters`) joined with their client, facility and agent. */
function withPeople(db: DB, ctx: Ctx, filters: PlacementFilters = {}) {
  return filteredPlacements(db, ctx, filters)
    .innerJoin("clients as c", "c.id", "p.client_id")
    .innerJoin("facilities as f", "f.id", "p.facility_id")
    .innerJoin("users as u", "u.id", "p.agent_id");
}

/** Active = In Progress + Confirmed; the three newest placements, populated as the API answers them. */
export async function getPlacementDashboard(
  db: DB,
  ctx: Ctx,
  counts: Promise<AgencyCounts> = readAgencyCounts(db, ctx),
): Promise<PlacementDashboard> {
  const [count, recent] = await Promise.all([
    counts,
    withPeople(db, ctx)
      .select([
        "p.id",
        "p.status",
        "p.created_at",
        "c.id as client_id",
        "c.first_name",
        "c.last_name",
        "f.id as facility_id",
        "f.name as facility_name",
      ])
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .limit(RECENT_PLACEMENTS)
      .execute(),
  ]);
  return {
    activePlacements: count("placements:In Progress") + count("placements:Confirmed"),
    totalPlacements: PLACEMENT_STATUSES.reduce((sum, s) => sum + count(`placements:${s}`), 0),
    recentPlacements: recent.map((row) => ({
      _id: row.id,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      clientId: { _id: row.client_id, firstName: row.first_name, lastName: row.last_name },
      facilityId: { _id: row.facility_id, name: row.facility_name },
    })),
  };
}

/** A placement's facility as its lists show it (name and town), from a join of `facilities as f`. */
const facilityPlaceColumns = [
  "f.id as facility_id",
  "f.name as facility_name",
  "f.address_city",
  "f.address_state",
] as const;

function facilityPlace(
  row: RowOf<"facilities", ["facilities.address_city", "facilities.address_state"]> & {
    facility_id: string;
    facility_name: string;
  },
): PlacementOfClient["facility"] {
  return { id: row.facility_id, name: row.facility_name, city: row.address_city, state: row.address_state };
}

export interface PlacementOfClient {
  id: string;
  status: PlacementStatus;
  priority: Priority;
  startDate: string;
  moveInDate: string | null;
  facility: { id: string; name: string; city: string; state: string };
}

/** A client's placements, newest first, with their facility (for the client's page). */
export async function listClientPlacements(db: DB, ctx: Ctx, clientId: string): Promise<PlacementOfClient[]> {
  const rows = await db
    .selectFrom("placements as p")
    .innerJoin("facilities as f", "f.id", "p.facility_id")
    .select(["p.id", "p.status", "p.priority", "p.start_date", "p.move_in_date", ...facilityPlaceColumns])
    .where("p.client_id", "=", clientId)
    .where("p.agency_id", "=", ctx.agencyId)
    .orderBy("p.created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    priority: row.priority,
    startDate: row.start_date,
    moveInDate: row.move_in_date,
    facility: facilityPlace(row),
  }));
}

/** A client's placements as a form offers them (the task form's Related placement): the facility, its status and start. */
export async function clientPlacementOptions(
  db: DB,
  ctx: Ctx,
  clientId: string,
): Promise<{ id: string; label: string; hint: string }[]> {
  if (!isUuid(clientId)) return [];
  return (await listClientPlacements(db, ctx, clientId)).map((p) => ({
    id: p.id,
    label: p.facility.name,
    hint: `${p.status} · from ${formatDate(p.startDate)}`,
  }));
}

// ─────────────────────────────── list ───────────────────────────────

/** Which checklist steps a placement row has done. */
function checklistDone(row: Record<(typeof PLACEMENT_CHECKLIST)[number]["column"], boolean>) {
  return Object.fromEntries(PLACEMENT_CHECKLIST.map((step) => [step.field, row[step.column]])) as Record<
    ChecklistField,
    boolean
  >;
}

export interface PlacementListItem {
  id: string;
  status: PlacementStatus;
  priority: Priority;
  startDate: string;
  moveInDate: string | null;
  progress: number;
  createdAt: string;
  client: { id: string; firstName: string; lastName: string };
  facility: { id: string; name: string; city: string; state: string };
  agent: { id: string; firstName: string; lastName: string };
}

export type PlacementFilters = Pick<PlacementListQuery, "search" | "status" | "priority" | "facilityId" | "clientId">;

function filteredPlacements(db: DB, ctx: Ctx, filters: PlacementFilters) {
  return (
    db
      .selectFrom("placements as p")
      .where("p.agency_id", "=", ctx.agencyId)
      .$if(Boolean(filters.status), (qb) => qb.where("p.status", "=", filters.status!))
      .$if(Boolean(filters.priority), (qb) => qb.where("p.priority", "=", filters.priority!))
      .$if(Boolean(filters.facilityId), (qb) => qb.where("p.facility_id", "=", filters.facilityId!))
      .$if(Boolean(filters.clientId), (qb) => qb.where("p.client_id", "=", filters.clientId!))
      // The client's and the facility's names, carried by the placement (trigram-indexed).
      .$if(Boolean(filters.search), (qb) => qb.where("p.search_names", "like", containsPattern(filters.search!)))
  );
}

/** The whole filtered result counted by status (the summary tiles; their sum is the total). */
export async function countPlacementsByStatus(
  db: DB,
  ctx: Ctx,
  filters: PlacementFilters,
): Promise<Record<string, number>> {
  // By status alone (or nothing), the agency's running totals answer.
  if (!filters.search && !filters.priority && !filters.facilityId && !filters.clientId) {
    const count = await readAgencyCounts(db, ctx);
    return Object.fromEntries(
      PLACEMENT_STATUSES.map((s) => [s, !filters.status || filters.status === s ? count(`placements:${s}`) : 0]),
    );
  }
  const rows = await filteredPlacements(db, ctx, filters)
    .select(["p.status", sql<number>`count(*)::int`.as("n")])
    .groupBy("p.status")
    .execute();
  const byStatus = new Map(rows.map((r) => [r.status as string, r.n]));
  return Object.fromEntries(PLACEMENT_STATUSES.map((s) => [s, byStatus.get(s) ?? 0]));
}

export interface PlacementPage extends PageInfo {
  placements: PlacementListItem[];
  statusCounts: Record<string, number>;
}

/** A money column (numeric, read as text) as a number. */
const money = (value: string | null) => (value === null ? null : Number(value));

/** The columns a list row is read from (the list's page, the CSV export's batches). */
type ListRow = Record<(typeof PLACEMENT_CHECKLIST)[number]["column"], boolean> &
  Parameters<typeof facilityPlace>[0] & {
    id: string;
    status: PlacementStatus;
    priority: Priority;
    start_date: string;
    move_in_date: string | null;
    created_at: Date | string;
    client_id: string;
    client_first_name: string;
    client_last_name: string;
    agent_id: string;
    agent_first_name: string;
    agent_last_name: string;
  };

/** What a list row is read from, in withPeople. */
const listColumns = [
  "p.id",
  "p.status",
  "p.priority",
  "p.start_date",
  "p.move_in_date",
  ...PLACEMENT_CHECKLIST.map((step) => `p.${step.column}` as const),
  "p.created_at",
  "c.id as client_id",
  "c.first_name as client_first_name",
  "c.last_name as client_last_name",
  ...facilityPlaceColumns,
  "u.id as agent_id",
  "u.first_name as agent_first_name",
  "u.last_name as agent_last_name",
] as const;

function listItemOf(row: ListRow): PlacementListItem {
  return {
    id: row.id,
    status: row.status,
    priority: row.priority,
    startDate: row.start_date,
    moveInDate: row.move_in_date,
    progress: placementProgress(checklistDone(row), row.move_in_date),
    createdAt: new Date(row.created_at).toISOString(),
    client: { id: row.client_id, firstName: row.client_first_name, lastName: row.client_last_name },
    facility: facilityPlace(row),
    agent: { id: row.agent_id, firstName: row.agent_first_name, lastName: row.agent_last_name },
  };
}

/**
 * One page of placements, newest first: the page's ids from an index, then those rows with their
 * people and places. With `countCap` (the header's search) the matches are counted up to it and
 * not by status (`statusCounts` is then empty): a short term matches thousands.
 */
export async function listPlacements(
  db: DB,
  ctx: Ctx,
  query: PlacementListQuery,
  options: { countCap?: number } = {},
): Promise<PlacementPage> {
  const pageIds = filteredPlacements(db, ctx, query)
    .select("p.id")
    .orderBy("p.created_at", "desc")
    .orderBy("p.id", "desc");
  const [rows, counted] = await Promise.all([
    withPeople(db, ctx)
      .innerJoin(pageSlice(pageIds, query).as("page"), "page.id", "p.id")
      .select(listColumns)
      .orderBy("p.created_at", "desc")
      .orderBy("p.id", "desc")
      .execute(),
    countedPlacements(db, ctx, query, options.countCap),
  ]);
  return {
    placements: rows.map(listItemOf),
    ...pageInfo(query, counted.count),
    statusCounts: counted.statusCounts,
  };
}

/** How many placements match: by status (the list's tiles), or up to `countCap` only. */
async function countedPlacements(
  db: DB,
  ctx: Ctx,
  filters: PlacementFilters,
  countCap: number | undefined,
): Promise<{ count: Count; statusCounts: Record<string, number> }> {
  if (countCap) {
    return {
      count: await countMatches(db, filteredPlacements(db, ctx, filters).select("p.id"), countCap),
      statusCounts: {},
    };
  }
  const statusCounts = await countPlacementsByStatus(db, ctx, filters);
  const total = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  return { count: { total, capped: false }, statusCounts };
}

/** A placement as its CSV export reads it: the list's row with its money, dates and notes. */
export interface PlacementExportRow extends PlacementListItem {
  endDate: string | null;
  monthlyRate: number | null;
  paymentMethod: PaymentMethod | null;
  depositAmount: number | null;
  notes: string | null;
  updatedAt: string;
  /** The referral fee (null until the resident moved in): in cents, how, when due, and any credit. */
  fee: { cents: number | null; basis: string; dueDate: string | null; creditCents: number | null } | null;
}

/**
 * Every placement that matches the list's filters, in the list's order (newest first), a batch
 * at a time (the CSV export): each batch starts after the last row of the one before.
 */
export async function* streamPlacements(
  db: DB,
  ctx: Ctx,
  filters: PlacementFilters,
  batchSize = 1000,
): AsyncGenerator<PlacementExportRow[]> {
  const batches = newestFirstBatches(
    withPeople(db, ctx, filters).select([
      ...listColumns,
      "p.end_date",
      "p.monthly_rate",
      "p.payment_method",
      "p.deposit_amount",
      "p.notes",
      "p.fee_cents",
      "p.fee_basis",
      "p.fee_due_date",
      "p.fee_credit_cents",
      "p.updated_at",
    ]),
    "p",
    batchSize,
  );
  for await (const rows of batches) {
    yield rows.map((row) => ({
      ...listItemOf(row),
      endDate: row.end_date,
      monthlyRate: money(row.monthly_rate),
      paymentMethod: row.payment_method,
      depositAmount: money(row.deposit_amount),
      notes: row.notes,
      fee:
        row.fee_basis === null
          ? null
          : {
              cents: row.fee_cents,
              basis: row.fee_basis,
              dueDate: row.fee_due_date,
              creditCents: row.fee_credit_cents,
            },
      updatedAt: new Date(row.updated_at).toISOString(),
    }));
  }
}

// ─────────────────────────────── one placement ───────────────────────────────

type Step = { done: boolean; date: string | null };

export interface PlacementRecord {
  id: string;
  status: PlacementStatus;
  priority: Priority;
  startDate: string;
  endDate: string | null;
  moveInDate: string | null;
  monthlyRate: number | null;
  paymentMethod: PaymentMethod | null;
  depositAmount: number | null;
  notes: string | null;
  checklist: Record<ChecklistField, Step>;
  /** The detail's six steps done, as a whole percent. */
  progress: number;
  client: { id: string; firstName: string; lastName: string; phone: string; email: string };
  facility: {
    id: string;
    name: string;
    type: FacilityType;
    address: { street: string; city: string; state: string; zip: string };
    contact: { name: string; phone: string };
  };
  agent: { id: string; firstName: string; lastName: string; phone: string | null; email: string; role: Role };
  timeline: { id: string; event: string; description: string | null; date: string; actor: string | null }[];
  /** The referral fee the facility owes the agency: null until the resident moved in (docs/data-model.md). */
  referralFee: ReferralFee | null;
  /** Counts the changes people made (DESIGN §7): what an edit must have read. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A placement's timeline, newest first. */
async function placementTimeline(db: DB, id: string): Promise<PlacementRecord["timeline"]> {
  const events = await db
    .selectFrom("placement_events as e")
    .leftJoin("users as a", "a.id", "e.actor_id")
    .select(["e.id", "e.event", "e.description", "e.occurred_at", "a.first_name", "a.last_name"])
    .where("e.placement_id", "=", id)
    .orderBy("e.occurred_at", "desc")
    .orderBy("e.created_at", "desc")
    .execute();
  return events.map((e) => ({
    id: e.id,
    event: e.event,
    description: e.description,
    date: new Date(e.occurred_at).toISOString(),
    actor: e.first_name ? `${e.first_name} ${e.last_name}` : null,
  }));
}

/** A placement with its client, facility, agent and timeline; null when not the caller agency's. */
export async function getPlacement(db: DB, ctx: Ctx, id: string): Promise<PlacementRecord | null> {
  if (!isUuid(id)) return null;
  const row = await withPeople(db, ctx)
    .selectAll("p")
    .select([
      "c.first_name as client_first_name",
      "c.last_name as client_last_name",
      "c.phone as client_phone",
      "c.email as client_email",
      "f.name as facility_name",
      "f.type as facility_type",
      "f.address_street",
      "f.address_city",
      "f.address_state",
      "f.address_zip",
      "f.contact_name",
      "f.contact_phone",
      "u.first_name as agent_first_name",
      "u.last_name as agent_last_name",
      "u.phone as agent_phone",
      "u.email as agent_email",
      "u.role as agent_role",
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const timeline = await placementTimeline(db, id);
  const checklist = Object.fromEntries(
    PLACEMENT_CHECKLIST.map((step) => [
      step.field,
      { done: row[step.column], date: row[`${step.column}_date`] as string | null },
    ]),
  ) as Record<ChecklistField, Step>;
  return {
    id: row.id,
    status: row.status,
    priority: row.priority,
    startDate: row.start_date,
    endDate: row.end_date,
    moveInDate: row.move_in_date,
    monthlyRate: money(row.monthly_rate),
    paymentMethod: row.payment_method,
    depositAmount: money(row.deposit_amount),
    notes: row.notes,
    checklist,
    progress: placementProgress(checklistDone(row), row.move_in_date),
    client: {
      id: row.client_id,
      firstName: row.client_first_name,
      lastName: row.client_last_name,
      phone: row.client_phone,
      email: row.client_email,
    },
    facility: {
      id: row.facility_id,
      name: row.facility_name,
      type: row.facility_type,
      address: { street: row.address_street, city: row.address_city, state: row.address_state, zip: row.address_zip },
      contact: { name: row.contact_name, phone: row.contact_phone },
    },
    agent: {
      id: row.agent_id,
      firstName: row.agent_first_name,
      lastName: row.agent_last_name,
      phone: row.agent_phone,
      email: row.agent_email,
      role: row.agent_role,
    },
    timeline,
    referralFee: referralFeeOf(row),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

// ─────────────────────────────── writes ───────────────────────────────

export type PlacementWriteResult =
  | { ok: true; id: string }
  | typeof NOT_FOUND
  | InvalidInput
  /** Refused for what it leads to: a second open placement at the facility, a move-in to a full one. */
  | WorkConflict
  | StaleWrite;

/** The client, facility and agent must be the caller agency's (an active agent). */
async function checkReferences(db: DB, ctx: Ctx, input: PlacementInput, agentId: string) {
  const [client, facility, agent] = await Promise.all([
    ownRow(db, ctx, "clients", input.clientId),
    ownRow(db, ctx, "facilities", input.facilityId),
    ownRow(db, ctx, "users", agentId),
  ]);
  const errors = [
    ...(client ? [] : [{ path: "clientId", msg: "Client not found" }]),
    ...(facility ? [] : [{ path: "facilityId", msg: "Facility not found" }]),
    ...(agent ? [] : [{ path: "agentId", msg: "Agent not found" }]),
  ];
  return { errors, client, facility };
}

export function columnsOf(input: PlacementInput, agentId: string) {
  return {
    client_id: input.clientId,
    facility_id: input.facilityId,
    agent_id: agentId,
    status: input.status,
    priority: input.priority,
    start_date: input.startDate,
    end_date: input.endDate,
    move_in_date: input.moveInDate,
    monthly_rate: input.monthlyRate,
    payment_method: input.paymentMethod as Database["placements"]["payment_method"],
    deposit_amount: input.depositAmount,
    notes: input.notes,
    ...Object.fromEntries(
      PLACEMENT_CHECKLIST.flatMap((step) => [
        [step.column, input.checklist[step.field].done],
        [`${step.column}_date`, input.checklist[step.field].date],
      ]),
    ),
  };
}

function checklistEvents(before: Record<ChecklistField, boolean> | null, input: PlacementInput): NewEvent[] {
  return PLACEMENT_CHECKLIST.flatMap((step) => {
    const was = before?.[step.field] ?? false;
    const now = input.checklist[step.field].done;
    if (was === now) return [];
    return [stepEvent(step, now)];
  });
}

/** A checklist step done or undone, as the timeline says it (`why`: what did it, if not the checklist). */
export function stepEvent(
  step: (typeof PLACEMENT_CHECKLIST)[number],
  done: boolean,
  why: string | null = null,
): NewEvent {
  return done
    ? { event: step.event, description: why }
    : { event: `${step.label} undone`, description: why ?? "Unticked on the checklist" };
}

/** Creates a placement; the timeline starts with its creation (and any step already done). */
export async function createPlacement(db: DB, ctx: Ctx, input: PlacementInput): Promise<PlacementWriteResult> {
  const agentId = input.agentId ?? ctx.userId;
  return refusedAsConflict(() =>
    db.transaction().execute(async (trx) => {
      const { errors, client, facility } = await checkReferences(trx, ctx, input, agentId);
      if (errors.length > 0 || !client || !facility) return { ok: false, reason: "invalid", errors } as const;
      const row = await trx
        .insertInto("placements")
        .values({
          ...columnsOf(input, agentId),
          agency_id: ctx.agencyId,
          created_by: ctx.userId,
          updated_by: ctx.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, ctx, { action: "create", entity: "placement", id: row.id });
      await placementWritten(trx, ctx, null, row);
      const feeEvents = await settleReferralFee(trx, ctx, null, row);
      await writeEvents(trx, ctx, row.id, [
        { event: "Placement created", description: `${client.first_name} ${client.last_name} → ${facility.name}` },
        ...checklistEvents(null, input),
        ...feeEvents,
      ]);
      return { ok: true, id: row.id } as const;
    }),
  );
}

/**
 * Replaces a placement's fields, when it is still at `input.version` (if given; a placement
 * changed since is stale and keeps the other person's change). Each status change and checklist
 * step done or undone goes on the timeline.
 */
export async function updatePlacement(
  db: DB,
  ctx: Ctx,
  id: string,
  input: PlacementInput,
): Promise<PlacementWriteResult> {
  return refusedAsConflict(() =>
    db.transaction().execute(async (trx) => {
      const locked = await lockAtVersion(trx, ctx, "placements", id, input.version);
      if (!locked.ok) return locked;
      const current = locked.row;
      // Back to In Progress or Confirmed undoes the move-in and clears its fee: not while an
      // invoice bills that fee (the placement is locked, as an invoice made of it locks it).
      if (current.fee_basis !== null && isOpenPlacement(input)) {
        const invoice = await invoiceOfPlacement(trx, ctx, id);
        if (invoice)
          return {
            ok: false,
            reason: "conflict",
            errors: [{ path: "status", msg: placementInvoicedStatusMessage(invoice, input.status) }],
          } as const;
      }
      const agentId = input.agentId ?? current.agent_id;
      const { errors } = await checkReferences(trx, ctx, input, agentId);
      if (errors.length > 0) return { ok: false, reason: "invalid", errors } as const;
      const after = await updateLocked(trx, ctx, "placements", current, columnsOf(input, agentId));
      const before = checklistDone(current);
      await syncStepTasks(trx, ctx, id, before, placementStepsOf(input));
      await placementWritten(trx, ctx, current, after);
      const feeEvents = await settleReferralFee(trx, ctx, current, after);
      await writeEvents(trx, ctx, id, [
        ...(current.status !== input.status
          ? [{ event: "Status changed", description: `${current.status} → ${input.status}` }]
          : []),
        ...checklistEvents(before, input),
        ...(current.move_in_date !== input.moveInDate && input.moveInDate
          ? [{ event: "Move-in date set", description: formatDate(input.moveInDate) }]
          : []),
        ...feeEvents,
      ]);
      return { ok: true, id } as const;
    }),
  );
}

/** Sets a placement's referral fee by hand, with the reason (audited, and on its timeline). */
export function updateReferralFee(db: DB, ctx: Ctx, id: string, input: FeeEditInput): Promise<FeeEditResult> {
  return db.transaction().execute(async (trx) => {
    const result = await setFeeByHand(trx, ctx, id, input);
    if (result.ok) await writeEvents(trx, ctx, id, result.events);
    return result;
  });
}

/** Which checklist steps a placement's input has done. */
function placementStepsOf(input: PlacementInput): Record<ChecklistField, boolean> {
  return Object.fromEntries(PLACEMENT_CHECKLIST.map((s) => [s.field, input.checklist[s.field].done])) as Record<
    ChecklistField,
    boolean
  >;
}

/**
 * Tasks belong to placements (issue 35): a step ticked or unticked completes or reopens the task
 * made of it (tasks.placement_checklist_item), in the caller's transaction, audited as the task's
 * own update. Steps that did not change leave their tasks as they are.
 */
export async function syncStepTasks(
  trx: DB,
  ctx: Ctx,
  placementId: string,
  before: Partial<Record<ChecklistField, boolean>>,
  after: Partial<Record<ChecklistField, boolean>>,
): Promise<void> {
  const changed = PLACEMENT_CHECKLIST.map((s) => s.field).filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return;
  const tasks = await trx
    .selectFrom("tasks")
    .selectAll()
    .where("agency_id", "=", ctx.agencyId)
    .where("placement_id", "=", placementId)
    .where("placement_checklist_item", "in", changed)
    .forUpdate()
    .execute();
  for (const task of tasks) {
    const done = Boolean(after[task.placement_checklist_item!]);
    if (task.is_completed === done) continue;
    await updateLocked(trx, ctx, "tasks", task, { is_completed: done, completed_at: done ? new Date() : null });
  }
}

/** What keeps a placement from being deleted: the invoice its fee is on. */
export type PlacementInvoiced = { ok: false; reason: "in-use"; invoice: { id: string; number: string | null } };

/**
 * Deletes a placement (still at `version`, if given): a moved-in resident's bed is given back, the
 * client's status follows. A placement whose fee is on an invoice (not void) is not deleted.
 *
 * The placement's row is locked first, then the invoices are checked, then it is deleted, in one
 * transaction: an invoice made of its fee locks the same row (createInvoice), so the two take
 * turns. An invoice made first is seen by the check (the delete is refused); a delete made first
 * leaves the invoice no fee to take. Never an invoice line whose placement is gone.
 */
export async function deletePlacement(
  db: DB,
  ctx: Ctx,
  id: string,
  version?: number,
): Promise<{ ok: true } | { ok: false; reason: "not-found" } | StaleWrite | PlacementInvoiced> {
  if (!isUuid(id)) return NOT_FOUND;
  return db.transaction().execute(async (trx) => {
    const locked = await lockAtVersion(trx, ctx, "placements", id, undefined);
    if (!locked.ok) return locked;
    const invoice = await invoiceOfPlacement(trx, ctx, id);
    if (invoice) return { ok: false, reason: "in-use", invoice } as const;
    if (version !== undefined && locked.row.version !== version)
      return notSaved(await currentVersion(trx, ctx, "placements", id));
    await deleteLocked(trx, ctx, "placements", locked.row);
    await placementWritten(trx, ctx, locked.row, null);
    return { ok: true } as const;
  });
}

// ─────────────────────────────── form ───────────────────────────────

/**
 * What the placement form offers to choose from (the chosen ones always among them). With a
 * `search` term (the pickers' search step without JavaScript), that picker offers the first
 * matches, and `searched` says how many there are.
 */
export async function placementFormOptions(
  db: DB,
  ctx: Ctx,
  chosen: { clientId?: string | null; facilityId?: string | null },
  search: { client?: string; facility?: string } = {},
) {
  const [client, facility, agents] = await Promise.all([
    pickerOptions(
      searchTerm(search.client),
      (o) => searchClientOptions(db, ctx, { ...o, include: chosen.clientId }),
      (term, cap) => countClientOptions(db, ctx, term, cap),
    ),
    pickerOptions(
      searchTerm(search.facility),
      (o) => searchFacilityOptions(db, ctx, { ...o, include: chosen.facilityId }),
      (term, cap) => countFacilityOptions(db, ctx, term, cap),
    ),
    listUsers(db, ctx),
  ]);
  return {
    clients: client.options,
    facilities: facility.options,
    agents: agents.map((a) => ({ id: a.id, name: `${a.firstName} ${a.lastName}` })),
    searched: { client: client.searched, facility: facility.searched },
  };
}
