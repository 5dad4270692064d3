import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.clients.$id._index";
import { loader as placementLoader } from "~/routes/_app.placements.$id._index";
import { loader as facilityLoader } from "~/routes/_app.facilities.$id._index";
import { action as disclosureAction, loader as disclosureLoader } from "~/routes/api.clients.$id_.disclosure";
import { loader as timelineLoader } from "~/routes/api.clients.$id_.timeline";
import { action as toursAction, loader as toursLoader } from "~/routes/api.clients.$id_.tours";
import { action as tourAction } from "~/routes/api.tours.$id";
import { firstTour } from "~/models/tours.server";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createUser, type TestUser } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";
import { type Json, signInNewAgency } from "../support/api";

// Tours and the family's disclosure (issue 36): scheduled and recorded from the client's page and
// the API, the agency's own only; the first Completed tour of a facility is the fee's basis; tours
// in the timeline; the disclosure's reminder and the placement's flag.

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;
let agencyId: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Ruiz" }));
  agencyId = user.agency_id;
  await db.updateTable("agencies").set({ time_zone: "UTC" }).where("id", "=", agencyId).execute();
});

const ctx = () => ({ userId: user.id, agencyId });

async function call(handler: typeof toursLoader, path: string, params: Record<string, string>, init = {}) {
  const response = await settle(handler(args(apiRequest(path, { token, ...init }), params)));
  return { status: response.status, json: (await response.json()) as Json };
}

const schedule = (clientId: string, body: unknown, bearer = token) =>
  call(
    toursAction as typeof toursLoader,
    `/api/clients/${clientId}/tours`,
    { id: clientId },
    { method: "POST", body, token: bearer },
  );

const outcome = (tourId: string, body: unknown, bearer = token) =>
  call(
    tourAction as typeof toursLoader,
    `/api/tours/${tourId}`,
    { id: tourId },
    { method: "PATCH", body, token: bearer },
  );

const post = (clientId: string, fields: Record<string, string>) =>
  settle(pageAction(args(formPost(`/clients/${clientId}`, fields, cookie), { id: clientId })));

