import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// An agency can require two-factor sign-in of everyone (docs/security.md, "Two-factor sign-in"):
// a user without it is taken to set it up after their password, and cannot turn it off.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies DROP COLUMN require_two_factor`.execute(db);
}
