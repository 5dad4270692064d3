import { getQueuedEmail, markEmailFailed, markEmailSent, queueEmail } from "~/models/email-outbox.server";
import type { DB } from "~/utils/db.server";
import { configuredTransport, type EmailTransport, type OutgoingEmail } from "~/utils/email.server";
import { env } from "~/utils/env.server";

// Every e-mail is first written to the email_outbox table (queued), then handed to the
// transport, and its row records what became of it. Without RESEND_API_KEY there is no
// transport: the row stays queued and the server log gets a line (with the link in it), so a
// local install still works.

export { emailLayout, type EmailTransport } from "~/utils/email.server";

/** Records the e-mail in the outbox; returns its id for deliverEmail. Part of the caller's transaction. */
export function queueOutgoingEmail(db: DB, email: OutgoingEmail): Promise<string> {
  return queueEmail(db, { ...email, from: env().emailFrom });
}

/**
 * Hands a queued e-mail to the transport and records the outcome. Never throws: a failure is
 * logged and kept in the outbox row, and the caller's answer to the user does not change.
 */
export async function deliverEmail(
  db: DB,
  id: string,
  transport: EmailTransport | null = configuredTransport(),
  logWhenUnsent?: string,
): Promise<"sent" | "failed" | "queued"> {
  try {
    const email = await getQueuedEmail(db, id);
    if (!transport) {
      console.log(`[email] not sent (no RESEND_API_KEY): ${email.kind} to ${email.to}, kept in the outbox`);
      if (logWhenUnsent) console.log(`[email] ${logWhenUnsent}`);
      return "queued";
    }
    try {
      const { id: providerId } = await transport.send({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await markEmailSent(db, id, providerId);
      return "sent";
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[email] ${transport.name} failed to send ${email.kind} (outbox ${id}): ${message}`);
      await markEmailFailed(db, id, message);
      return "failed";
    }
  } catch (error) {
    console.error(`[email] could not record the delivery of outbox ${id}`, error);
    return "failed";
  }
}
