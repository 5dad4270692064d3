import { sql } from "kysely";
import { hashToken, randomToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";
import type { Role } from "~/utils/vocabulary";
import { audit, type AuditFrom } from "./audit.server";
import type { Ctx } from "./context";
import { behindLink, deleteSpentLinks, type LinkState } from "./links.server";
import { agencyAccountByEmail, newUserColumns, type SessionUser } from "./user.server";

// The invitations table: an admin invites someone by e-mail; only a hash of the link's secret is
// stored, and the link works once, until it expires.

export const INVITATION_DAYS = 7;

export interface InvitationInput {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export interface PendingInvitation extends InvitationInput {
  id: string;
  invitedBy: string | null;
  expiresAt: Date;
  expired: boolean;
}

/**
 * A new invitation, with its audit entry (in the caller's transaction, with its e-mail); returns
 * its secret (never stored), or why there is none: the agency already has an account with that
 * e-mail ("member", "inactive-member" when it was deactivated). An invitation to the same address
 * that is still out there is replaced (its link stops working).
 */
export async function createInvitation(
  db: DB,
  ctx: Ctx,
  input: InvitationInput,
): Promise<{ token: string; id: string } | "member" | "inactive-member"> {
  const email = input.email.trim().toLowerCase();
  const member = await agencyAccountByEmail(db, ctx, email);
  if (member) return member.is_active ? "member" : "inactive-member";
  await db
    .deleteFrom("invitations")
    .where("agency_id", "=", ctx.agencyId)
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .execute();
  const token = randomToken(32);
  const row = await db
    .insertInto("invitations")
    .values({
      agency_id: ctx.agencyId,
      email,
      first_name: input.firstName,
      last_name: input.lastName,
      role: input.role,
      token_hash: hashToken(token),
      invited_by: ctx.userId,
      expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_DAYS})`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await audit(db, ctx, { action: "invite", entity: "invitation", id: row.id, details: { role: input.role } });
  return { token, id: row.id };
}

/** The agency's invitations not yet accepted (expired ones too, until revoked), newest first. */
export async function listPendingInvitations(db: DB, ctx: Ctx): Promise<PendingInvitation[]> {
  return db
    .selectFrom("invitations")
    .leftJoin("users as inviter", "inviter.id", "invitations.invited_by")
    .select([
      "invitations.id",
      "invitations.email",
      "invitations.first_name as firstName",
      "invitations.last_name as lastName",
      "invitations.role",
      "invitations.expires_at as expiresAt",
      sql<boolean>`invitations.expires_at <= now()`.as("expired"),
      sql<string | null>`inviter.first_name || ' ' || inviter.last_name`.as("invitedBy"),
    ])
    .where("invitations.agency_id", "=", ctx.agencyId)
    .where("invitations.accepted_at", "is", null)
    .orderBy("invitations.created_at", "desc")
    .orderBy("invitations.id")
    .execute();
}

/** Takes back an invitation not yet accepted: its link stops working. Whether there was one. */
export async function revokeInvitation(db: DB, ctx: Ctx, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .deleteFrom("invitations")
      .where("id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .where("accepted_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (revoked) await audit(trx, ctx, { action: "delete", entity: "invitation", id: revoked.id });
    return Boolean(revoked);
  });
}

export interface InvitationRow extends InvitationInput, LinkState {
  id: string;
  agencyId: string;
  agencyName: string;
  invitedBy: string | null;
}

/** The invitation behind a link's secret (locked for the acceptance), or undefined. */
export async function findInvitation(
  db: DB,
  token: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("invitations")
    .innerJoin("agencies", "agencies.id", "invitations.agency_id")
    .leftJoin("users as inviter", "inviter.id", "invitations.invited_by")
    .select([
      "invitations.id",
      "invitations.agency_id as agencyId",
      "agencies.name as agencyName",
      "invitations.email",
      "invitations.first_name as firstName",
      "invitations.last_name as lastName",
      "invitations.role",
      sql<string | null>`inviter.first_name || ' ' || inviter.last_name`.as("invitedBy"),
    ])
    .$call(behindLink("invitations", token, options.lock))
    .executeTakeFirst();
}

/**
 * Makes the invited account (in a transaction, with the invitation locked by findInvitation),
 * marks the invitation used, and records the account's creation by its new holder (from the
 * address and browser `from` names). "member": the agency has an account with that e-mail meanwhile.
 */
export async function acceptInvitation(
  trx: DB,
  invitation: InvitationRow,
  input: { firstName: string; lastName: string; passwordHash: string },
  from: AuditFrom = {},
): Promise<SessionUser | "member"> {
  const user = await trx
    .insertInto("users")
    .values({
      agency_id: invitation.agencyId,
      email: invitation.email.toLowerCase(),
      first_name: input.firstName,
      last_name: input.lastName,
      role: invitation.role,
      password_hash: input.passwordHash,
    })
    .onConflict((oc) => oc.columns(["agency_id", "email"]).doNothing())
    .returning(newUserColumns)
    .executeTakeFirst();
  if (!user) return "member";
  await trx
    .updateTable("invitations")
    .set({ accepted_at: sql<Date>`now()`, user_id: user.id })
    .where("id", "=", invitation.id)
    .execute();
  await audit(
    trx,
    { userId: user.id, agencyId: user.agencyId, ...from },
    { action: "create", entity: "user", id: user.id, details: { role: user.role, invitation: invitation.id } },
  );
  return user;
}

/** Deletes invitations that expired (or were accepted) more than `keepDays` ago. Returns how many. */
export function deleteSpentInvitations(db: DB, keepDays = 30): Promise<number> {
  return deleteSpentLinks(db, "invitations", sql<Date>`now() - make_interval(days => ${keepDays})`);
}
