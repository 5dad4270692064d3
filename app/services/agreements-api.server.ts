import { type AgreementRecord, type AgreementWriteResult, getAgreement } from "~/models/agreements.server";
import type { Ctx } from "~/models/context";
import { AGREEMENT_NOT_FOUND } from "~/schemas/agreement";
import type { DB } from "~/utils/db.server";
import { can, PERMISSION_MESSAGES } from "~/utils/permissions";
import { type ApiRecord, apiError, conflictError, recordAnswer, staleRecordError } from "./api.server";
import { toApiAgreement } from "./api-shapes.server";

// The agreements API (docs/api.md, "Referral agreements and fees"): the answers of its writes.

/** An agreement as the API serves it by id. */
export const AGREEMENT: ApiRecord<AgreementRecord> = {
  name: "agreement",
  notFound: AGREEMENT_NOT_FOUND,
  find: getAgreement,
  toApi: toApiAgreement,
};

/** Coordinators and admins only (403 before anything is read). */
export function requireFeesManager(user: { role?: string | null }) {
  if (!can(user.role, "fees.manage")) throw apiError(403, PERMISSION_MESSAGES["fees.manage"]);
}

/** A write's answer: the agreement as GET answers it, or 400 / 404 / 409 / 412. */
export async function agreementAnswer(
  db: DB,
  ctx: Ctx,
  result: AgreementWriteResult,
  notFound: string,
  ok: { status: number; message: string },
) {
  if (result.ok) {
    const agreement = await getAgreement(db, ctx, result.id);
    if (!agreement) return apiError(404, AGREEMENT_NOT_FOUND);
    return recordAnswer(AGREEMENT, agreement, ok);
  }
  if (result.reason === "not-found") return apiError(404, notFound);
  if (result.reason === "stale") return staleRecordError("agreement", result, null);
  if (result.reason === "conflict") return conflictError(result.errors);
  return apiError(400, "Validation failed", { errors: result.errors });
}
