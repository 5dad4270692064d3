import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// What each invoice still owes, kept rather than summed at every read (docs/data-model.md,
// "Invoices"; docs/decisions/002-running-totals.md). The dashboard's Referral fees tile, the aging
// view and the overdue filter read what is outstanding on every open invoice of the agency: summed
// from the lines, credit notes and payments, that was 23–28 ms of Postgres a view on 4,700 open
// invoices. `invoice_balances.outstanding_cents` = the invoice's lines − its credit notes − its
// payments, written by statement-level triggers on those three tables, in the writing
// statement's transaction (the invoice's own writes lock it first, so two writers take turns).

const SOURCES = ["invoice_lines", "credit_notes", "invoice_payments"] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE invoice_balances (
    invoice_id uuid PRIMARY KEY REFERENCES invoices(id) ON DELETE CASCADE,
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    outstanding_cents bigint NOT NULL
  )`.execute(db);
  // The invoices of the statement's rows (the transition table `changed`), summed again.
  await sql`CREATE FUNCTION invoice_balances_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO invoice_balances (invoice_id, agency_id, outstanding_cents)
      SELECT i.id, i.agency_id,
        (SELECT coalesce(sum(l.amount_cents), 0) FROM invoice_lines l WHERE l.invoice_id = i.id)
        - (SELECT coalesce(sum(c.amount_cents), 0) FROM credit_notes c WHERE c.invoice_id = i.id)
        - (SELECT coalesce(sum(p.amount_cents), 0) FROM invoice_payments p WHERE p.invoice_id = i.id)
      FROM invoices i WHERE i.id IN (SELECT invoice_id FROM changed)
      ON CONFLICT (invoice_id) DO UPDATE SET outstanding_cents = EXCLUDED.outstanding_cents;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of SOURCES) {
    for (const [event, rows] of [
      ["INSERT", "NEW"],
      ["UPDATE", "NEW"],
      ["DELETE", "OLD"],
    ] as const) {
      await sql`CREATE TRIGGER ${sql.raw(`${table}_balance_${event.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON ${sql.table(table)} REFERENCING ${sql.raw(rows)} TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION invoice_balances_refresh()`.execute(db);
    }
  }
  await sql`INSERT INTO invoice_balances (invoice_id, agency_id, outstanding_cents)
    SELECT i.id, i.agency_id,
      (SELECT coalesce(sum(l.amount_cents), 0) FROM invoice_lines l WHERE l.invoice_id = i.id)
      - (SELECT coalesce(sum(c.amount_cents), 0) FROM credit_notes c WHERE c.invoice_id = i.id)
      - (SELECT coalesce(sum(p.amount_cents), 0) FROM invoice_payments p WHERE p.invoice_id = i.id)
    FROM invoices i`.execute(db);
  // The open invoices of an agency (what is outstanding, what is overdue).
  await sql`CREATE INDEX invoices_open_idx ON invoices (agency_id, due_date)
    WHERE status IN ('Sent', 'Partly paid')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX invoices_open_idx`.execute(db);
  for (const table of SOURCES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql`DROP TRIGGER ${sql.raw(`${table}_balance_${event}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION invoice_balances_refresh()`.execute(db);
  await sql`DROP TABLE invoice_balances`.execute(db);
}
