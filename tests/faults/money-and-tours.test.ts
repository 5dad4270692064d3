// The newest writes under faults (DESIGN §7 and §8, Faults): scheduling a tour, recording its
// outcome, the client's disclosure, adding and editing a referral agreement, and correcting a
// placement's fee. Each form is saved while the app's statement waits on a table the test holds,
// and its connection is then ended from inside Postgres or cut at the proxy: the form comes back
// (503) as it was typed, saying to try again; nothing is stored; the server process stays up. Once
// the database answers again, the same submit saves once: no second tour or agreement.
import { createCookie } from "@remix-run/node";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuditEntity, Database } from "~/utils/db-types";
import { createSession } from "~/models/session.server";
import { resetDb } from "../support/db";
import { createAgency, createClient, createFacility, createPlacement, createUser } from "../support/factories";
import { type Fault, failWhileWaiting } from "../support/faults";
import { eventually, type ServerProcess, startServer } from "../support/server-process";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

const SECRET = "fault-suite-session-secret-0123456789abcdef";
const databaseUrl = process.env.FAULTS_DATABASE_URL ?? "";
const target = new URL(databaseUrl || "postgres://localhost");

// The tests' own connection, named apart from the app's ("placement"), which these tests end.
const db = new Kysely<Database>({
  dialect: new PostgresDialect({
    pool: new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: "fault-suite" }),
  }),
});

const UNAVAILABLE = "The database is not answering. Please try again in a moment.";

let proxy: TcpProxy;
let server: ServerProcess;
let agencyId: string;
let userId: string;
let token: string;
let cookie: string;
let workersAtStart: number[];

beforeAll(async () => {
  if (!databaseUrl)
    throw new Error("FAULTS_DATABASE_URL is not set: run the fault suite with `npm test -- --only faults`");
  await resetDb(db);
  const agency = await createAgency(db);
  agencyId = agency.id;
  await db.updateTable("agencies").set({ time_zone: "UTC" }).where("id", "=", agencyId).execute();
  const user = await createUser(db, { agencyId, role: "coordinator" });
  userId = user.id;
  const limits = { idleMinutes: 60, absoluteHours: 12 };
  token = (await createSession(db, { user: { id: user.id, agencyId }, kind: "api", limits })).token;
  const browser = await createSession(db, { user: { id: user.id, agencyId }, kind: "browser", limits });
  const sessionCookie = createCookie("__session", { secrets: [SECRET], path: "/" });
  cookie = (await sessionCookie.serialize(browser.token)).split(";")[0];
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  server = await startServer({ databaseUrl: url.toString(), sessionSecret: SECRET, workers: 1 });
  workersAtStart = server.workers();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await db.destroy();
});

beforeEach(async () => {
  // Every test starts with the database reachable and the app answering.
  await eventually(async () => expect((await api("GET", "/api/clients?limit=1")).status).toBe(200), 10_000);
});

/** The process has not died or restarted a worker: the same worker, and no word of a crash. */
function expectServerUnharmed() {
  expect(server.workers()).toEqual(workersAtStart);
  expect(server.output()).not.toMatch(/exited|Unhandled 'error' event|uncaught/i);
}

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), text: await response.text() };
}

/** A form posted as a browser without JavaScript posts it. */
async function postForm(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("Location"), text: await response.text() };
}

/** Posts `fields` to `path` while the app waits on `table`, then takes its connection away (`fault`). */
const failedPost = (table: string, fault: Fault, path: string, fields: Record<string, string>) =>
  failWhileWaiting(db, databaseUrl, table, fault, () => postForm(path, fields));

const terminate: Fault = { kind: "terminate" };
const cut = (): Fault => ({ kind: "cut", proxy });

/** The database answers the app again: a page that reads it is served. */
const databaseBack = (path: string) =>
  eventually(async () => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
  }, 5_000);

/** The form's message as the page renders it (not the loader data serialized beside it). */
const shown = (message: string) => `>${message}<`;

const updatesOf = async (entity: AuditEntity, id: string) =>
  (
    await db
      .selectFrom("audit_events")
      .select("id")
      .where("entity_type", "=", entity)
      .where("entity_id", "=", id)
      .where("action", "=", "update")
      .execute()
  ).length;

let sequence = 0;
/** Text no other test typed. */
const unique = (text: string) => `${text} ${Date.now()}-${++sequence}`;

