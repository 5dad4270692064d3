import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// An e-mail's attachments (issue 36: the invoice's PDF): the outbox row names each one (its file
// name, type and size in bytes), [] for none. Their content is not stored: the transport gets it
// from memory, as it gets a password reset link (an invoice's PDF is drawn again at any time).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_outbox DROP COLUMN attachments`.execute(db);
}
