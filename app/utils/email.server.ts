import { Resend } from "resend";
import type { DB } from "./db.server";
import { env } from "./env.server";

// Every e-mail is first written to the email_outbox table (queued), then handed to the
// transport, and its row records what became of it (sent with the provider's id, or failed with
// the error). Without RESEND_API_KEY there is no transport: the row stays queued and the server
// log gets a line (with the link in it), so a local install still works.

export interface OutgoingEmail {
  agencyId: string | null;
  /** What the e-mail is for ("password-reset", "password-changed"…). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Printed to the server log when there is no transport (e.g. the reset link). */
  logWhenUnsent?: string;
}

export interface EmailTransport {
  name: string;
  /** Sends the e-mail; resolves with the provider's id, rejects with a readable error. */
  send(email: { from: string; to: string; subject: string; text: string; html: string }): Promise<{ id: string }>;
}

export function resendTransport(options: { apiKey: string; baseUrl?: string }): EmailTransport {
  const client = new Resend(options.apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  return {
    name: "resend",
    async send(email) {
      const { data, error } = await client.emails.send(email);
      if (error || !data) throw new Error(`Resend: ${error?.message ?? "no answer"}`);
      return { id: data.id };
    },
  };
}

/** The transport the configuration asks for: Resend with RESEND_API_KEY, else none. */
export function configuredTransport(): EmailTransport | null {
  const { resendApiKey, resendBaseUrl } = env();
  return resendApiKey ? resendTransport({ apiKey: resendApiKey, baseUrl: resendBaseUrl }) : null;
}

/** Records the e-mail in the outbox; returns its id for deliverEmail. Part of the caller's transaction. */
export async function queueEmail(db: DB, email: OutgoingEmail): Promise<string> {
  const row = await db
    .insertInto("email_outbox")
    .values({
      agency_id: email.agencyId,
      kind: email.kind,
      to_address: email.to,
      from_address: env().emailFrom,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
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
    const email = await db
      .selectFrom("email_outbox")
      .select(["from_address", "to_address", "subject", "text_body", "html_body", "kind"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (!transport) {
      console.log(`[email] not sent (no RESEND_API_KEY): ${email.kind} to ${email.to_address}, kept in the outbox`);
      if (logWhenUnsent) console.log(`[email] ${logWhenUnsent}`);
      return "queued";
    }
    try {
      const { id: providerId } = await transport.send({
        from: email.from_address,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
      });
      await db
        .updateTable("email_outbox")
        .set((eb) => ({
          status: "sent",
          provider_id: providerId,
          sent_at: new Date(),
          error: null,
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "=", id)
        .execute();
      return "sent";
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`[email] ${transport.name} failed to send ${email.kind} (outbox ${id}): ${message}`);
      await db
        .updateTable("email_outbox")
        .set((eb) => ({ status: "failed", error: message.slice(0, 2000), attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .execute();
      return "failed";
    }
  } catch (error) {
    console.error(`[email] could not record the delivery of outbox ${id}`, error);
    return "failed";
  }
}

/** Escapes text for the HTML part of an e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** The HTML part: one simple, widely supported layout for every e-mail. */
export function emailLayout(options: {
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
}) {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#334155">${escapeHtml(text)}</p>`;
  const button = options.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.button.href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px">${escapeHtml(options.button.label)}</a></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:13px;font-weight:700;color:#1d4ed8;letter-spacing:.02em">SENIOR PLACEMENT</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#0f172a">${escapeHtml(options.heading)}</h1>
${options.paragraphs.slice(0, 1).map(p).join("")}${button}${options.paragraphs.slice(1).map(p).join("")}
</td></tr></table></td></tr></table></body></html>`;
}
