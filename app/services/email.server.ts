import { markEmailFailed, markEmailSent, queueEmail } from "~/models/email-outbox.server";
import type { DB } from "~/utils/db.server";
import {
  configuredTransport,
  emailLayout,
  escapeHtml,
  type EmailTransport,
  type OutgoingEmail,
} from "~/utils/email.server";
import { env } from "~/utils/env.server";

// Every e-mail is first written to the email_outbox table (queued), then handed to the
// transport (Resend, or without RESEND_API_KEY the server log), and its row records what became
// of it. A secret link (password reset) is never written to the table: the row keeps the e-mail
// with the link taken out, and the whole e-mail only lives in memory until it is handed over.

export { emailLayout, type EmailTransport } from "~/utils/email.server";

/** What a stored e-mail says in place of a secret link. */
export const LINK_NOT_STORED = "[link not stored]";

/** A queued e-mail: its outbox row, and the whole message (secrets included), in memory only. */
export interface PendingEmail {
  id: string;
  message: Omit<OutgoingEmail, "secrets"> & { from: string };
}

function withoutSecrets(text: string, secrets: string[], escape: (value: string) => string = (v) => v): string {
  let result = text;
  for (const secret of secrets) {
    if (secret) result = result.split(escape(secret)).join(escape(LINK_NOT_STORED));
  }
  return result;
}

/** Records the e-mail in the outbox, without its secrets. Part of the caller's transaction. */
export async function queueOutgoingEmail(db: DB, email: OutgoingEmail): Promise<PendingEmail> {
  const { secrets = [], ...message } = email;
  const full = { ...message, from: env().emailFrom };
  const id = await queueEmail(db, {
    ...full,
    text: withoutSecrets(full.text, secrets),
    html: withoutSecrets(full.html, secrets, escapeHtml),
  });
  return { id, message: full };
}

/**
 * Hands a queued e-mail to the transport and records the outcome. Never throws: a failure is
 * logged and kept in the outbox row, and the caller's answer to the user does not change.
 */
export async function deliverEmail(
  db: DB,
  pending: PendingEmail,
  transport: EmailTransport = configuredTransport(),
): Promise<"sent" | "failed"> {
  const { id, message } = pending;
  try {
    try {
      await sendInTransaction(db, pending, transport);
      return "sent";
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      console.error(`[email] ${transport.name} failed to send ${message.kind} (outbox ${id}): ${text}`);
      await markEmailFailed(db, id, text);
      return "failed";
    }
  } catch (error) {
    console.error(`[email] could not record the delivery of outbox ${id}`, error);
    return "failed";
  }
}

/**
 * Hands a queued e-mail to the transport now and records it sent (on `trx`: inside the caller's
 * transaction, if it is one); throws when the transport fails, so that the transaction rolls back
 * (nothing says it was sent) and the caller's job tries again later (the daily digest).
 */
export async function sendInTransaction(
  trx: DB,
  pending: PendingEmail,
  transport: EmailTransport = configuredTransport(),
): Promise<void> {
  const { id, message } = pending;
  const { id: providerId } = await transport.send({
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  });
  await markEmailSent(trx, id, providerId);
}

/**
 * A notice that something of a user's own account changed (`changed`: "password", "email
 * address"): "Your … was changed", then the greeting and plain paragraphs.
 */
export function accountNotice(
  user: { agencyId: string; email: string; firstName: string },
  notice: { kind: string; changed: string; paragraphs: string[] },
): OutgoingEmail {
  const heading = `Your ${notice.changed} was changed`;
  const paragraphs = [`Hello ${user.firstName},`, ...notice.paragraphs];
  return {
    agencyId: user.agencyId,
    kind: notice.kind,
    to: user.email,
    subject: `Your Senior Placement ${notice.changed} was changed`,
    text: `${paragraphs.join("\n\n")}\n`,
    html: emailLayout({ heading, paragraphs }),
  };
}
