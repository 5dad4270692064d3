// The daily e-mail digest through the job queue (graphile-worker on the test database): at most
// once per person and day even with two runners taking the same jobs at once, nothing for who
// opted out, nothing when there is nothing to say, and a failed send tried again.
import { Logger, runMigrations } from "graphile-worker";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dispatchDigests, digestTasks } from "~/services/digest.server";
import { enqueue, type JobQueue, startJobQueue, startServerJobQueue } from "~/services/jobs.server";
import type { EmailTransport } from "~/utils/email.server";
import { type SignedIn, signInUser } from "../support/api";
import { resetDb, testDatabaseUrl, testDb } from "../support/db";
import { createAgency, createTask, isoDate } from "../support/factories";

const db = testDb();
const today = isoDate(0);
/** 8:00 in the agency's zone (UTC): within the digest's morning. */
const morning = new Date(`${today}T08:00:00Z`);

interface Sent {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A transport that records what it is given; `failFirst` throws on that many first sends. */
function recordingTransport(failFirst = 0): EmailTransport & { sent: Sent[]; calls: number } {
  const transport = {
    name: "test",
    sent: [] as Sent[],
    calls: 0,
    async send(email: Sent) {
      transport.calls += 1;
      if (transport.calls <= failFirst) throw new Error("Resend: the service is unavailable");
      transport.sent.push(email);
      return { id: `test-${transport.calls}` };
    },
  };
  return transport;
}

const queues: JobQueue[] = [];

async function startRunner(transport: EmailTransport): Promise<JobQueue> {
  const queue = await startJobQueue({
    connectionString: testDatabaseUrl(),
    tasks: digestTasks({ db: () => db, transport: () => transport }),
    concurrency: 2,
    pollInterval: 100,
    log: () => {},
  });
  queues.push(queue);
  return queue;
}

/** The queue's jobs not yet done (waiting, running, or waiting to be tried again). */
async function jobsLeft(): Promise<number> {
  const exists = await sql<{
    t: string | null;
  }>`SELECT to_regclass('graphile_worker._private_jobs')::text AS t`.execute(db);
  if (!exists.rows[0].t) return 0;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs`.execute(db);
  return rows[0].n;
}

async function digestsTo(email: string) {
  return db
    .selectFrom("email_outbox")
    .select(["status", "subject", "text_body"])
    .where("kind", "=", "daily-digest")
    .where("to_address", "=", email)
    .execute();
}

let agencyId: string;
let busy: SignedIn;
let optedOut: SignedIn;
let idle: SignedIn;

beforeEach(async () => {
  await resetDb(db);
  // The queue's own tables are not the app's: resetDb leaves them; a test starts with no jobs.
  if ((await jobsLeft()) > 0) await sql`DELETE FROM graphile_worker._private_jobs`.execute(db);
  agencyId = (await createAgency(db, { time_zone: "UTC" })).id;
  busy = await signInUser(db, agencyId, { first_name: "Bea", email: "bea@example.com" });
  optedOut = await signInUser(db, agencyId, { first_name: "Otto", email: "otto@example.com", daily_digest: false });
  idle = await signInUser(db, agencyId, { first_name: "Ida", email: "ida@example.com" });
  for (const who of [busy, optedOut]) {
    await createTask(db, { agencyId, assigned_to: who.user.id, due_date: isoDate(-2), title: "Call the family" });
  }
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

describe("the daily digest", () => {
  it("goes once per person and day, even with two runners taking the same jobs at once", async () => {
    const transport = recordingTransport();
    await Promise.all([startRunner(transport), startRunner(transport)]);
    // Two dispatches of the same morning, and extra jobs for the same person without a job key:
    // whatever runs them, one e-mail.
    await enqueue(db, "digest-dispatch", { at: morning.toISOString() });
    await enqueue(db, "digest-dispatch", { at: morning.toISOString() });
    for (let i = 0; i < 4; i++) await enqueue(db, "send-digest", { userId: busy.user.id, day: today });
    await expect.poll(jobsLeft, { timeout: 15_000 }).toBe(0);

    expect(transport.sent.map((email) => email.to)).toEqual(["bea@example.com"]);
    const [email] = transport.sent;
    expect(email.subject).toBe("Senior Placement today: 1 thing needs you");
    const task = await db
      .selectFrom("tasks")
      .select("id")
      .where("assigned_to", "=", busy.user.id)
      .executeTakeFirstOrThrow();
    expect(email.text).toContain("Overdue task: Call the family");
    expect(email.text).toContain(`http://localhost:3000/tasks/${task.id}`);
    expect(email.html).toContain(`href="http://localhost:3000/tasks/${task.id}"`);
    expect(await digestsTo("bea@example.com")).toEqual([expect.objectContaining({ status: "sent" })]);

    // Opted out: nothing. Nothing to say: recorded for the day, not sent.
    expect(await digestsTo("otto@example.com")).toEqual([]);
    expect(await digestsTo("ida@example.com")).toEqual([]);
    const days = await db.selectFrom("notification_digests").select(["user_id", "items"]).orderBy("items").execute();
    expect(days).toEqual([
      { user_id: idle.user.id, items: 0 },
      { user_id: busy.user.id, items: 1 },
    ]);

    // The next dispatch of the morning finds everyone done.
    expect(await dispatchDigests(db, new Date(`${today}T09:00:00Z`))).toBe(0);
  });

  it("is tried again after a failed send, and the retry sends it", async () => {
    const transport = recordingTransport(1);
    await startRunner(transport);
    await enqueue(db, "send-digest", { userId: busy.user.id, day: today }, { maxAttempts: 3 });
    await expect.poll(jobsLeft, { timeout: 15_000 }).toBe(0);
    expect(transport.calls).toBe(2);
    expect(transport.sent.map((email) => email.to)).toEqual(["bea@example.com"]);
    // The failed try left nothing behind: one e-mail, sent; one digest for the day.
    expect(await digestsTo("bea@example.com")).toEqual([expect.objectContaining({ status: "sent" })]);
    expect(await db.selectFrom("notification_digests").select("user_id").execute()).toEqual([
      { user_id: busy.user.id },
    ]);
  });

  it("is dispatched only in the morning of the agency's own time zone", async () => {
    await db.updateTable("agencies").set({ time_zone: "America/Chicago" }).where("id", "=", agencyId).execute();
    // 08:00 UTC is 2 or 3 AM in Chicago: too early. 14:00 UTC is 8 or 9 AM there.
    expect(await dispatchDigests(db, new Date(`${today}T08:00:00Z`))).toBe(0);
    // The queue's schema (a runner installs it at start; none runs here, to see the jobs waiting).
    await runMigrations({ connectionString: testDatabaseUrl(), logger: new Logger(() => () => {}) });
    expect(await dispatchDigests(db, new Date(`${today}T14:00:00Z`))).toBe(2); // not the one who opted out
    const { rows } = await sql<{ key: string }>`SELECT key FROM graphile_worker._private_jobs ORDER BY key`.execute(db);
    expect(rows.map((row) => row.key).sort()).toEqual(
      [`digest:${busy.user.id}:${today}`, `digest:${idle.user.id}:${today}`].sort(),
    );
  });
});

describe("the server's job queue", () => {
  it("is off on the embedded database, and says so once", async () => {
    const lines: string[] = [];
    expect(await startServerJobQueue(undefined, { tasks: {} }, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual([
      "[jobs] off: the embedded database has no job queue, so daily digest e-mails are not sent (set DATABASE_URL)",
    ]);
  });
});