describe("a tour", () => {
  it("scheduled while the connection is ended: the form comes back as typed (503); sent again, one tour", async () => {
    const client = await createClient(db, { agencyId });
    const facility = await createFacility(db, { agencyId, name: unique("Garden Court") });
    const notes = unique("Ask about the garden");
    const fields = {
      section: "tour",
      facilityId: facility.id,
      facilitySearch: "",
      facilitySearched: "",
      date: "2026-12-01",
      time: "10:30",
      staffIds: userId,
      familyAttendees: "Maria (daughter)",
      notes,
    };
    const page = `/clients/${client.id}`;
    const failed = await failedPost("tours", terminate, page, fields);
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to schedule the tour. ${UNAVAILABLE}`));
    expect(failed.text).toContain(`${notes}</textarea>`);
    expect(failed.text).toContain('value="Maria (daughter)"');
    expect(failed.text).toContain('value="10:30"');
    const tours = () => db.selectFrom("tours").select("id").where("client_id", "=", client.id).execute();
    expect(await tours()).toEqual([]);
    expectServerUnharmed();

    await databaseBack(page);
    const saved = await postForm(page, fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${page}#tours`);
    expect(await tours()).toHaveLength(1);
    expectServerUnharmed();
  });

  it("its outcome recorded while the connection is ended: back as typed (503), unchanged; sent again, recorded once", async () => {
    const client = await createClient(db, { agencyId });
    const facility = await createFacility(db, { agencyId });
    const tour = await db
      .insertInto("tours")
      .values({ agency_id: agencyId, client_id: client.id, facility_id: facility.id, scheduled_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const outcomeNotes = unique("Loved the dining room");
    const fields = { section: "tour-outcome", tourId: tour.id, outcome: "Completed", outcomeNotes, version: "1" };
    const page = `/clients/${client.id}`;
    // The outcome's save reads the client's tours first: it waits there, and nothing is written.
    const failed = await failedPost("tours", terminate, page, fields);
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to record the outcome. ${UNAVAILABLE}`));
    expect(failed.text).toContain(`value="${outcomeNotes}"`);
    const stored = () =>
      db
        .selectFrom("tours")
        .select(["outcome", "outcome_notes", "version"])
        .where("id", "=", tour.id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ outcome: "Scheduled", outcome_notes: null, version: 1 });
    expectServerUnharmed();

    await databaseBack(page);
    const saved = await postForm(page, fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${page}#tour-${tour.id}`);
    expect(await stored()).toEqual({ outcome: "Completed", outcome_notes: outcomeNotes, version: 2 });
    expect(await updatesOf("tour", tour.id)).toBe(1);
    expectServerUnharmed();
  });

  it("its outcome through the API while the connection is cut: 503 with Retry-After; sent again, 200", async () => {
    const client = await createClient(db, { agencyId });
    const facility = await createFacility(db, { agencyId });
    const tour = await db
      .insertInto("tours")
      .values({ agency_id: agencyId, client_id: client.id, facility_id: facility.id, scheduled_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const body = { outcome: "No-show", outcomeNotes: "Family stuck in traffic" };
    const send = () => api("PATCH", `/api/tours/${tour.id}`, body, { "If-Match": '"1"' });
    const failed = await failWhileWaiting(db, databaseUrl, "tours", cut(), send);
    expect(failed.status).toBe(503);
    expect(failed.retryAfter).toBe("5");
    expect(JSON.parse(failed.text)).toEqual({
      success: false,
      message: "The database is not answering. Try again in a moment.",
    });
    expectServerUnharmed();

    // The cut connection's statement may still hold the tour for a moment after the table is let go.
    const saved = await eventually(async () => {
      const answer = await send();
      expect(answer.status).toBe(200);
      return answer;
    }, 5_000);
    expect(JSON.parse(saved.text).data.tour).toMatchObject({ outcome: "No-show", version: 2 });
    expect(await updatesOf("tour", tour.id)).toBe(1);
    expectServerUnharmed();
  });
});

describe("the client's disclosure", () => {
  it("recorded while the connection is ended: back as typed (503); sent again, recorded once", async () => {
    const client = await createClient(db, { agencyId });
    const fields = { section: "disclosure", disclosedOn: "2026-11-02", method: "E-mail", resourceId: "" };
    const page = `/clients/${client.id}`;
    const failed = await failedPost("client_disclosures", terminate, page, fields);
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to record the disclosure. ${UNAVAILABLE}`));
    expect(failed.text).toContain('value="2026-11-02"');
    const rows = () =>
      db
        .selectFrom("client_disclosures")
        .select(["disclosed_on", "method"])
        .where("client_id", "=", client.id)
        .execute();
    expect(await rows()).toEqual([]);
    expectServerUnharmed();

    await databaseBack(page);
    const saved = await postForm(page, fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${page}#disclosure`);
    expect(await rows()).toEqual([{ disclosed_on: "2026-11-02", method: "E-mail" }]);
    expectServerUnharmed();
  });
});

/** The agreement form's fields, as the screen posts them. */
const agreementFields = (notes: string, version?: number) => ({
  feeType: "percent",
  feePercent: "35",
  flatFee: "",
  paymentTermsDays: "45",
  refundRule: "none",
  refundDays: "",
  tourWindowMonths: "6",
  startDate: "2026-01-01",
  endDate: "",
  notes,
  documentId: "",
  ...(version === undefined ? {} : { version: String(version) }),
});

describe("a referral agreement", () => {
  it("added while the proxy cuts the connection: back as typed (503); sent again, one agreement", async () => {
    const facility = await createFacility(db, { agencyId });
    const notes = unique("Signed at the open house");
    const path = `/facilities/${facility.id}/agreements/new`;
    const failed = await failedPost("referral_agreements", cut(), path, agreementFields(notes));
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to add the agreement. ${UNAVAILABLE}`));
    expect(failed.text).toContain(`${notes}</textarea>`);
    expect(failed.text).toContain('value="35"');
    const agreements = () =>
      db
        .selectFrom("referral_agreements")
        .select(["notes", "version"])
        .where("facility_id", "=", facility.id)
        .execute();
    expect(await agreements()).toEqual([]);
    expectServerUnharmed();

    await databaseBack(path);
    const saved = await postForm(path, agreementFields(notes));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/facilities/${facility.id}#agreements`);
    expect(await agreements()).toEqual([{ notes, version: 1 }]);
    expectServerUnharmed();
  });

  it("edited while the proxy cuts the connection: back as typed (503), unchanged; sent again, saved once", async () => {
    const facility = await createFacility(db, { agencyId });
    const agreement = await db
      .insertInto("referral_agreements")
      .values({
        agency_id: agencyId,
        facility_id: facility.id,
        fee_type: "percent",
        fee_percent: "35",
        payment_terms_days: 45,
        refund_rule: "none",
        tour_window_months: 6,
        starts_on: "2026-01-01",
        created_by: userId,
        updated_by: userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const notes = unique("Renewed by phone");
    const path = `/facilities/${facility.id}/agreements/${agreement.id}/edit`;
    const failed = await failedPost("referral_agreements", cut(), path, agreementFields(notes, 1));
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to update the agreement. ${UNAVAILABLE}`));
    expect(failed.text).toContain(`${notes}</textarea>`);
    const stored = () =>
      db
        .selectFrom("referral_agreements")
        .select(["notes", "version"])
        .where("id", "=", agreement.id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ notes: null, version: 1 });
    expectServerUnharmed();

    await databaseBack(path);
    // The form still holds version 1: the failed save changed nothing, so it is not stale.
    const saved = await postForm(path, agreementFields(notes, 1));
    expect(saved.status).toBe(302);
    expect(await stored()).toEqual({ notes, version: 2 });
    expect(await updatesOf("agreement", agreement.id)).toBe(1);
    const count = await db
      .selectFrom("referral_agreements")
      .select("id")
      .where("facility_id", "=", facility.id)
      .execute();
    expect(count).toHaveLength(1);
    expectServerUnharmed();
  });
});

describe("a placement's fee correction", () => {
  it("while the connection is ended: back as typed (503), unchanged; sent again, corrected once", async () => {
    const placement = await createPlacement(db, {
      agencyId,
      agent_id: userId,
      status: "Completed",
      start_date: "2026-01-01",
      move_in_date: "2026-03-10",
      monthly_rate: "4200",
      fee_cents: 210000,
      fee_basis: "50% of $4,200 first month",
      fee_moved_in_on: "2026-03-10",
      fee_due_date: "2026-04-09",
    });
    const reason = unique("Agreed discount for a sibling");
    const fields = { fee: "1234.50", dueDate: "", reason, version: String(placement.version) };
    const path = `/placements/${placement.id}/fee`;
    const failed = await failedPost("placements", terminate, path, fields);
    expect(failed.status).toBe(503);
    expect(failed.text).toContain(shown(`Failed to update the referral fee. ${UNAVAILABLE}`));
    expect(failed.text).toContain(`${reason}</textarea>`);
    expect(failed.text).toContain('value="1234.50"');
    const stored = () =>
      db
        .selectFrom("placements")
        .select(["fee_cents", "fee_edit_reason", "version"])
        .where("id", "=", placement.id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ fee_cents: 210000, fee_edit_reason: null, version: placement.version });
    expectServerUnharmed();

    await databaseBack(path);
    const saved = await postForm(path, fields);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/placements/${placement.id}`);
    expect(await stored()).toEqual({ fee_cents: 123450, fee_edit_reason: reason, version: placement.version + 1 });
    const changed = await db
      .selectFrom("placement_events")
      .select("description")
      .where("placement_id", "=", placement.id)
      .where("event", "=", "Referral fee changed")
      .execute();
    expect(changed).toEqual([{ description: `$2,100.00 → $1,234.50: ${reason}` }]);
    expectServerUnharmed();
  });
});
