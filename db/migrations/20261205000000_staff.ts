import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Staff come and go (issue: team and integrations):
// - `invitations`: an admin invites someone by e-mail; the link (only a hash of its secret is
//   stored) works once, until `expires_at`, and makes the account with the role chosen.
// - `users.landing_page`: the screen a person lands on after signing in (their preferences).
// - `users.deactivated_at`: when an admin took the account's access away (is_active false).

const LANDING_PAGES = ["/dashboard", "/tasks", "/swim-lanes", "/clients", "/placements"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      email citext NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
      last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
      role text NOT NULL CHECK (role IN ('admin', 'coordinator', 'agent')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX invitations_agency_idx ON invitations (agency_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TRIGGER invitations_updated_at BEFORE UPDATE ON invitations
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`ALTER TABLE users
    ADD COLUMN landing_page text NOT NULL DEFAULT '/dashboard'
      CHECK (landing_page IN (${sql.join(LANDING_PAGES.map((page) => sql.lit(page)))})),
    ADD COLUMN deactivated_at timestamptz`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS landing_page, DROP COLUMN IF EXISTS deactivated_at`.execute(db);
  await sql`DROP TABLE IF EXISTS invitations`.execute(db);
}
