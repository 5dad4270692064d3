import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The reports' figures kept per month (docs/decisions/013-report-figures.md), so /reports reads
// a few hundred kept rows instead of a year of the agency's placements, clients, invoices and
// payments (140 ms of Postgres a view on the large set). Each table holds sums per agency and
// month (and the keys the reports group or filter by), written by statement-level triggers in
// the writing statement's transaction as the running totals are (decision 002): what a statement
// inserted is added, what it deleted taken away, an update is both, so two writers add to a row
// in turn and a rollback takes the change back. Nothing is recomputed; a report over days that
// cut a month counts the shorter part of that month from the rows.
//
// - report_placement_months: placements that count (not cancelled) by the month of their start
//   date and agent, with how many are completed;
// - report_move_in_days: placements that moved in (not cancelled, a move-in date) by the month of
//   the move-in, agent (and everyone: agent_id null) and the days from the client's intake (the
//   day the client was added, in the agency's own time zone) to the move-in: the histogram the
//   quartiles are read from; report_move_in_buckets: the same by 32 days;
// - report_intake_months: clients by the UTC month they were added, who added them, their stage
//   and referral source;
// - report_revenue_months: referral fees invoiced (lines of invoices neither draft nor void, by
//   the invoice's issue month) and collected (payments by the month paid).
//
// No foreign key to agencies (an agency's deletion cascades to its rows, whose triggers would
// write here against the agency being deleted): an agency's deletion forgets its figures.

interface Source {
  table: string;
  /** Over a relation `%s` (the statement's old or new rows): the rollup's keys and this source's sums. */
  query: string;
  events: ("INSERT" | "UPDATE" | "DELETE" | "TRUNCATE")[];
}

interface Rollup {
  table: string;
  keys: string[];
  sums: string[];
  sources: Source[];
}

/**
 * The rows of agencies that still exist: an agency's deletion cascades to its rows, whose triggers
 * may run after the agency's own has forgotten its figures (the move-ins join the agency, and the
 * invoices' lines their invoice, which is gone with it).
 */
const AGENCY_EXISTS = (row: string) => `EXISTS (SELECT 1 FROM agencies a WHERE a.id = ${row}.agency_id)`;

/**
 * In an update's trigger, the rows whose `column` changed: the others' old and new rows would
 * cancel out, but only after reading every placement of the agency (a trigger with a column list
 * cannot have transition tables).
 */
const CHANGED = (column: string) =>
  `SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.${column} IS DISTINCT FROM n.${column}`;

// Kept for agencies with a time zone of their own: one that uses the configured TIME_ZONE (which
// the database does not know) is counted live.
const MOVED_IN = "p.status <> 'Cancelled' AND p.move_in_date IS NOT NULL AND a.time_zone IS NOT NULL";
/** Days from intake to move-in, for a placement `p` of a client `c` in the time zone `zone`. */
const DAYS = "p.move_in_date - (c.created_at AT TIME ZONE zone)::date";
/** A bucket holds 32 days (days >> 5: −1 holds −32 to −1). */
const BUCKET_BITS = 5;

/**
 * The move-ins by month, agent and `key` (the days, or their bucket): each placement counts for its
 * agent and for everyone (agent_id null), so the unnarrowed report reads one row a day (or bucket).
 */
function moveIns(table: string, key: string, value: string): Rollup {
  const keys = (agency: string, zone: string) =>
    `${agency} AS agency_id, date_trunc('month', p.move_in_date)::date AS month, k.agent_id,
     ${value.replace("zone", zone)} AS ${key}, 1 AS placements`;
  const agents = "CROSS JOIN LATERAL (VALUES (p.agent_id), (NULL::uuid)) AS k(agent_id)";
  return {
    table,
    keys: ["agency_id", "month", "agent_id", key],
    sums: ["placements"],
    sources: [
      {
        table: "placements",
        query: `SELECT ${keys("p.agency_id", "a.time_zone")}
                FROM %s p JOIN clients c ON c.id = p.client_id JOIN agencies a ON a.id = p.agency_id ${agents}
                WHERE ${MOVED_IN}`,
        events: ["INSERT", "UPDATE", "DELETE", "TRUNCATE"],
      },
      // A client's intake moved (an import, a correction): their placements' days change.
      {
        table: "clients",
        query: `SELECT ${keys("p.agency_id", "a.time_zone")}
                FROM %s c JOIN placements p ON p.client_id = c.id JOIN agencies a ON a.id = p.agency_id ${agents}
                WHERE ${MOVED_IN} AND c.id IN (${CHANGED("created_at")})`,
        events: ["UPDATE"],
      },
      // The agency's time zone changed: every intake day may move.
      {
        table: "agencies",
        query: `SELECT ${keys("a.id", "a.time_zone")}
                FROM %s a JOIN placements p ON p.agency_id = a.id JOIN clients c ON c.id = p.client_id ${agents}
                WHERE ${MOVED_IN} AND a.id IN (${CHANGED("time_zone")})`,
        events: ["UPDATE"],
      },
    ],
  };
}

