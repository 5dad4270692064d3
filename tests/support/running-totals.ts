// The running totals kept by triggers (docs/decisions/002-running-totals.md) and the reports'
// figures kept per month (docs/decisions/013-report-figures.md), counted again from the rows they sum. A bulk path (the large seed, an import) must leave them equal to this.
//
//   expect(await runningTotalsDrift(db)).toEqual([]);
import { type Kysely, sql } from "kysely";
import type { Database } from "~/utils/db-types";

/** A total, named by its table and key; a value as Postgres prints it ("3", or "3/150" for tasks/progress). */
interface Total {
  key: string;
  value: string;
}

/** Each counting trigger's query over its table (the trigger's own argument, so nothing is copied). */
async function agencyCountsRecounted(db: Kysely<Database>): Promise<Total[]> {
  const { rows: triggers } = await sql<{ table: string; args: string }>`
    SELECT tgrelid::regclass::text AS table, encode(tgargs, 'escape') AS args
      FROM pg_trigger WHERE tgname LIKE '%\_counts\_insert'`.execute(db);
  const totals: Total[] = [];
  for (const trigger of triggers) {
    // regclass::text is the table's name, quoted where it must be.
    const query = trigger.args.split("\\000")[0].replace("%s", trigger.table);
    const { rows } = await sql<{ key: string; value: string }>`
      SELECT agency_id || ' ' || name AS key, sum(amount)::text AS value FROM (${sql.raw(query)}) d
        GROUP BY agency_id, name HAVING sum(amount) <> 0`.execute(db);
    totals.push(...rows.map((row) => ({ key: `agency_counts ${row.key}`, value: row.value })));
  }
  return totals;
}

async function trigramsRecounted(db: Kysely<Database>): Promise<Total[]> {
  const { rows } = await sql<Total>`
    SELECT concat_ws(' ', 'completed_task_trigrams', agency_id, trigram, priority_rank) AS key, count(*)::text AS value
      FROM task_search, unnest(show_trgm(search_text)) AS trigram
     WHERE is_completed AND trigram ~ '^[a-z0-9]{3}$'
     GROUP BY agency_id, trigram, priority_rank
    UNION ALL
    SELECT concat_ws(' ', 'completed_board_trigrams', agency_id, trigram, stage, priority_rank, band),
           count(*) || '/' || sum(progress)
      FROM (SELECT *, CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END AS band
              FROM task_search) s, unnest(show_trgm(board_text)) AS trigram
     WHERE is_completed AND trigram ~ '^[a-z0-9]{3}$'
     GROUP BY agency_id, trigram, stage, priority_rank, band`.execute(db);
  return rows;
}

/** What each invoice owes: its lines − its credit notes − its payments. */
async function invoiceBalancesRecounted(db: Kysely<Database>): Promise<Total[]> {
  const { rows } = await sql<Total>`
    SELECT concat_ws(' ', 'invoice_balances', agency_id, id) AS key, owed::text AS value FROM (
      SELECT i.agency_id, i.id,
        (SELECT coalesce(sum(amount_cents), 0) FROM invoice_lines WHERE invoice_id = i.id)
        - (SELECT coalesce(sum(amount_cents), 0) FROM credit_notes WHERE invoice_id = i.id)
        - (SELECT coalesce(sum(amount_cents), 0) FROM invoice_payments WHERE invoice_id = i.id) AS owed
      FROM invoices i) o
    WHERE owed <> 0`.execute(db);
  return rows;
}

/**
 * The reports' figures kept per month (the report_rollups migration), counted again from the rows:
 * each as "<table> <key>" and its sums joined by "/".
 */
async function reportFiguresRecounted(db: Kysely<Database>): Promise<Total[]> {
  const { rows } = await sql<Total>`
    SELECT concat_ws(' ', 'report_placement_months', agency_id, month, agent_id) AS key,
           count(*) || '/' || count(*) FILTER (WHERE status = 'Completed') AS value
      FROM (SELECT *, date_trunc('month', start_date)::date AS month FROM placements WHERE status <> 'Cancelled') p
     GROUP BY agency_id, month, agent_id
    UNION ALL
    SELECT concat_ws(' ', 'report_move_in_days', agency_id, month, coalesce(agent_id::text, 'everyone'), days), count(*)::text
      FROM (SELECT p.agency_id, p.agent_id, date_trunc('month', p.move_in_date)::date AS month,
                   p.move_in_date - (c.created_at AT TIME ZONE a.time_zone)::date AS days
              FROM placements p JOIN clients c ON c.id = p.client_id JOIN agencies a ON a.id = p.agency_id
             WHERE p.status <> 'Cancelled' AND p.move_in_date IS NOT NULL AND a.time_zone IS NOT NULL) m
     GROUP BY GROUPING SETS ((agency_id, month, agent_id, days), (agency_id, month, days))
    UNION ALL
    SELECT concat_ws(' ', 'report_move_in_buckets', agency_id, month, coalesce(agent_id::text, 'everyone'), bucket),
           count(*)::text
      FROM (SELECT p.agency_id, p.agent_id, date_trunc('month', p.move_in_date)::date AS month,
                   floor((p.move_in_date - (c.created_at AT TIME ZONE a.time_zone)::date) / 32.0)::int AS bucket
              FROM placements p JOIN clients c ON c.id = p.client_id JOIN agencies a ON a.id = p.agency_id
             WHERE p.status <> 'Cancelled' AND p.move_in_date IS NOT NULL AND a.time_zone IS NOT NULL) m
     GROUP BY GROUPING SETS ((agency_id, month, agent_id, bucket), (agency_id, month, bucket))
    UNION ALL
    SELECT concat_ws(' ', 'report_intake_months', agency_id, month, coalesce(created_by::text, 'nobody'), tracker_status,
             coalesce(referral_source, 'not recorded')), count(*)::text
      FROM (SELECT *, date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month FROM clients) c
     GROUP BY agency_id, month, created_by, tracker_status, referral_source
    UNION ALL
    SELECT concat_ws(' ', 'report_revenue_months', agency_id, month), sum(invoiced) || '/' || sum(collected)
      FROM (SELECT i.agency_id, date_trunc('month', i.issue_date)::date AS month, l.amount_cents AS invoiced, 0 AS collected
              FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.status NOT IN ('Draft', 'Void')
            UNION ALL
            SELECT agency_id, date_trunc('month', paid_on)::date, 0, amount_cents FROM invoice_payments) r
     GROUP BY agency_id, month
    HAVING sum(invoiced) <> 0 OR sum(collected) <> 0`.execute(db);
  return rows;
}

