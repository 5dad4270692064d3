import type { LandingPage, Role } from "~/utils/vocabulary";
import type { DB } from "~/utils/db.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
import { audit, type AuditFrom, changedFields } from "./audit.server";
import type { Ctx } from "./context";

export interface SessionUser {
  id: string;
  agencyId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
}

/** The columns of a signed-in user (SessionUser), for any query that joins `users`. */
export const userColumns = [
  "users.id",
  "users.agency_id as agencyId",
  "users.email",
  "users.first_name as firstName",
  "users.last_name as lastName",
  "users.phone",
  "users.role",
] as const;

/** The columns of a user just inserted (SessionUser), for `returning`. */
export const newUserColumns = [
  "id",
  "agency_id as agencyId",
  "email",
  "first_name as firstName",
  "last_name as lastName",
  "phone",
  "role",
] as const;

/**
 * Checks an e-mail and password. Unknown e-mails and wrong passwords take the same
 * path (one argon2 verification), so neither the answer nor its timing tells them apart.
 */
export async function verifyLogin(db: DB, email: string, password: string): Promise<SessionUser | null> {
  const rows = await db
    .selectFrom("users")
    .select([...userColumns, "users.password_hash"])
    .where("users.email", "=", email.trim())
    .where("users.is_active", "=", true)
    .orderBy("users.created_at")
    .limit(1)
    .execute();
  const row = rows[0];
  const ok = await verifyPassword(row?.password_hash, password);
  if (!row || !ok) return null;
  await db.updateTable("users").set({ last_login_at: new Date() }).where("id", "=", row.id).execute();
  const { password_hash: _hash, ...user } = row;
  return user;
}

/** The active account behind an e-mail (the oldest, should two agencies share one). */
export async function findActiveUserByEmail(db: DB, email: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("users")
    .select(userColumns)
    .where("users.email", "=", email.trim())
    .where("users.is_active", "=", true)
    .orderBy("users.created_at")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The agency's account with an e-mail (active or not), or undefined: one per agency and address
 * (the unique index), stored in lower case as accounts are made, so `email` is lower case too.
 */
export function agencyAccountByEmail(db: DB, ctx: Ctx, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "is_active"])
    .where("agency_id", "=", ctx.agencyId)
    .where("email", "=", email)
    .executeTakeFirst();
}

/** Whether `password` is the (active) user's own: the current password asked before a change. */
export async function verifyUserPassword(db: DB, ctx: Ctx, password: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", ctx.userId)
    .where("agency_id", "=", ctx.agencyId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return verifyPassword(row?.password_hash, password);
}

/**
 * Saves the signed-in user's own name and e-mail (stored in lower case, as accounts are made),
 * in the caller's transaction with its audit entry (the names of the fields that changed; none
 * changed, no entry). An e-mail that another account of the agency has (in any case) is refused:
 * "email-taken".
 */
export async function updateOwnProfile(
  db: DB,
  ctx: Ctx,
  input: { firstName: string; lastName: string; email: string },
): Promise<"saved" | "email-taken"> {
  const email = input.email.trim().toLowerCase();
  const holder = await agencyAccountByEmail(db, ctx, email);
  if (holder && holder.id !== ctx.userId) return "email-taken";
  const before = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", ctx.userId)
    .where("agency_id", "=", ctx.agencyId)
    .forUpdate()
    .executeTakeFirst();
  const after = { first_name: input.firstName, last_name: input.lastName, email };
  try {
    await db
      .updateTable("users")
      .set(after)
      .where("id", "=", ctx.userId)
      .where("agency_id", "=", ctx.agencyId)
      .execute();
  } catch (error) {
    // Taken between the check and the update (the unique index on agency and e-mail).
    if ((error as { code?: string }).code === "23505") return "email-taken";
    throw error;
  }
  const fields = before ? changedFields(before, after) : [];
  if (fields.length > 0)
    await audit(db, ctx, { action: "update", entity: "user", id: ctx.userId, details: { fields } });
  return "saved";
}

/**
 * Stores a new password's hash (made with hashPassword before any transaction opens: hashing is
 * slow on purpose, and a transaction must not stay open across it), with its audit entry (in the
 * caller's transaction): the user's own `password_reset` by link or `password_change` on their
 * profile, with the caller's address and browser.
 */
export async function setUserPasswordHash(
  db: DB,
  userId: string,
  passwordHash: string,
  how: { action: "password_reset" | "password_change" } & AuditFrom,
): Promise<void> {
  const user = await db
    .updateTable("users")
    .set({ password_hash: passwordHash })
    .where("id", "=", userId)
    .returning("agency_id")
    .executeTakeFirst();
  if (!user) return;
  const { action, ...from } = how;
  await audit(db, { userId, agencyId: user.agency_id, ...from }, { action, entity: "user", id: userId });
}

export async function getUserById(db: DB, id: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom("users")
    .select(userColumns)
    .where("users.id", "=", id)
    .where("users.is_active", "=", true)
    .executeTakeFirst();
  return row ?? null;
}

/** The agency's active staff, for assignee choices. */
export async function listUsers(db: DB, ctx: Ctx): Promise<SessionUser[]> {
  return db
    .selectFrom("users")
    .select(userColumns)
    .where("users.agency_id", "=", ctx.agencyId)
    .where("users.is_active", "=", true)
    .orderBy("users.first_name")
    .orderBy("users.last_name")
    .execute();
}

export async function createUser(
  db: DB,
  input: {
    agencyId: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role: Role;
    phone?: string | null;
  },
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  return db
    .insertInto("users")
    .values({
      agency_id: input.agencyId,
      email: input.email.trim().toLowerCase(),
      password_hash: passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      role: input.role,
      phone: input.phone ?? null,
    })
    .returning(newUserColumns)
    .executeTakeFirstOrThrow();
}

/** A person's preferences: the screen they land on after signing in, and the daily e-mail digest. */
export async function getPreferences(db: DB, ctx: Ctx): Promise<{ landingPage: LandingPage; dailyDigest: boolean }> {
  const row = await db
    .selectFrom("users")
    .select(["landing_page as landingPage", "daily_digest as dailyDigest"])
    .where("id", "=", ctx.userId)
    .where("agency_id", "=", ctx.agencyId)
    .executeTakeFirst();
  return { landingPage: row?.landingPage ?? "/dashboard", dailyDigest: row?.dailyDigest ?? true };
}

export async function updatePreferences(
  db: DB,
  ctx: Ctx,
  input: { landingPage: LandingPage; dailyDigest?: boolean },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      landing_page: input.landingPage,
      ...(input.dailyDigest === undefined ? {} : { daily_digest: input.dailyDigest }),
    })
    .where("id", "=", ctx.userId)
    .where("agency_id", "=", ctx.agencyId)
    .execute();
}