const ROLLUPS: Rollup[] = [
  {
    table: "report_placement_months",
    keys: ["agency_id", "month", "agent_id"],
    sums: ["placements", "completed"],
    sources: [
      {
        table: "placements",
        query: `SELECT agency_id, date_trunc('month', start_date)::date AS month, agent_id, 1 AS placements,
                  (status = 'Completed')::int AS completed
                FROM %s p WHERE status <> 'Cancelled' AND ${AGENCY_EXISTS("p")}`,
        events: ["INSERT", "UPDATE", "DELETE", "TRUNCATE"],
      },
    ],
  },
  moveIns("report_move_in_days", "days", DAYS),
  moveIns("report_move_in_buckets", "bucket", `(${DAYS}) >> ${BUCKET_BITS}`),
  {
    table: "report_intake_months",
    keys: ["agency_id", "month", "created_by", "tracker_status", "referral_source"],
    sums: ["clients"],
    sources: [
      {
        table: "clients",
        query: `SELECT agency_id, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month,
                  created_by, tracker_status, referral_source, 1 AS clients
                FROM %s c WHERE ${AGENCY_EXISTS("c")}`,
        events: ["INSERT", "UPDATE", "DELETE", "TRUNCATE"],
      },
    ],
  },
  {
    table: "report_revenue_months",
    keys: ["agency_id", "month"],
    sums: ["invoiced_cents", "collected_cents"],
    sources: [
      {
        table: "invoice_lines",
        query: `SELECT i.agency_id, date_trunc('month', i.issue_date)::date AS month, l.amount_cents::bigint AS invoiced_cents
                FROM %s l JOIN invoices i ON i.id = l.invoice_id WHERE i.status NOT IN ('Draft', 'Void')`,
        events: ["INSERT", "UPDATE", "DELETE", "TRUNCATE"],
      },
      // An invoice sent, voided or re-dated: its lines move. (Its deletion: see the row trigger below.)
      {
        table: "invoices",
        query: `SELECT i.agency_id, date_trunc('month', i.issue_date)::date AS month,
                  (SELECT coalesce(sum(l.amount_cents), 0) FROM invoice_lines l WHERE l.invoice_id = i.id)::bigint AS invoiced_cents
                FROM %s i WHERE i.status NOT IN ('Draft', 'Void')`,
        events: ["UPDATE"],
      },
      {
        table: "invoice_payments",
        query: `SELECT agency_id, date_trunc('month', paid_on)::date AS month, amount_cents::bigint AS collected_cents
                FROM %s p WHERE ${AGENCY_EXISTS("p")}`,
        events: ["INSERT", "UPDATE", "DELETE", "TRUNCATE"],
      },
    ],
  },
];

const triggerName = (rollup: Rollup, source: Source, event: string) =>
  `${source.table}_${rollup.table.replace(/^report_/, "r_")}_${event.toLowerCase()}`;

