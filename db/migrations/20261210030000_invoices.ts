import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Invoices to facilities for referral fees (issue 36; docs/data-model.md, "Invoices"). Money in
// integer cents.
// - `facilities.billing_email`: where invoices go (the facility's contact_email when empty).
// - `invoice_counters`: one row per agency and year, locked (UPDATE … RETURNING) by the
//   transaction that issues a number, so that numbers follow each other without gaps. A draft has
//   no number: it gets one when it is sent, so deleting a draft leaves no gap.
// - `invoices`: Draft → Sent → Partly paid → Paid, or Void (with a reason).
// - `invoice_lines`: one per placement fee; a placement's fee is on at most one invoice that is
//   not void (the partial unique index; `voided` follows the invoice).
// - `credit_notes`: what reduces what the facility owes (a placement's credit, or by hand).
// - `invoice_payments`: payments received.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE facilities ADD COLUMN billing_email text`.execute(db);
  await sql`CREATE TABLE invoice_counters (
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    year integer NOT NULL,
    last_number integer NOT NULL DEFAULT 0 CHECK (last_number >= 0),
    PRIMARY KEY (agency_id, year)
  )`.execute(db);
  await sql`CREATE TABLE invoices (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    facility_id uuid NOT NULL REFERENCES facilities(id) ON DELETE RESTRICT,
    number text,
    status text NOT NULL DEFAULT 'Draft'
      CHECK (status IN ('Draft', 'Sent', 'Partly paid', 'Paid', 'Void')),
    issue_date date NOT NULL,
    due_date date NOT NULL,
    notes text,
    sent_at timestamptz,
    sent_to text,
    void_reason text,
    voided_at timestamptz,
    version integer NOT NULL DEFAULT 1,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT invoices_number_check CHECK ((status = 'Draft') = (number IS NULL)),
    CONSTRAINT invoices_void_check CHECK ((status = 'Void') = (void_reason IS NOT NULL)),
    CONSTRAINT invoices_dates_check CHECK (due_date >= issue_date)
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX invoices_number_idx ON invoices (agency_id, number) WHERE number IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX invoices_list_idx ON invoices (agency_id, issue_date DESC, created_at DESC)`.execute(db);
  await sql`CREATE INDEX invoices_facility_idx ON invoices (facility_id)`.execute(db);
  await sql`CREATE TRIGGER invoices_set_updated_at BEFORE UPDATE ON invoices
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`CREATE TABLE invoice_lines (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    placement_id uuid REFERENCES placements(id) ON DELETE SET NULL,
    client_name text NOT NULL,
    moved_in_on date,
    description text NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents >= 0),
    voided boolean NOT NULL DEFAULT false,
    position integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX invoice_lines_invoice_idx ON invoice_lines (invoice_id, position)`.execute(db);
  await sql`CREATE UNIQUE INDEX invoice_lines_one_invoice_idx ON invoice_lines (placement_id)
    WHERE placement_id IS NOT NULL AND NOT voided`.execute(db);

  await sql`CREATE TABLE credit_notes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    placement_id uuid REFERENCES placements(id) ON DELETE SET NULL,
    issued_on date NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    reason text NOT NULL,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX credit_notes_placement_idx ON credit_notes (invoice_id, placement_id)
    WHERE placement_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE invoice_payments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
    paid_on date NOT NULL,
    amount_cents integer NOT NULL CHECK (amount_cents > 0),
    method text NOT NULL CHECK (method IN ('Check', 'ACH', 'Wire', 'Card', 'Other')),
    reference text,
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX invoice_payments_invoice_idx ON invoice_payments (invoice_id, paid_on)`.execute(db);
  await sql`CREATE INDEX invoice_payments_month_idx ON invoice_payments (agency_id, paid_on)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE invoice_payments`.execute(db);
  await sql`DROP TABLE credit_notes`.execute(db);
  await sql`DROP TABLE invoice_lines`.execute(db);
  await sql`DROP TABLE invoices`.execute(db);
  await sql`DROP TABLE invoice_counters`.execute(db);
  await sql`ALTER TABLE facilities DROP COLUMN billing_email`.execute(db);
}
