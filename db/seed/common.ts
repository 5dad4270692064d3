import path from "node:path";
import argon2 from "argon2";
import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, Role } from "../../app/utils/db-types";
import { addDays, seedUuid } from "./random";

// What both seed sizes share: the agency, its staff and the demo login.

export const DEMO_LOGIN = { email: "demo@example.com", password: "Demo@1234" } as const;

export const AGENCY_NAME = "Sunrise Placement Partners";
/** The demo agency's time zone: its days ("today", overdue) and every time shown follow it. */
export const AGENCY_TIME_ZONE = "America/New_York";

export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
}

const STAFF_ROWS: readonly Omit<StaffMember, "id">[] = [
  { firstName: "Dana", lastName: "Morgan", email: DEMO_LOGIN.email, phone: "+15552013300", role: "coordinator" },
  { firstName: "Marcus", lastName: "Reed", email: "marcus.reed@example.com", phone: "+15552013344", role: "agent" },
  { firstName: "Priya", lastName: "Shah", email: "priya.shah@example.com", phone: "+15552013371", role: "agent" },
  { firstName: "Elena", lastName: "Torres", email: "elena.torres@example.com", phone: "+15552013408", role: "agent" },
  {
    firstName: "James",
    lastName: "Whitaker",
    email: "james.whitaker@example.com",
    phone: "+15552013452",
    role: "agent",
  },
  {
    firstName: "Keisha",
    lastName: "Brooks",
    email: "keisha.brooks@example.com",
    phone: "+15552013496",
    role: "agent",
  },
];

/** Stable ids, so a re-seed keeps links such as /clients/{id} working. */
export const AGENCY_ID = seedUuid("agency", 1);
export const STAFF: readonly StaffMember[] = STAFF_ROWS.map((row, i) => ({ ...row, id: seedUuid("user", i + 1) }));

/**
 * The agency's admin (staff and settings), same password. Not one of STAFF, who carry the
 * clients, placements and tasks: an owner who manages rather than places.
 */
export const ADMIN: StaffMember = {
  id: seedUuid("user", 100),
  firstName: "Olivia",
  lastName: "Grant",
  email: "admin@example.com",
  phone: "+15552013200",
  role: "admin",
};

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}

/**
 * Inserts the agency, its admin and its six staff accounts. argon2id is slow on purpose, so the demo
 * password is hashed once and the hash shared by every account.
 */
export async function insertAgencyAndStaff(trx: Transaction<Database> | Kysely<Database>, now: Date) {
  const passwordHash = await argon2.hash(DEMO_LOGIN.password, { type: argon2.argon2id });
  const since = addDays(now, -400);
  await trx
    .insertInto("agencies")
    .values({ id: AGENCY_ID, name: AGENCY_NAME, time_zone: AGENCY_TIME_ZONE, created_at: since, updated_at: since })
    .execute();
  await trx
    .insertInto("users")
    .values(
      [ADMIN, ...STAFF].map((s, i) => ({
        // The admin opened the account; the staff came after, eleven days apart.
        id: s.id,
        agency_id: AGENCY_ID,
        email: s.email,
        first_name: s.firstName,
        last_name: s.lastName,
        phone: s.phone,
        role: s.role,
        password_hash: passwordHash,
        created_at: addDays(since, Math.max(0, i - 1) * 11),
        updated_at: addDays(since, Math.max(0, i - 1) * 11),
      })),
    )
    .execute();
}

/** Where uploaded files live; the same rule as app/utils/env.server.ts. */
export function defaultUploadDir(): string {
  return path.resolve(process.env.UPLOAD_DIR ?? path.join(process.env.DATA_DIR ?? "data", "uploads"));
}

/** Every table the seed owns, in dependency order (parents first). */
export const BUSINESS_TABLES = [
  "agencies",
  "users",
  "sessions",
  "password_resets",
  "invitations",
  "email_outbox",
  "clients",
  "client_notes",
  "facilities",
  "placements",
  "placement_events",
  "tasks",
  "task_checklist_items",
  "task_communications",
  "resources",
  "resource_versions",
  "referral_agreements",
  "tours",
  "tour_staff",
  "client_disclosures",
  "audit_events",
] as const satisfies readonly (keyof Database)[];

/** Multi-row inserts, chunked well below Postgres' 65,535 bind parameters per statement. */
export async function insertMany<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunk = 500,
) {
  for (let i = 0; i < rows.length; i += chunk) {
    // The generic table name defeats Kysely's per-table typing; `rows` is already checked.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}
