import type { Task, TaskList } from "graphile-worker";
import type { Ctx } from "~/models/context";
import {
  claimDigest,
  digestAgencies,
  digestRecipients,
  type DigestUser,
  getDigestUser,
  hasDigest,
  setDigestEmail,
} from "~/models/digests.server";
import { listNotifications, type NotificationItem } from "~/models/notifications.server";
import { dayIn, hourIn, isTimeZone } from "~/utils/days";
import { type DB, getDb } from "~/utils/db.server";
import { configuredTransport, type EmailTransport, type OutgoingEmail } from "~/utils/email.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/format";
import { emailLayout, queueOutgoingEmail, sendInTransaction } from "./email.server";
import { enqueue } from "./jobs.server";

// The daily e-mail digest (docs/screens.md, "Notifications"): at 7:00 in each agency's time zone,
// each of its active staff who want it (their preferences) gets one e-mail listing their unread
// notifications, with links; an empty one is not sent. Through the job queue:
// - `digest-dispatch`, every 15 minutes by the queue's crontab (each time runs once, however many
//   runners): for each agency where it is between 7:00 and noon (a server that was down at 7
//   still sends the morning's), a `send-digest` job per person without the day's digest, keyed
//   `digest:<user>:<day>` so that only one waits at a time;
// - `send-digest` sends one person's, at most once a day: its `notification_digests` row is
//   written in the same transaction as the e-mail is recorded sent. A second job of the same
//   person and day waits for that row's transaction and then finds it. A failed send rolls the
//   row back and throws: the queue tries again later (growing pauses, 8 tries).

export const DIGEST_HOUR = 7;
/** Until this hour the morning's digests still go (after a server was down at 7). */
const LAST_HOUR = 12;
export const DIGEST_ATTEMPTS = 8;

export const DIGEST_CRONTAB = "*/15 * * * * digest-dispatch";

function zoneOf(own: string | null): string {
  return own && isTimeZone(own) ? own : env().timeZone;
}

/**
 * Adds the `send-digest` jobs that are due at `at`: for every agency where it is between 7:00 and
 * noon, one per person who wants the digest and has not had the day's. Returns how many.
 */
export async function dispatchDigests(db: DB, at: Date): Promise<number> {
  let added = 0;
  for (const agency of await digestAgencies(db)) {
    const zone = zoneOf(agency.timeZone);
    const hour = hourIn(zone, at);
    if (hour < DIGEST_HOUR || hour >= LAST_HOUR) continue;
    const day = dayIn(zone, at);
    for (const userId of await digestRecipients(db, agency.id, day)) {
      await enqueue(
        db,
        "send-digest",
        { userId, day },
        { jobKey: `digest:${userId}:${day}`, jobKeyMode: "unsafe_dedupe", maxAttempts: DIGEST_ATTEMPTS },
      );
      added++;
    }
  }
  return added;
}

export type DigestOutcome = "sent" | "empty" | "already" | "skipped";

/**
 * Sends the person's digest of `day` (their agency's day) unless they had it, do not want it or
 * have no access any more. An empty digest is recorded (so that it is not tried again that day)
 * but not sent. Throws when the e-mail could not be sent, leaving nothing recorded.
 */
export async function sendDigest(
  db: DB,
  userId: string,
  day: string,
  transport: EmailTransport = configuredTransport(),
): Promise<DigestOutcome> {
  const user = await getDigestUser(db, userId);
  if (!user || !user.isActive || !user.wantsDigest) return "skipped";
  if (await hasDigest(db, userId, day)) return "already";
  const ctx: Ctx = { userId, agencyId: user.agencyId, role: user.role, agencyTimeZone: user.agencyTimeZone };
  const items = (await listNotifications(db, ctx, day)).filter((item) => !item.read);
  const claim = { userId, agencyId: user.agencyId, day, items: items.length };
  return db.transaction().execute(async (trx) => {
    if (!(await claimDigest(trx, claim))) return "already";
    if (items.length === 0) return "empty";
    const pending = await queueOutgoingEmail(trx, digestEmail(user, day, items, env().appUrl));
    await sendInTransaction(trx, pending, transport);
    await setDigestEmail(trx, userId, day, pending.id);
    return "sent";
  });
}

/** The digest: the unread notifications, each with its link, in plain text and HTML. */
export function digestEmail(user: DigestUser, day: string, items: NotificationItem[], appUrl: string): OutgoingEmail {
  const count = items.length === 1 ? "1 thing needs you" : `${items.length} things need you`;
  const intro = `Hello ${user.firstName}, here is what needs you today, ${formatDate(day)}.`;
  const outro = `You get this e-mail each morning. To stop it, untick the daily digest in your preferences: ${appUrl}/preferences`;
  const lines = items.map((item) => `${item.label}: ${item.title}\n  ${item.detail}\n  ${appUrl}${item.href}`);
  return {
    agencyId: user.agencyId,
    kind: "daily-digest",
    to: user.email,
    subject: `Senior Placement today: ${count}`,
    text: `${intro}\n\n${lines.join("\n\n")}\n\nAll your notifications: ${appUrl}/notifications\n\n${outro}\n`,
    html: emailLayout({
      heading: `Today: ${count}`,
      paragraphs: [intro, outro],
      items: items.map((item) => ({ ...item, href: `${appUrl}${item.href}` })),
      button: { label: "Open your notifications", href: `${appUrl}/notifications` },
    }),
  };
}

/** The payload of a send-digest job, checked (a job's payload is whatever was stored). */
function digestPayload(payload: unknown): { userId: string; day: string } {
  const { userId, day } = (payload ?? {}) as { userId?: unknown; day?: unknown };
  if (typeof userId !== "string" || typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new Error(`send-digest: not a digest job: ${JSON.stringify(payload)}`);
  }
  return { userId, day };
}

/** The time a dispatch is for: the crontab's (`_cron.ts`), else the payload's `at`, else now. */
function dispatchTime(payload: unknown): Date {
  const { _cron, at } = (payload ?? {}) as { _cron?: { ts?: string }; at?: string };
  const when = _cron?.ts ?? at;
  return when ? new Date(when) : new Date();
}

/**
 * The digest's tasks for the job queue. `transport` is the e-mail transport (default: the
 * configured one, read at each job); `db` the database (default: the app's).
 */
export function digestTasks(deps: { db?: () => DB; transport?: () => EmailTransport } = {}): TaskList {
  const db = deps.db ?? getDb;
  const transport = deps.transport ?? configuredTransport;
  const dispatch: Task = async (payload) => {
    await dispatchDigests(db(), dispatchTime(payload));
  };
  const send: Task = async (payload, helpers) => {
    const { userId, day } = digestPayload(payload);
    try {
      await sendDigest(db(), userId, day, transport());
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      console.error(`[digest] the digest of ${day} to user ${userId} failed (try ${helpers.job.attempts}): ${text}`);
      throw error;
    }
  };
  return { "digest-dispatch": dispatch, "send-digest": send };
}