/** The whole rollup counted from its first source (the backfill, and the tests' recount). */
const recount = (rollup: Rollup) => {
  const first = rollup.sources.filter((s) => s.events.includes("INSERT"));
  const sums = rollup.sums.map((s) => `sum(${s}) AS ${s}`).join(", ");
  const parts = first.map((s) => {
    const own = rollup.sums.map((sum) => (s.query.includes(` AS ${sum}`) ? sum : `0 AS ${sum}`)).join(", ");
    return `SELECT ${rollup.keys.join(", ")}, ${own} FROM (${s.query.replace("%s", s.table)}) x`;
  });
  return `SELECT ${rollup.keys.join(", ")}, ${sums} FROM (${parts.join(" UNION ALL ")}) d GROUP BY ${rollup.keys.join(", ")}`;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE report_placement_months (
    agency_id uuid NOT NULL,
    month date NOT NULL,
    agent_id uuid NOT NULL,
    placements integer NOT NULL DEFAULT 0,
    completed integer NOT NULL DEFAULT 0,
    PRIMARY KEY (agency_id, month, agent_id)
  )`.execute(db);
  // agent_id null: everyone's.
  await sql`CREATE TABLE report_move_in_days (
    agency_id uuid NOT NULL,
    month date NOT NULL,
    agent_id uuid,
    days integer NOT NULL,
    placements integer NOT NULL DEFAULT 0,
    CONSTRAINT report_move_in_days_key UNIQUE NULLS NOT DISTINCT (agency_id, agent_id, month, days) INCLUDE (placements)
  )`.execute(db);
  // The days of one bucket over a range of months (the whole range's quartiles).
  await sql`CREATE INDEX report_move_in_days_by_days ON report_move_in_days (agency_id, agent_id, days, month)
    INCLUDE (placements)`.execute(db);
  await sql`CREATE TABLE report_move_in_buckets (
    agency_id uuid NOT NULL,
    month date NOT NULL,
    agent_id uuid,
    bucket integer NOT NULL,
    placements integer NOT NULL DEFAULT 0,
    CONSTRAINT report_move_in_buckets_key UNIQUE NULLS NOT DISTINCT (agency_id, agent_id, month, bucket) INCLUDE (placements)
  )`.execute(db);
  await sql`CREATE TABLE report_intake_months (
    agency_id uuid NOT NULL,
    month date NOT NULL,
    created_by uuid,
    tracker_status text NOT NULL,
    referral_source text,
    clients integer NOT NULL DEFAULT 0,
    CONSTRAINT report_intake_months_key UNIQUE NULLS NOT DISTINCT (agency_id, month, created_by, tracker_status, referral_source)
  )`.execute(db);
  await sql`CREATE TABLE report_revenue_months (
    agency_id uuid NOT NULL,
    month date NOT NULL,
    invoiced_cents bigint NOT NULL DEFAULT 0,
    collected_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (agency_id, month)
  )`.execute(db);

  // TG_ARGV: the rollup, its keys, this source's sums (comma-separated) and the source's query over
  // `%s`. Rows are locked in key order (ORDER BY), so two writers cannot deadlock on them. A
  // TRUNCATE of a source sets its sums to 0.
  await sql`CREATE FUNCTION maintain_report_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sums text[] := string_to_array(TG_ARGV[2], ',');
      parts text[] := '{}';
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        EXECUTE format('UPDATE %I SET %s', TG_ARGV[0],
          (SELECT string_agg(format('%I = 0', s), ', ') FROM unnest(sums) s));
        RETURN NULL;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        parts := parts || format('SELECT %s, %s FROM (%s) n', TG_ARGV[1], TG_ARGV[2], format(TG_ARGV[3], 'new_rows'));
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        parts := parts || format('SELECT %s, %s FROM (%s) o', TG_ARGV[1],
          (SELECT string_agg(format('-%I AS %I', s, s), ', ') FROM unnest(sums) s), format(TG_ARGV[3], 'old_rows'));
      END IF;
      EXECUTE format(
        'INSERT INTO %I AS r (%s, %s) SELECT %s, %s FROM (%s) d GROUP BY %s HAVING %s ORDER BY %s
         ON CONFLICT (%s) DO UPDATE SET %s',
        TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[1],
        (SELECT string_agg(format('sum(%I)', s), ', ') FROM unnest(sums) s),
        array_to_string(parts, ' UNION ALL '), TG_ARGV[1],
        (SELECT string_agg(format('sum(%I) <> 0', s), ' OR ') FROM unnest(sums) s),
        TG_ARGV[1], TG_ARGV[1],
        (SELECT string_agg(format('%I = r.%I + EXCLUDED.%I', s, s, s), ', ') FROM unnest(sums) s));
      RETURN NULL;
    END $$`.execute(db);

  for (const rollup of ROLLUPS) {
    for (const source of rollup.sources) {
      const own = rollup.sums.filter((s) => source.query.includes(` AS ${s}`));
      const args = sql.join(
        [rollup.table, rollup.keys.join(", "), own.join(","), source.query].map((a) => sql.lit(a)),
        sql`, `,
      );
      for (const event of source.events) {
        const referencing =
          event === "INSERT"
            ? "REFERENCING NEW TABLE AS new_rows"
            : event === "DELETE"
              ? "REFERENCING OLD TABLE AS old_rows"
              : event === "UPDATE"
                ? "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows"
                : "";
        await sql`CREATE TRIGGER ${sql.raw(triggerName(rollup, source, event))}
          AFTER ${sql.raw(event)} ON ${sql.table(source.table)} ${sql.raw(referencing)}
          FOR EACH STATEMENT EXECUTE FUNCTION maintain_report_rollup(${args})`.execute(db);
      }
    }
    // What exists already, counted once.
    await sql`INSERT INTO ${sql.table(rollup.table)} (${sql.raw(rollup.keys.join(", "))}, ${sql.raw(rollup.sums.join(", "))})
      ${sql.raw(recount(rollup))}`.execute(db);
  }

  // A sent invoice deleted (only drafts are, but an agency's deletion takes every invoice): its
  // lines go by cascade before a statement trigger could read them, so each such invoice takes
  // its lines away here, before it goes.
  await sql`CREATE FUNCTION report_revenue_invoice_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status NOT IN ('Draft', 'Void') THEN
        UPDATE report_revenue_months
           SET invoiced_cents = invoiced_cents
             - (SELECT coalesce(sum(amount_cents), 0) FROM invoice_lines WHERE invoice_id = OLD.id)
         WHERE agency_id = OLD.agency_id AND month = date_trunc('month', OLD.issue_date)::date;
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`CREATE TRIGGER invoices_r_revenue_months_delete BEFORE DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION report_revenue_invoice_deleted()`.execute(db);

  await sql`CREATE FUNCTION report_rollups_forget_agency() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM report_placement_months WHERE agency_id IN (SELECT id FROM old_rows);
      DELETE FROM report_move_in_days WHERE agency_id IN (SELECT id FROM old_rows);
      DELETE FROM report_move_in_buckets WHERE agency_id IN (SELECT id FROM old_rows);
      DELETE FROM report_intake_months WHERE agency_id IN (SELECT id FROM old_rows);
      DELETE FROM report_revenue_months WHERE agency_id IN (SELECT id FROM old_rows);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER agencies_report_rollups_delete AFTER DELETE ON agencies REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_forget_agency()`.execute(db);

  // The days a report's range leaves out of its first and last months, counted live: move-ins by
  // their date (the partial index of 20261210020000 holds open placements only).
  await sql`CREATE INDEX placements_agency_moved_in_idx ON placements (agency_id, move_in_date)
    INCLUDE (status, agent_id, client_id) WHERE move_in_date IS NOT NULL`.execute(db);
  // Statistics for the planner now, not at autovacuum's next pass (the backfill wrote every row).
  for (const rollup of ROLLUPS) await sql`ANALYZE ${sql.table(rollup.table)}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX placements_agency_moved_in_idx`.execute(db);
  await sql`DROP TRIGGER agencies_report_rollups_delete ON agencies`.execute(db);
  await sql`DROP FUNCTION report_rollups_forget_agency()`.execute(db);
  await sql`DROP TRIGGER invoices_r_revenue_months_delete ON invoices`.execute(db);
  await sql`DROP FUNCTION report_revenue_invoice_deleted()`.execute(db);
  for (const rollup of ROLLUPS) {
    for (const source of rollup.sources) {
      for (const event of source.events) {
        await sql`DROP TRIGGER ${sql.raw(triggerName(rollup, source, event))} ON ${sql.table(source.table)}`.execute(
          db,
        );
      }
    }
    await sql`DROP TABLE ${sql.table(rollup.table)}`.execute(db);
  }
  await sql`DROP FUNCTION maintain_report_rollup()`.execute(db);
}
