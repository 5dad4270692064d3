import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A phone number is searched and compared by its digits alone. Keeping them in a column of their
// own makes a search for a number look at ten characters a row, inside an index, instead of at
// the whole search text: short numbers match thousands of clients, and the list counts them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE clients ADD COLUMN phone_digits text
    GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_phone_idx`.execute(db);
  await sql`CREATE INDEX clients_phone_idx ON clients (agency_id, phone_digits)`.execute(db);
  await sql`CREATE INDEX clients_phone_trgm_idx ON clients USING gin (phone_digits gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS clients_phone_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_phone_idx`.execute(db);
  await sql`ALTER TABLE clients DROP COLUMN IF EXISTS phone_digits`.execute(db);
  await sql`CREATE INDEX clients_phone_idx ON clients (agency_id, regexp_replace(phone, '[^0-9]', '', 'g'))`.execute(
    db,
  );
}
