import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The audit trail (docs/security.md, "Audit trail"): who signed in, looked at or changed what,
// when, from where. Entries are written in the same transaction as what they record, and the
// database keeps them whoever connects, the table's owner included:
// - an UPDATE is refused, always;
// - a DELETE is refused unless the entry is older than its agency's retention period
//   (`agencies.audit_retention_years`, six years unless set otherwise; entries with no agency,
//   a sign-in with an unknown e-mail, keep the default), which the server's hourly pruning uses;
// - a TRUNCATE is refused.
// Only dropping or disabling the triggers (DDL, the owner's) or a superuser's replication mode
// (`session_replication_role = replica`, which the test suite uses to empty its database) gets
// past them.
//
// Columns added: the e-mail a failed sign-in tried (`email`) and the caller's `user_agent`; the
// agency may be unknown (that failed sign-in). `updated_at` goes: an entry is never updated.
// Users and agencies with entries can no longer be deleted by a cascade that would rewrite or
// delete the entries (RESTRICT; nothing in the app deletes either).

export const DEFAULT_RETENTION_YEARS = 6;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies
    ADD COLUMN audit_retention_years integer NOT NULL DEFAULT ${sql.lit(DEFAULT_RETENTION_YEARS)}
      CHECK (audit_retention_years BETWEEN 1 AND 100)`.execute(db);

  await sql`DROP TRIGGER IF EXISTS audit_events_set_updated_at ON audit_events`.execute(db);
  await sql`UPDATE audit_events SET action = 'download' WHERE action = 'resource.download'`.execute(db);
  await sql`ALTER TABLE audit_events
    DROP COLUMN updated_at,
    ADD COLUMN email text CHECK (length(email) <= 320),
    ADD COLUMN user_agent text CHECK (length(user_agent) <= 500),
    ADD CONSTRAINT audit_events_action_check CHECK (action ~ '^[a-z_]{2,40}$'),
    DROP CONSTRAINT audit_events_agency_id_fkey,
    ADD CONSTRAINT audit_events_agency_id_fkey FOREIGN KEY (agency_id) REFERENCES agencies(id) ON DELETE RESTRICT,
    DROP CONSTRAINT audit_events_actor_id_fkey,
    ADD CONSTRAINT audit_events_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE RESTRICT`.execute(
    db,
  );

  // The audit screen's filters: by person, and a record's own history (its page), newest first.
  await sql`DROP INDEX audit_events_entity_idx`.execute(db);
  await sql`CREATE INDEX audit_events_entity_idx ON audit_events (agency_id, entity_type, entity_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_events_actor_idx ON audit_events (agency_id, actor_id, created_at DESC)`.execute(db);

  await sql`
    CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.created_at < now() - make_interval(years => COALESCE(
          (SELECT audit_retention_years FROM agencies WHERE id = OLD.agency_id),
          ${sql.lit(DEFAULT_RETENTION_YEARS)}
        )) THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_events is append-only: an entry is kept for its retention period'
          USING ERRCODE = 'insufficient_privilege';
      END IF;
      RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db);
  await sql`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER audit_events_no_truncate ON audit_events`.execute(db);
  await sql`DROP TRIGGER audit_events_no_update ON audit_events`.execute(db);
  await sql`DROP FUNCTION audit_events_append_only()`.execute(db);
  await sql`DROP INDEX audit_events_actor_idx`.execute(db);
  await sql`DROP INDEX audit_events_entity_idx`.execute(db);
  await sql`CREATE INDEX audit_events_entity_idx ON audit_events (entity_type, entity_id)`.execute(db);
  await sql`ALTER TABLE audit_events
    DROP CONSTRAINT audit_events_actor_id_fkey,
    ADD CONSTRAINT audit_events_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL,
    DROP CONSTRAINT audit_events_agency_id_fkey,
    ADD CONSTRAINT audit_events_agency_id_fkey FOREIGN KEY (agency_id) REFERENCES agencies(id) ON DELETE CASCADE,
    DROP CONSTRAINT audit_events_action_check,
    DROP COLUMN user_agent,
    DROP COLUMN email,
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE audit_events SET action = 'resource.download' WHERE action = 'download'`.execute(db);
  await sql`CREATE TRIGGER audit_events_set_updated_at BEFORE UPDATE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  await sql`ALTER TABLE agencies DROP COLUMN audit_retention_years`.execute(db);
}
