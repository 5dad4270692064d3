import type { TaskType } from "../../app/utils/db-types";
import { STAFF } from "./common";
import { coordinatesOf, placesOf } from "./places";
import { AGREEMENT_COLUMNS_SQL, AGREEMENT_JOIN_SQL, placementFeeColumnsSql } from "./large-money";
import { REFERRAL_SPREAD } from "./demo-directory";
import {
  AGENCY,
  array,
  caseOf,
  distinctPicks,
  hashes,
  lit,
  pastInstant,
  percent,
  phoneSql,
  pick,
  r,
  seedUuidSql,
  staffPick,
  weighted,
} from "./large-sql";
import {
  CANCEL_REASONS,
  CHECKLISTS,
  COMMUNICATIONS,
  FACILITY_KINDS,
  FACILITY_NOTES,
  FACILITY_PREFIXES,
  PLACEMENT_NOTES,
  TASK_DESCRIPTIONS,
  TASK_TITLES,
  TYPES_BY_STAGE,
} from "./texts";
import {
  ADULT_FEMALE_NAMES,
  ADULT_MALE_NAMES,
  AMENITIES,
  CITIES,
  CONDITIONS,
  DEMENTIA,
  LAST_NAMES,
  MEDICAL_NOTES,
  RELATIONSHIPS,
  ROOM_TYPES,
  SENIOR_FEMALE_NAMES,
  SENIOR_MALE_NAMES,
  SPECIALTIES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from "./words";

// One INSERT ... SELECT template per table. {{from}}..{{to}} is the batch's range of row
// numbers (for events and checklist items: of the parent rows). Row n of a table has the id
// seedUuidSql("large-<kind>", n), so children pick random parents by number: no temp tables.
// r(k) is the row's k-th pseudo-random number (see large-sql.ts); each use has its own k.

export interface LargeCounts {
  clients: number;
  facilities: number;
  placements: number;
  tasks: number;
  communications: number;
  resources: number;
  invoices: number;
}

const STAGES = ["New Client", "Active Client", "Target", "Placed", "Follow-up"];
const TASK_TYPES = Object.keys(TASK_TITLES) as TaskType[];
// Each city's real ZIP codes, end to end; a row picks its city, then one of the city's ZIPs:
// (zip)[(first)[city] + n % (count)[city]], and a facility the coordinates of the same index.
const places = placesOf(CITIES);
const zipList = places.flatMap((p) => p.zips);
const coordinates = zipList.map(coordinatesOf);
const numbers = (values: readonly (number | null)[]) => `ARRAY[${values.map((v) => v ?? "NULL").join(", ")}]::float8[]`;
const cities = {
  city: array(CITIES.map((c) => c.city)),
  state: array(CITIES.map((c) => c.state)),
  zip: array(zipList),
  latitude: numbers(coordinates.map((c) => c.latitude)),
  longitude: numbers(coordinates.map((c) => c.longitude)),
  first: `ARRAY[${places.map((_, i) => 1 + places.slice(0, i).reduce((n, p) => n + p.zips.length, 0)).join(", ")}]`,
  count: `ARRAY[${places.map((p) => p.zips.length).join(", ")}]`,
};
/** The index in cities.zip of one of the row's city's ZIP codes, from its n-th random number. */
const zipIndex = (n: number) => `(${cities.first})[city] + ${r(n)} % (${cities.count})[city]`;
const streetSql = (n: number) =>
  `(100 + ${r(n)} % 9800) || ' ' || ${pick(STREET_NAMES, n + 1)} || ' ' || ${pick(STREET_SUFFIXES, n + 2)}`;
const fraction = (n: number) => `((1 + ${r(n)} % 999)::float8 / 1000)`;
const uuid = (kind: string, n: string) => seedUuidSql(`large-${kind}`, n);

/** A referral source by the demo's spread (NULL: not recorded), from the row's n-th random number. */
function referralSql(n: number): string {
  const slots = REFERRAL_SPREAD.flatMap(([source, weight]) =>
    Array<string>(weight).fill(source === null ? "NULL" : lit(source)),
  );
  return `(ARRAY[${slots.join(", ")}]::text[])[1 + ${r(n)} % ${slots.length}]`;
}

/** The random draws of each large client (gender, names, city, care level, status, budget floor). */
function clientDrawsSql(): string {
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("client", 5)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (
  SELECT s.*,
    CASE WHEN ${percent(0)} < 56 THEN 'Female' WHEN ${percent(0)} < 98 THEN 'Male' ELSE 'Other' END AS gender,
    CASE WHEN ${percent(0)} < 56 THEN ${pick(SENIOR_FEMALE_NAMES, 1)} WHEN ${percent(0)} < 98 THEN ${pick(SENIOR_MALE_NAMES, 1)}
      ELSE ${pick([...SENIOR_FEMALE_NAMES, ...SENIOR_MALE_NAMES], 1)} END AS first_name,
    ${pick(LAST_NAMES, 2)} AS last_name,
    1 + ${r(3)} % ${CITIES.length} AS city,
    1 + ${r(4)} % ${RELATIONSHIPS.length} AS rel,
    ${weighted(
      [
        ["independent", 2],
        ["assisted", 4],
        ["memory", 3],
        ["skilled", 2],
      ],
      5,
    )} AS care_level,
    ${weighted(
      [
        ["New Client", 3],
        ["Active Client", 5],
        ["Target", 3],
        ["Placed", 6],
        ["Follow-up", 3],
      ],
      6,
    )} AS tracker_status,
    ${pastInstant(7)} AS created_at
  FROM s
),
c AS MATERIALIZED (
  SELECT b.*, CASE care_level WHEN 'independent' THEN 2500 WHEN 'assisted' THEN 3500 WHEN 'memory' THEN 5500 ELSE 7500 END
    + (${r(27)} % 26) * 100 AS budget_floor
  FROM b
)`;
}

export function clientsSql(): string {
  const others = CONDITIONS.filter((c) => !(DEMENTIA as readonly string[]).includes(c.name));
  const dementiaMeds = DEMENTIA.map((d) => CONDITIONS.find((c) => c.name === d)!.medications[0]);
  const walk = (items: (string | null)[], count: string) => distinctPicks(items, count, 21);
  const conditionCount = `(CASE WHEN care_level = 'memory' THEN ${r(23)} % 3 ELSE ${r(23)} % 4 END)`;
  const memoryFirst = (list: string) => `CASE WHEN care_level = 'memory' THEN ARRAY[${list}] ELSE '{}'::text[] END`;
  const sex = array(RELATIONSHIPS.map((x) => x.sex ?? "any"));
  const sameLast = `ARRAY[${RELATIONSHIPS.map((x) => x.sameLastName).join(", ")}]`;
  return `${clientDrawsSql()}
INSERT INTO clients (id, agency_id, first_name, last_name, email, phone, date_of_birth, gender, address_street,
  address_city, address_state, address_zip, emergency_name, emergency_relationship, emergency_phone,
  medical_conditions, medications, medical_notes, care_level, tracker_status, budget_min, budget_max,
  preferred_location, preferred_amenities, room_type, referral_source, created_by, created_at, updated_at)
SELECT ${uuid("client", "i")}, ${AGENCY}, first_name, last_name,
  lower(first_name || '.' || last_name || i) || '@' || ${pick(["example.com", "example.net", "example.org"], 9)},
  ${phoneSql(10)},
  ({{now}})::date - (68 * 366 + ${r(12)} % (30 * 365)),
  gender, ${streetSql(13)}, (${cities.city})[city], (${cities.state})[city],
  (${cities.zip})[${zipIndex(16)}],
  CASE (${sex})[rel]
    WHEN 'F' THEN ${pick(ADULT_FEMALE_NAMES, 17)} WHEN 'M' THEN ${pick(ADULT_MALE_NAMES, 17)}
    WHEN 'spouse' THEN CASE gender WHEN 'Female' THEN ${pick(SENIOR_MALE_NAMES, 17)} ELSE ${pick(SENIOR_FEMALE_NAMES, 17)} END
    ELSE ${pick([...ADULT_FEMALE_NAMES, ...ADULT_MALE_NAMES], 17)} END
    || ' ' || CASE WHEN (${sameLast})[rel] THEN last_name ELSE ${pick(LAST_NAMES, 18)} END,
  (${array(RELATIONSHIPS.map((x) => x.label))})[rel],
  ${phoneSql(19)},
  ${memoryFirst(pick(DEMENTIA, 36))} || ${walk(
    others.map((c) => c.name),
    conditionCount,
  )},
  ${memoryFirst(pick(dementiaMeds, 36))} || ${walk(
    others.map((c) => c.medications[0] ?? null),
    conditionCount,
  )},
  CASE WHEN ${percent(31)} < 40 THEN ${pick(MEDICAL_NOTES, 30)} END,
  care_level, tracker_status,
  CASE WHEN ${percent(29)} < 70 OR ${percent(29)} BETWEEN 85 AND 92 THEN budget_floor END,
  CASE WHEN ${percent(29)} < 70 OR ${percent(29)} >= 93 THEN budget_floor + 1000 + (${r(28)} % 26) * 100 END,
  CASE WHEN ${percent(32)} < 75 THEN (${cities.city})[city] || ', ' || (${cities.state})[city] END,
  ${distinctPicks(AMENITIES, `${r(26)} % 5`, 24)},
  ${weighted(
    ROOM_TYPES.map((t, k) => [t, [8, 4, 2, 3, 3][k]] as const),
    33,
  )},
  ${referralSql(37)},
  ${staffPick(34)},
  created_at, created_at + ({{now}} - created_at) * ${fraction(35)}
FROM c`;
}

export function facilitiesSql(): string {
  const kinds = FACILITY_KINDS;
  const col = (values: readonly (string | number)[]) =>
    `(ARRAY[${values.map((v) => (typeof v === "number" ? String(v) : lit(v))).join(", ")}])[kind]`;
  const weights = [30, 12, 14, 12, 10, 6, 6, 6, 4];
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("facility", 5)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (
  SELECT s.*,
    (${weighted(
      kinds.map((_, k) => [String(k + 1), weights[k]] as const),
      0,
    )})::int AS kind,
    1 + ${r(1)} % ${CITIES.length} AS city,
    ${pick(FACILITY_PREFIXES, 2)} AS prefix,
    ${pastInstant(7)} AS created_at
  FROM s
),
c AS MATERIALIZED (
  SELECT b.*,
    ${col(kinds.map((k) => k.capacity[0]))} + ${r(5)} % (${col(kinds.map((k) => k.capacity[1] - k.capacity[0] + 1))}) AS capacity,
    ${col(kinds.map((k) => k.minCost[0]))} + (${r(6)} % (${col(kinds.map((k) => (k.minCost[1] - k.minCost[0]) / 100 + 1))})) * 100 AS min_cost,
    ${zipIndex(14)} AS zip
  FROM b
)
INSERT INTO facilities (id, agency_id, name, license_number, type, capacity, current_occupancy, address_street,
  address_city, address_state, address_zip, latitude, longitude, contact_name, contact_phone, contact_email, amenities,
  specialties, cost_range, min_cost, max_cost, accepts_insurance, notes, is_active, rating, created_at, updated_at)
SELECT ${uuid("facility", "i")}, ${AGENCY},
  prefix || ' ' || CASE WHEN ${r(3)} % 2 = 0 THEN ${col(kinds.map((k) => k.suffixes[0]))} ELSE ${col(kinds.map((k) => k.suffixes[1]))} END
    || CASE WHEN ${percent(4)} < 40 THEN ' of ' || (${cities.city})[city] ELSE '' END,
  ${col(kinds.map((k) => k.code))} || '-' || (${cities.state})[city] || '-' || (100000 + i),
  ${col(kinds.map((k) => k.type))},
  capacity,
  CASE WHEN ${percent(9)} < 12 THEN capacity ELSE capacity * (50 + ${r(10)} % 48) / 100 END,
  ${streetSql(11)}, (${cities.city})[city], (${cities.state})[city],
  (${cities.zip})[zip]
    || CASE WHEN ${percent(15)} < 15 THEN '-' || lpad((1 + ${r(16)} % 9999)::text, 4, '0') ELSE '' END,
  (${cities.latitude})[zip], (${cities.longitude})[zip],
  ${pick([...ADULT_FEMALE_NAMES, ...ADULT_MALE_NAMES], 17)} || ' ' || ${pick(LAST_NAMES, 18)},
  ${phoneSql(19)},
  CASE WHEN ${percent(21)} < 80 THEN 'admissions@' || lower(regexp_replace(prefix, '[^A-Za-z]', '', 'g')) || i || '.example.com' END,
  ${distinctPicks(AMENITIES, `3 + ${r(24)} % 7`, 22)},
  ${distinctPicks(SPECIALTIES, `1 + ${r(27)} % 4`, 25)},
  -- The cost range text as the app derives it (costRangeText): both ends are set here.
  '$' || to_char(min_cost, 'FM999,999') || ' - $' || to_char(min_cost + 1200 + (${r(28)} % 24) * 100, 'FM999,999'),
  min_cost, min_cost + 1200 + (${r(28)} % 24) * 100,
  ${percent(29)} < ${col(kinds.map((k) => Math.round(k.insuranceShare * 100)))},
  CASE WHEN ${percent(31)} < 20 THEN ${pick(FACILITY_NOTES, 30)} END,
  ${percent(32)} >= 4,
  round(2.5 + (${r(33)} % 26) / 10.0, 1),
  created_at, created_at + ({{now}} - created_at) * ${fraction(34)}
FROM c`;
}

/** A placement's status by its age: older placements are mostly settled (moved in or called off), recent ones open. */
function placementStatusSql(): string {
  return `CASE WHEN age_s < 20 * 86400 THEN ${weighted(
    [
      ["In Progress", 6],
      ["Confirmed", 3],
      ["Cancelled", 1],
    ],
    2,
  )}
      WHEN age_s < 60 * 86400 THEN ${weighted(
        [
          ["In Progress", 3],
          ["Confirmed", 3],
          ["Completed", 3],
          ["Cancelled", 1],
        ],
        2,
      )}
      WHEN age_s < 120 * 86400 THEN ${weighted(
        [
          ["In Progress", 1],
          ["Confirmed", 1],
          ["Completed", 6],
          ["Cancelled", 2],
        ],
        2,
      )}
      ELSE ${weighted(
        [
          ["Completed", 8],
          ["Cancelled", 2],
        ],
        2,
      )} END`;
}

/** The random draws of each large placement (facility, dates, status, rate, which steps are done). */
function placementDrawsSql(counts: LargeCounts): string {
  const payments: [string, number][] = [
    ["Private Pay", 9],
    ["Insurance", 3],
    ["Medicaid", 3],
    ["Medicare", 2],
    ["VA Benefits", 2],
    ["Other", 1],
  ];
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("placement", 4)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (SELECT s.*, (${r(0)}::bigint * 65536 + ${r(1)}) % (730 * 86400) AS age_s FROM s),
c AS MATERIALIZED (
  SELECT b.*, f.id AS facility_id, f.min_cost, f.max_cost, ${AGREEMENT_COLUMNS_SQL},
    {{now}} - age_s * interval '1 second' - i * interval '1 microsecond' AS created_at,
    (({{now}} - age_s * interval '1 second')::date) AS start_date,
    (age_s / 86400)::int AS age_days,
    ${placementStatusSql()} AS status,
    ${weighted(payments, 7)} AS payment
  FROM b JOIN facilities f ON f.id = ${uuid("facility", `1 + ${r(4)} % ${counts.facilities}`)}
  ${AGREEMENT_JOIN_SQL}
),
d AS MATERIALIZED (
  SELECT c.*,
    CASE status WHEN 'Completed' THEN start_date + least(7 + ${r(13)} % 45, age_days - 1)
      WHEN 'Confirmed' THEN ({{now}})::date + 3 + ${r(13)} % 30
      WHEN 'In Progress' THEN CASE WHEN ${percent(14)} < 40 THEN ({{now}})::date + 10 + ${r(13)} % 45 END END AS move_in,
    CASE WHEN status = 'Cancelled' THEN start_date + least(2 + ${r(23)} % 30, age_days) END AS end_date,
    round((min_cost + (max_cost - min_cost) * (${r(8)} % 101) / 100.0) / 50) * 50 AS rate
  FROM c
),
e AS MATERIALIZED (
  SELECT d.*,
    CASE status WHEN 'Completed' THEN move_in - start_date WHEN 'Cancelled' THEN end_date - start_date ELSE age_days END AS span,
    status IN ('Confirmed', 'Completed') AS contract,
    status IN ('Confirmed', 'Completed') AND payment <> 'Medicaid' AS deposit,
    CASE status WHEN 'Completed' THEN NOT (payment = 'Private Pay' AND ${percent(20)} < 50)
      WHEN 'Cancelled' THEN ${percent(20)} < 20 ELSE ${percent(20)} < 50 END AS insurance,
    CASE status WHEN 'Completed' THEN true WHEN 'Confirmed' THEN ${percent(21)} < 50 ELSE ${percent(21)} < 20 END AS records,
    CASE status WHEN 'Completed' THEN true WHEN 'Confirmed' THEN ${percent(22)} < 60 ELSE ${percent(22)} < 30 END AS family
  FROM d
)`;
}

export function placementsSql(counts: LargeCounts): string {
  const stepDate = (flag: string, offset: string) => `CASE WHEN ${flag} THEN start_date + least(${offset}, span) END`;
  return `${placementDrawsSql(counts)}
INSERT INTO placements (id, agency_id, client_id, facility_id, agent_id, status, priority, start_date, end_date,
  move_in_date, monthly_rate, payment_method, deposit_amount, contract_signed, contract_signed_date, deposit_paid,
  deposit_paid_date, insurance_verified, insurance_verified_date, medical_records_transferred,
  medical_records_transferred_date, family_notified, family_notified_date, notes, created_by, created_at, updated_at,
  fee_cents, fee_agreement_id, fee_basis, fee_moved_in_on, fee_due_date)
SELECT ${uuid("placement", "i")}, ${AGENCY}, ${uuid("client", `1 + ${r(3)} % ${counts.clients}`)}, facility_id,
  ${staffPick(5)}, status, ${weighted(
    [
      ["Low", 2],
      ["Medium", 4],
      ["High", 3],
      ["Urgent", 1],
    ],
    6,
  )},
  start_date, end_date, move_in, rate, payment,
  CASE WHEN payment <> 'Medicaid' THEN round(rate * (CASE WHEN ${r(9)} % 2 = 0 THEN 1 ELSE 0.5 END) / 100) * 100 END,
  contract, ${stepDate("contract", `2 + ${r(15)} % 6`)},
  deposit, ${stepDate("deposit", `2 + ${r(15)} % 6 + ${r(16)} % 3`)},
  insurance, ${stepDate("insurance", `1 + ${r(17)} % 5`)},
  records, ${stepDate("records", `3 + ${r(18)} % 8`)},
  family, ${stepDate("family", `1 + ${r(19)} % 4`)},
  CASE WHEN status = 'Cancelled' THEN ${pick(CANCEL_REASONS, 12)} WHEN ${percent(10)} < 20 THEN ${pick(PLACEMENT_NOTES, 11)} END,
  ${staffPick(5)}, created_at,
  CASE WHEN status IN ('Completed', 'Cancelled') THEN least({{now}}, created_at + span * interval '1 day' + interval '3 hours')
    ELSE created_at + ({{now}} - created_at) * ${fraction(24)} END,
  ${placementFeeColumnsSql()}
FROM e
-- A client has one open placement at a facility (placements_one_open_per_client_facility): a
-- drawn pair that repeats an open one is left out.
ON CONFLICT DO NOTHING`;
}

/** 1-3 timeline entries per placement, evenly spaced from created_at to updated_at. */
export function placementEventsSql(): string {
  return `
INSERT INTO placement_events (agency_id, placement_id, event, description, actor_id, occurred_at, created_at, updated_at)
SELECT ${AGENCY}, p.id, v.event, v.description, CASE WHEN v.k = 1 THEN p.created_by ELSE p.agent_id END, t.at, t.at, t.at
FROM generate_series({{from}}, {{to}}) AS i
JOIN placements p ON p.id = ${uuid("placement", "i")}
CROSS JOIN LATERAL (SELECT CASE p.status WHEN 'In Progress' THEN 1 + i % 2 WHEN 'Confirmed' THEN 2 + i % 2
  WHEN 'Completed' THEN 3 ELSE 2 END AS n) AS c
CROSS JOIN LATERAL (VALUES
  (1, 'Placement created', NULL::text),
  (2, CASE p.status WHEN 'In Progress' THEN 'Facility tour scheduled' WHEN 'Cancelled' THEN 'Status changed' ELSE 'Contract signed' END,
      CASE p.status WHEN 'In Progress' THEN 'Tour booked with the admissions team' WHEN 'Cancelled' THEN 'In Progress → Cancelled'
        ELSE 'Admission agreement signed' END),
  (3, 'Status changed', CASE p.status WHEN 'Confirmed' THEN 'In Progress → Confirmed' ELSE 'Confirmed → Completed' END)
) AS v(k, event, description)
CROSS JOIN LATERAL (SELECT p.created_at + (p.updated_at - p.created_at) * ((v.k - 1)::float8 / greatest(c.n - 1, 1)) AS at) AS t
WHERE v.k <= c.n`;
}

export function tasksSql(counts: LargeCounts): string {
  const facilityName = `${pick(FACILITY_PREFIXES, 7)} || ' ' || ${pick(["Assisted Living", "Memory Care", "Senior Living", "Care Center"], 22)}`;
  const title = caseOf("type", TASK_TYPES, (t) => pick(TASK_TITLES[t as TaskType], 6));
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("task", 3)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (
  SELECT s.*, ${pastInstant(0)} AS created_at,
    CASE WHEN ${percent(2)} < 90 THEN ${uuid("client", `1 + ${r(3)} % ${counts.clients}`)} END AS client_ref
  FROM s
),
c AS MATERIALIZED (
  SELECT b.*, cl.id AS client_id, cl.first_name || ' ' || cl.last_name AS client_name,
    coalesce(cl.tracker_status, ${pick(STAGES, 4)}) AS stage,
    b.created_at::date + 1 + ${r(8)} % 30 AS due_date
  FROM b LEFT JOIN clients cl ON cl.id = b.client_ref
),
d AS MATERIALIZED (
  SELECT c.*,
    CASE WHEN client_id IS NULL THEN 'Other' ELSE ${caseOf("stage", STAGES, (st) => weighted(TYPES_BY_STAGE[st as keyof typeof TYPES_BY_STAGE], 5))} END AS type,
    CASE WHEN due_date < ({{now}})::date - 3 THEN ${percent(9)} < 93 WHEN due_date < ({{now}})::date THEN ${percent(9)} < 50
      ELSE ${percent(9)} < 12 END AS done
  FROM c
),
e AS MATERIALIZED (
  SELECT d.*, CASE WHEN done THEN created_at
    + least({{now}} - created_at, (due_date - created_at::date + 2) * interval '1 day') * ${fraction(10)} END AS completed_at
  FROM d
)
INSERT INTO tasks (id, agency_id, title, description, type, priority, stage, position, is_completed, completed_at,
  due_date, estimated_placement_date, estimated_hours, client_id, assigned_to, created_by, created_at, updated_at)
SELECT ${uuid("task", "i")}, ${AGENCY},
  replace(replace(${title}, '{client}', coalesce(client_name, 'the client')), '{facility}', ${facilityName}),
  CASE WHEN ${percent(18)} < 30 THEN ${pick(TASK_DESCRIPTIONS, 19)} END,
  type, ${weighted(
    [
      ["Low", 2],
      ["Medium", 4],
      ["High", 3],
      ["Urgent", 1],
    ],
    20,
  )}, stage, i::float8, done, completed_at,
  due_date, CASE WHEN ${percent(11)} < 30 THEN due_date + 14 + ${r(12)} % 45 END,
  CASE WHEN ${percent(13)} < 70 THEN (1 + ${r(14)} % 12) * 0.5 END,
  client_id, ${staffPick(15)}, CASE WHEN ${percent(16)} < 70 THEN ${staffPick(15)} ELSE ${lit(STAFF[0].id)}::uuid END,
  created_at, coalesce(completed_at, created_at + ({{now}} - created_at) * ${fraction(21)})
FROM e`;
}

/** 0-4 items per task (about 2): all done on a completed task, the first few on an open one. */
export function checklistSql(): string {
  const text = caseOf("t.type", TASK_TYPES, (t) => `(${array(CHECKLISTS[t as TaskType])})[k + 1]`);
  const done = `(t.is_completed OR k < ${r(1)} % (n + 1))`;
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("checklist", 1)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (SELECT s.*, ${r(0)} % 5 AS n FROM s)
INSERT INTO task_checklist_items (agency_id, task_id, text, is_completed, completed_at, position, created_at, updated_at)
SELECT ${AGENCY}, t.id, ${text}, ${done},
  CASE WHEN ${done} THEN t.created_at + (t.updated_at - t.created_at) * ((k + 1)::float8 / (n + 1)) END,
  k, t.created_at,
  CASE WHEN ${done} THEN t.created_at + (t.updated_at - t.created_at) * ((k + 1)::float8 / (n + 1)) ELSE t.created_at END
FROM b JOIN tasks t ON t.id = ${uuid("task", "b.i")}
CROSS JOIN generate_series(0, b.n - 1) AS k`;
}

/** Communications land on random tasks (about 3 each), between the task's creation and last update. */
export function communicationsSql(counts: LargeCounts): string {
  const types = Object.keys(COMMUNICATIONS) as (keyof typeof COMMUNICATIONS)[];
  const content = caseOf("b.type", types, (t) => pick(COMMUNICATIONS[t as keyof typeof COMMUNICATIONS], 2));
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("communication", 1)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (SELECT s.*, ${weighted(
    [
      ["note", 3],
      ["call", 4],
      ["email", 3],
      ["meeting", 2],
    ],
    1,
  )} AS type FROM s)
INSERT INTO task_communications (agency_id, task_id, type, content, author_id, occurred_at, created_at, updated_at)
SELECT ${AGENCY}, t.id, b.type,
  replace(replace(replace(${content}, '{client}', coalesce(cl.first_name || ' ' || cl.last_name, 'the client')),
    '{facility}', ${pick(FACILITY_PREFIXES, 3)} || ' Senior Living'), '{family}', coalesce(cl.emergency_name, 'the family')),
  CASE WHEN ${percent(4)} < 80 THEN t.assigned_to ELSE ${staffPick(5)} END,
  o.at, o.at, o.at
FROM b JOIN tasks t ON t.id = ${uuid("task", `1 + ${r(0)} % ${counts.tasks}`)}
LEFT JOIN clients cl ON cl.id = t.client_id
CROSS JOIN LATERAL (SELECT t.created_at + (t.updated_at - t.created_at) * ${fraction(6)} AS at) AS o`;
}

const RESOURCE_KINDS: readonly (readonly [string, string, number])[] = [
  ["pdf", "application/pdf", 6],
  ["jpg", "image/jpeg", 2],
  ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 1],
  ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", 1],
];
const RESOURCE_NAMES = [
  "Medicare card",
  "Care plan",
  "Physician assessment",
  "Power of attorney",
  "Admission agreement",
  "Insurance summary",
  "Medication list",
  "Facility brochure",
  "State license",
  "Inspection report",
];

