// Referral agreements and fees (issue 36; docs/data-model.md, "Referral agreements and fees";
// docs/api.md, "Referral agreements and fees"): one agreement in force per facility (the model's
// message, the database's constraint), percent and flat fees, payment terms, roles and agency
// scoping; the fee worked out at the move-in (a table), corrected by hand with a reason (audited),
// and the credit after a move-out within the refund window.
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as facilityLoader } from "~/routes/_app.facilities.$id._index";
import { action as newAgreementAction } from "~/routes/_app.facilities.$id.agreements.new";
import { action as deleteScreen } from "~/routes/_app.placements.$id.delete";
import { action as feeAction } from "~/routes/_app.placements.$id.fee";
import { loader as agreementLoader, action as agreementAction } from "~/routes/api.agreements.$id";
import {
  loader as facilityAgreementsLoader,
  action as facilityAgreementsAction,
} from "~/routes/api.facilities.$id_.agreements";
import { loader as placementLoader, action as placementAction } from "~/routes/api.placements.$id";
import { action as feeApiAction } from "~/routes/api.placements.$id_.fee";
import { type Json, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createResource, type TestUser } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;
let facilityId: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
  facilityId = (await createFacility(db, { agencyId: user.agency_id, name: "Maple House" })).id;
});

const read = async (response: Response) => ({
  status: response.status,
  json: (await response.json()) as Json,
  headers: response.headers,
});

const call = async (
  handler: (a: ReturnType<typeof args>) => unknown,
  request: Request,
  params: Record<string, string>,
) => read(await settle(handler(args(request, params))));

const addAgreement = (body: Json, facility = facilityId, as = token) =>
  call(
    facilityAgreementsAction,
    apiRequest(`/api/facilities/${facility}/agreements`, { method: "POST", body, token: as }),
    { id: facility },
  );

const listAgreements = (facility = facilityId, as = token) =>
  call(facilityAgreementsLoader, apiRequest(`/api/facilities/${facility}/agreements`, { token: as }), { id: facility });

const patchAgreement = (id: string, body: Json, as = token, headers: Record<string, string> = {}) =>
  call(agreementAction, apiRequest(`/api/agreements/${id}`, { method: "PATCH", body, token: as, headers }), { id });

const half = { feeType: "percent", feePercent: 50, startDate: "2026-01-01" };

