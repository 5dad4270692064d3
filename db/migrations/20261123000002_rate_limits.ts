import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Rate-limit counters (failed sign-ins, reset requests) live in the database, so that every
// server process of one deployment counts together. A row is a fixed window: `count` events
// until `reset_at`. Not per agency: the keys are e-mail addresses and client addresses.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY CHECK (length(key) <= 400),
      count integer NOT NULL CHECK (count >= 0),
      reset_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limits`.execute(db);
}
