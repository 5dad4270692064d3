import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Referral agreements and fees (issue 36; docs/data-model.md, "Referral agreements and fees"). A
// facility pays the agency a referral fee when a client moves in, as their agreement says: a share
// of the first month's rate or a flat amount, due some days after the move-in, credited back in
// full or pro rata when the resident leaves within a refund window.
// - `referral_agreements`: one facility's terms over a span of days. At most one is in force per
//   facility on any day: the exclusion constraint compares the facilities with `=` (btree_gist,
//   available on Postgres and PGlite alike) and the spans with `&&` (an open end is infinity).
// - `placements.fee_*`: the fee worked out when the resident moved in (from the agreement in force
//   that day), how (`fee_basis`: "50% of $4,200 first month"), when it is due, and the credit owed
//   back after a move-out within the refund window. Money in integer cents (new columns only).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await sql`CREATE TABLE referral_agreements (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    facility_id uuid NOT NULL REFERENCES facilities(id) ON DELETE CASCADE,
    fee_type text NOT NULL CHECK (fee_type IN ('percent', 'flat')),
    fee_percent numeric(5,2) CHECK (fee_percent > 0 AND fee_percent <= 100),
    flat_fee_cents integer CHECK (flat_fee_cents > 0),
    payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
    refund_rule text NOT NULL DEFAULT 'none' CHECK (refund_rule IN ('none', 'full', 'pro-rata')),
    refund_days integer CHECK (refund_days BETWEEN 1 AND 365),
    tour_window_months integer CHECK (tour_window_months BETWEEN 1 AND 60),
    starts_on date NOT NULL,
    ends_on date,
    notes text,
    document_id uuid REFERENCES resources(id) ON DELETE SET NULL,
    version integer NOT NULL DEFAULT 1,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT referral_agreements_fee_check CHECK (
      (fee_type = 'percent' AND fee_percent IS NOT NULL AND flat_fee_cents IS NULL)
      OR (fee_type = 'flat' AND flat_fee_cents IS NOT NULL AND fee_percent IS NULL)),
    CONSTRAINT referral_agreements_refund_check CHECK ((refund_rule = 'none') = (refund_days IS NULL)),
    CONSTRAINT referral_agreements_dates_check CHECK (ends_on IS NULL OR ends_on >= starts_on),
    CONSTRAINT referral_agreements_one_in_force
      EXCLUDE USING gist (facility_id WITH =, daterange(starts_on, ends_on, '[]') WITH &&)
  )`.execute(db);
  // A facility's agreements, newest first (its page; the one in force on a move-in day).
  await sql`CREATE INDEX referral_agreements_facility_idx
    ON referral_agreements (agency_id, facility_id, starts_on DESC)`.execute(db);
  await sql`CREATE INDEX referral_agreements_document_idx ON referral_agreements (document_id)
    WHERE document_id IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER referral_agreements_set_updated_at BEFORE UPDATE ON referral_agreements
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`ALTER TABLE placements
    ADD COLUMN fee_cents integer CHECK (fee_cents >= 0),
    ADD COLUMN fee_agreement_id uuid REFERENCES referral_agreements(id) ON DELETE SET NULL,
    ADD COLUMN fee_basis text,
    ADD COLUMN fee_moved_in_on date,
    ADD COLUMN fee_due_date date,
    ADD COLUMN fee_edit_reason text,
    ADD COLUMN fee_credit_cents integer CHECK (fee_credit_cents >= 0),
    ADD COLUMN fee_credit_basis text`.execute(db);
  await sql`CREATE INDEX placements_fee_agreement_idx ON placements (fee_agreement_id)
    WHERE fee_agreement_id IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE placements
    DROP COLUMN fee_cents,
    DROP COLUMN fee_agreement_id,
    DROP COLUMN fee_basis,
    DROP COLUMN fee_moved_in_on,
    DROP COLUMN fee_due_date,
    DROP COLUMN fee_edit_reason,
    DROP COLUMN fee_credit_cents,
    DROP COLUMN fee_credit_basis`.execute(db);
  await sql`DROP TABLE referral_agreements`.execute(db);
}
