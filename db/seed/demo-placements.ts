import type { Insertable } from "kysely";
import type {
  CareLevel,
  FacilityType,
  PaymentMethod,
  PlacementEventsTable,
  PlacementStatus,
  PlacementsTable,
} from "../../app/utils/db-types";
import { AGENCY_ID, STAFF } from "./common";
import type { DemoClient, DemoFacility } from "./demo-directory";
import {
  addDays,
  addHours,
  dateOnly,
  dollars,
  HOUR_MS,
  type Rng,
  roundTo,
  seedUuid,
  timeBetween,
  timesBetween,
} from "./random";
import { CANCEL_REASONS, PLACEMENT_NOTES } from "./texts";

// Placements and their timelines. Each placement's story is generated as a list of dated
// events first; the checklist flags, dates and updated_at are then read off that story, so the
// detail screen's progress steps and its timeline always agree.

export interface DemoPlacement {
  id: string;
  client: DemoClient;
  facility: DemoFacility;
  status: PlacementStatus;
}

type Step =
  "contract_signed" | "deposit_paid" | "insurance_verified" | "medical_records_transferred" | "family_notified";

const STEP_ORDER: readonly Step[] = [
  "contract_signed",
  "deposit_paid",
  "insurance_verified",
  "medical_records_transferred",
  "family_notified",
];
/** Steps an agent typically gets done before anything is signed. */
const EARLY_STEPS: readonly Step[] = ["insurance_verified", "medical_records_transferred", "family_notified"];

const SUITABLE_TYPES: Record<CareLevel, readonly FacilityType[]> = {
  independent: ["Independent Living", "Assisted Living", "Adult Day Care", "Other"],
  assisted: ["Assisted Living", "Other", "Home Care"],
  memory: ["Memory Care", "Assisted Living", "Nursing Home"],
  skilled: ["Skilled Nursing", "Nursing Home", "Rehabilitation Center"],
};

interface Event {
  at: Date;
  event: string;
  description: string | null;
  step?: Step;
}

function facilityFor(rng: Rng, client: DemoClient, facilities: readonly DemoFacility[]): DemoFacility {
  const active = facilities.filter((f) => f.isActive);
  const suitable = active.filter((f) => SUITABLE_TYPES[client.careLevel].includes(f.type));
  return rng.pick(suitable.length ? suitable : active);
}

/** Who does what: the five agents carry most placements, the coordinator a few. */
function agentFor(rng: Rng) {
  return rng.weighted(STAFF.map((s) => [s, s.role === "agent" ? 3 : 1] as const));
}

/** What a placement's events say of it. */
interface StepContext {
  facility: string;
  family: string;
  relationship: string;
  deposit: number | null;
  payment: PaymentMethod;
}

function stepEvent(step: Step, ctx: StepContext): Omit<Event, "at"> {
  switch (step) {
    case "contract_signed":
      return { event: "Contract signed", description: `Admission agreement signed by ${ctx.family}`, step };
    case "deposit_paid":
      return { event: "Deposit paid", description: `Deposit of ${dollars(ctx.deposit ?? 0)} received`, step };
    case "insurance_verified":
      return {
        event: "Insurance verified",
        description:
          ctx.payment === "Private Pay"
            ? "Medicare and supplemental coverage confirmed"
            : `${ctx.payment} coverage confirmed`,
        step,
      };
    case "medical_records_transferred":
      return { event: "Medical records transferred", description: `Records sent to ${ctx.facility} admissions`, step };
    case "family_notified":
      return { event: "Family notified", description: `${ctx.family} (${ctx.relationship}) told about the plan`, step };
  }
}

/**
 * Who is placed and how far it got: placed clients moved in (Completed); targets have a confirmed
 * room; active clients are being worked on; some earlier attempts were cancelled along the way.
 */
