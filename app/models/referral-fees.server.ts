import type { Selectable, Updateable } from "kysely";
import type { FeeEditInput } from "~/schemas/agreement";
import type { DB } from "~/utils/db.server";
import type { Database, PlacementsTable } from "~/utils/db-types";
import { holdsBed } from "~/utils/client-status";
import { addDays } from "~/utils/days";
import { formatFee, noAgreementBasis, workOutCredit, workOutFee } from "~/utils/referral-fee";
import { agencyDay } from "./agency.server";
import { agreementInForce, termsOf } from "./agreement-terms.server";
import { audit, auditUpdate } from "./audit.server";
import type { Ctx } from "./context";
import type { FieldError } from "./follow-work.server";
import { invoiceOfPlacement, onNoInvoice } from "./invoices.server";
import { writeEvents } from "./placement-events.server";
import { lockAtVersion, NOT_FOUND, type StaleWrite } from "./versions.server";

// A placement's referral fee (issue 36; docs/data-model.md, "Referral agreements and fees"). It is
// worked out when the resident moves in (the placement becomes Completed without an end date:
// the move that takes a bed), from the facility's agreement in force on the move-in date and the
// placement's monthly rate, and stored on the placement with how it was worked out and when it is
// due. A move-out within the agreement's refund window (an end date, or a cancellation after the
// move-in) works out the credit owed back. A fee set by hand (with a reason) is not worked out
// again. Everything here runs in the placement write's own transaction.

type PlacementRow = Selectable<PlacementsTable>;
type Events = { event: string; description: string | null }[];

export interface ReferralFee {
  /** Null: no fee owed (no agreement in force), or none could be worked out (no monthly rate). */
  cents: number | null;
  basis: string;
  agreementId: string | null;
  movedInOn: string | null;
  dueDate: string | null;
  /** Why it was last set by hand; null when as worked out. */
  editReason: string | null;
  /** After a move-out: what is owed back, and how it was worked out. */
  credit: { cents: number | null; basis: string } | null;
}

/** The fee as the placement's page and API show it; null until the resident moved in. */
export function referralFeeOf(row: PlacementRow): ReferralFee | null {
  if (row.fee_basis === null) return null;
  return {
    cents: row.fee_cents,
    basis: row.fee_basis,
    agreementId: row.fee_agreement_id,
    movedInOn: row.fee_moved_in_on,
    dueDate: row.fee_due_date,
    editReason: row.fee_edit_reason,
    credit: row.fee_credit_basis === null ? null : { cents: row.fee_credit_cents, basis: row.fee_credit_basis },
  };
}

const stateOf = (p: PlacementRow) => ({ status: p.status, endDate: p.end_date });
const movedOut = (p: PlacementRow) => p.status === "Cancelled" || (p.status === "Completed" && p.end_date !== null);

/** The fee a move-in earns: the agreement in force on its day, the monthly rate. */
async function feeAt(trx: DB, ctx: Ctx, p: PlacementRow, movedInOn: string) {
  const agreement = await agreementInForce(trx, ctx, p.facility_id, movedInOn);
  if (!agreement) {
    return { fee_cents: null, fee_agreement_id: null, fee_basis: noAgreementBasis(movedInOn), fee_due_date: null };
  }
  const fee = workOutFee(termsOf(agreement), p.monthly_rate === null ? null : Number(p.monthly_rate), movedInOn);
  return { fee_cents: fee.cents, fee_agreement_id: agreement.id, fee_basis: fee.basis, fee_due_date: fee.dueDate };
}

/** The credit a move-out on `leftOn` gives back, under the fee's agreement. */
async function creditAt(trx: DB, ctx: Ctx, p: PlacementRow, feeCents: number | null, leftOn: string) {
  const agreement = p.fee_agreement_id
    ? await trx
        .selectFrom("referral_agreements")
        .selectAll()
        .where("id", "=", p.fee_agreement_id)
        .where("agency_id", "=", ctx.agencyId)
        .executeTakeFirst()
    : undefined;
  if (!agreement)
    return { fee_credit_cents: null, fee_credit_basis: feeCents ? "No agreement: no refund rule" : "No fee to refund" };
  const credit = workOutCredit(termsOf(agreement), feeCents, p.fee_moved_in_on ?? leftOn, leftOn);
  return { fee_credit_cents: credit.cents, fee_credit_basis: credit.basis };
}