async function page(clientId: string) {
  const response = await settle(pageLoader(args(get(`/clients/${clientId}`, cookie), { id: clientId })));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

async function setUp() {
  const client = await createClient(db, { agencyId, first_name: "Grace", last_name: "Okafor" });
  const facility = await createFacility(db, { agencyId, name: "Maple Grove" });
  return { client, facility };
}

describe("tours through the API", () => {
  it("schedules a tour with its staff and family, lists it, and records its outcome (audited)", async () => {
    const { client, facility } = await setUp();
    const lee = await createUser(db, { agencyId, first_name: "Lee", last_name: "Park" });
    const made = await schedule(client.id, {
      facilityId: facility.id,
      date: "2026-10-03",
      time: "14:30",
      staffIds: [user.id, lee.id],
      familyAttendees: "Maria (daughter)",
      notes: "Ask about the memory unit",
    });
    expect(made.status).toBe(201);
    expect(made.json.message).toBe("Tour scheduled!");
    const tour = made.json.data.tour;
    expect(tour).toMatchObject({
      client: { _id: client.id, name: "Grace Okafor" },
      facility: { _id: facility.id, name: "Maple Grove" },
      scheduledAt: "2026-10-03T14:30:00.000Z",
      staff: [
        { _id: user.id, name: "Dana Ruiz" },
        { _id: lee.id, name: "Lee Park" },
      ],
      familyAttendees: "Maria (daughter)",
      notes: "Ask about the memory unit",
      outcome: "Scheduled",
      outcomeAt: null,
    });
    const listed = await call(toursLoader, `/api/clients/${client.id}/tours`, { id: client.id });
    expect(listed.json.data.tours.map((t: Json) => t._id)).toEqual([tour._id]);

    const done = await outcome(tour._id, { outcome: "Completed", outcomeNotes: "Loved the garden" });
    expect(done.status).toBe(200);
    expect(done.json.data.tour).toMatchObject({ outcome: "Completed", outcomeNotes: "Loved the garden" });
    expect(done.json.data.tour.outcomeAt).not.toBeNull();

    const entries = await db
      .selectFrom("audit_events")
      .select(["action", "entity_type", "entity_id"])
      .where("entity_type", "=", "tour")
      .orderBy("created_at")
      .execute();
    expect(entries).toEqual([
      { action: "create", entity_type: "tour", entity_id: tour._id },
      { action: "update", entity_type: "tour", entity_id: tour._id },
    ]);
  });

  it("answers 400 naming every bad field, and for staff or a facility of another agency", async () => {
    const { client, facility } = await setUp();
    const bad = await schedule(client.id, { date: "2026-02-30", time: "25:00", staffIds: ["x"], extra: 1 });
    expect(bad.status).toBe(400);
    const paths = (bad.json.errors as Json[]).map((e) => e.path).sort();
    expect(paths).toEqual(expect.arrayContaining(["date", "facilityId", "time"]));
    expect(bad.json.errors).toContainEqual({ path: "facilityId", msg: "Please choose a facility" });

    const other = await signInNewAgency(db);
    const theirFacility = await createFacility(db, { agencyId: other.user.agency_id });
    const foreign = await schedule(client.id, {
      facilityId: theirFacility.id,
      date: "2026-10-03",
      time: "10:00",
      staffIds: [other.user.id],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors).toEqual([
      { path: "facilityId", msg: "Please choose a facility" },
      { path: "staffIds", msg: "Choose staff members of the agency" },
    ]);
    const badOutcome = await outcome("00000000-0000-4000-8000-000000000000", { outcome: "Maybe" });
    expect(badOutcome.status).toBe(400);
    expect(badOutcome.json.errors[0].path).toBe("outcome");
    expect((await schedule(client.id, { facilityId: facility.id, date: "2026-10-03", time: "10:00" })).status).toBe(
      201,
    );
  });

  it("keeps each agency's tours its own: another agency's client and tour are 404", async () => {
    const { client, facility } = await setUp();
    const made = await schedule(client.id, { facilityId: facility.id, date: "2026-10-03", time: "10:00" });
    const other = await signInNewAgency(db);
    const theirs = await call(
      toursLoader,
      `/api/clients/${client.id}/tours`,
      { id: client.id },
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe("Client not found");
    const write = await schedule(
      client.id,
      { facilityId: facility.id, date: "2026-10-03", time: "10:00" },
      other.token,
    );
    expect(write.status).toBe(404);
    const patch = await outcome(made.json.data.tour._id, { outcome: "Cancelled" }, other.token);
    expect(patch.status).toBe(404);
    expect(patch.json.message).toBe("Tour not found");
  });
});

describe("the first tour (the fee's basis)", () => {
  it("is the earliest Completed tour of that facility for that client, with who went", async () => {
    const { client, facility } = await setUp();
    const elsewhere = await createFacility(db, { agencyId, name: "Oak Hill" });
    expect(await firstTour(db, ctx(), client.id, facility.id)).toBeNull();
    const tour = async (facilityId: string, date: string, result: string) => {
      const made = await schedule(client.id, { facilityId, date, time: "10:00", staffIds: [user.id] });
      await outcome(made.json.data.tour._id, { outcome: result });
      return made.json.data.tour._id as string;
    };
    await tour(facility.id, "2026-09-01", "Cancelled");
    await tour(elsewhere.id, "2026-09-02", "Completed");
    const later = await tour(facility.id, "2026-10-10", "Completed");
    expect((await firstTour(db, ctx(), client.id, facility.id))?.id).toBe(later);
    const first = await tour(facility.id, "2026-10-03", "Completed");
    await tour(facility.id, "2026-09-20", "No-show");
    expect(await firstTour(db, ctx(), client.id, facility.id)).toEqual({
      id: first,
      scheduledAt: "2026-10-03T10:00:00.000Z",
      staff: [{ id: user.id, name: "Dana Ruiz" }],
    });
    const other = await signInNewAgency(db);
    expect(
      await firstTour(db, { userId: other.user.id, agencyId: other.user.agency_id }, client.id, facility.id),
    ).toBeNull();
  });

  it("shows on the placement's page, with the disclosure flag", async () => {
    const { client, facility } = await setUp();
    const placement = await createPlacement(db, {
      agencyId,
      client_id: client.id,
      facility_id: facility.id,
      agent_id: user.id,
    });
    const load = async () => {
      const response = await settle(
        placementLoader(args(get(`/placements/${placement.id}`, cookie), { id: placement.id })),
      );
      return ((await response.json()) as Json).tour;
    };
    expect(await load()).toEqual({ firstTour: null, disclosed: false, windowWarning: null });
    const made = await schedule(client.id, {
      facilityId: facility.id,
      date: "2026-10-03",
      time: "10:00",
      staffIds: [user.id],
    });
    await outcome(made.json.data.tour._id, { outcome: "Completed" });
    await post(client.id, { section: "disclosure", disclosedOn: "2026-10-01", method: "In person" });
    expect(await load()).toMatchObject({ firstTour: { id: made.json.data.tour._id }, disclosed: true });
  });

  it("warns when the move-in falls outside the referral agreement's tour window", async () => {
    const { client, facility } = await setUp();
    await sql`INSERT INTO referral_agreements (agency_id, facility_id, fee_type, fee_percent, starts_on, tour_window_months)
      VALUES (${agencyId}, ${facility.id}, 'percent', 50, '2020-01-01', 6)`.execute(db);
    const placement = await createPlacement(db, {
      agencyId,
      client_id: client.id,
      facility_id: facility.id,
      agent_id: user.id,
      move_in_date: "2026-10-01",
    });
    const load = async () =>
      (
        (await (
          await settle(placementLoader(args(get(`/placements/${placement.id}`, cookie), { id: placement.id })))
        ).json()) as Json
      ).tour.windowWarning;
    expect(await load()).toMatch(
      /^No tour recorded: the referral agreement owes a fee only for a move-in within 6 months/,
    );
    const made = await schedule(client.id, { facilityId: facility.id, date: "2026-03-02", time: "10:00" });
    await outcome(made.json.data.tour._id, { outcome: "Completed" });
    expect(await load()).toBe(
      "The move-in (Oct 1, 2026) is after the agreement's tour window: 6 months from the first tour, until Sep 2, 2026. The facility may not owe the fee.",
    );
    await sql`UPDATE placements SET move_in_date = '2026-09-02' WHERE id = ${placement.id}`.execute(db);
    expect(await load()).toBeNull();
  });
});

describe("the client's page", () => {
  it("schedules a tour and records its outcome, back at the card with a toast", async () => {
    const { client, facility } = await setUp();
    const made = await post(client.id, {
      section: "tour",
      facilityId: facility.id,
      date: "2026-10-03",
      time: "09:15",
      staffIds: user.id,
      familyAttendees: "Tom (son)",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(`/clients/${client.id}#tours`);
    const data = await page(client.id);
    const [tour] = data.tours.tours as Json[];
    expect(tour).toMatchObject({ outcome: "Scheduled", familyAttendees: "Tom (son)", staff: [{ name: "Dana Ruiz" }] });

    const recorded = await post(client.id, { section: "tour-outcome", tourId: tour.id, outcome: "No-show" });
    expect(recorded.status).toBe(302);
    expect(recorded.headers.get("Location")).toBe(`/clients/${client.id}#tour-${tour.id}`);
    expect((await page(client.id)).tours.tours[0].outcome).toBe("No-show");
  });

  it("sends a refused form back with its messages, for that form only", async () => {
    const { client } = await setUp();
    const refused = await post(client.id, { section: "tour", facilityId: "", date: "", time: "" });
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as Json;
    expect(answer.form).toBe("tour");
    expect(answer.result.error).toMatchObject({
      facilityId: ["Please choose a facility"],
      date: ["Please enter the tour's date"],
      time: ["Please enter the tour's time, such as 14:30"],
    });
    const future = await post(client.id, { section: "disclosure", disclosedOn: "2999-01-01", method: "Mail" });
    expect(future.status).toBe(400);
    const said = (await future.json()) as Json;
    expect(said.form).toBe("disclosure");
    expect(said.result.error.disclosedOn).toEqual(["This date is in the future: enter the day the family received it"]);
  });

  it("reminds until the disclosure is recorded, then shows it", async () => {
    const { client } = await setUp();
    expect((await page(client.id)).tours.disclosure).toBeNull();
    const saved = await post(client.id, { section: "disclosure", disclosedOn: "2026-10-01", method: "E-mail" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/clients/${client.id}#disclosure`);
    expect((await page(client.id)).tours.disclosure).toMatchObject({
      disclosedOn: "2026-10-01",
      method: "E-mail",
      document: null,
      recordedBy: { name: "Dana Ruiz" },
    });
  });

  it("puts tours in the timeline in order, and on the facility's page", async () => {
    const { client, facility } = await setUp();
    const made = await schedule(client.id, {
      facilityId: facility.id,
      date: "2999-10-03",
      time: "10:00",
      notes: "Bring the meds list",
    });
    const past = await schedule(client.id, { facilityId: facility.id, date: "2026-01-03", time: "10:00" });
    await sql`UPDATE tours SET created_at = now() - interval '1 hour' WHERE id = ${made.json.data.tour._id}`.execute(
      db,
    );
    await outcome(past.json.data.tour._id, { outcome: "Completed", outcomeNotes: "Liked it" });
    const response = await settle(
      timelineLoader(args(apiRequest(`/api/clients/${client.id}/timeline?kind=tour`, { token }), { id: client.id })),
    );
    const json = (await response.json()) as Json;
    expect((json.data.timeline as Json[]).map((e) => [e.title, e.detail, e.record?.type])).toEqual([
      ["Toured: Maple Grove", "Liked it", "facility"],
      ["Tour scheduled: Maple Grove", null, "facility"],
      ["Tour scheduled: Maple Grove", "Bring the meds list", "facility"],
    ]);
    expect(json.data.counts.tour).toBe(3);

    const facilityPage = await settle(
      facilityLoader(args(get(`/facilities/${facility.id}`, cookie), { id: facility.id })),
    );
    const tours = ((await facilityPage.json()) as Json).tours;
    expect(tours.upcoming.map((t: Json) => t.id)).toEqual([made.json.data.tour._id]);
    expect(tours.past.map((t: Json) => t.id)).toEqual([past.json.data.tour._id]);
  });
});

describe("the disclosure through the API", () => {
  it("is null until recorded, then replaced by a PUT (audited), with a client's document only", async () => {
    const { client } = await setUp();
    const path = `/api/clients/${client.id}/disclosure`;
    const read = () => call(disclosureLoader, path, { id: client.id });
    const put = (body: unknown) =>
      call(disclosureAction as typeof disclosureLoader, path, { id: client.id }, { method: "PUT", body });
    expect((await read()).json.data).toEqual({ disclosure: null });

    const bad = await put({ disclosedOn: "yesterday", method: "Fax" });
    expect(bad.status).toBe(400);
    expect((bad.json.errors as Json[]).map((e) => e.path).sort()).toEqual(["disclosedOn", "method"]);

    const other = await createClient(db, { agencyId });
    const doc = await db
      .insertInto("resources")
      .values({
        agency_id: agencyId,
        file_name: "x.pdf",
        original_name: "disclosure.pdf",
        mime_type: "application/pdf",
        size_bytes: 100,
        category: "Legal Documents",
        uploaded_by: user.id,
        related_type: "Client",
        related_id: other.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const notTheirs = await put({ disclosedOn: "2026-10-01", method: "Mail", resourceId: doc.id });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.json.errors).toEqual([{ path: "resourceId", msg: "Choose one of the client's documents" }]);
    await db.updateTable("resources").set({ related_id: client.id }).where("id", "=", doc.id).execute();

    expect((await put({ disclosedOn: "2026-10-01", method: "Mail" })).status).toBe(200);
    const replaced = await put({ disclosedOn: "2026-10-02", method: "Portal", resourceId: doc.id });
    expect(replaced.json.data.disclosure).toMatchObject({
      clientId: client.id,
      disclosedOn: "2026-10-02",
      method: "Portal",
      document: { _id: doc.id, name: "disclosure.pdf" },
    });
    expect((await read()).json.data.disclosure.method).toBe("Portal");
    const actions = await db
      .selectFrom("audit_events")
      .select("action")
      .where("entity_type", "=", "disclosure")
      .orderBy("created_at")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["create", "update"]);

    const stranger = await signInNewAgency(db);
    expect((await call(disclosureLoader, path, { id: client.id }, { token: stranger.token })).status).toBe(404);
  });
});