function placementPlan(rng: Rng, clients: readonly DemoClient[]): [PlacementStatus, DemoClient][] {
  const of = (status: DemoClient["status"]) => rng.shuffle(clients.filter((c) => c.status === status));
  return [
    ...of("Placed").map((c) => ["Completed", c] as [PlacementStatus, DemoClient]),
    ...of("Follow-up")
      .slice(0, 4)
      .map((c) => ["Completed", c] as [PlacementStatus, DemoClient]),
    ...of("Target").map((c) => ["Confirmed", c] as [PlacementStatus, DemoClient]),
    ...of("Active Client")
      .slice(0, 14)
      .map((c) => ["In Progress", c] as [PlacementStatus, DemoClient]),
    ...rng
      .sample(
        clients.filter((c) => c.status !== "New Client"),
        8,
      )
      .map((c) => ["Cancelled", c] as [PlacementStatus, DemoClient]),
  ];
}

export function buildPlacements(
  rng: Rng,
  now: Date,
  clients: readonly DemoClient[],
  facilities: readonly DemoFacility[],
) {
  const rows: Insertable<PlacementsTable>[] = [];
  const eventRows: Insertable<PlacementEventsTable>[] = [];
  const placements: DemoPlacement[] = [];
  placementPlan(rng, clients).forEach(([status, client], i) => {
    const drawn = drawPlacement(rng, now, { index: i, status, client, facilities });
    rows.push(drawn.row);
    eventRows.push(...drawn.eventRows);
    placements.push(drawn.placement);
  });
  return { rows, eventRows, placements };
}

/** An instant at a fraction of the time since the client was entered. */
const sinceIntake = (client: DemoClient, now: Date) => (fraction: number) =>
  new Date(client.createdAt.getTime() + (now.getTime() - client.createdAt.getTime()) * fraction);

/** When a placement was started: a move-in days after the intake, the others along the client's time. */
function placementStart(rng: Rng, now: Date, status: PlacementStatus, client: DemoClient): Date {
  const window: Record<PlacementStatus, readonly [number, number]> = {
    Cancelled: [0.05, 0.3],
    Completed: [0.4, 0.55],
    Confirmed: [0.4, 0.7],
    "In Progress": [0.3, 0.85],
  };
  const at = sinceIntake(client, now);
  return status === "Completed"
    ? timeBetween(rng, addDays(client.createdAt, 1), addDays(client.createdAt, 10))
    : timeBetween(rng, at(window[status][0]), at(window[status][1]));
}

/** One placement: its row, its timeline's rows, and what the other generators need of it. */
function drawPlacement(
  rng: Rng,
  now: Date,
  {
    index,
    status,
    client,
    facilities,
  }: { index: number; status: PlacementStatus; client: DemoClient; facilities: readonly DemoFacility[] },
) {
  const id = seedUuid("placement", index + 1);
  const facility = facilityFor(rng, client, facilities);
  const agent = agentFor(rng);
  const creator = rng.chance(0.8) ? agent : rng.pick(STAFF);
  const payment = rng.weighted<PaymentMethod>([
    ["Private Pay", 45],
    ["Insurance", 15],
    ["Medicaid", 15],
    ["Medicare", 10],
    ["VA Benefits", 10],
    ["Other", 5],
  ]);
  const rate = roundTo(facility.minCost + rng.float() * (facility.maxCost - facility.minCost), 50);
  const deposit = payment === "Medicaid" ? null : roundTo(rate * rng.pick([0.5, 1]), 100);
  const ctx = { facility: facility.name, family: client.family, relationship: client.relationship, deposit, payment };
  const createdAt = placementStart(rng, now, status, client);
  const { events, moveIn, endDate } = placementTimeline(rng, now, { status, client, createdAt, ctx });

  const done = (step: Step) => events.find((e) => e.step === step);
  const flag = (step: Step) => ({
    [step]: Boolean(done(step)),
    [`${step}_date`]: done(step) ? dateOnly(done(step)!.at) : null,
  });
  const row: Insertable<PlacementsTable> = {
    id,
    agency_id: AGENCY_ID,
    client_id: client.id,
    facility_id: facility.id,
    agent_id: agent.id,
    status,
    priority: rng.weighted([
      ["Low", 2],
      ["Medium", 4],
      ["High", 3],
      ["Urgent", 1],
    ] as const),
    start_date: dateOnly(createdAt),
    end_date: endDate,
    move_in_date: moveIn,
    monthly_rate: rate,
    payment_method: payment,
    deposit_amount: deposit,
    ...STEP_ORDER.reduce((acc, step) => ({ ...acc, ...flag(step) }), {}),
    notes: status === "Cancelled" ? rng.pick(CANCEL_REASONS) : rng.chance(0.35) ? rng.pick(PLACEMENT_NOTES) : null,
    created_by: creator.id,
    created_at: createdAt,
    updated_at: events[events.length - 1].at,
  };
  const eventRows: Insertable<PlacementEventsTable>[] = events.map((e, k) => ({
    id: seedUuid(`placement-${index + 1}-event`, k + 1),
    agency_id: AGENCY_ID,
    placement_id: id,
    event: e.event,
    description: e.description,
    actor_id: k === 0 ? creator.id : rng.chance(0.85) ? agent.id : rng.pick(STAFF).id,
    occurred_at: e.at,
    created_at: e.at,
    updated_at: e.at,
  }));
  return { row, eventRows, placement: { id, client, facility, status } };
}

