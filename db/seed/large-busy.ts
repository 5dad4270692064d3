import { STAFF } from "./common";
import { AGENCY, caseOf, hashes, lit, percent, pick, r, seedUuidSql, staffPick, weighted } from "./large-sql";
import { COMMUNICATIONS, FACILITY_PREFIXES } from "./texts";

// One busy client: the bench's sample client (the memory-care client updated last, the first of
// GET /api/clients?careLevel=memory) gets a long history, about 500 timeline entries over two
// years, so that its page is measured as issue 35 asks ("a client with 500 events"): 260 notes,
// calls, e-mails and meetings, 40 status changes, 30 tours (scheduled and their outcomes), 40 tasks
// (created, most completed) and 100 communications on them.

export const BUSY_CLIENT = {
  notes: 260,
  statusChanges: 40,
  tours: 30,
  tasks: 40,
  communications: 100,
} as const;

const STAGES = ["New Client", "Active Client", "Target", "Placed", "Follow-up"];
const KINDS = Object.keys(COMMUNICATIONS) as (keyof typeof COMMUNICATIONS)[];
const kindSql = (n: number) =>
  weighted(
    [
      ["note", 3],
      ["call", 4],
      ["email", 3],
      ["meeting", 2],
    ],
    n,
  );
const contentSql = (column: string, n: number) =>
  `replace(replace(replace(${caseOf(column, KINDS, (k) => pick(COMMUNICATIONS[k as keyof typeof COMMUNICATIONS], n))},
    '{client}', c.first_name || ' ' || c.last_name), '{facility}', ${pick(FACILITY_PREFIXES, n + 1)} || ' Senior Living'),
    '{family}', coalesce(c.emergency_name, 'the family'))`;
/** The i-th of `count` instants spread evenly over the two years before {{now}}, with a few hours of jitter. */
const spread = (count: number, n: number) =>
  `({{now}} - (730.0 * (i - 0.5) / ${count}) * interval '1 day' + (${r(n)} % 600) * interval '1 minute')`;

/** The busy client, as the bench finds it. */
const CLIENT = `(SELECT id, first_name, last_name, emergency_name FROM clients
  WHERE agency_id = ${AGENCY} AND care_level = 'memory' ORDER BY updated_at DESC, id DESC LIMIT 1)`;

/** The statements that give the busy client its history (after the large tables are loaded). */
export function busyClientSql(facilities: number): string[] {
  const { notes, statusChanges, tours, tasks, communications } = BUSY_CLIENT;
  const facility = (n: number) => seedUuidSql("large-facility", `1 + ${r(n)} % ${facilities}`);
  return [
    `WITH s AS MATERIALIZED (SELECT i, ${hashes("busy-note", 1)} FROM generate_series(1, ${notes}) AS i)
INSERT INTO client_notes (agency_id, client_id, author_id, kind, content, occurred_at, created_at, updated_at)
SELECT ${AGENCY}, c.id, ${staffPick(0)}, k.kind, ${contentSql("k.kind", 2)}, ${spread(notes, 4)}, ${spread(notes, 4)}, ${spread(notes, 4)}
FROM s CROSS JOIN ${CLIENT} c CROSS JOIN LATERAL (SELECT ${kindSql(1)} AS kind) k`,

    `WITH s AS MATERIALIZED (SELECT i, ${hashes("busy-status", 1)} FROM generate_series(1, ${statusChanges}) AS i)
INSERT INTO client_status_changes (agency_id, client_id, from_status, to_status, changed_by, created_at)
SELECT ${AGENCY}, c.id, (ARRAY[${STAGES.map(lit).join(", ")}])[1 + (i + 1) % ${STAGES.length}],
  (ARRAY[${STAGES.map(lit).join(", ")}])[1 + i % ${STAGES.length}],
  CASE WHEN ${percent(0)} < 90 THEN ${staffPick(1)} END, ${spread(statusChanges, 2)}
FROM s CROSS JOIN ${CLIENT} c`,

    `WITH s AS MATERIALIZED (SELECT i, ${hashes("busy-tour", 1)} FROM generate_series(1, ${tours}) AS i),
t AS (SELECT s.*, ${spread(tours, 0)} AS created_at FROM s)
INSERT INTO tours (agency_id, client_id, facility_id, scheduled_at, notes, outcome, outcome_notes, outcome_at, outcome_by,
  created_by, created_at, updated_at)
SELECT ${AGENCY}, c.id, ${facility(1)},
  CASE WHEN i <= 2 THEN {{now}} + i * interval '1 day' ELSE t.created_at + interval '3 days' END,
  CASE WHEN ${percent(3)} < 60 THEN 'Family of ' || c.first_name || ' attending.' END,
  o.outcome, CASE WHEN o.outcome <> 'Scheduled' THEN 'Outcome noted after the visit.' END,
  CASE WHEN o.outcome <> 'Scheduled' THEN t.created_at + interval '3 days 2 hours' END,
  CASE WHEN o.outcome <> 'Scheduled' THEN ${lit(STAFF[0].id)}::uuid END,
  ${staffPick(4)}, t.created_at, t.created_at
FROM t CROSS JOIN ${CLIENT} c CROSS JOIN LATERAL (SELECT CASE WHEN i <= 2 THEN 'Scheduled' ELSE ${weighted(
      [
        ["Completed", 6],
        ["Cancelled", 2],
        ["No-show", 1],
      ],
      2,
    )} END AS outcome) o`,

    `WITH s AS MATERIALIZED (SELECT i, ${hashes("busy-task", 1)} FROM generate_series(1, ${tasks}) AS i),
t AS (SELECT s.*, ${spread(tasks, 0)} AS created_at FROM s)
INSERT INTO tasks (id, agency_id, title, type, priority, stage, position, is_completed, completed_at, due_date, client_id,
  assigned_to, created_by, created_at, updated_at)
SELECT ${seedUuidSql("large-busy-task", "i")}, ${AGENCY},
  ${pick(["Call the family of", "Send the assessment of", "Tour with", "Review the care plan of", "Check in with"], 1)}
    || ' ' || c.first_name || ' ' || c.last_name,
  'Other', 'Medium', 'Active Client', -i, i > 3, CASE WHEN i > 3 THEN t.created_at + interval '2 days' END,
  t.created_at::date + 7, c.id, ${staffPick(2)}, ${staffPick(3)}, t.created_at,
  t.created_at + CASE WHEN i > 3 THEN interval '2 days' ELSE interval '0' END
FROM t CROSS JOIN ${CLIENT} c`,

    `WITH s AS MATERIALIZED (SELECT i, ${hashes("busy-communication", 1)} FROM generate_series(1, ${communications}) AS i)
INSERT INTO task_communications (agency_id, task_id, type, content, author_id, occurred_at, created_at, updated_at)
SELECT ${AGENCY}, t.id, k.kind, ${contentSql("k.kind", 2)}, t.assigned_to, o.at, o.at, o.at
FROM s CROSS JOIN ${CLIENT} c
JOIN tasks t ON t.id = ${seedUuidSql("large-busy-task", `1 + (i - 1) % ${tasks}`)}
CROSS JOIN LATERAL (SELECT ${kindSql(1)} AS kind) k
CROSS JOIN LATERAL (SELECT t.created_at + (${r(4)} % 2880) * interval '1 minute' AS at) o`,
  ];
}
