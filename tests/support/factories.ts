// Minimal valid rows for the integration tests (on testDb()) and the browser tests (on
// dbForE2E(), through ./e2e-data). Each factory fills every NOT NULL column with a valid value
// (see db/migrations) and takes overrides with the column names of app/utils/db-types.ts; references that
// are not given are created on the fly in the same agency.
import type { Insertable, Kysely, Selectable } from "kysely";
import type {
  AgenciesTable,
  ClientsTable,
  Database,
  FacilitiesTable,
  PlacementsTable,
  ResourcesTable,
  Role,
  TasksTable,
  UsersTable,
} from "~/utils/db-types";
import { hashPassword } from "../../app/utils/password.server";
import { zipPoint } from "../../app/utils/zip-codes.server";

type DB = Kysely<Database>;

/** The agency of a new row: `agencyId`, or `agency_id` like the other column overrides. */
type InAgency = { agencyId: string; agency_id?: never } | { agency_id: string; agencyId?: never };

function agencyOf(options: { agencyId?: string; agency_id?: string }): string {
  const id = options.agencyId ?? options.agency_id;
  if (!id) throw new Error("factories: agencyId is required");
  return id;
}

export const DEFAULT_PASSWORD = "Test@1234";

let sequence = 0;
/** A number unique within the test process, to keep unique columns unique. */
export function nextId(): number {
  sequence += 1;
  return sequence;
}

// argon2id is slow on purpose (a quarter of a second of CPU): each password is hashed once per
// test process, and the users made with it share that hash.
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** "YYYY-MM-DD", `days` from today (UTC). */
export function isoDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function createAgency(
  db: DB,
  overrides: Partial<Insertable<AgenciesTable>> = {},
): Promise<Selectable<AgenciesTable>> {
  return db
    .insertInto("agencies")
    .values({ name: `Test Agency ${nextId()}`, ...overrides })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type TestUser = Selectable<UsersTable> & { password: string };

export async function createUser(
  db: DB,
  options: InAgency & {
    role?: Role;
    email?: string;
    password?: string;
  } & Partial<Omit<Insertable<UsersTable>, "agency_id" | "role" | "email" | "password_hash">>,
): Promise<TestUser> {
  const {
    agencyId: _agencyId,
    agency_id: _agency_id,
    role = "agent",
    email,
    password = DEFAULT_PASSWORD,
    ...overrides
  } = options;
  const agencyId = agencyOf(options);
  const n = nextId();
  const row = await db
    .insertInto("users")
    .values({
      agency_id: agencyId,
      email: email ?? `user${n}@example.com`,
      first_name: "Test",
      last_name: `User ${n}`,
      role,
      password_hash: await passwordHash(password),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...row, password };
}

export function createClient(
  db: DB,
  options: InAgency & Partial<Omit<Insertable<ClientsTable>, "agency_id">>,
): Promise<Selectable<ClientsTable>> {
  const { agencyId: _agencyId, agency_id: _agency_id, ...overrides } = options;
  const agencyId = agencyOf(options);
  const n = nextId();
  return db
    .insertInto("clients")
    .values({
      agency_id: agencyId,
      first_name: "Client",
      last_name: `Number ${n}`,
      email: `client${n}@example.com`,
      phone: "+15550100000",
      date_of_birth: "1940-05-17",
      emergency_name: "Emergency Contact",
      emergency_relationship: "Daughter",
      emergency_phone: "+15550109999",
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function located(overrides: Partial<Insertable<FacilitiesTable>>) {
  if ("latitude" in overrides || "longitude" in overrides) return {};
  const point = zipPoint(overrides.address_zip ?? "62701");
  return { latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}

export function createFacility(
  db: DB,
  options: InAgency & Partial<Omit<Insertable<FacilitiesTable>, "agency_id">>,
): Promise<Selectable<FacilitiesTable>> {
  const { agencyId: _agencyId, agency_id: _agency_id, ...overrides } = options;
  const agencyId = agencyOf(options);
  const n = nextId();
  return db
    .insertInto("facilities")
    .values({
      agency_id: agencyId,
      name: `Test Facility ${n}`,
      license_number: `LIC-${String(n).padStart(6, "0")}`,
      type: "Assisted Living",
      capacity: 50,
      current_occupancy: 10,
      address_street: "100 Main Street",
      address_city: "Springfield",
      address_state: "IL",
      address_zip: "62701",
      contact_name: "Facility Director",
      contact_phone: "+15550200000",
      cost_range: "$3,000 - $5,000",
      min_cost: 3000,
      max_cost: 5000,
      ...overrides,
      // As the model saves it: the centroid of the ZIP code (unless a test sets its own).
      ...located(overrides),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createPlacement(
  db: DB,
  options: InAgency & Partial<Omit<Insertable<PlacementsTable>, "agency_id">>,
): Promise<Selectable<PlacementsTable>> {
  const { agencyId: _agencyId, agency_id: _agency_id, ...overrides } = options;
  const agencyId = agencyOf(options);
  const clientId = overrides.client_id ?? (await createClient(db, { agencyId })).id;
  const facilityId = overrides.facility_id ?? (await createFacility(db, { agencyId })).id;
  const agentId = overrides.agent_id ?? (await createUser(db, { agencyId })).id;
  return db
    .insertInto("placements")
    .values({
      agency_id: agencyId,
      start_date: isoDate(0),
      ...overrides,
      client_id: clientId,
      facility_id: facilityId,
      agent_id: agentId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createTask(
  db: DB,
  options: InAgency & Partial<Omit<Insertable<TasksTable>, "agency_id">>,
): Promise<Selectable<TasksTable>> {
  const { agencyId: _agencyId, agency_id: _agency_id, ...overrides } = options;
  const agencyId = agencyOf(options);
  const assignedTo = overrides.assigned_to ?? (await createUser(db, { agencyId })).id;
  return db
    .insertInto("tasks")
    .values({
      agency_id: agencyId,
      title: `Test task ${nextId()}`,
      due_date: isoDate(7),
      ...overrides,
      assigned_to: assignedTo,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A document row (no stored file: for searches and lists, not downloads), belonging to a new
 * client of the agency unless `related_type` and `related_id` say otherwise.
 */
export async function createResource(
  db: DB,
  options: InAgency & Partial<Omit<Insertable<ResourcesTable>, "agency_id">>,
): Promise<Selectable<ResourcesTable>> {
  const { agencyId: _agencyId, agency_id: _agency_id, ...overrides } = options;
  const agencyId = agencyOf(options);
  const n = nextId();
  const related = overrides.related_id
    ? { related_type: overrides.related_type ?? "Client", related_id: overrides.related_id }
    : { related_type: "Client" as const, related_id: (await createClient(db, { agencyId })).id };
  return db
    .insertInto("resources")
    .values({
      agency_id: agencyId,
      original_name: `document-${n}.pdf`,
      file_name: `test/document-${n}.pdf`,
      mime_type: "application/pdf",
      size_bytes: 1024,
      category: "Other",
      ...overrides,
      ...related,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
