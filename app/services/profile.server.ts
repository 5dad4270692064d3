import type { AuditFrom } from "~/models/audit.server";
import { deleteUserSessions } from "~/models/session.server";
import { type SessionUser, setUserPasswordHash, updateOwnProfile } from "~/models/user.server";
import {
  type ChangePasswordInput,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_TAKEN,
  type ProfileInput,
} from "~/schemas/profile";
import type { DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { confirmOwnPassword } from "./auth.server";
import { accountNotice, deliverEmail, type EmailTransport, queueOutgoingEmail } from "./email.server";
import { passwordChangedEmail } from "./password-reset.server";

// The signed-in user's own account (the profile page): name, e-mail and password. The rules are
// in docs/security.md, "Your own account".

/** The signed-in user and the session they are using. */
export type AccountHolder = SessionUser & { sessionId: string };

export interface AccountDeps {
  /** The caller's address for the rate limits ("unknown" when not known). */
  ip: string;
  /** The caller's address and browser, as the audit entries record them. */
  from?: AuditFrom;
  appUrl: string;
  /** The e-mail transport; undefined = the configured one. */
  transport?: EmailTransport;
}

export type AccountChange =
  | { ok: true; /** settles when the notice e-mail (if any) has been handed over */ delivered: Promise<void> }
  | {
      ok: false;
      status: 400 | 409 | 429;
      /** The field the message belongs to; none: the form's. */
      field?: "currentPassword" | "email";
      message: string;
      retryAfter?: number;
    };

export async function confirmCurrentPassword(
  db: DB,
  user: AccountHolder,
  password: string,
  ip: string,
): Promise<AccountChange | null> {
  const confirmed = await confirmOwnPassword(db, user, { password, ip });
  if (confirmed.ok) return null;
  return confirmed.status === 429
    ? { ok: false, status: 429, message: confirmed.message, retryAfter: confirmed.retryAfter }
    : { ok: false, status: 400, field: "currentPassword", message: confirmed.message };
}

/**
 * Saves the user's name and e-mail. A new e-mail needs the current password (whoever holds a
 * session alone cannot move the account to their own address and reset the password there),
 * must not be another account's in the agency, and is announced to the old address.
 */
export async function updateProfile(
  db: DB,
  user: AccountHolder,
  input: ProfileInput,
  deps: AccountDeps,
): Promise<AccountChange> {
  const newEmail = input.email.toLowerCase() !== user.email.toLowerCase();
  if (newEmail) {
    if (!input.currentPassword) {
      return { ok: false, status: 400, field: "currentPassword", message: EMAIL_CHANGE_NEEDS_PASSWORD };
    }
    const refused = await confirmCurrentPassword(db, user, input.currentPassword, deps.ip);
    if (refused) return refused;
  }
  const saved = await db.transaction().execute(async (trx) => {
    const outcome = await updateOwnProfile(trx, { userId: user.id, agencyId: user.agencyId, ...deps.from }, input);
    if (outcome !== "saved" || !newEmail) return { outcome, pending: null };
    return {
      outcome,
      pending: await queueOutgoingEmail(trx, emailChangedEmail(user, input.email.toLowerCase(), deps.appUrl)),
    };
  });
  if (saved.outcome === "email-taken") return { ok: false, status: 409, field: "email", message: EMAIL_TAKEN };
  return { ok: true, delivered: deliver(db, saved.pending, deps.transport) };
}

/**
 * Sets a new password (already checked by ChangePasswordSchema) after the current one: every
 * other browser session and every API token of the user ends, the session in use stays, and the
 * user is told by e-mail.
 */
export async function changePassword(
  db: DB,
  user: AccountHolder,
  input: ChangePasswordInput,
  deps: AccountDeps,
): Promise<AccountChange> {
  const refused = await confirmCurrentPassword(db, user, input.currentPassword, deps.ip);
  if (refused) return refused;
  const passwordHash = await hashPassword(input.password);
  const pending = await db.transaction().execute(async (trx) => {
    await setUserPasswordHash(trx, user.id, passwordHash, { action: "password_change", ...deps.from });
    await deleteUserSessions(trx, user.id, { except: user.sessionId });
    return queueOutgoingEmail(trx, passwordChangedEmail(user, deps.appUrl, "profile"));
  });
  return { ok: true, delivered: deliver(db, pending, deps.transport) };
}

function deliver(db: DB, pending: Awaited<ReturnType<typeof queueOutgoingEmail>> | null, transport?: EmailTransport) {
  return pending ? deliverEmail(db, pending, transport).then(() => {}) : Promise.resolve();
}

/** To the old address: the account's e-mail is now another, and what to do if that was not them. */
function emailChangedEmail(user: SessionUser, newEmail: string, appUrl: string) {
  return accountNotice(user, {
    kind: "email-changed",
    changed: "email address",
    paragraphs: [
      `The email address of your Senior Placement account was just changed from ${user.email} to ${newEmail}. Sign-in and password reset e-mails now go to the new address.`,
      `If you did not do this, tell your coordinator now. Your account: ${appUrl}/profile`,
    ],
  });
}
