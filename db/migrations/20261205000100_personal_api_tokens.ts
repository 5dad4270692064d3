import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Personal API tokens (/settings/tokens): a user makes a named token with an expiry and a scope
// for a program of their own. Each is a `sessions` row of kind `personal`, so that everything
// that ends a user's sessions (a password reset or change, deactivation) ends their tokens too,
// and the same lookup (hash, expiry, active user) checks it.
// - `name`: what the user called it; `scope`: `read` (GET only) or `write`. Both only on
//   personal tokens, which must have them.
// - `last_used_at` may be null: a personal token never used yet ("Never"). Browser sessions and
//   sign-in tokens keep their default (now()).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions
    DROP CONSTRAINT sessions_kind_check,
    ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('browser', 'api', 'personal')),
    ADD COLUMN name text CHECK (length(name) BETWEEN 1 AND 100),
    ADD COLUMN scope text CHECK (scope IN ('read', 'write')),
    ADD CONSTRAINT sessions_personal_named CHECK (
      (kind = 'personal') = (name IS NOT NULL AND scope IS NOT NULL)
    ),
    ALTER COLUMN last_used_at DROP NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM sessions WHERE kind = 'personal'`.execute(db);
  await sql`UPDATE sessions SET last_used_at = created_at WHERE last_used_at IS NULL`.execute(db);
  await sql`ALTER TABLE sessions
    DROP CONSTRAINT sessions_personal_named,
    DROP COLUMN name,
    DROP COLUMN scope,
    DROP CONSTRAINT sessions_kind_check,
    ADD CONSTRAINT sessions_kind_check CHECK (kind IN ('browser', 'api')),
    ALTER COLUMN last_used_at SET NOT NULL`.execute(db);
}
