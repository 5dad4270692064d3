import {
  consumeResetToken,
  findResetToken,
  issueResetToken,
  RESET_TOKEN_MINUTES,
} from "~/models/password-reset.server";
import type { AuditFrom } from "~/models/audit.server";
import { hitRateLimit, type RateLimited } from "~/models/rate-limit.server";
import { deleteUserSessions } from "~/models/session.server";
import { findActiveUserByEmail, getUserById, type SessionUser, setUserPasswordHash } from "~/models/user.server";
import { linkProblem } from "~/models/links.server";
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MESSAGE } from "~/schemas/auth";
import type { LinkProblem } from "~/schemas/common";
import type { DB } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { RULES } from "~/utils/rate-limit.server";
import { accountNotice, deliverEmail, emailLayout, type EmailTransport, queueOutgoingEmail } from "./email.server";

/**
 * Known and unknown addresses are answered after the same minimum time, and the e-mail goes out
 * after the answer, so neither the answer nor its timing tells whether an account exists.
 */
const MIN_ANSWER_MS = 250;

export interface ResetDeps {
  appUrl: string;
  ip: string;
  /** The e-mail transport; undefined = the configured one (Resend with a key, else the server log). */
  transport?: EmailTransport;
}

export type ForgotPasswordResult =
  | { ok: true; message: string; /** settles when the e-mail (if any) has been handed over */ delivered: Promise<void> }
  | RateLimited;

/** The one forgot-password rule, for the screen and the API. */
export async function requestPasswordReset(db: DB, email: string, deps: ResetDeps): Promise<ForgotPasswordResult> {
  const started = Date.now();
  const limits = [
    { key: `reset:email:${email.trim().toLowerCase()}`, rule: RULES.resetPerEmail },
    { key: `reset:address:${deps.ip}`, rule: RULES.resetPerAddress },
  ];
  // Counted before anything else: requests sent at once each see their own count.
  const limited = await hitRateLimit(db, limits, "Too many password reset requests");
  if (limited) return limited;

  let delivered: Promise<void> = Promise.resolve();
  const user = await findActiveUserByEmail(db, email);
  if (user) {
    const pending = await db.transaction().execute(async (trx) => {
      const token = await issueResetToken(trx, user.id, deps.ip);
      const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      return queueOutgoingEmail(trx, resetEmail(user, link));
    });
    delivered = deliverEmail(db, pending, deps.transport).then(() => {});
  }
  const left = MIN_ANSWER_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return { ok: true, message: FORGOT_PASSWORD_MESSAGE, delivered };
}

function resetEmail(user: SessionUser, link: string) {
  const paragraphs = [
    `Hello ${user.firstName},`,
    "We received a request to reset the password of your Senior Placement account. Use the link below to choose a new one.",
    `The link works once and expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for this, you can ignore this e-mail: your password stays as it is.`,
  ];
  return {
    agencyId: user.agencyId,
    kind: "password-reset",
    to: user.email,
    subject: "Reset your Senior Placement password",
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${link}\n\n${paragraphs[2]}\n`,
    html: emailLayout({
      heading: "Reset your password",
      paragraphs: [paragraphs[0], paragraphs[1], paragraphs[2]],
      button: { label: "Choose a new password", href: link },
    }),
    secrets: [link],
  };
}

/**
 * Tells a user their password changed: by a reset (every session ended) or on their profile
 * page (every other session ended), with what to do if it was not them.
 */
export function passwordChangedEmail(user: SessionUser, appUrl: string, how: "reset" | "profile" = "reset") {
  const sessions = how === "reset" ? "every signed-in session was ended" : "every other signed-in session was ended";
  return accountNotice(user, {
    kind: "password-changed",
    changed: "password",
    paragraphs: [
      `The password of your Senior Placement account was just changed, and ${sessions}.`,
      `If you did not do this, reset your password now at ${appUrl}/forgot-password and tell your coordinator.`,
    ],
  });
}

/** Whether a reset link still works (checked when the page opens, before any typing). */
export async function checkResetToken(db: DB, token: string): Promise<LinkProblem | null> {
  return linkProblem(await findResetToken(db, token));
}

export type ResetPasswordResult =
  { ok: true; message: string; delivered: Promise<void> } | { ok: false; problem: LinkProblem };

/**
 * Sets a new password with a reset token (already validated by ResetPasswordSchema). The token
 * works once; every session and API token of the user ends; the user is told by e-mail. The
 * user is not signed in: the audit entry is theirs, from where `deps.from` says.
 */
export async function resetPassword(
  db: DB,
  input: { token: string; password: string },
  deps: Omit<ResetDeps, "ip"> & { from?: AuditFrom },
): Promise<ResetPasswordResult> {
  // Hashed before the transaction (slow on purpose), and only for a link that still works.
  const early = await checkResetToken(db, input.token);
  if (early) return { ok: false, problem: early };
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await findResetToken(trx, input.token, { lock: true });
    const problem = linkProblem(row);
    if (problem || !row) return { problem: problem ?? "invalid" } as const;
    await consumeResetToken(trx, row);
    await setUserPasswordHash(trx, row.userId, passwordHash, { action: "password_reset", ...deps.from });
    await deleteUserSessions(trx, row.userId);
    const user = await getUserById(trx, row.userId);
    return { pending: user ? await queueOutgoingEmail(trx, passwordChangedEmail(user, deps.appUrl)) : null } as const;
  });
  if (!("pending" in outcome)) return { ok: false, problem: outcome.problem };
  const { pending } = outcome;
  const delivered = pending ? deliverEmail(db, pending, deps.transport).then(() => {}) : Promise.resolve();
  return { ok: true, message: PASSWORD_RESET_MESSAGE, delivered };
}
