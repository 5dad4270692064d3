import type { Selectable } from "kysely";
import type { DB } from "~/utils/db.server";
import type { ReferralAgreementsTable } from "~/utils/db-types";
import type { FeeTerms } from "~/utils/referral-fee";
import type { Ctx } from "./context";

// An agreement as the fee rules read it: the one in force on a day, and its terms. Below both the
// agreements (which work a facility's fees out again when one changes) and the fees (which read
// the agreement in force on a move-in day).

type AgreementRow = Selectable<ReferralAgreementsTable>;

/** The terms of an agreement row, as the fee rules read them. */
export function termsOf(row: AgreementRow): FeeTerms {
  return {
    feeType: row.fee_type,
    feePercent: row.fee_percent === null ? null : Number(row.fee_percent),
    flatFeeCents: row.flat_fee_cents,
    paymentTermsDays: row.payment_terms_days,
    refundRule: row.refund_rule,
    refundDays: row.refund_days,
  };
}

/** The agreement of a facility in force on `day` (YYYY-MM-DD), if any. */
export async function agreementInForce(
  db: DB,
  ctx: Ctx,
  facilityId: string,
  day: string,
): Promise<AgreementRow | undefined> {
  return db
    .selectFrom("referral_agreements")
    .selectAll()
    .where("agency_id", "=", ctx.agencyId)
    .where("facility_id", "=", facilityId)
    .where("starts_on", "<=", day)
    .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", day)]))
    .executeTakeFirst();
}