describe("referral agreements", () => {
  it("adds a percent agreement with the default payment terms, and lists it in force", async () => {
    const added = await addAgreement(half);
    expect(added.status).toBe(201);
    expect(added.json.message).toBe("Agreement added");
    expect(added.json.data.agreement).toMatchObject({
      facilityId,
      feeType: "percent",
      feePercent: 50,
      flatFee: null,
      paymentTermsDays: 30,
      refundRule: "none",
      refundDays: null,
      tourWindowMonths: null,
      startDate: "2026-01-01",
      endDate: null,
      inForce: true,
      version: 1,
    });
    const listed = await listAgreements();
    expect(listed.status).toBe(200);
    expect(listed.json.data.agreements.map((a: Json) => a._id)).toEqual([added.json.data.agreement._id]);
  });

  it("adds a flat agreement in cents, with terms, a pro rata refund, a tour window and the signed copy", async () => {
    const doc = await createResource(db, {
      agencyId: user.agency_id,
      related_type: "Facility",
      related_id: facilityId,
    });
    const added = await addAgreement({
      feeType: "flat",
      flatFee: 3000.5,
      feePercent: 80,
      paymentTermsDays: 45,
      refundRule: "pro-rata",
      refundDays: 90,
      tourWindowMonths: 6,
      startDate: "2026-01-01",
      documentId: doc.id,
      notes: "Signed by the director",
    });
    expect(added.status).toBe(201);
    expect(added.json.data.agreement).toMatchObject({
      feeType: "flat",
      feePercent: null,
      flatFee: 3000.5,
      flatFeeCents: 300050,
      paymentTermsDays: 45,
      refundRule: "pro-rata",
      refundDays: 90,
      tourWindowMonths: 6,
      documentId: { _id: doc.id, name: doc.original_name },
    });
  });

  it("names every missing or wrong field (400)", async () => {
    const other = await createFacility(db, { agencyId: user.agency_id });
    const doc = await createResource(db, { agencyId: user.agency_id, related_type: "Facility", related_id: other.id });
    const refused = await addAgreement({
      feeType: "percent",
      startDate: "",
      refundRule: "full",
      endDate: "2025-01-01",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual(
      expect.arrayContaining([
        { path: "startDate", msg: "Start date is required" },
        { path: "feePercent", msg: "Enter the share of the first month's rate, in percent" },
        { path: "refundDays", msg: "Enter how many days after the move-in the refund applies" },
      ]),
    );
    const flat = await addAgreement({ feeType: "flat", startDate: "2026-02-01", endDate: "2026-01-01" });
    expect(flat.json.errors).toEqual([
      { path: "flatFee", msg: "Enter the flat fee in dollars" },
      { path: "endDate", msg: "End date cannot be before the start date" },
    ]);
    const tooMuch = await addAgreement({ ...half, feePercent: 120, unknown: 1 });
    expect(tooMuch.json.errors).toEqual(
      expect.arrayContaining([
        { path: "unknown", msg: "Unknown field: unknown" },
        { path: "feePercent", msg: "Share must be at most 100%" },
      ]),
    );
    const otherDoc = await addAgreement({ ...half, documentId: doc.id });
    expect(otherDoc.status).toBe(400);
    expect(otherDoc.json.errors).toEqual([{ path: "documentId", msg: "Choose one of the facility's documents" }]);
  });

  it("keeps one agreement in force per facility: an overlap is refused (409), one after the end is fine", async () => {
    const first = (await addAgreement(half)).json.data.agreement;
    const overlap = await addAgreement({ feeType: "flat", flatFee: 3000, startDate: "2026-06-01" });
    expect(overlap.status).toBe(409);
    expect(overlap.json.errors).toEqual([
      {
        path: "startDate",
        msg: "Another agreement is in force at this facility from Jan 1, 2026 with no end date. End it before this one starts, or change the dates.",
      },
    ]);
    // Ended the day before: the next one may start.
    const ended = await patchAgreement(first._id, { endDate: "2026-05-31" }, token, { "If-Match": '"1"' });
    expect(ended.status).toBe(200);
    expect(ended.json.data.agreement).toMatchObject({ endDate: "2026-05-31", feePercent: 50, version: 2 });
    expect((await addAgreement({ feeType: "flat", flatFee: 3000, startDate: "2026-06-01" })).status).toBe(201);
    // A start inside the ended one's span is still an overlap, and so is moving the end over the next.
    const inside = await addAgreement({ ...half, startDate: "2025-12-01", endDate: "2026-01-01" });
    expect(inside.status).toBe(409);
    expect(inside.json.errors[0].msg).toBe(
      "Another agreement is in force at this facility Jan 1, 2026 to May 31, 2026. End it before this one starts, or change the dates.",
    );
    expect((await patchAgreement(first._id, { endDate: "2026-06-01" })).status).toBe(409);
    // Another facility is another matter.
    const other = await createFacility(db, { agencyId: user.agency_id });
    expect((await addAgreement(half, other.id)).status).toBe(201);
  });

  it("is enforced by the database too (two saves at the same moment)", async () => {
    const row = {
      agency_id: user.agency_id,
      facility_id: facilityId,
      fee_type: "flat" as const,
      flat_fee_cents: 100000,
      starts_on: "2026-01-01",
    };
    await db.insertInto("referral_agreements").values(row).execute();
    await expect(
      db
        .insertInto("referral_agreements")
        .values({ ...row, starts_on: "2026-03-01", ends_on: "2026-04-01" })
        .execute(),
    ).rejects.toMatchObject({ code: "23P01" });
    await expect(
      sql`INSERT INTO referral_agreements (agency_id, facility_id, fee_type, fee_percent, flat_fee_cents, starts_on)
          VALUES (${user.agency_id}, ${facilityId}, 'percent', 50, 100, '2020-01-01')`.execute(db),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("PATCH: a stale version is refused (412); the audit trail records the create and the update", async () => {
    const id = (await addAgreement(half)).json.data.agreement._id;
    expect((await patchAgreement(id, { paymentTermsDays: 14 })).status).toBe(200);
    const stale = await patchAgreement(id, { paymentTermsDays: 60, version: 1 });
    expect(stale.status).toBe(412);
    const got = await call(agreementLoader, apiRequest(`/api/agreements/${id}`, { token }), { id });
    expect(got.headers.get("ETag")).toBe('"2"');
    expect(got.json.data.agreement.paymentTermsDays).toBe(14);
    const entries = await db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("entity_type", "=", "agreement")
      .where("entity_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(entries.map((e) => [e.action, (e.details as { fields?: string[] }).fields ?? null])).toEqual([
      ["create", null],
      ["update", ["payment_terms_days"]],
    ]);
  });

  it("agents read agreements but may not add or change them (403); another agency's are not found (404)", async () => {
    const id = (await addAgreement(half)).json.data.agreement._id;
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    expect((await listAgreements(facilityId, agent.token)).status).toBe(200);
    const refused = await addAgreement({ ...half, startDate: "2030-01-01" }, facilityId, agent.token);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Only a coordinator or an admin can change referral agreements and fees.");
    expect((await patchAgreement(id, { endDate: "2026-02-01" }, agent.token)).status).toBe(403);
    const page = await settle(
      newAgreementAction(
        args(formPost(`/facilities/${facilityId}/agreements/new`, { ...strings(half) }, agent.cookie), {
          id: facilityId,
        }),
      ),
    );
    expect(page.status).toBe(403);

    const stranger = await signInNewAgency(db);
    expect((await listAgreements(facilityId, stranger.token)).status).toBe(404);
    expect((await addAgreement({ ...half, startDate: "2031-01-01" }, facilityId, stranger.token)).status).toBe(404);
    const got = await call(agreementLoader, apiRequest(`/api/agreements/${id}`, { token: stranger.token }), { id });
    expect(got.status).toBe(404);
    expect((await patchAgreement(id, { endDate: "2026-02-01" }, stranger.token)).status).toBe(404);
  });

  it("the facility page's form adds one and shows the overlap's message without JavaScript", async () => {
    const post = (fields: Json) =>
      settle(
        newAgreementAction(
          args(formPost(`/facilities/${facilityId}/agreements/new`, strings(fields), cookie), { id: facilityId }),
        ),
      );
    const saved = await post({ ...half, paymentTermsDays: "", refundRule: "", flatFee: "", notes: "" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/facilities/${facilityId}#agreements`);
    const again = await post({ ...half, startDate: "2026-03-01" });
    expect(again.status).toBe(409);
    const body = (await again.json()) as Json;
    expect(body.result.error.startDate[0]).toMatch(/^Another agreement is in force at this facility from Jan 1, 2026/);
    const page = (await (
      await settle(facilityLoader(args(get(`/facilities/${facilityId}`, cookie), { id: facilityId })))
    ).json()) as Json;
    expect(page.agreements).toHaveLength(1);
    expect(page.agreements[0]).toMatchObject({
      feeType: "percent",
      feePercent: 50,
      paymentTermsDays: 30,
      inForce: true,
    });
  });
});

const strings = (fields: Json) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));

// ─────────────────────────────── fees ───────────────────────────────

/** A placement of the agency at the facility, moved in by a PUT as the API does it. */
async function moveIn(placement: { monthlyRate?: number | null; moveInDate?: string | null; facility?: string }) {
  const client = await createClient(db, { agencyId: user.agency_id });
  const row = await createPlacement(db, {
    agencyId: user.agency_id,
    client_id: client.id,
    facility_id: placement.facility ?? facilityId,
    agent_id: user.id,
    status: "Confirmed",
    start_date: "2026-01-01",
  });
  const body = {
    clientId: client.id,
    facilityId: placement.facility ?? facilityId,
    status: "Completed",
    priority: "Medium",
    startDate: "2026-01-01",
    moveInDate: placement.moveInDate === undefined ? "2026-03-10" : placement.moveInDate,
    monthlyRate: placement.monthlyRate === undefined ? 4200 : placement.monthlyRate,
  };
  const answer = await putPlacement(row.id, body);
  expect(answer.status).toBe(200);
  return { id: row.id, body, fee: answer.json.data.placement.referralFee as Json };
}

/** Until another connection of this database waits for a row lock (what a second writer does). */
async function waitForLockWait() {
  for (let tries = 0; tries < 500; tries++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error("no connection came to wait for the lock");
}

const putPlacement = (id: string, body: Json) =>
  call(placementAction, apiRequest(`/api/placements/${id}`, { method: "PUT", body, token }), { id });

const getPlacement = (id: string) =>
  call(placementLoader, apiRequest(`/api/placements/${id}`, { token }), { id }).then((r) => r.json.data.placement);

describe("the fee worked out at the move-in", () => {
  const cases: { name: string; agreement: Json | null; placement: Parameters<typeof moveIn>[0]; fee: Json }[] = [
    {
      name: "a share of the first month's rate",
      agreement: half,
      placement: {},
      fee: { feeCents: 210000, basis: "50% of $4,200 first month", dueDate: "2026-04-09", movedInOn: "2026-03-10" },
    },
    {
      name: "a share with cents, and its own terms",
      agreement: { ...half, feePercent: 75, paymentTermsDays: 15 },
      placement: { monthlyRate: 4199.99 },
      fee: { feeCents: 314999, basis: "75% of $4,199.99 first month", dueDate: "2026-03-25" },
    },
    {
      name: "a flat amount, whatever the rate",
      agreement: { feeType: "flat", flatFee: 3000, startDate: "2026-01-01" },
      placement: { monthlyRate: null },
      fee: { feeCents: 300000, basis: "Flat $3,000", dueDate: "2026-04-09" },
    },
    {
      name: "no agreement",
      agreement: null,
      placement: {},
      fee: {
        feeCents: null,
        agreementId: null,
        basis: "No referral agreement in force on Mar 10, 2026",
        dueDate: null,
      },
    },
    {
      name: "an agreement not yet in force on the move-in date",
      agreement: { ...half, startDate: "2026-03-11" },
      placement: {},
      fee: { feeCents: null, agreementId: null, basis: "No referral agreement in force on Mar 10, 2026" },
    },
    {
      name: "an agreement ended before the move-in date",
      agreement: { ...half, endDate: "2026-03-09" },
      placement: {},
      fee: { feeCents: null, basis: "No referral agreement in force on Mar 10, 2026" },
    },
    {
      name: "a share, but no monthly rate",
      agreement: half,
      placement: { monthlyRate: null },
      fee: {
        feeCents: null,
        basis: "50% of the first month: the placement has no monthly rate",
        dueDate: "2026-04-09",
      },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      if (c.agreement) expect((await addAgreement(c.agreement)).status).toBe(201);
      const { id, fee } = await moveIn(c.placement);
      expect(fee).toMatchObject({ ...c.fee, editReason: null, credit: null });
      if (c.fee.feeCents !== null) expect(fee.agreementId).toEqual(expect.any(String));
      const timeline = (await getPlacement(id)).timeline.map((t: Json) => t.event);
      expect(timeline).toContain(c.fee.feeCents === null ? "No referral fee" : "Referral fee worked out");
    });
  }

  it("is none before the move-in, follows a corrected rate, and goes when the move-in is undone", async () => {
    await addAgreement(half);
    const { id, body, fee } = await moveIn({});
    expect(fee.feeCents).toBe(210000);
    const corrected = await putPlacement(id, { ...body, monthlyRate: 5000 });
    expect(corrected.json.data.placement.referralFee).toMatchObject({
      feeCents: 250000,
      basis: "50% of $5,000 first month",
    });
    const undone = await putPlacement(id, { ...body, status: "Confirmed" });
    expect(undone.json.data.placement.referralFee).toBeNull();
  });
});

const editFee = (id: string, fields: Record<string, string>, as = cookie) =>
  settle(feeAction(args(formPost(`/placements/${id}/fee`, fields, as), { id })));

describe("a fee corrected by hand", () => {
  it("needs a reason, is audited with it and put on the timeline, and is not worked out again", async () => {
    await addAgreement(half);
    const { id, body } = await moveIn({});
    const noReason = await editFee(id, { fee: "2000", dueDate: "", reason: " " });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as Json).result.error.reason).toEqual(["Say why the fee is changed"]);

    const saved = await editFee(id, { fee: "2000.50", dueDate: "2026-05-01", reason: "Agreed discount for a sibling" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/placements/${id}`);
    const placement = await getPlacement(id);
    expect(placement.referralFee).toMatchObject({
      feeCents: 200050,
      dueDate: "2026-05-01",
      editReason: "Agreed discount for a sibling",
      basis: "50% of $4,200 first month",
    });
    expect(placement.timeline[0]).toMatchObject({
      event: "Referral fee changed",
      description: "$2,100.00 → $2,000.50: Agreed discount for a sibling",
    });
    const entry = await db
      .selectFrom("audit_events")
      .select(["details", "actor_id"])
      .where("entity_id", "=", id)
      .where("action", "=", "update")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(user.id);
    expect(entry.details).toEqual({
      fields: ["fee_cents", "fee_due_date", "fee_edit_reason"],
      reason: "Agreed discount for a sibling",
    });
    // A rate corrected later leaves the fee set by hand alone.
    await putPlacement(id, { ...body, monthlyRate: 6000 });
    expect((await getPlacement(id)).referralFee.feeCents).toBe(200050);
  });

  it("the API does the same: PATCH /api/placements/{id}/fee", async () => {
    await addAgreement(half);
    const { id } = await moveIn({});
    const patch = (body: Json, as = token) =>
      call(feeApiAction, apiRequest(`/api/placements/${id}/fee`, { method: "PATCH", body, token: as }), { id });
    const noReason = await patch({ fee: 1900 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors).toEqual([{ path: "reason", msg: "Say why the fee is changed" }]);
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    expect((await patch({ fee: 1900, reason: "Discount" }, agent.token)).status).toBe(403);
    const saved = await patch({ fee: 1900, reason: "Discount" });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe("Referral fee updated");
    expect(saved.json.data.placement.referralFee).toMatchObject({ feeCents: 190000, editReason: "Discount" });
  });

  it("is refused before the move-in, and to an agent (403)", async () => {
    const row = await createPlacement(db, { agencyId: user.agency_id, agent_id: user.id, facility_id: facilityId });
    const early = await editFee(row.id, { fee: "100", reason: "Early" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as Json).result.error.fee).toEqual([
      "The fee is worked out when the client moves in: mark the placement Completed first.",
    ]);
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    expect((await editFee(row.id, { fee: "100", reason: "Because" }, agent.cookie)).status).toBe(403);
  });
});

describe("the credit after a move-out", () => {
  const cases: { name: string; refund: Json; endDate: string; status?: string; credit: Json }[] = [
    {
      name: "no refund rule",
      refund: { refundRule: "none" },
      endDate: "2026-03-20",
      credit: { creditCents: null, basis: "The agreement has no refund" },
    },
    {
      name: "a full refund within the window",
      refund: { refundRule: "full", refundDays: 30 },
      endDate: "2026-03-30",
      credit: { creditCents: 210000, basis: "Full refund: left after 20 of 30 days" },
    },
    {
      name: "pro rata within the window",
      refund: { refundRule: "pro-rata", refundDays: 60 },
      endDate: "2026-03-30",
      credit: { creditCents: 140000, basis: "Pro rata: 40 of 60 days left in the refund window ($2,100.00 × 40/60)" },
    },
    {
      name: "pro rata, rounded to the cent",
      refund: { refundRule: "pro-rata", refundDays: 90 },
      endDate: "2026-03-11",
      credit: { creditCents: 207667, basis: "Pro rata: 89 of 90 days left in the refund window ($2,100.00 × 89/90)" },
    },
    {
      name: "a cancellation after the move-in, within the window",
      refund: { refundRule: "full", refundDays: 30 },
      endDate: "2026-03-15",
      status: "Cancelled",
      credit: { creditCents: 210000, basis: "Full refund: left after 5 of 30 days" },
    },
    {
      name: "outside the window",
      refund: { refundRule: "pro-rata", refundDays: 30 },
      endDate: "2026-04-09",
      credit: { creditCents: null, basis: "Left after 30 days, past the 30-day refund window: no credit" },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      await addAgreement({ ...half, ...c.refund });
      const { id, body } = await moveIn({});
      const out = await putPlacement(id, { ...body, status: c.status ?? "Completed", endDate: c.endDate });
      expect(out.status).toBe(200);
      expect(out.json.data.placement.referralFee).toMatchObject({ feeCents: 210000, credit: c.credit });
      const timeline = (await getPlacement(id)).timeline.map((t: Json) => t.event);
      expect(timeline).toContain("Referral fee credit");
    });
  }

  it("goes when the move-out is undone (the end date cleared)", async () => {
    await addAgreement({ ...half, refundRule: "full", refundDays: 30 });
    const { id, body } = await moveIn({});
    await putPlacement(id, { ...body, endDate: "2026-03-20" });
    const back = await putPlacement(id, { ...body, endDate: null });
    expect(back.json.data.placement.referralFee).toMatchObject({ feeCents: 210000, credit: null });
  });
});

describe("an agreement changed after the move-ins", () => {
  /** Puts the placement's fee on a sent invoice (or a void one), as a line of it. */
  async function invoice(placementId: string, voided = false) {
    const made = await db
      .insertInto("invoices")
      .values({
        agency_id: user.agency_id,
        facility_id: facilityId,
        issue_date: "2026-04-01",
        due_date: "2026-05-01",
        status: voided ? "Void" : "Sent",
        number: voided ? "INV-2026-0009" : "INV-2026-0001",
        ...(voided ? { void_reason: "Wrong facility", voided_at: new Date() } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fee = await db.selectFrom("placements").select("fee_cents").where("id", "=", placementId).executeTakeFirst();
    await db
      .insertInto("invoice_lines")
      .values({
        agency_id: user.agency_id,
        invoice_id: made.id,
        placement_id: placementId,
        client_name: "Ann Lee",
        description: "50% of $4,200 first month",
        amount_cents: fee?.fee_cents ?? 0,
        voided,
      })
      .execute();
    return made.id;
  }

  it("works out again the fees not invoiced yet; an invoiced fee or one set by hand keeps its figure", async () => {
    const agreementId = (await addAgreement(half)).json.data.agreement._id;
    const open = await moveIn({});
    const billed = await moveIn({});
    const byHand = await moveIn({});
    const onVoid = await moveIn({});
    await invoice(billed.id);
    await invoice(onVoid.id, true);
    expect((await editFee(byHand.id, { fee: "2000", dueDate: "", reason: "Agreed by phone" })).status).toBe(302);

    const since = new Date();
    const changed = await patchAgreement(agreementId, { feePercent: 80 });
    expect(changed.status).toBe(200);
    const feeOf = async (id: string) => (await getPlacement(id)).referralFee;
    expect(await feeOf(open.id)).toMatchObject({ feeCents: 336000, basis: "80% of $4,200 first month" });
    expect(await feeOf(onVoid.id)).toMatchObject({ feeCents: 336000 });
    expect(await feeOf(billed.id)).toMatchObject({ feeCents: 210000, basis: "50% of $4,200 first month" });
    expect(await feeOf(byHand.id)).toMatchObject({ feeCents: 200000, editReason: "Agreed by phone" });
    // Said on the timeline, and audited as a change of the placement.
    const timeline = (await getPlacement(open.id)).timeline.map((t: Json) => [t.event, t.description]);
    expect(timeline).toContainEqual(["Referral fee worked out again", "$3,360.00: 80% of $4,200 first month"]);
    const audited = await db
      .selectFrom("audit_events")
      .select("entity_id")
      .where("entity_type", "=", "placement")
      .where("action", "=", "update")
      .where(sql<boolean>`details->'fields' ? 'fee_cents'`)
      .where("created_at", ">=", since)
      .execute();
    expect(audited.map((a) => a.entity_id)).toEqual(expect.arrayContaining([open.id, onVoid.id]));
    expect(audited.map((a) => a.entity_id)).not.toContain(billed.id);

    // Ended before the move-in: no agreement decides the open fee any more.
    expect((await patchAgreement(agreementId, { endDate: "2026-03-01" })).status).toBe(200);
    expect(await feeOf(open.id)).toMatchObject({
      feeCents: null,
      agreementId: null,
      basis: "No referral agreement in force on Mar 10, 2026",
    });
    // A new agreement from that day on decides it again; the invoiced fee still keeps its figure.
    expect((await addAgreement({ feeType: "flat", flatFee: 2500, startDate: "2026-03-02" })).status).toBe(201);
    expect(await feeOf(open.id)).toMatchObject({ feeCents: 250000, basis: "Flat $2,500" });
    expect(await feeOf(billed.id)).toMatchObject({ feeCents: 210000 });
  });

  it("an invoiced fee keeps its figure when the placement's rate or move-in date is corrected; on a void invoice it follows", async () => {
    await addAgreement(half);
    const billed = await moveIn({});
    const onVoid = await moveIn({});
    await invoice(billed.id);
    await invoice(onVoid.id, true);
    for (const p of [billed, onVoid]) {
      const answer = await putPlacement(p.id, { ...p.body, monthlyRate: 5000, moveInDate: "2026-03-12" });
      expect(answer.status).toBe(200);
    }
    expect((await getPlacement(billed.id)).referralFee).toMatchObject({
      feeCents: 210000,
      basis: "50% of $4,200 first month",
      movedInOn: "2026-03-10",
    });
    expect((await getPlacement(onVoid.id)).referralFee).toMatchObject({
      feeCents: 250000,
      basis: "50% of $5,000 first month",
      movedInOn: "2026-03-12",
    });
  });

  it("an agreement's change locks the facility's fees before the facility, as invoices do: no deadlock", async () => {
    const agreementId = (await addAgreement(half)).json.data.agreement._id;
    const moved = await moveIn({});
    let change: ReturnType<typeof patchAgreement> | undefined;
    await db.transaction().execute(async (trx) => {
      // What an invoice made of this fee does: its placement first…
      await trx.selectFrom("placements").select("id").where("id", "=", moved.id).forUpdate().execute();
      change = patchAgreement(agreementId, { feePercent: 80 });
      await waitForLockWait();
      // …then its facility, which the agreement's change, waiting on the placement, does not hold.
      await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
      await trx.selectFrom("facilities").select("id").where("id", "=", facilityId).forUpdate().execute();
    });
    expect((await change!).status).toBe(200);
    expect((await getPlacement(moved.id)).referralFee).toMatchObject({ feeCents: 336000 });
  });

  it("a placement whose fee is on an invoice is not deleted (409 with the invoice), on the screen and in the API", async () => {
    await addAgreement(half);
    const billed = await moveIn({});
    const invoiceId = await invoice(billed.id);
    const screen = await settle(
      deleteScreen(args(formPost(`/placements/${billed.id}/delete`, {}, cookie), { id: billed.id })),
    );
    expect(screen.status).toBe(409);
    const refused = (await screen.json()) as Json;
    expect(refused.message).toBe(
      "This placement's fee is on invoice INV-2026-0001, so it cannot be deleted. If the invoice was made in error, void it first.",
    );
    expect(refused.invoiceId).toBe(invoiceId);
    const api = await call(placementAction, apiRequest(`/api/placements/${billed.id}`, { method: "DELETE", token }), {
      id: billed.id,
    });
    expect(api.status).toBe(409);
    expect(api.json.message).toBe(refused.message);
    expect(await getPlacement(billed.id)).toMatchObject({ _id: billed.id });

    // On a draft: delete the draft first. Void: the placement can go.
    await db.updateTable("invoices").set({ status: "Draft", number: null }).where("id", "=", invoiceId).execute();
    const draft = await call(placementAction, apiRequest(`/api/placements/${billed.id}`, { method: "DELETE", token }), {
      id: billed.id,
    });
    expect(draft.json.message).toBe(
      "This placement's fee is on a draft invoice, so it cannot be deleted. Delete the draft or take the fee off it first.",
    );
    await db.updateTable("invoice_lines").set({ voided: true }).where("invoice_id", "=", invoiceId).execute();
    const gone = await call(placementAction, apiRequest(`/api/placements/${billed.id}`, { method: "DELETE", token }), {
      id: billed.id,
    });
    expect(gone.status).toBe(200);
  });
});