/**
 * A placement's timeline, oldest first: created, its steps, its status changes and the move-in
 * (two to eight weeks after it was started), or the day it was called off.
 */
function placementTimeline(
  rng: Rng,
  now: Date,
  {
    status,
    client,
    createdAt,
    ctx,
  }: { status: PlacementStatus; client: DemoClient; createdAt: Date; ctx: StepContext },
) {
  const events: Event[] = [
    { at: createdAt, event: "Placement created", description: `${client.name} → ${ctx.facility}` },
  ];
  let moveIn: string | null = null;
  let endDate: string | null = null;
  const addSteps = (steps: readonly Step[], until: Date) => {
    const times = timesBetween(rng, createdAt, until, steps.length);
    steps.forEach((step, k) => events.push({ at: times[k], ...stepEvent(step, ctx) }));
  };
  const changed = (from: PlacementStatus, to: PlacementStatus, when: Date) =>
    events.push({ at: when, event: "Status changed", description: `${from} → ${to}` });

  if (status === "Completed") {
    const moveInAt = new Date(
      Math.min(timeBetween(rng, addDays(createdAt, 14), addDays(createdAt, 56)).getTime(), addDays(now, -1).getTime()),
    );
    const skipInsurance = ctx.payment === "Private Pay" && rng.chance(0.5);
    addSteps(
      STEP_ORDER.filter(
        (s) => !(skipInsurance && s === "insurance_verified") && !(s === "deposit_paid" && ctx.deposit === null),
      ),
      addHours(moveInAt, -24),
    );
    const signed = events.find((e) => e.step === "contract_signed")!.at;
    changed("In Progress", "Confirmed", new Date(signed.getTime() + rng.int(20, 120) * 60_000));
    events.push({ at: moveInAt, event: "Moved in", description: `${client.name} moved in to ${ctx.facility}` });
    changed("Confirmed", "Completed", addHours(moveInAt, 2));
    moveIn = dateOnly(moveInAt);
  } else if (status === "Confirmed") {
    const extra = rng.sample(EARLY_STEPS, rng.int(0, 2));
    const steps = STEP_ORDER.filter(
      (s) => s === "contract_signed" || (s === "deposit_paid" && ctx.deposit !== null) || extra.includes(s),
    );
    addSteps(steps, addHours(now, -6));
    const signed = events.find((e) => e.step === "contract_signed")!.at;
    changed(
      "In Progress",
      "Confirmed",
      new Date(Math.min(signed.getTime() + rng.int(20, 120) * 60_000, now.getTime() - HOUR_MS)),
    );
    moveIn = dateOnly(addDays(now, rng.int(3, 30)));
  } else if (status === "In Progress") {
    addSteps(rng.sample(EARLY_STEPS, rng.int(0, 2)), addHours(now, -2));
    if (rng.chance(0.4)) moveIn = dateOnly(addDays(now, rng.int(10, 45)));
  } else {
    const cancelledAt = timeBetween(rng, addHours(createdAt, 48), sinceIntake(client, now)(0.45));
    addSteps(rng.sample(EARLY_STEPS, rng.int(0, 2)), cancelledAt);
    changed("In Progress", "Cancelled", cancelledAt);
    endDate = dateOnly(cancelledAt);
  }

  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { events, moveIn, endDate };
}
