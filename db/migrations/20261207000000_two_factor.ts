import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Two-factor sign-in (docs/security.md, "Two-factor sign-in"):
// - `user_two_factor`: one row per user who began or finished turning it on. The TOTP secret is
//   stored encrypted (AES-256-GCM, the key derived from SESSION_SECRET), never in the clear.
//   `enabled_at` null: set up begun, not yet confirmed with a code. `last_step` is the TOTP time
//   step of the last accepted code: a code of that step or an earlier one is refused (replay).
// - `two_factor_recovery_codes`: ten single-use codes per user, stored only as their SHA-256.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE user_two_factor (
    user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    secret_encrypted text NOT NULL CHECK (length(secret_encrypted) <= 500),
    enabled_at timestamptz,
    last_step integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE TRIGGER user_two_factor_set_updated_at BEFORE UPDATE ON user_two_factor
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  await sql`CREATE TABLE two_factor_recovery_codes (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash text NOT NULL CHECK (length(code_hash) = 64),
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, code_hash)
  )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE two_factor_recovery_codes`.execute(db);
  await sql`DROP TABLE user_two_factor`.execute(db);
}