const feeEvent = (set: { fee_cents: number | null; fee_basis: string }) => ({
  event: set.fee_cents === null ? "No referral fee" : "Referral fee worked out",
  description: set.fee_cents === null ? set.fee_basis : `${formatFee(set.fee_cents)}: ${set.fee_basis}`,
});

const creditEvent = (set: { fee_credit_cents: number | null; fee_credit_basis: string }) => ({
  event: "Referral fee credit",
  description:
    set.fee_credit_cents === null
      ? set.fee_credit_basis
      : `${formatFee(set.fee_credit_cents)}: ${set.fee_credit_basis}`,
});

/** Writes the fee columns that the database's upkeep changed (`set`) on a placement, audited by their names. */
async function writeFeeUpkeep(trx: DB, ctx: Ctx, placement: PlacementRow, set: Updateable<Database["placements"]>) {
  const row = await trx
    .updateTable("placements")
    .set(set)
    .where("id", "=", placement.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await auditUpdate(trx, ctx, "placement", placement, row, Object.keys(set));
}

/**
 * After a placement was created (`before` null) or changed: its fee follows the move-in and the
 * move-out. Returns the timeline entries to add. The columns are the database's upkeep of the
 * person's write (no `updated_by`: the write itself counted), audited by their names.
 */
export async function settleReferralFee(
  trx: DB,
  ctx: Ctx,
  before: PlacementRow | null,
  after: PlacementRow,
): Promise<Events> {
  const wasIn = before !== null && holdsBed(stateOf(before));
  const isIn = holdsBed(stateOf(after));
  const byHand = after.fee_edit_reason !== null;
  const set: Updateable<Database["placements"]> = {};
  const events: Events = [];
  if (isIn) {
    const movedInOn = after.move_in_date ?? (await agencyDay(trx, ctx)).today;
    const changed =
      !wasIn ||
      after.fee_basis === null ||
      before?.move_in_date !== after.move_in_date ||
      before?.monthly_rate !== after.monthly_rate ||
      before?.facility_id !== after.facility_id;
    // A fee already on an invoice (not void) keeps its figure, as billed: a later change of the
    // move-in date, rate or facility does not rework it (a credit note corrects the invoice).
    const keepsBilled = async () =>
      wasIn && after.fee_basis !== null && (await invoiceOfPlacement(trx, ctx, after.id)) !== null;
    if (changed && !byHand && !(await keepsBilled())) {
      const fee = await feeAt(trx, ctx, after, movedInOn);
      Object.assign(set, fee, { fee_moved_in_on: movedInOn });
      events.push(feeEvent(fee));
    }
    if (after.fee_credit_basis !== null) Object.assign(set, { fee_credit_cents: null, fee_credit_basis: null });
  } else if (movedOut(after) && after.fee_basis !== null && after.fee_moved_in_on !== null) {
    const changed = wasIn || before?.end_date !== after.end_date || before?.status !== after.status;
    if (changed) {
      const leftOn = after.end_date ?? (await agencyDay(trx, ctx)).today;
      const credit = await creditAt(trx, ctx, after, after.fee_cents, leftOn);
      Object.assign(set, credit);
      events.push(creditEvent(credit));
    }
  } else if (!movedOut(after) && after.fee_basis !== null && !byHand) {
    // Back to In Progress or Confirmed: the move-in was undone, and its fee with it.
    Object.assign(set, {
      fee_cents: null,
      fee_agreement_id: null,
      fee_basis: null,
      fee_moved_in_on: null,
      fee_due_date: null,
      fee_credit_cents: null,
      fee_credit_basis: null,
    });
  }
  if (Object.keys(set).length === 0) return events;
  await writeFeeUpkeep(trx, ctx, after, set);
  return events;
}

export type FeeEditResult =
  { ok: true; events: Events } | typeof NOT_FOUND | StaleWrite | { ok: false; reason: "invalid"; errors: FieldError[] };

export const FEE_BEFORE_MOVE_IN = "The fee is worked out when the client moves in: mark the placement Completed first.";

/**
 * Sets a placement's fee by hand (`input.reason` required): the amount and due date, audited with
 * the reason; a credit already worked out follows the new amount. Not worked out again afterwards.
 */
export async function setFeeByHand(trx: DB, ctx: Ctx, id: string, input: FeeEditInput): Promise<FeeEditResult> {
  const locked = await lockAtVersion(trx, ctx, "placements", id, input.version);
  if (!locked.ok) return locked;
  const current = locked.row;
  if (current.fee_basis === null || current.fee_moved_in_on === null) {
    return { ok: false, reason: "invalid", errors: [{ path: "fee", msg: FEE_BEFORE_MOVE_IN }] };
  }
  const set: Updateable<Database["placements"]> = {
    fee_cents: input.fee,
    fee_due_date: input.dueDate ?? current.fee_due_date ?? addDays(current.fee_moved_in_on, 30),
    fee_edit_reason: input.reason,
  };
  if (current.fee_credit_basis !== null && movedOut(current)) {
    const leftOn = current.end_date ?? (await agencyDay(trx, ctx)).today;
    Object.assign(set, await creditAt(trx, ctx, current, input.fee, leftOn));
  }
  const after = await trx
    .updateTable("placements")
    .set({ ...set, updated_by: ctx.userId })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(trx, ctx, {
    action: "update",
    entity: "placement",
    id,
    details: { fields: ["fee_cents", "fee_due_date", "fee_edit_reason"].filter((k) => k in set), reason: input.reason },
  });
  const was = current.fee_cents === null ? "none" : formatFee(current.fee_cents);
  const events: Events = [
    { event: "Referral fee changed", description: `${was} → ${formatFee(after.fee_cents)}: ${input.reason}` },
  ];
  if (set.fee_credit_basis)
    events.push(creditEvent({ fee_credit_cents: after.fee_credit_cents, fee_credit_basis: after.fee_credit_basis! }));
  return { ok: true, events };
}

/**
 * Locks the facility's worked-out fees (its moved-in placements) before an agreement's write locks
 * the facility: the order every placement write and every new invoice takes (the placements, then
 * their facility). An agreement that locked the facility first and its placements after could wait
 * forever on an invoice made at the same moment, and it on the agreement (a deadlock).
 */
export async function lockFacilityFees(trx: DB, ctx: Ctx, facilityId: string): Promise<void> {
  await trx
    .selectFrom("placements")
    .select("id")
    .where("agency_id", "=", ctx.agencyId)
    .where("facility_id", "=", facilityId)
    .where("fee_basis", "is not", null)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/**
 * After a facility's agreement was added or changed (in its transaction): the fees it decides are
 * worked out again — the facility's fees worked out from it, or from no agreement, or whose
 * move-in falls in its dates (`span`) — unless set by hand or on an invoice (not void): an
 * invoiced fee keeps its figure, as billed. A fee that changes is audited and goes on its
 * placement's timeline ("Referral fee worked out again"). Returns how many changed.
 */
export async function refreshAgreementFees(
  trx: DB,
  ctx: Ctx,
  agreement: { id: string; facilityId: string; startDate: string; endDate: string | null },
): Promise<number> {
  const rows = await trx
    .selectFrom("placements as p")
    .selectAll("p")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.facility_id", "=", agreement.facilityId)
    .where("p.fee_basis", "is not", null)
    .where("p.fee_moved_in_on", "is not", null)
    .where("p.fee_edit_reason", "is", null)
    .where((eb) =>
      eb.or([
        eb("p.fee_agreement_id", "=", agreement.id),
        eb("p.fee_agreement_id", "is", null),
        eb.and([
          eb("p.fee_moved_in_on", ">=", agreement.startDate),
          ...(agreement.endDate ? [eb("p.fee_moved_in_on", "<=", agreement.endDate)] : []),
        ]),
      ]),
    )
    .where(onNoInvoice)
    .orderBy("p.id")
    .forUpdate()
    .execute();
  let changed = 0;
  for (const p of rows) {
    const fee = await feeAt(trx, ctx, p, p.fee_moved_in_on!);
    const set: Updateable<Database["placements"]> = {};
    for (const [key, value] of Object.entries(fee) as [keyof typeof fee, string | number | null][]) {
      if (p[key] !== value) Object.assign(set, { [key]: value });
    }
    if (Object.keys(set).length === 0) continue;
    const events: Events = [{ ...feeEvent(fee), event: "Referral fee worked out again" }];
    if (p.fee_credit_basis !== null && movedOut(p)) {
      const credit = await creditAt(trx, ctx, { ...p, ...fee }, fee.fee_cents, p.end_date ?? p.fee_moved_in_on!);
      Object.assign(set, credit);
      events.push(creditEvent(credit));
    }
    await writeFeeUpkeep(trx, ctx, p, set);
    await writeEvents(trx, ctx, p.id, events);
    changed += 1;
  }
  return changed;
}
