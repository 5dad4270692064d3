import type { Selectable } from "kysely";
import type { AgreementInput } from "~/schemas/agreement";
import type { DB } from "~/utils/db.server";
import type { ReferralAgreementsTable } from "~/utils/db-types";
import { formatDate } from "~/utils/format";
import type { FeeTerms } from "~/utils/referral-fee";
import { isUuid } from "~/utils/uuid";
import { agencyDay } from "./agency.server";
import { audit, auditUpdate } from "./audit.server";
import { type Ctx, ownRow } from "./context";
import type { FieldError } from "./follow-work.server";
import { termsOf } from "./agreement-terms.server";
import { lockFacilityFees, refreshAgreementFees } from "./referral-fees.server";
import { isDocumentOf, visibleTo } from "./resources.server";
import { currentVersion, NOT_FOUND, notSaved, type StaleWrite } from "./versions.server";

// Referral agreements (issue 36; docs/data-model.md, "Referral agreements and fees"): a facility's
// terms for the fee it pays the agency when a client moves in. At most one is in force per facility
// on any day: checked here in the writing transaction (the facility locked, so two saves take
// turns) with a message naming the other agreement, and by the database's exclusion constraint.

type AgreementRow = Selectable<ReferralAgreementsTable>;

export interface AgreementRecord extends FeeTerms {
  id: string;
  facilityId: string;
  tourWindowMonths: number | null;
  startDate: string;
  endDate: string | null;
  notes: string | null;
  document: { id: string; name: string } | null;
  /** In force on the agency's today. */
  inForce: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type AgreementWriteResult =
  | { ok: true; id: string }
  | typeof NOT_FOUND
  | { ok: false; reason: "invalid" | "conflict"; errors: FieldError[] }
  | StaleWrite;

const ONE_IN_FORCE = "referral_agreements_one_in_force";

function recordOf(row: AgreementRow & { document_name: string | null }, today: string): AgreementRecord {
  return {
    id: row.id,
    facilityId: row.facility_id,
    ...termsOf(row),
    tourWindowMonths: row.tour_window_months,
    startDate: row.starts_on,
    endDate: row.ends_on,
    notes: row.notes,
    document: row.document_id && row.document_name ? { id: row.document_id, name: row.document_name } : null,
    inForce: row.starts_on <= today && (row.ends_on === null || row.ends_on >= today),
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function withDocument(db: DB, ctx: Ctx) {
  return db
    .selectFrom("referral_agreements as a")
    .leftJoin("resources as r", (join) => join.onRef("r.id", "=", "a.document_id").on(visibleTo(ctx)))
    .selectAll("a")
    .select("r.original_name as document_name")
    .where("a.agency_id", "=", ctx.agencyId);
}

/** A facility's agreements, the latest first (null when the facility is not the caller agency's). */
export async function listFacilityAgreements(db: DB, ctx: Ctx, facilityId: string): Promise<AgreementRecord[] | null> {
  if (!(await ownRow(db, ctx, "facilities", facilityId))) return null;
  const [rows, { today }] = await Promise.all([
    withDocument(db, ctx).where("a.facility_id", "=", facilityId).orderBy("a.starts_on", "desc").execute(),
    agencyDay(db, ctx),
  ]);
  return rows.map((row) => recordOf(row, today));
}

export async function getAgreement(db: DB, ctx: Ctx, id: string): Promise<AgreementRecord | null> {
  if (!isUuid(id)) return null;
  const [row, { today }] = await Promise.all([
    withDocument(db, ctx).where("a.id", "=", id).executeTakeFirst(),
    agencyDay(db, ctx),
  ]);
  return row ? recordOf(row, today) : null;
}

/** The documents of a facility the caller may see: what its agreement's signed copy is chosen from. */
export async function facilityDocumentOptions(db: DB, ctx: Ctx, facilityId: string) {
  if (!isUuid(facilityId)) return [];
  const rows = await db
    .selectFrom("resources as r")
    .select(["r.id", "r.original_name"])
    .where("r.agency_id", "=", ctx.agencyId)
    .where("r.related_type", "=", "Facility")
    .where("r.related_id", "=", facilityId)
    .where(visibleTo(ctx))
    .orderBy("r.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.original_name }));
}

function columnsOf(input: AgreementInput) {
  return {
    fee_type: input.feeType,
    fee_percent: input.feePercent === null ? null : String(input.feePercent),
    flat_fee_cents: input.flatFee,
    payment_terms_days: input.paymentTermsDays,
    refund_rule: input.refundRule,
    refund_days: input.refundDays,
    tour_window_months: input.tourWindowMonths,
    starts_on: input.startDate,
    ends_on: input.endDate,
    notes: input.notes,
    document_id: input.documentId,
  };
}

const span = (from: string, to: string | null) =>
  to ? `${formatDate(from)} to ${formatDate(to)}` : `from ${formatDate(from)} with no end date`;

/** The agreement's message when another of the facility's is in force on one of its days. */
export function overlapMessage(other: { starts_on: string; ends_on: string | null }): string {
  return `Another agreement is in force at this facility ${span(other.starts_on, other.ends_on)}. End it before this one starts, or change the dates.`;
}

/** What is wrong with an agreement's references and dates, in the writing transaction (the facility locked). */
async function problemsOf(
  trx: DB,
  ctx: Ctx,
  facilityId: string,
  input: AgreementInput,
  exceptId: string | null,
): Promise<{ errors: FieldError[]; conflict: boolean }> {
  // One of the facility's documents that the caller may see (a restricted one only when theirs,
  // or when their role sees restricted documents): never another agency's or a hidden one.
  if (input.documentId && !(await isDocumentOf(trx, ctx, { type: "Facility", id: facilityId }, input.documentId))) {
    return { errors: [{ path: "documentId", msg: "Choose one of the facility's documents" }], conflict: false };
  }
  const other = await trx
    .selectFrom("referral_agreements")
    .select(["starts_on", "ends_on"])
    .where("agency_id", "=", ctx.agencyId)
    .where("facility_id", "=", facilityId)
    .$if(exceptId !== null, (qb) => qb.where("id", "<>", exceptId!))
    .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", input.startDate)]))
    .$if(input.endDate !== null, (qb) => qb.where("starts_on", "<=", input.endDate!))
    .orderBy("starts_on")
    .executeTakeFirst();
  if (other) return { errors: [{ path: "startDate", msg: overlapMessage(other) }], conflict: true };
  return { errors: [], conflict: false };
}

/** Two saves at the same moment that the check above let through: the database's constraint refuses one. */
async function refusedOverlap<T>(write: () => Promise<T>): Promise<T | AgreementWriteResult> {
  try {
    return await write();
  } catch (error) {
    const e = error as { code?: string; constraint?: string; message?: string } | null;
    if (e?.code === "23P01" && (e.constraint === ONE_IN_FORCE || e.message?.includes(ONE_IN_FORCE))) {
      const msg =
        "Another agreement is in force at this facility on these dates. End it before this one starts, or change the dates.";
      return { ok: false, reason: "conflict", errors: [{ path: "startDate", msg }] };
    }
    throw error;
  }
}

/** Adds an agreement to a facility of the caller's agency. */
export async function createAgreement(
  db: DB,
  ctx: Ctx,
  facilityId: string,
  input: AgreementInput,
): Promise<AgreementWriteResult> {
  return refusedOverlap(() =>
    db.transaction().execute(async (trx): Promise<AgreementWriteResult> => {
      if (!isUuid(facilityId)) return NOT_FOUND;
      await lockFacilityFees(trx, ctx, facilityId);
      const facility = await ownRow(trx, ctx, "facilities", facilityId, { forUpdate: true });
      if (!facility) return NOT_FOUND;
      const problems = await problemsOf(trx, ctx, facilityId, input, null);
      if (problems.errors.length > 0) {
        return { ok: false, reason: problems.conflict ? "conflict" : "invalid", errors: problems.errors };
      }
      const row = await trx
        .insertInto("referral_agreements")
        .values({
          ...columnsOf(input),
          agency_id: ctx.agencyId,
          facility_id: facilityId,
          created_by: ctx.userId,
          updated_by: ctx.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, ctx, { action: "create", entity: "agreement", id: row.id, details: { facilityId } });
      await refreshAgreementFees(trx, ctx, { id: row.id, facilityId, ...input });
      return { ok: true, id: row.id };
    }),
  );
}

/** Replaces an agreement's terms when it is still at `input.version` (if given). Ending it is setting its end date. */
export async function updateAgreement(
  db: DB,
  ctx: Ctx,
  id: string,
  input: AgreementInput,
): Promise<AgreementWriteResult> {
  if (!isUuid(id)) return NOT_FOUND;
  return refusedOverlap(() =>
    db.transaction().execute(async (trx): Promise<AgreementWriteResult> => {
      const found = await ownRow(trx, ctx, "referral_agreements", id);
      if (!found) return NOT_FOUND;
      await lockFacilityFees(trx, ctx, found.facility_id);
      await ownRow(trx, ctx, "facilities", found.facility_id, { forUpdate: true });
      const current = await trx
        .selectFrom("referral_agreements")
        .selectAll()
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (input.version !== undefined && current.version !== input.version) {
        return notSaved(await currentVersion(trx, ctx, "referral_agreements", id));
      }
      const problems = await problemsOf(trx, ctx, current.facility_id, input, id);
      if (problems.errors.length > 0) {
        return { ok: false, reason: problems.conflict ? "conflict" : "invalid", errors: problems.errors };
      }
      const set = columnsOf(input);
      const after = await trx
        .updateTable("referral_agreements")
        .set((eb) => ({ ...set, updated_by: ctx.userId, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await auditUpdate(trx, ctx, "agreement", current, after, Object.keys(set));
      await refreshAgreementFees(trx, ctx, { id, facilityId: current.facility_id, ...input });
      return { ok: true, id };
    }),
  );
}

/** An agreement's fields as its form and PATCH start from (the API's field names). */
export function agreementInputOf(a: AgreementRecord) {
  return {
    feeType: a.feeType,
    feePercent: a.feePercent,
    flatFee: a.flatFeeCents === null ? null : a.flatFeeCents / 100,
    paymentTermsDays: a.paymentTermsDays,
    refundRule: a.refundRule,
    refundDays: a.refundDays,
    tourWindowMonths: a.tourWindowMonths,
    startDate: a.startDate,
    endDate: a.endDate,
    notes: a.notes,
    documentId: a.document?.id ?? null,
  };
}
