import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Notifications (docs/screens.md, "Notifications"; docs/data-model.md, "Notifications"):
// - `notifications`: what is stored because nothing else remembers it: a task of someone's moved
//   on the board by someone else. Written in the move's transaction; `read_at` once read.
// - `notification_reads`: the read marks of what is worked out from current data (a task overdue
//   or due today, a move-in this week, a document expiring), per person, item and day: tomorrow
//   an item still overdue is unread again.
// - `notification_digests`: one row per person and day once their daily e-mail digest was sent
//   (or found empty): the primary key makes it at most once a day, whatever runs it.
// - `users.daily_digest`: the person wants the daily e-mail (their preferences; on by default).
// - Two partial indexes for the bell: move-ins of open placements, documents with an expiry date.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN daily_digest boolean NOT NULL DEFAULT true`.execute(db);
  await sql`CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('task_moved')),
    task_id uuid NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
    actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    read_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX notifications_task_idx ON notifications (task_id)`.execute(db);
  await sql`CREATE TRIGGER notifications_set_updated_at BEFORE UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  await sql`CREATE TABLE notification_reads (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    item_key text NOT NULL CHECK (length(item_key) <= 100),
    day date NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, day, item_key)
  )`.execute(db);
  await sql`CREATE TABLE notification_digests (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day date NOT NULL,
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    items integer NOT NULL,
    email_id uuid REFERENCES email_outbox(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, day)
  )`.execute(db);
  await sql`CREATE INDEX placements_move_in_idx ON placements (agency_id, move_in_date)
    WHERE move_in_date IS NOT NULL AND status IN ('In Progress', 'Confirmed')`.execute(db);
  await sql`CREATE INDEX resources_expiration_idx ON resources (agency_id, expiration_date)
    WHERE expiration_date IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX resources_expiration_idx`.execute(db);
  await sql`DROP INDEX placements_move_in_idx`.execute(db);
  await sql`DROP TABLE notification_digests`.execute(db);
  await sql`DROP TABLE notification_reads`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN daily_digest`.execute(db);
}
