// Test data for the browser tests: the shared factories (./factories) on the e2e database, in
// the signed-in user's agency and, where a row records who made it, made by that user. Both
// projects run at once against one database, so e-mails, phones and names default to values no
// other test uses.
//
//   const client = await insertClient(agency, { first_name: "Ann", tracker_status: "Target" });
import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  ClientsTable,
  Database,
  FacilitiesTable,
  PlacementsTable,
  ResourcesTable,
  TasksTable,
} from "~/utils/db-types";
import { createClient, createFacility, createPlacement, createTask } from "./factories";
import { dbForE2E, digits, type SignedInUser, token, uniqueStoredPhone } from "./e2e";

type Overrides<T> = Partial<Omit<Insertable<T>, "agency_id">>;

/** A client row, with `name` ("First Last") as the screens show it. */
export type StoredClient = Selectable<ClientsTable> & { name: string };
export type StoredFacility = Selectable<FacilitiesTable>;
export type StoredPlacement = Selectable<PlacementsTable> & { client: StoredClient; facility: StoredFacility };

/** A client straight in the database, in the user's agency. */
export async function insertClient(user: SignedInUser, values: Overrides<ClientsTable> = {}): Promise<StoredClient> {
  const firstName = values.first_name ?? "Test";
  const lastName = values.last_name ?? `Client${token()}`;
  const row = await createClient(dbForE2E(), {
    agencyId: user.agencyId,
    created_by: user.id,
    first_name: firstName,
    last_name: lastName,
    email: `${firstName}.${lastName}.${token()}@example.com`.toLowerCase(),
    phone: uniqueStoredPhone(),
    date_of_birth: "1942-06-15",
    emergency_name: "Pat Relative",
    emergency_relationship: "Daughter",
    emergency_phone: uniqueStoredPhone(),
    ...values,
  });
  return { ...row, name: `${row.first_name} ${row.last_name}` };
}

/** A facility straight in the database, in the user's agency (in Portland, OR, 10 of 20 beds free). */
export function insertFacility(user: SignedInUser, values: Overrides<FacilitiesTable> = {}): Promise<StoredFacility> {
  return createFacility(dbForE2E(), {
    agencyId: user.agencyId,
    name: `Facility ${token()}`,
    license_number: `LIC-${digits(6)}`,
    type: "Assisted Living",
    capacity: 20,
    current_occupancy: 10,
    address_street: "100 Main St",
    address_city: "Portland",
    address_state: "OR",
    address_zip: "97201",
    contact_name: "Sam Contact",
    contact_phone: uniqueStoredPhone(),
    cost_range: "$3,000 - $5,000",
    min_cost: 3000,
    max_cost: 5000,
    ...values,
  });
}

/** A placement's columns but its client and facility. */
export type PlacementValues = Omit<Overrides<PlacementsTable>, "client_id" | "facility_id">;

/** A placement of `client` at `facility`, its agent the user (no timeline entries). */
export async function insertPlacement(
  user: SignedInUser,
  client: StoredClient,
  facility: StoredFacility,
  values: PlacementValues = {},
): Promise<StoredPlacement> {
  const row = await createPlacement(dbForE2E(), {
    agencyId: user.agencyId,
    start_date: "2026-03-01",
    agent_id: user.id,
    created_by: user.id,
    ...values,
    client_id: client.id,
    facility_id: facility.id,
  });
  return { ...row, client, facility };
}

/** A task in the user's agency, assigned to the user. */
export function insertTask(user: SignedInUser, values: Overrides<TasksTable> = {}): Promise<Selectable<TasksTable>> {
  return createTask(dbForE2E(), { agencyId: user.agencyId, assigned_to: user.id, ...values });
}

/**
 * A document's row straight in the database, in the user's agency, about `client`: its list row
 * and page show, but it has no file in storage (for the screens that do not download it).
 */
