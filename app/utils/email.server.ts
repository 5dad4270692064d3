import { Resend } from "resend";
import { env } from "./env.server";

// E-mail transports (Resend, or the server log) and the one HTML layout. Queuing and delivery
// records live in app/models/email-outbox.server.ts and app/services/email.server.ts.

export interface OutgoingEmail {
  agencyId: string | null;
  /** What the e-mail is for ("password-reset", "password-changed"…). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Parts of the text and HTML (a password reset link) that must never be stored: the outbox row
   * keeps the e-mail without them, and only the transport gets them.
   */
  secrets?: string[];
  /** Files sent with it (an invoice's PDF): the outbox row names them, only the transport gets their content. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface EmailTransport {
  name: string;
  /** Sends the e-mail; resolves with the provider's id, rejects with a readable error. */
  send(email: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: EmailAttachment[];
  }): Promise<{ id: string }>;
}

export function resendTransport(options: { apiKey: string; baseUrl?: string }): EmailTransport {
  const client = new Resend(options.apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  return {
    name: "resend",
    async send({ attachments, ...email }) {
      const { data, error } = await client.emails.send({
        ...email,
        // Resend takes each file as { filename, content } (the client sends the content as base64).
        ...(attachments?.length
          ? {
              attachments: attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
              })),
            }
          : {}),
      });
      if (error || !data) throw new Error(`Resend: ${error?.message ?? "no answer"}`);
      return { id: data.id };
    },
  };
}

/**
 * Without RESEND_API_KEY: the e-mail (links included) is written to the server log, so a local
 * install still works. Its id says where it went.
 */
export function logTransport(print: (text: string) => void = console.log): EmailTransport {
  return {
    name: "server log",
    async send(email) {
      const body = email.text
        .trimEnd()
        .split("\n")
        .map((line) => (line ? `  ${line}` : ""))
        .join("\n");
      const files = (email.attachments ?? []).map((a) => `\n  [attached: ${a.filename}, ${a.content.length} bytes]`);
      print(
        `[email] not sent (no RESEND_API_KEY), written here instead: "${email.subject}" to ${email.to}\n${body}${files.join("")}`,
      );
      return { id: "server-log" };
    },
  };
}

/** The transport the configuration asks for: Resend with RESEND_API_KEY, else the server log. */
export function configuredTransport(): EmailTransport {
  const { resendApiKey, resendBaseUrl } = env();
  return resendApiKey ? resendTransport({ apiKey: resendApiKey, baseUrl: resendBaseUrl }) : logTransport();
}

/** Where e-mails go, in a line for the server's start-up message. */
export function emailTransportSummary(): string {
  return env().resendApiKey ? "E-mail: Resend" : "E-mail: written to this log (set RESEND_API_KEY to send)";
}

/** Escapes text for the HTML part of an e-mail. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** A line of a list in an e-mail (the digest's notifications): a linked title with what it is and a detail. */
export interface EmailListItem {
  label: string;
  title: string;
  detail: string;
  href: string;
}

function emailList(items: EmailListItem[]): string {
  const row = (item: EmailListItem) =>
    `<li style="margin:0 0 12px;font-size:15px;line-height:22px;color:#334155"><span style="font-size:12px;font-weight:700;color:#64748b;text-transform:uppercase">${escapeHtml(item.label)}</span><br><a href="${escapeHtml(item.href)}" style="color:#1d4ed8;font-weight:600">${escapeHtml(item.title)}</a><br>${escapeHtml(item.detail)}</li>`;
  return `<ul style="margin:0 0 16px;padding:0 0 0 18px">${items.map(row).join("")}</ul>`;
}

/** The HTML part: one simple, widely supported layout for every e-mail. */
export function emailLayout(options: {
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  /** A list after the first paragraph (the digest's notifications). */
  items?: EmailListItem[];
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
${options.paragraphs.slice(0, 1).map(p).join("")}${options.items ? emailList(options.items) : ""}${button}${options.paragraphs.slice(1).map(p).join("")}
</td></tr></table></td></tr></table></body></html>`;
}