/**
 * Where the stored totals differ from a recount ("<table> <key>: stored X, recounted Y"), and
 * tasks whose search copy (task_search) differs from the task: empty when all is right.
 */
export async function runningTotalsDrift(db: Kysely<Database>): Promise<string[]> {
  const have = new Map<string, string>();
  const { rows: storedRows } = await sql<Total>`
    SELECT 'agency_counts ' || agency_id || ' ' || name AS key, value::text AS value FROM agency_counts
     WHERE value <> 0 AND name NOT LIKE '%:version' -- a count of changes (the facility directory's), not of rows
    UNION ALL
    SELECT concat_ws(' ', 'completed_task_trigrams', agency_id, trigram, priority_rank), tasks::text
      FROM completed_task_trigrams WHERE tasks <> 0
    UNION ALL
    SELECT concat_ws(' ', 'completed_board_trigrams', agency_id, trigram, stage, priority_rank, band), tasks || '/' || progress
      FROM completed_board_trigrams WHERE tasks <> 0 OR progress <> 0
    UNION ALL
    SELECT concat_ws(' ', 'invoice_balances', agency_id, invoice_id), outstanding_cents::text
      FROM invoice_balances WHERE outstanding_cents <> 0
    UNION ALL
    SELECT concat_ws(' ', 'report_placement_months', agency_id, month, agent_id), placements || '/' || completed
      FROM report_placement_months WHERE placements <> 0 OR completed <> 0
    UNION ALL
    SELECT concat_ws(' ', 'report_move_in_days', agency_id, month, coalesce(agent_id::text, 'everyone'), days), placements::text
      FROM report_move_in_days WHERE placements <> 0
    UNION ALL
    SELECT concat_ws(' ', 'report_move_in_buckets', agency_id, month, coalesce(agent_id::text, 'everyone'), bucket),
           placements::text
      FROM report_move_in_buckets WHERE placements <> 0
    UNION ALL
    SELECT concat_ws(' ', 'report_intake_months', agency_id, month, coalesce(created_by::text, 'nobody'), tracker_status,
             coalesce(referral_source, 'not recorded')), clients::text
      FROM report_intake_months WHERE clients <> 0
    UNION ALL
    SELECT concat_ws(' ', 'report_revenue_months', agency_id, month), invoiced_cents || '/' || collected_cents
      FROM report_revenue_months WHERE invoiced_cents <> 0 OR collected_cents <> 0`.execute(db);
  for (const row of storedRows) have.set(row.key, row.value);
  const want = new Map<string, string>();
  const recounted = [
    ...(await agencyCountsRecounted(db)),
    ...(await trigramsRecounted(db)),
    ...(await invoiceBalancesRecounted(db)),
    ...(await reportFiguresRecounted(db)),
  ];
  for (const total of recounted) {
    want.set(total.key, total.value);
  }

  const drift: string[] = [];
  for (const key of new Set([...have.keys(), ...want.keys()])) {
    if (have.get(key) !== want.get(key)) {
      drift.push(`${key}: stored ${have.get(key) ?? "none"}, recounted ${want.get(key) ?? "none"}`);
    }
  }
  const { rows: copies } = await sql<{ id: string }>`
    SELECT t.id FROM tasks t LEFT JOIN task_search s ON s.task_id = t.id
     WHERE s.task_id IS NULL
        OR (s.agency_id, s.search_text, s.stage, s.is_completed, s.due_date, s.priority_rank, s.progress, s.assigned_to)
           IS DISTINCT FROM (t.agency_id, t.search_text, t.stage, t.is_completed, t.due_date, t.priority_rank, t.progress,
             t.assigned_to)`.execute(db);
  drift.push(...copies.map((row) => `task_search ${row.id}: not the task's copy`));
  return drift.sort();
}