/**
 * Documents in the library: mostly a client's, some a facility's or a placement's, with one
 * version each. Their stored files do not exist (downloads are not benchmarked); the list, the
 * detail page and the record cards only read the rows.
 */
export function resourcesSql(counts: LargeCounts): string {
  const kind = `(${r(1)} % ${RESOURCE_KINDS.reduce((n, k) => n + k[2], 0)})`;
  const slot = RESOURCE_KINDS.flatMap(([, , weight], k) => Array<number>(weight).fill(k));
  const ext = `(${array(RESOURCE_KINDS.map((k) => k[0]))})[1 + (ARRAY[${slot.join(",")}])[1 + ${kind}]]`;
  const mime = `(${array(RESOURCE_KINDS.map((k) => k[1]))})[1 + (ARRAY[${slot.join(",")}])[1 + ${kind}]]`;
  const related = `CASE WHEN ${percent(2)} < 70 THEN 'Client' WHEN ${percent(2)} < 90 THEN 'Facility' ELSE 'Placement' END`;
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("resource", 2)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (
  SELECT s.*, ${related} AS related_type, ${ext} AS ext, ${mime} AS mime, ${pastInstant(3)} AS created_at,
    ${pick(RESOURCE_NAMES, 5)} AS title, 20000 + ${r(6)}::bigint * 40 AS size_bytes, ${staffPick(7)} AS uploaded_by
  FROM s
),
ins AS (
  INSERT INTO resources (id, agency_id, original_name, file_name, mime_type, size_bytes, download_count, description,
    category, is_confidential, access_level, tags, related_type, related_id, expiration_date, metadata, uploaded_by,
    created_at, updated_at)
  SELECT ${uuid("resource", "i")}, ${AGENCY}, replace(lower(title), ' ', '-') || '-' || i || '.' || ext,
    'large-' || i || '.' || ext, mime, size_bytes, ${r(8)} % 20,
    CASE WHEN ${percent(9)} < 40 THEN title || ' on file' END,
    ${pick(["Medical Records", "Insurance Documents", "Legal Documents", "Identification", "Assessments", "Care Plans", "Contracts", "Facility Brochures", "Licenses", "Inspection Reports", "Other"], 10)},
    ${percent(11)} < 15, ${weighted(
      [
        ["internal", 6],
        ["public", 2],
        ["restricted", 1],
      ],
      12,
    )},
    CASE WHEN ${percent(13)} < 50 THEN ARRAY[lower(${pick(["Intake", "Medicare", "Family", "Signed", "Review"], 14)})] ELSE '{}' END,
    related_type,
    CASE related_type WHEN 'Client' THEN ${uuid("client", `1 + ${r(15)} % ${counts.clients}`)}
      WHEN 'Facility' THEN ${uuid("facility", `1 + ${r(15)} % ${counts.facilities}`)}
      ELSE ${uuid("placement", `1 + ${r(15)} % ${counts.placements}`)} END,
    CASE WHEN ${percent(4)} < 20 THEN ({{now}})::date - 30 + ${r(0)} % 400 END,
    '{}'::jsonb, uploaded_by, created_at, created_at
  FROM b
  RETURNING id, file_name, original_name, mime_type, size_bytes, uploaded_by, created_at
)
INSERT INTO resource_versions (agency_id, resource_id, version_number, file_name, original_name, mime_type, size_bytes,
  change_log, uploaded_by, uploaded_at, created_at, updated_at)
SELECT ${AGENCY}, id, 1, file_name, original_name, mime_type, size_bytes, 'Initial upload', uploaded_by, created_at,
  created_at, created_at
FROM ins`;
}
