import cliProgress from "cli-progress";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../app/utils/db-types";
import { insertAgencyAndStaff } from "./common";
import { busyClientSql } from "./large-busy";
import { bind } from "./large-sql";
import {
  agreementsSql,
  invoiceCountersSql,
  invoiceLinesSql,
  invoicePaymentsSql,
  invoicesSql,
  LARGE_INVOICES,
} from "./large-money";
import {
  checklistSql,
  clientsSql,
  communicationsSql,
  facilitiesSql,
  type LargeCounts,
  placementEventsSql,
  placementsSql,
  resourcesSql,
  tasksSql,
} from "./large-tables";

// The benchmark data set. The same agency and staff as the demo (so the demo login works),
// then hundreds of thousands of rows that the server generates itself in batches of 10,000:
// nothing but a few kilobytes of SQL crosses the wire, and the progress bar can move.

export const LARGE_COUNTS: LargeCounts = {
  clients: 50_000,
  facilities: 18_000,
  placements: 50_000,
  tasks: 100_000,
  communications: 300_000,
  resources: 20_000,
  invoices: LARGE_INVOICES,
};

const BATCH = 10_000;

/** What the large seed writes (and locks while writing). */
const LOADED_TABLES = [
  "agencies",
  "users",
  "clients",
  "facilities",
  "referral_agreements",
  "placements",
  "placement_events",
  "tasks",
  "task_checklist_items",
  "task_communications",
  "resources",
  "resource_versions",
  "invoices",
  "invoice_lines",
  "invoice_payments",
  "invoice_counters",
] as const;

export interface SeedLargeOptions {
  /** Show a progress bar on stderr (only drawn when it is a terminal). */
  progress?: boolean;
  now?: Date;
  /** Multiplies every count (tests use a small fraction); default 1. */
  scale?: number;
}

interface Step {
  label: string;
  template: string;
  from: number;
  to: number;
  /** Rows the step roughly adds, for the progress bar. */
  weight: number;
}

function plan(counts: LargeCounts): Step[] {
  // [label, template, driving rows, rows added per driving row]; parents before children.
  const tables: [string, string, number, number][] = [
    ["clients", clientsSql(), counts.clients, 1],
    ["facilities", facilitiesSql(), counts.facilities, 1],
    ["referral_agreements", agreementsSql(), counts.facilities, 0.9],
    ["placements", placementsSql(counts), counts.placements, 1],
    ["placement_events", placementEventsSql(), counts.placements, 2.6],
    ["tasks", tasksSql(counts), counts.tasks, 1],
    ["task_checklist_items", checklistSql(), counts.tasks, 2],
    ["task_communications", communicationsSql(counts), counts.communications, 1],
    ["resources", resourcesSql(counts), counts.resources, 2],
    // One statement each (no batches): an invoice's number follows the year's sequence.
    ["invoices", invoicesSql(counts.invoices), 1, counts.invoices],
    ["invoice_lines", invoiceLinesSql(counts.invoices), 1, counts.invoices],
    ["invoice_payments", invoicePaymentsSql(counts.invoices), 1, counts.invoices * 0.7],
    ["invoice_counters", invoiceCountersSql(), 1, 1],
  ];
  return tables.flatMap(([label, template, total, perRow]) =>
    Array.from({ length: Math.ceil(total / BATCH) }, (_, b) => {
      const from = b * BATCH + 1;
      const to = Math.min(total, (b + 1) * BATCH);
      return { label, template, from, to, weight: Math.round((to - from + 1) * perRow) };
    }),
  );
}

export async function seedLarge(db: Kysely<Database>, options: SeedLargeOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const scale = options.scale ?? 1;
  const counts = Object.fromEntries(
    Object.entries(LARGE_COUNTS).map(([key, n]) => [key, Math.max(1, Math.round(n * scale))]),
  ) as unknown as LargeCounts;
  const steps = plan(counts);
  const total = steps.reduce((sum, s) => sum + s.weight, 0);

  const bar = options.progress
    ? new cliProgress.SingleBar(
        {
          format: "Seeding [{bar}] {percentage}% | ~{value}/{total} rows | {table} | {duration_formatted}",
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(total, 0, { table: "users" });

  try {
    // One transaction: a failed load leaves nothing half-written behind.
    await db.transaction().execute(async (trx) => {
      // The generated statements are long expressions with a high estimated cost, which
      // makes Postgres JIT-compile each of them: seconds per batch, for nothing.
      await sql`SET LOCAL jit = off`.execute(trx);
      // Autovacuum analyzes the just-truncated tables while this transaction fills them; it
      // cannot see uncommitted rows, records them as empty, and the planner then joins the
      // 100,000 tasks by sequential scans (minutes per batch instead of a second). This lock
      // keeps autovacuum away until commit (it does not block inserts), and each table is
      // analyzed here as soon as it is full, which ANALYZE can do with our own rows.
      await sql`LOCK TABLE ${sql.join(LOADED_TABLES.map((t) => sql.table(t)))} IN SHARE UPDATE EXCLUSIVE MODE`.execute(
        trx,
      );
      await insertAgencyAndStaff(trx, now);
      await sql`ANALYZE agencies, users`.execute(trx);
      for (const [i, step] of steps.entries()) {
        bar?.update({ table: step.label });
        await sql.raw(bind(step.template, { from: step.from, to: step.to, now })).execute(trx);
        bar?.increment(step.weight);
        if (steps[i + 1]?.label !== step.label) await sql`ANALYZE ${sql.table(step.label)}`.execute(trx);
      }
      for (const statement of busyClientSql(counts.facilities)) {
        await sql.raw(bind(statement, { from: 0, to: 0, now })).execute(trx);
      }
    });
  } finally {
    bar?.stop();
  }
  // Marks the new rows all-visible (so counts and list pages can be answered from indexes
  // alone, as they are once autovacuum has passed) and refreshes the statistics. Twice: measured
  // with pg_visibility, one pass left every page of facilities (locked row by row by the
  // placements' foreign-key checks) not all-visible, and the price filter's count read the table
  // (10 ms instead of 3); the second pass, a tenth of a second, marks them.
  await sql`VACUUM ANALYZE`.execute(db);
  await sql`VACUUM`.execute(db);
}
