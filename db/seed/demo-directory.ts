import type { Insertable } from "kysely";
import type {
  CareLevel,
  ClientNotesTable,
  ClientStatus,
  ClientsTable,
  FacilitiesTable,
  FacilityType,
  Gender,
  ReferralSource,
} from "../../app/utils/db-types";
import { AGENCY_ID, STAFF } from "./common";
import { coordinatesOf, pickZip, placesOf } from "./places";
import { costRangeText } from "../../app/utils/format";
import { addDays, dateOnly, quota, type Rng, roundTo, seedUuid, timeBetween } from "./random";
import { CLIENT_NOTES, FACILITY_KINDS, FACILITY_NOTES, FACILITY_PREFIXES } from "./texts";
import {
  ADULT_FEMALE_NAMES,
  ADULT_MALE_NAMES,
  AMENITIES,
  CONDITIONS,
  DEMO_TOWNS,
  DEMENTIA,
  LAST_NAMES,
  MEDICAL_NOTES,
  RELATIONSHIPS,
  SENIOR_FEMALE_NAMES,
  SENIOR_MALE_NAMES,
  SKILLED_NEEDS,
  SPECIALTIES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from "./words";

// The demo set's people and places: clients (with their notes) and facilities.

export interface DemoClient {
  id: string;
  name: string;
  status: ClientStatus;
  careLevel: CareLevel;
  createdAt: Date;
  family: string;
  relationship: string;
}

export interface DemoFacility {
  id: string;
  name: string;
  type: FacilityType;
  licenseNumber: string;
  minCost: number;
  maxCost: number;
  isActive: boolean;
}

/** Days ago a client in each pipeline stage was first entered: placed clients are older. */
const CREATED_DAYS_AGO: Record<ClientStatus, readonly [number, number]> = {
  // Oldest first, as the names below read them. Placed over the last year: the reports' and the
  // dashboard's months are not one bar.
  "New Client": [20, 1],
  "Active Client": [60, 8],
  Target: [75, 15],
  Placed: [360, 35],
  "Follow-up": [360, 45],
};

const BUDGET_FLOOR: Record<CareLevel, readonly [number, number]> = {
  independent: [2500, 4000],
  assisted: [3500, 6000],
  memory: [5500, 8000],
  skilled: [7500, 10500],
};

const isDementia = (name: string) => (DEMENTIA as readonly string[]).includes(name);
const isSkilledNeed = (name: string) => (SKILLED_NEEDS as readonly string[]).includes(name);

/** A US number in its stored form (docs/data-model.md, "phone numbers"): +1555… */
export function phone(rng: Rng): string {
  return `+1555${rng.int(200, 989)}${String(rng.int(0, 9999)).padStart(4, "0")}`;
}

export function streetAddress(rng: Rng): string {
  return `${rng.int(100, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
}

/** The demo agency's towns with their real ZIP codes. */
const TOWNS = placesOf(DEMO_TOWNS);

/** Distinct instants: the lists sort by created_at/updated_at, so ties would make pages unstable. */
function distinct(seen: Set<number>, at: Date): Date {
  let ms = at.getTime();
  while (seen.has(ms)) ms += 1000;
  seen.add(ms);
  return new Date(ms);
}

function conditionsFor(rng: Rng, careLevel: CareLevel): string[] {
  const others = CONDITIONS.map((c) => c.name).filter((n) => !isDementia(n));
  const count = rng.weighted([
    [0, 1],
    [1, 3],
    [2, 4],
    [3, 2],
  ] as const);
  const picked = rng.sample(
    others.filter((n) => !isSkilledNeed(n) || careLevel !== "independent"),
    count,
  );
  if (careLevel === "memory") picked.unshift(rng.pick(DEMENTIA));
  if (careLevel === "skilled" && !picked.some(isSkilledNeed)) picked.unshift(rng.pick(SKILLED_NEEDS));
  return picked.slice(0, 3);
}

/** Names and creation instants already used, so no two records share one. */
interface Taken {
  names: Set<string>;
  instants: Set<number>;
}

export function buildClients(rng: Rng, now: Date) {
  const statuses = rng.shuffle(
    quota<ClientStatus>({ "New Client": 12, "Active Client": 16, Target: 10, Placed: 14, "Follow-up": 8 }),
  );
  const careLevels = rng.shuffle(quota<CareLevel>({ independent: 12, assisted: 22, memory: 15, skilled: 11 }));
  const genders = rng.shuffle(quota<Gender>({ Female: 33, Male: 25, Other: 2 }));
  const taken: Taken = { names: new Set(), instants: new Set() };
  const rows: Insertable<ClientsTable>[] = [];
  const clients: DemoClient[] = [];
  statuses.forEach((status, i) => {
    const drawn = drawClient(rng, now, taken, { index: i, status, careLevel: careLevels[i], gender: genders[i] });
    rows.push(drawn.row);
    clients.push(drawn.client);
  });
  return { rows, clients };
}

/** A senior's name by gender, not yet taken. */
function seniorName(rng: Rng, gender: Gender, names: Set<string>) {
  let firstName: string;
  let lastName: string;
  do {
    const pool =
      gender === "Female"
        ? SENIOR_FEMALE_NAMES
        : gender === "Male"
          ? SENIOR_MALE_NAMES
          : rng.pick([SENIOR_FEMALE_NAMES, SENIOR_MALE_NAMES]);
    firstName = rng.pick(pool);
    lastName = rng.pick(LAST_NAMES);
  } while (names.has(`${firstName} ${lastName}`));
  names.add(`${firstName} ${lastName}`);
  return { firstName, lastName };
}

/** The family member to call: a spouse of the other sex, or a son, daughter, niece... */
function familyContact(rng: Rng, gender: Gender, lastName: string) {
  const relationship = rng.pick(RELATIONSHIPS);
  const relativeSex =
    relationship.sex === "spouse"
      ? gender === "Female"
        ? "M"
        : "F"
      : (relationship.sex ?? rng.pick(["F", "M"] as const));
  const relativeFirst =
    relationship.sex === "spouse"
      ? rng.pick(relativeSex === "F" ? SENIOR_FEMALE_NAMES : SENIOR_MALE_NAMES)
      : rng.pick(relativeSex === "F" ? ADULT_FEMALE_NAMES : ADULT_MALE_NAMES);
  const family = `${relativeFirst} ${relationship.sameLastName ? lastName : rng.pick(LAST_NAMES)}`;
  return { relationship: relationship.label, family };
}

/** Conditions fitting the care level, a medication for each that has one, and the budget. */
function careProfile(rng: Rng, careLevel: CareLevel) {
  const conditions = conditionsFor(rng, careLevel);
  const medications = conditions
    .flatMap((name) => {
      const meds = CONDITIONS.find((c) => c.name === name)?.medications ?? [];
      return meds.length ? [rng.pick(meds)] : [];
    })
    .slice(0, 3);
  const [floorLow, floorHigh] = BUDGET_FLOOR[careLevel];
  const budgetMin = roundTo(rng.int(floorLow, floorHigh), 100);
  const budgetMax = budgetMin + roundTo(rng.int(1000, 3500), 100);
  const budgetShape = rng.weighted([
    ["both", 70],
    ["none", 15],
    ["min", 8],
    ["max", 7],
  ] as const);
  return {
    conditions,
    medications,
    budgetMin: budgetShape === "both" || budgetShape === "min" ? budgetMin : null,
    budgetMax: budgetShape === "both" || budgetShape === "max" ? budgetMax : null,
  };
}

/** One client: the row to insert and what the other generators need of it. */
function drawClient(
  rng: Rng,
  now: Date,
  taken: Taken,
  { index, status, careLevel, gender }: { index: number; status: ClientStatus; careLevel: CareLevel; gender: Gender },
): { row: Insertable<ClientsTable>; client: DemoClient } {
  const { firstName, lastName } = seniorName(rng, gender, taken.names);
  const { relationship, family } = familyContact(rng, gender, lastName);
  const care = careProfile(rng, careLevel);
  const city = rng.pick(TOWNS);
  const [oldest, newest] = CREATED_DAYS_AGO[status];
  const createdAt = distinct(taken.instants, timeBetween(rng, addDays(now, -oldest), addDays(now, -newest)));
  const updatedAt = distinct(taken.instants, timeBetween(rng, createdAt, now));
  const age = rng.int(69, 98);
  const id = seedUuid("client", index + 1);
  const row: Insertable<ClientsTable> = {
    id,
    agency_id: AGENCY_ID,
    first_name: firstName,
    last_name: lastName,
    email: `${firstName}.${lastName}@${rng.pick(["example.com", "example.net", "example.org"])}`.toLowerCase(),
    phone: phone(rng),
    date_of_birth: dateOnly(new Date(now.getFullYear() - age, rng.int(0, 11), rng.int(1, 28))),
    gender,
    address_street: streetAddress(rng),
    address_city: city.city,
    address_state: city.state,
    address_zip: pickZip(rng, city, false),
    emergency_name: family,
    emergency_relationship: relationship,
    emergency_phone: phone(rng),
    medical_conditions: care.conditions,
    medications: care.medications,
    medical_notes:
      careLevel === "memory" && rng.chance(0.5) ? MEDICAL_NOTES[2] : rng.chance(0.5) ? rng.pick(MEDICAL_NOTES) : null,
    care_level: careLevel,
    tracker_status: status,
    budget_min: care.budgetMin,
    budget_max: care.budgetMax,
    preferred_location: rng.chance(0.75) ? `${city.city}, ${city.state}` : null,
    preferred_amenities: rng.sample(AMENITIES, rng.int(0, 4)),
    room_type: rng.weighted([
      ["private", 40],
      ["semi-private", 20],
      ["shared", 10],
      ["studio", 15],
      ["one-bedroom", 15],
    ] as const),
    created_by: rng.pick(STAFF).id,
    created_at: createdAt,
    updated_at: updatedAt,
  };
  return { row, client: { id, name: `${firstName} ${lastName}`, status, careLevel, createdAt, family, relationship } };
}

/**
 * Where each client came from, from its own stream (so adding it reshuffled nothing else):
 * hospitals and families first, as agencies see it, and a few not recorded.
 */
export const REFERRAL_SPREAD = [
  ["Hospital", 22],
  ["Family or friend", 20],
  ["Physician", 14],
  ["Social worker", 12],
  ["Web search", 12],
  ["Advertising", 5],
  ["Past client", 4],
  ["Other", 3],
  [null, 8],
] as const satisfies readonly (readonly [ReferralSource | null, number])[];

export function assignReferralSources(rng: Rng, rows: Insertable<ClientsTable>[]): void {
  for (const row of rows) row.referral_source = rng.weighted(REFERRAL_SPREAD);
}

/** One or two notes on a dozen clients that are past the first call. */
export function buildClientNotes(rng: Rng, now: Date, clients: readonly DemoClient[]): Insertable<ClientNotesTable>[] {
  const candidates = clients.filter((c) => c.status !== "New Client");
  let n = 0;
  return rng.sample(candidates, 12).flatMap((client) =>
    Array.from({ length: rng.int(1, 2) }, () => {
      const at = timeBetween(rng, client.createdAt, now);
      return {
        id: seedUuid("client-note", ++n),
        agency_id: AGENCY_ID,
        client_id: client.id,
        author_id: rng.pick(STAFF).id,
        content: rng.pick(CLIENT_NOTES),
        created_at: at,
        updated_at: at,
      };
    }),
  );
}

export function buildFacilities(rng: Rng, now: Date) {
  const types = rng.shuffle(
    quota<FacilityType>({
      "Assisted Living": 9,
      "Memory Care": 6,
      "Nursing Home": 5,
      "Independent Living": 5,
      "Skilled Nursing": 4,
      "Rehabilitation Center": 3,
      "Adult Day Care": 3,
      "Home Care": 3,
      Other: 2,
    }),
  );
  const full = new Set(
    rng.sample(
      types.map((_, i) => i),
      6,
    ),
  );
  const inactive = new Set(
    rng.sample(
      types.map((_, i) => i),
      3,
    ),
  );
  const taken: Taken = { names: new Set(), instants: new Set() };
  const rows: Insertable<FacilitiesTable>[] = [];
  const facilities: DemoFacility[] = [];
  types.forEach((type, i) => {
    const drawn = drawFacility(rng, now, taken, { index: i, type, full: full.has(i), active: !inactive.has(i) });
    rows.push(drawn.row);
    facilities.push(drawn.facility);
  });
  return { rows, facilities };
}

/** One facility of a type: the row to insert and what the other generators need of it. */
function drawFacility(
  rng: Rng,
  now: Date,
  taken: Taken,
  { index, type, full, active }: { index: number; type: FacilityType; full: boolean; active: boolean },
): { row: Insertable<FacilitiesTable>; facility: DemoFacility } {
  const kind = FACILITY_KINDS.find((k) => k.type === type)!;
  let name: string;
  do name = `${rng.pick(FACILITY_PREFIXES)} ${rng.pick(kind.suffixes)}`;
  while (taken.names.has(name));
  taken.names.add(name);

  const city = rng.pick(TOWNS);
  const capacity = rng.int(kind.capacity[0], kind.capacity[1]);
  const occupancy = full ? capacity : Math.floor(capacity * (0.55 + rng.float() * 0.42));
  const minCost = roundTo(rng.int(kind.minCost[0], kind.minCost[1]), 100);
  const maxCost = minCost + roundTo(rng.int(1200, 3500), 100);
  const amenities = [
    ...kind.amenities,
    ...rng.sample(
      AMENITIES.filter((a) => !kind.amenities.includes(a)),
      9,
    ),
  ];
  const specialties = [
    ...rng.sample(kind.specialties, rng.int(1, kind.specialties.length)),
    ...rng.sample(SPECIALTIES, 2),
  ];
  const contactFirst = rng.pick([...ADULT_FEMALE_NAMES, ...ADULT_MALE_NAMES]);
  const contactLast = rng.pick(LAST_NAMES);
  const slug =
    name.split(" ")[0].toLowerCase() +
    name
      .split(" ")[1]
      .toLowerCase()
      .replace(/[^a-z]/g, "");
  const createdAt = distinct(taken.instants, timeBetween(rng, addDays(now, -720), addDays(now, -60)));
  const updatedAt = distinct(taken.instants, timeBetween(rng, createdAt, now));
  const id = seedUuid("facility", index + 1);
  const licenseNumber = `${kind.code}-${city.state}-${rng.int(100000, 999999)}`;
  const facilityZip = pickZip(rng, city, rng.chance(0.15));

  const row: Insertable<FacilitiesTable> = {
    id,
    agency_id: AGENCY_ID,
    name,
    license_number: licenseNumber,
    type,
    capacity,
    current_occupancy: occupancy,
    address_street: streetAddress(rng),
    address_city: city.city,
    address_state: city.state,
    address_zip: facilityZip,
    ...coordinatesOf(facilityZip),
    contact_name: `${contactFirst} ${contactLast}`,
    contact_phone: phone(rng),
    contact_email: rng.chance(0.8) ? `admissions@${slug}.example.com` : null,
    amenities: amenities.slice(0, rng.int(3, 9)),
    specialties: [...new Set(specialties)].slice(0, rng.int(1, 4)),
    cost_range: costRangeText(minCost, maxCost),
    min_cost: minCost,
    max_cost: maxCost,
    accepts_insurance: rng.chance(kind.insuranceShare),
    notes: rng.chance(0.4) ? rng.pick(FACILITY_NOTES) : null,
    is_active: active,
    rating: (rng.int(25, 50) / 10).toFixed(1),
    created_at: createdAt,
    updated_at: updatedAt,
  };
  return { row, facility: { id, name, type, licenseNumber, minCost, maxCost, isActive: active } };
}
