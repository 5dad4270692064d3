import type { DB } from "~/utils/db.server";
import type { OutgoingEmail } from "~/utils/email.server";

// The email_outbox table: every e-mail is recorded here before it is handed to a transport, and
// its row says what became of it (sent with the provider's id, or failed with the error). A row
// never holds a secret link: callers store the e-mail with its secrets taken out.

/** Records the e-mail as queued, as given; returns its id. Part of the caller's transaction. */
export async function queueEmail(db: DB, email: Omit<OutgoingEmail, "secrets"> & { from: string }): Promise<string> {
  const row = await db
    .insertInto("email_outbox")
    .values({
      agency_id: email.agencyId,
      kind: email.kind,
      to_address: email.to,
      from_address: email.from,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      attachments: JSON.stringify(
        (email.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          bytes: a.content.length,
        })),
      ) as unknown as { filename: string; contentType: string; bytes: number }[],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailSent(db: DB, id: string, providerId: string): Promise<void> {
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
}

export async function markEmailFailed(db: DB, id: string, error: string): Promise<void> {
  await db
    .updateTable("email_outbox")
    .set((eb) => ({ status: "failed", error: error.slice(0, 2000), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
}