export async function insertResource(
  user: SignedInUser,
  client: StoredClient,
  values: Overrides<ResourcesTable> = {},
): Promise<Selectable<ResourcesTable>> {
  const db = dbForE2E();
  const name = values.original_name ?? `notes-${token()}.txt`;
  const row = await db
    .insertInto("resources")
    .values({
      agency_id: user.agencyId,
      original_name: name,
      file_name: `e2e/${token()}.txt`,
      mime_type: "text/plain",
      size_bytes: 120,
      category: "Care Plans",
      related_type: "Client",
      related_id: client.id,
      uploaded_by: user.id,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto("resource_versions")
    .values({
      agency_id: user.agencyId,
      resource_id: row.id,
      version_number: 1,
      file_name: row.file_name,
      original_name: row.original_name,
      mime_type: row.mime_type,
      size_bytes: row.size_bytes,
      uploaded_by: user.id,
    })
    .execute();
  return row;
}

type AgencyTable = "clients" | "facilities" | "placements";

/** The rows of that table in the user's agency, oldest first (what a test's actions stored). */
function rowsOf<T extends AgencyTable>(table: T) {
  return (user: SignedInUser): Promise<Array<Selectable<Database[T]>>> =>
    dbForE2E()
      .selectFrom(table as AgencyTable)
      .selectAll()
      .where("agency_id", "=", user.agencyId)
      .orderBy("created_at")
      .execute() as Promise<Array<Selectable<Database[T]>>>;
}

export const clientsOf = rowsOf("clients");
export const facilitiesOf = rowsOf("facilities");
export const placementsOf = rowsOf("placements");

/**
 * A change of a record straight in the database, made by `by` (another user of the agency) as
 * their save makes it: it names them, so the record's version goes up and a form opened before
 * it is stale (DESIGN §7).
 */
export async function changeAs(
  by: { id: string },
  table: "clients" | "facilities" | "placements" | "tasks" | "tours" | "resources",
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  await dbForE2E()
    .updateTable(table as "clients")
    .set({ ...values, updated_by: by.id } as Updateable<ClientsTable>)
    .where("id", "=", id)
    .execute();
}

/**
 * A client with a long history (issue 35): `notes` notes a day apart (the newest, "Note 1",
 * yesterday), `tours` tours of one facility a week apart (the latest still Scheduled, the others
 * Completed) and `tasks` tasks (two open, the rest completed).
 */
export async function insertClientWithHistory(
  user: SignedInUser,
  { notes = 45, tours = 6, tasks = 12 }: { notes?: number; tours?: number; tasks?: number } = {},
): Promise<{ client: StoredClient; facility: StoredFacility; tourIds: string[] }> {
  const db = dbForE2E();
  const client = await insertClient(user);
  const facility = await insertFacility(user, { name: `Maple Grove ${token()}` });
  const day = 86_400_000;
  if (notes > 0)
    await db
      .insertInto("client_notes")
      .values(
        Array.from({ length: notes }, (_, i) => ({
          agency_id: user.agencyId,
          client_id: client.id,
          author_id: user.id,
          content: `Note ${i + 1}`,
          occurred_at: new Date(Date.now() - (i + 1) * day),
        })),
      )
      .execute();
  const made =
    tours === 0
      ? []
      : await db
          .insertInto("tours")
          .values(
            Array.from({ length: tours }, (_, i) => ({
              agency_id: user.agencyId,
              client_id: client.id,
              facility_id: facility.id,
              scheduled_at: new Date(Date.now() + (1 - i * 7) * day),
              outcome: i === 0 ? "Scheduled" : "Completed",
              outcome_at: i === 0 ? null : new Date(Date.now() + (1 - i * 7) * day),
              created_by: user.id,
            })),
          )
          .returning("id")
          .execute();
  for (let i = 0; i < tasks; i++) {
    await insertTask(user, {
      client_id: client.id,
      title: `Task ${i + 1} ${token()}`,
      due_date: new Date(Date.now() + (i + 1) * day).toISOString().slice(0, 10),
      is_completed: i >= 2,
      completed_at: i >= 2 ? new Date() : null,
    });
  }
  return { client, facility, tourIds: made.map((t) => t.id) };
}
