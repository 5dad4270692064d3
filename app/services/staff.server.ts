import { resetTwoFactor, twoFactorState } from "~/models/two-factor.server";
import type * as z from "zod";
import { agencyDay, findAgency } from "~/models/agency.server";
import type { AuditFrom } from "~/models/audit.server";
import type { Ctx } from "~/models/context";
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  INVITATION_DAYS,
  type InvitationRow,
  listPendingInvitations,
  revokeInvitation,
} from "~/models/invitations.server";
import {
  changeStaffRole,
  deactivateStaff,
  getStaffMember,
  listStaff,
  reactivateStaff,
  reassignOpenWork,
  type StaffMember,
} from "~/models/staff.server";
import { linkProblem } from "~/models/links.server";
import type { SessionUser } from "~/models/user.server";
import type { LinkProblem } from "~/schemas/common";
import {
  type InviteInput,
  MEMBER_IS_INACTIVE,
  MEMBER_IS_STAFF,
  ROLE_LABELS,
  STAFF_REFUSALS,
  type StaffListFormsSchema,
  type StaffMemberFormsSchema,
} from "~/schemas/staff";
import type { DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { formatDateTime } from "~/utils/format";
import { hashPassword } from "~/utils/password.server";
import { invariantResponse } from "~/utils/responses";
import { isUuid } from "~/utils/uuid";
import { deliverEmail, emailLayout, type EmailTransport, queueOutgoingEmail } from "./email.server";
import type { SignedIn } from "./session.server";

// Inviting staff and accepting an invitation. The rules are in docs/security.md, "Staff".

export interface InviteDeps {
  appUrl: string;
  /** The e-mail transport; undefined = the configured one. */
  transport?: EmailTransport;
}

export type Invited =
  | { ok: true; /** settles when the e-mail has been handed over */ delivered: Promise<void> }
  | { ok: false; message: string };

/**
 * Invites someone to the agency with a role: an e-mail with a link that works once, for
 * INVITATION_DAYS days, where they choose their password. The invitation and its e-mail are
 * written together; the e-mail goes out after (the outbox keeps it should sending fail).
 */
export async function inviteStaff(
  db: DB,
  ctx: Ctx,
  inviter: Pick<SessionUser, "firstName" | "lastName">,
  input: InviteInput,
  deps: InviteDeps,
): Promise<Invited> {
  const pending = await db.transaction().execute(async (trx) => {
    const invitation = await createInvitation(trx, ctx, input);
    if (typeof invitation === "string") return invitation;
    const agency = await findAgency(trx, ctx.agencyId);
    const link = `${deps.appUrl}/invitation?token=${encodeURIComponent(invitation.token)}`;
    return queueOutgoingEmail(trx, invitationEmail(ctx, input, { inviter, agencyName: agency?.name ?? "", link }));
  });
  if (pending === "member") return { ok: false, message: MEMBER_IS_STAFF };
  if (pending === "inactive-member") return { ok: false, message: MEMBER_IS_INACTIVE };
  return { ok: true, delivered: deliverEmail(db, pending, deps.transport).then(() => {}) };
}

function invitationEmail(
  ctx: Ctx,
  input: InviteInput,
  about: { inviter: Pick<SessionUser, "firstName" | "lastName">; agencyName: string; link: string },
) {
  const paragraphs = [
    `Hello ${input.firstName},`,
    `${about.inviter.firstName} ${about.inviter.lastName} invited you to join ${about.agencyName} on Senior Placement as ${articled(ROLE_LABELS[input.role])}. Use the link below to choose your password.`,
    `The link works once and expires in ${INVITATION_DAYS} days. If you were not expecting this, you can ignore this e-mail.`,
  ];
  return {
    agencyId: ctx.agencyId,
    kind: "invitation",
    to: input.email.toLowerCase(),
    subject: `You're invited to ${about.agencyName} on Senior Placement`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${about.link}\n\n${paragraphs[2]}\n`,
    html: emailLayout({
      heading: `Join ${about.agencyName}`,
      paragraphs,
      button: { label: "Accept the invitation", href: about.link },
    }),
    secrets: [about.link],
  };
}

const articled = (word: string) => `${/^[AEIOU]/.test(word) ? "an" : "a"} ${word.toLowerCase()}`;

/** The invitation behind a link, or why it cannot be used (checked when the page opens). */
export async function checkInvitation(
  db: DB,
  token: string,
): Promise<{ ok: true; invitation: InvitationRow } | { ok: false; problem: LinkProblem }> {
  const row = await findInvitation(db, token);
  const problem = linkProblem(row);
  return problem || !row ? { ok: false, problem: problem ?? "invalid" } : { ok: true, invitation: row };
}

/**
 * Makes the invited account with the password chosen (already checked by
 * AcceptInvitationSchema). The link works once: two submits at once make one account.
 */
export async function acceptInvitationLink(
  db: DB,
  input: { token: string; firstName: string; lastName: string; password: string },
  from: AuditFrom = {},
): Promise<{ ok: true; user: SessionUser } | { ok: false; problem: LinkProblem | "member" }> {
  const early = await checkInvitation(db, input.token);
  if (!early.ok) return early;
  // Hashed before the transaction: slow on purpose, and no transaction stays open across it.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const row = await findInvitation(trx, input.token, { lock: true });
    const problem = linkProblem(row);
    if (problem || !row) return { ok: false, problem: problem ?? "invalid" } as const;
    const user = await acceptInvitation(trx, row, { ...input, passwordHash }, from);
    return user === "member" ? ({ ok: false, problem: "member" } as const) : ({ ok: true, user } as const);
  });
}

// The screens (/settings/users and /settings/users/{id}): what they show and what their forms do.

function staffRow(member: StaffMember, ctx: Ctx, timeZone: string) {
  return {
    id: member.id,
    name: `${member.firstName} ${member.lastName}`,
    email: member.email,
    role: member.role,
    isActive: member.isActive,
    lastSignIn: member.lastLoginAt ? formatDateTime(member.lastLoginAt, timeZone) : null,
    openTasks: member.openTasks,
    openPlacements: member.openPlacements,
    isYou: member.id === ctx.userId,
  };
}

/** The staff list and the invitations still out, times in the agency's zone. */
export async function staffList({ db, ctx }: SignedIn) {
  const [{ timeZone }, staff, invitations] = await Promise.all([
    agencyDay(db, ctx),
    listStaff(db, ctx),
    listPendingInvitations(db, ctx),
  ]);
  return {
    staff: staff.map((member) => staffRow(member, ctx, timeZone)),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      name: `${invitation.firstName} ${invitation.lastName}`,
      email: invitation.email,
      role: invitation.role,
      expires: formatDateTime(invitation.expiresAt, timeZone),
      expired: invitation.expired,
      invitedBy: invitation.invitedBy,
    })),
  };
}

/** One staff member (404 if not the agency's), and who could take over their work. */
export async function staffMember({ db, ctx }: SignedIn, id: string | undefined) {
  // One read of the staff: the member and who could take over their work.
  const [{ timeZone }, staff] = await Promise.all([agencyDay(db, ctx), listStaff(db, ctx)]);
  const found = staff.find((member) => member.id === id);
  invariantResponse(found, "This staff member does not exist.");
  return {
    member: staffRow(found, ctx, timeZone),
    twoFactorOn: (await twoFactorState(db, found.id)) === "on",
    colleagues: staff
      .filter((other) => other.isActive && other.id !== found.id)
      .map((other) => [other.id, `${other.firstName} ${other.lastName}`] as [string, string]),
  };
}

export type ScreenOutcome =
  { ok: true; title: string; description?: string } | { ok: false; status: 404 | 409; message: string };

const NOT_FOUND = { ok: false, status: 404, message: "This staff member does not exist." } as const;

/** The staff list's forms: an invitation sent, or one taken back. */
export async function staffListAction(
  { db, ctx, user }: SignedIn,
  value: z.output<typeof StaffListFormsSchema>,
): Promise<ScreenOutcome> {
  if (value.intent === "revoke") {
    return (await revokeInvitation(db, ctx, value.invitationId))
      ? { ok: true, title: "Invitation revoked" }
      : { ok: false, status: 404, message: "This invitation was already accepted or revoked." };
  }
  const invited = await inviteStaff(db, ctx, user, value, { appUrl: env().appUrl });
  if (!invited.ok) return { ok: false, status: 409, message: invited.message };
  return { ok: true, title: `Invitation sent to ${value.email.toLowerCase()}` };
}

/** A staff member's forms: role, deactivate, reactivate, move open work, reset two-factor sign-in. */
export async function staffMemberAction(
  { db, ctx }: SignedIn,
  id: string,
  value: z.output<typeof StaffMemberFormsSchema>,
): Promise<ScreenOutcome> {
  // Not an id: no such member (rather than a database error on the uuid column).
  const member = isUuid(id) ? await getStaffMember(db, ctx, id) : null;
  if (!member) return NOT_FOUND;
  const name = `${member.firstName} ${member.lastName}`;
  if (value.intent === "reset-two-factor") {
    // A lost phone: their password alone signs them in until they set it up again.
    return (await resetTwoFactor(db, ctx, id))
      ? {
          ok: true,
          title: `Two-factor sign-in reset for ${name}`,
          description: "They can set it up again on their profile.",
        }
      : { ok: false, status: 409, message: `${name} does not have two-factor sign-in on.` };
  }
  if (value.intent === "reassign") {
    const moved = await reassignOpenWork(db, ctx, id, value.to);
    if (moved === "not-found") return NOT_FOUND;
    if (typeof moved === "string") return { ok: false, status: 409, message: STAFF_REFUSALS[moved] };
    return {
      ok: true,
      title: "Work moved",
      description: `${moved.tasks} ${moved.tasks === 1 ? "task" : "tasks"} and ${moved.placements} ${moved.placements === 1 ? "placement" : "placements"} moved from ${name}.`,
    };
  }
  const outcome =
    value.intent === "role"
      ? await changeStaffRole(db, ctx, id, value.role)
      : value.intent === "deactivate"
        ? await deactivateStaff(db, ctx, id)
        : await reactivateStaff(db, ctx, id);
  if (outcome === "not-found") return NOT_FOUND;
  if (outcome !== "saved") return { ok: false, status: 409, message: STAFF_REFUSALS[outcome] };
  const titles = {
    role: `${name} is now ${articled(ROLE_LABELS[value.intent === "role" ? value.role : member.role])}`,
    deactivate: `${name} was deactivated`,
    reactivate: `${name} was reactivated`,
  };
  return {
    ok: true,
    title: titles[value.intent],
    description: value.intent === "deactivate" ? "They were signed out everywhere." : undefined,
  };
}
