import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A client's room type may be left blank: "No preference" (issue 35). Before, the form always
// posted one (Private by default), which matching then counted as a wanted amenity ("Private
// Rooms"). NULL is now "no preference"; the CHECK on the values stays (NULL passes it), and the
// default stays 'private' for a program that creates a client without saying (the API's
// documented default). Rows stored before keep what they hold: nobody can tell a chosen Private
// from a defaulted one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE clients ALTER COLUMN room_type DROP NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE clients SET room_type = 'private' WHERE room_type IS NULL`.execute(db);
  await sql`ALTER TABLE clients ALTER COLUMN room_type SET NOT NULL`.execute(db);
}
