// Two people at once on the money and tour writes (DESIGN §7; docs/architecture.md, "A stale save
// is refused"): a referral agreement edited twice from the same opened version, a tour's outcome
// recorded twice, a placement's fee corrected twice. The second save is refused, on the screen
// (409, what was typed kept, who changed it) and in the API (412, the record as it is now), and the
// first one's data is intact; two saves at the same moment store one of them. Also the signed copy
// of an agreement: a document the caller may not see (restricted, another agency's) is refused.
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { createAgreement, getAgreement, updateAgreement } from "~/models/agreements.server";
import { getDisclosure, getTour, recordDisclosure, recordTourOutcome, scheduleTour } from "~/models/tours.server";
import { createInvoice, INVOICE_MESSAGES, voidInvoice } from "~/models/invoices.server";
import { deletePlacement, updateReferralFee } from "~/models/placements.server";
import { action as clientPageAction, loader as clientPageLoader } from "~/routes/_app.clients.$id._index";
import { action as editAgreementAction } from "~/routes/_app.facilities.$id.agreements.$agreementId.edit";
import { action as newAgreementAction } from "~/routes/_app.facilities.$id.agreements.new";
import { action as editPlacementAction } from "~/routes/_app.placements.$id.edit";
import { action as feeAction, loader as feeLoader } from "~/routes/_app.placements.$id.fee";
import { action as agreementApi } from "~/routes/api.agreements.$id";
import { action as placementApi } from "~/routes/api.placements.$id";
import { action as feeApi } from "~/routes/api.placements.$id_.fee";
import { action as tourApi, loader as tourApiLoader } from "~/routes/api.tours.$id";
import { action as disclosureApi, loader as disclosureApiLoader } from "~/routes/api.clients.$id_.disclosure";
import type { AgreementInput } from "~/schemas/agreement";
import { type Json, type SignedIn, signInNewAgency, signInUser } from "../support/api";
import { placementFormFields } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createFacility, createPlacement, createResource } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";

const db = testDb();

/** Dana Ruiz saves first; Sam Lee (a coordinator too) opened the same version and saves second. */
let dana: SignedIn;
let sam: SignedIn;
let agencyId: string;
let facilityId: string;

beforeEach(async () => {
  await resetDb(db);
  dana = await signInNewAgency(db, { first_name: "Dana", last_name: "Ruiz" });
  agencyId = dana.user.agency_id;
  sam = await signInUser(db, agencyId, { role: "coordinator", first_name: "Sam", last_name: "Lee" });
  await db.updateTable("agencies").set({ time_zone: "UTC" }).where("id", "=", agencyId).execute();
  facilityId = (await createFacility(db, { agencyId, name: "Maple House" })).id;
});

const ctxOf = (who: SignedIn) => ({ userId: who.user.id, agencyId, role: who.user.role });

const CHANGED_AT = (who: string, noun: string) =>
  new RegExp(`^${who} changed this ${noun} at \\d{1,2}:\\d{2} [AP]M, after you opened it\\.$`);

const json = async (response: Response) => (await response.json()) as Json;

const terms: AgreementInput = {
  feeType: "percent",
  feePercent: 50,
  flatFee: null,
  paymentTermsDays: 30,
  refundRule: "none",
  refundDays: null,
  tourWindowMonths: null,
  startDate: "2026-01-01",
  endDate: null,
  notes: null,
  documentId: null,
};

/** The agreement form's fields as the edit screen opens them (agreementFormDefaults). */
const agreementFields = (version: number, notes = "") => ({
  feeType: "percent",
  feePercent: "50",
  flatFee: "",
  paymentTermsDays: "30",
  refundRule: "none",
  refundDays: "",
  tourWindowMonths: "",
  startDate: "2026-01-01",
  endDate: "",
  notes,
  documentId: "",
  version: String(version),
});

async function newAgreement() {
  const made = await createAgreement(db, ctxOf(dana), facilityId, terms);
  if (!made.ok) throw new Error(`agreement not created: ${JSON.stringify(made)}`);
  return made.id;
}

const editAgreement = (id: string, who: SignedIn, fields: Record<string, string>) =>
  settle(
    editAgreementAction(
      args(formPost(`/facilities/${facilityId}/agreements/${id}/edit`, fields, who.cookie), {
        id: facilityId,
        agreementId: id,
      }),
    ),
  );

describe("two people editing the same agreement", () => {
  it("on the edit screen: the second save comes back as typed (409), naming who saved; saving again works", async () => {
    const id = await newAgreement();
    const first = await editAgreement(id, dana, { ...agreementFields(1, "Dana's terms"), paymentTermsDays: "45" });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/facilities/${facilityId}#agreements`);

    const second = await editAgreement(id, sam, { ...agreementFields(1, "Sam's terms"), feePercent: "40" });
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.conflict).toEqual({
      message: expect.stringMatching(CHANGED_AT("Dana Ruiz", "agreement")),
      href: `/facilities/${facilityId}#agreements`,
      version: 2,
      byYou: false,
    });
    // What Sam typed comes back, over Dana's version (2), which the form now holds.
    expect(answer.result.initialValue).toMatchObject({ notes: "Sam's terms", feePercent: "40", version: "2" });
    // Dana's save is intact.
    const stored = await getAgreement(db, ctxOf(dana), id);
    expect(stored).toMatchObject({ notes: "Dana's terms", feePercent: 50, paymentTermsDays: 45, version: 2 });

    const again = await editAgreement(id, sam, { ...agreementFields(2, "Sam's terms"), feePercent: "40" });
    expect(again.status).toBe(302);
    expect(await getAgreement(db, ctxOf(dana), id)).toMatchObject({ notes: "Sam's terms", feePercent: 40, version: 3 });
  });

  it("at the same moment, from the same version: one is saved, the other refused as stale", async () => {
    const id = await newAgreement();
    const results = await Promise.all([
      updateAgreement(db, ctxOf(dana), id, { ...terms, notes: "Dana's", version: 1 }),
      updateAgreement(db, ctxOf(sam), id, { ...terms, notes: "Sam's", version: 1 }),
    ]);
    const saved = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(saved).toHaveLength(1);
    expect(refused).toEqual([{ ok: false, reason: "stale", current: expect.objectContaining({ version: 2 }) }]);
    const stored = await getAgreement(db, ctxOf(dana), id);
    expect(stored?.version).toBe(2);
    expect(stored?.notes).toBe(results[0].ok ? "Dana's" : "Sam's");
  });

  it("through the API: PATCH with the version read (If-Match) after another save is 412 with the agreement as it is now", async () => {
    const id = await newAgreement();
    const patch = (who: SignedIn, body: Json, headers: Record<string, string>) =>
      settle(
        agreementApi(
          args(apiRequest(`/api/agreements/${id}`, { method: "PATCH", body, token: who.token, headers }), { id }),
        ),
      );
    expect((await patch(dana, { notes: "Dana's" }, { "If-Match": '"1"' })).status).toBe(200);
    const refused = await patch(sam, { notes: "Sam's" }, { "If-Match": '"1"' });
    expect(refused.status).toBe(412);
    expect(refused.headers.get("ETag")).toBe('"2"');
    const body = await json(refused);
    expect(body.message).toMatch(/^The agreement has changed since the version you sent: Dana Ruiz changed it at /);
    expect(body.data.agreement).toMatchObject({ _id: id, notes: "Dana's", version: 2 });
    expect((await getAgreement(db, ctxOf(dana), id))?.notes).toBe("Dana's");
  });
});

// ─────────────────────────────── tours ───────────────────────────────

async function newTour() {
  const client = await createClient(db, { agencyId, first_name: "Grace", last_name: "Okafor" });
  const scheduled = await scheduleTour(
    db,
    ctxOf(dana),
    client.id,
    { facilityId, date: "2026-10-03", time: "14:30", staffIds: [], familyAttendees: null, notes: null },
    new Date("2026-10-03T14:30:00Z"),
  );
  if (!scheduled.ok) throw new Error("tour not scheduled");
  return { clientId: client.id, tourId: scheduled.tour.id };
}

const recordOnPage = (clientId: string, who: SignedIn, fields: Record<string, string>) =>
  settle(clientPageAction(args(formPost(`/clients/${clientId}`, fields, who.cookie), { id: clientId })));

describe("two people recording the outcome of the same tour", () => {
  it("on the client's page: the form carries the tour's version; the second outcome comes back as typed (409)", async () => {
    const { clientId, tourId } = await newTour();
    const opened = await settle(clientPageLoader(args(get(`/clients/${clientId}`, sam.cookie), { id: clientId })));
    expect((await json(opened)).tours.tours[0]).toMatchObject({ id: tourId, version: 1, outcome: "Scheduled" });

    const form = (who: string, outcome: string) => ({
      section: "tour-outcome",
      tourId,
      outcome,
      outcomeNotes: `${who}: how it went`,
      version: "1",
    });
    const first = await recordOnPage(clientId, dana, form("Dana", "Completed"));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/clients/${clientId}#tour-${tourId}`);

    const second = await recordOnPage(clientId, sam, form("Sam", "No-show"));
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.form).toBe("tour-outcome");
    expect(answer.tourId).toBe(tourId);
    expect(answer.conflict).toEqual({
      message: expect.stringMatching(CHANGED_AT("Dana Ruiz", "tour")),
      href: `/clients/${clientId}#tour-${tourId}`,
      version: 2,
      byYou: false,
    });
    expect(answer.result.initialValue).toMatchObject({
      outcome: "No-show",
      outcomeNotes: "Sam: how it went",
      version: "2",
    });
    expect(await getTour(db, ctxOf(dana), tourId)).toMatchObject({
      outcome: "Completed",
      outcomeNotes: "Dana: how it went",
      version: 2,
    });

    // Sam saves again, over Dana's version, as the form now is.
    const again = await recordOnPage(clientId, sam, { ...form("Sam", "No-show"), version: "2" });
    expect(again.status).toBe(302);
    expect(await getTour(db, ctxOf(dana), tourId)).toMatchObject({ outcome: "No-show", version: 3 });
    const audited = await db
      .selectFrom("audit_events")
      .select("actor_id")
      .where("entity_type", "=", "tour")
      .where("entity_id", "=", tourId)
      .where("action", "=", "update")
      .orderBy("created_at")
      .execute();
    expect(audited.map((a) => a.actor_id)).toEqual([dana.user.id, sam.user.id]);
  });

  it("at the same moment, from the same version: one outcome is stored, the other refused as stale", async () => {
    const { tourId } = await newTour();
    const results = await Promise.all([
      recordTourOutcome(db, ctxOf(dana), tourId, { outcome: "Completed", outcomeNotes: "Dana's", version: 1 }),
      recordTourOutcome(db, ctxOf(sam), tourId, { outcome: "Cancelled", outcomeNotes: "Sam's", version: 1 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "stale", current: expect.objectContaining({ version: 2 }) },
    ]);
    const stored = await getTour(db, ctxOf(dana), tourId);
    expect(stored).toMatchObject(
      results[0].ok ? { outcome: "Completed", version: 2 } : { outcome: "Cancelled", version: 2 },
    );
  });

  it("through the API: GET sends the ETag; PATCH with an old If-Match or version is 412 with the tour as it is now", async () => {
    const { tourId } = await newTour();
    const call = (who: SignedIn, init: { method?: string; body?: Json; headers?: Record<string, string> } = {}) => {
      const request = apiRequest(`/api/tours/${tourId}`, { token: who.token, ...init });
      return settle((request.method === "GET" ? tourApiLoader : tourApi)(args(request, { id: tourId })));
    };
    const read = await call(sam);
    expect(read.status).toBe(200);
    expect(read.headers.get("ETag")).toBe('"1"');
    expect((await json(read)).data.tour).toMatchObject({ _id: tourId, version: 1 });

    const first = await call(dana, { method: "PATCH", body: { outcome: "Completed" }, headers: { "If-Match": '"1"' } });
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).toBe('"2"');

    const refused = await call(sam, { method: "PATCH", body: { outcome: "No-show" }, headers: { "If-Match": '"1"' } });
    expect(refused.status).toBe(412);
    expect(refused.headers.get("ETag")).toBe('"2"');
    const body = await json(refused);
    expect(body.message).toMatch(/^The tour has changed since the version you sent: Dana Ruiz changed it at /);
    expect(body.data.tour).toMatchObject({ _id: tourId, outcome: "Completed", version: 2 });

    const byBody = await call(sam, { method: "PATCH", body: { outcome: "No-show", version: 1 } });
    expect(byBody.status).toBe(412);
    expect((await getTour(db, ctxOf(dana), tourId))?.outcome).toBe("Completed");

    // Without a version, as before: saved over whatever is there.
    const blind = await call(sam, { method: "PATCH", body: { outcome: "No-show" } });
    expect(blind.status).toBe(200);
    expect((await json(blind)).data.tour).toMatchObject({ outcome: "No-show", version: 3 });
  });
});

// ─────────────────────────────── the disclosure ───────────────────────────────

const disclosureFields = (who: string, version: string) => ({
  section: "disclosure",
  disclosedOn: who === "Dana" ? "2026-10-01" : "2026-10-02",
  method: who === "Dana" ? "E-mail" : "In person",
  resourceId: "",
  version,
});

describe("two people recording the same client's disclosure", () => {
  it("on the client's page: the form carries its version (0: none yet); the second comes back as typed (409)", async () => {
    const client = await createClient(db, { agencyId, first_name: "Grace", last_name: "Okafor" });
    const opened = await settle(clientPageLoader(args(get(`/clients/${client.id}`, sam.cookie), { id: client.id })));
    expect((await json(opened)).tours.disclosure).toBeNull();

    // Both opened the page before any was recorded.
    const first = await recordOnPage(client.id, dana, disclosureFields("Dana", "0"));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/clients/${client.id}#disclosure`);

    const second = await recordOnPage(client.id, sam, disclosureFields("Sam", "0"));
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.form).toBe("disclosure");
    expect(answer.conflict).toEqual({
      message: expect.stringMatching(CHANGED_AT("Dana Ruiz", "disclosure")),
      href: `/clients/${client.id}#disclosure`,
      version: 1,
      byYou: false,
    });
    expect(answer.result.initialValue).toMatchObject({ disclosedOn: "2026-10-02", method: "In person", version: "1" });
    expect(await getDisclosure(db, ctxOf(dana), client.id)).toMatchObject({
      disclosedOn: "2026-10-01",
      method: "E-mail",
      recordedBy: { id: dana.user.id },
      version: 1,
    });

    // Sam saves again, over Dana's version, as the form now is; then Dana's page (version 1) is stale.
    expect((await recordOnPage(client.id, sam, disclosureFields("Sam", "1"))).status).toBe(302);
    expect(await getDisclosure(db, ctxOf(dana), client.id)).toMatchObject({ method: "In person", version: 2 });
    const stale = await recordOnPage(client.id, dana, disclosureFields("Dana", "1"));
    expect(stale.status).toBe(409);
    expect((await json(stale)).conflict).toMatchObject({
      message: expect.stringMatching(CHANGED_AT("Sam Lee", "disclosure")),
      version: 2,
    });
    const audited = await db
      .selectFrom("audit_events")
      .select(["actor_id", "action"])
      .where("entity_type", "=", "disclosure")
      .orderBy("created_at")
      .execute();
    expect(audited).toEqual([
      { actor_id: dana.user.id, action: "create" },
      { actor_id: sam.user.id, action: "update" },
    ]);
  });

  it("at the same moment, both first: one is recorded, the other refused as stale", async () => {
    const client = await createClient(db, { agencyId });
    const input = (method: "E-mail" | "Mail") =>
      ({ disclosedOn: "2026-10-01", method, resourceId: null, version: 0 }) as const;
    const results = await Promise.all([
      recordDisclosure(db, ctxOf(dana), client.id, input("E-mail")),
      recordDisclosure(db, ctxOf(sam), client.id, input("Mail")),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "stale", current: expect.objectContaining({ version: 1 }) },
    ]);
    expect(await getDisclosure(db, ctxOf(dana), client.id)).toMatchObject({
      method: results[0].ok ? "E-mail" : "Mail",
      version: 1,
    });
    // Changes from the same version at the same moment: one is stored.
    const again = await Promise.all([
      recordDisclosure(db, ctxOf(dana), client.id, { ...input("E-mail"), version: 1 }),
      recordDisclosure(db, ctxOf(sam), client.id, { ...input("Mail"), disclosedOn: "2026-10-02", version: 1 }),
    ]);
    expect(again.filter((r) => r.ok)).toHaveLength(1);
    expect((await getDisclosure(db, ctxOf(dana), client.id))?.version).toBe(2);
  });

  it('through the API: GET sends the ETag ("0" while none); PUT with an old If-Match or version is 412', async () => {
    const client = await createClient(db, { agencyId });
    const path = `/api/clients/${client.id}/disclosure`;
    const call = (who: SignedIn, init: { method?: string; body?: Json; headers?: Record<string, string> } = {}) => {
      const request = apiRequest(path, { token: who.token, ...init });
      return settle((request.method === "GET" ? disclosureApiLoader : disclosureApi)(args(request, { id: client.id })));
    };
    const put = (who: SignedIn, body: Json, headers: Record<string, string> = {}) =>
      call(who, { method: "PUT", body, headers });
    const none = await call(sam);
    expect(none.headers.get("ETag")).toBe('"0"');
    expect((await json(none)).data).toEqual({ disclosure: null });

    const first = await put(dana, { disclosedOn: "2026-10-01", method: "E-mail" }, { "If-Match": '"0"' });
    expect(first.status).toBe(200);
    expect(first.headers.get("ETag")).toBe('"1"');
    expect((await json(first)).data.disclosure).toMatchObject({ method: "E-mail", version: 1 });

    const refused = await put(sam, { disclosedOn: "2026-10-02", method: "Mail" }, { "If-Match": '"0"' });
    expect(refused.status).toBe(412);
    expect(refused.headers.get("ETag")).toBe('"1"');
    const body = await json(refused);
    expect(body.message).toMatch(/^The disclosure has changed since the version you sent: Dana Ruiz changed it at /);
    expect(body.data.disclosure).toMatchObject({ clientId: client.id, method: "E-mail", version: 1 });

    const read = await call(sam);
    expect(read.headers.get("ETag")).toBe('"1"');
    expect((await put(sam, { disclosedOn: "2026-10-02", method: "Mail", version: 1 })).status).toBe(200);
    const byBody = await put(dana, { disclosedOn: "2026-10-01", method: "Portal", version: 1 });
    expect(byBody.status).toBe(412);
    expect((await getDisclosure(db, ctxOf(dana), client.id))?.method).toBe("Mail");

    // Without a version, as before: recorded over whatever is there.
    const blind = await put(dana, { disclosedOn: "2026-10-01", method: "Portal" });
    expect(blind.status).toBe(200);
    expect((await json(blind)).data.disclosure).toMatchObject({ method: "Portal", version: 3 });
    expect((await put(dana, { disclosedOn: "2026-10-01", method: "Portal", version: -1 })).status).toBe(400);
  });
});

// ─────────────────────────────── fee corrections ───────────────────────────────

/** A placement at the facility (agreement: 50%), moved in by a PUT as the API does it. */
async function movedIn() {
  await createAgreement(db, ctxOf(dana), facilityId, terms);
  const client = await createClient(db, { agencyId });
  const row = await createPlacement(db, {
    agencyId,
    client_id: client.id,
    facility_id: facilityId,
    agent_id: dana.user.id,
    status: "Confirmed",
    start_date: "2026-01-01",
  });
  const body = {
    clientId: client.id,
    facilityId,
    status: "Completed",
    priority: "Medium",
    startDate: "2026-01-01",
    moveInDate: "2026-03-10",
    monthlyRate: 4200,
  };
  const put = await settle(
    placementApi(
      args(apiRequest(`/api/placements/${row.id}`, { method: "PUT", body, token: dana.token }), { id: row.id }),
    ),
  );
  expect(put.status).toBe(200);
  return { id: row.id, version: ((await json(put)).data.placement.version as number) ?? 0 };
}

const storedFee = (id: string) =>
  db
    .selectFrom("placements")
    .select(["fee_cents", "fee_edit_reason", "version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const correctFee = (id: string, who: SignedIn, fields: Record<string, string>) =>
  settle(feeAction(args(formPost(`/placements/${id}/fee`, fields, who.cookie), { id })));

describe("two people correcting the same placement's fee", () => {
  it("on the fee screen: the second correction comes back as typed (409); the first stands", async () => {
    const { id, version } = await movedIn();
    const opened = await settle(feeLoader(args(get(`/placements/${id}/fee`, sam.cookie), { id })));
    expect((await json(opened)).placement.version).toBe(version);

    const fields = (fee: string, reason: string) => ({ fee, dueDate: "", reason, version: String(version) });
    const first = await correctFee(id, dana, fields("2000", "Agreed discount"));
    expect(first.status).toBe(302);

    const second = await correctFee(id, sam, fields("1500", "Sibling discount"));
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.conflict).toEqual({
      message: expect.stringMatching(CHANGED_AT("Dana Ruiz", "placement")),
      href: `/placements/${id}`,
      version: version + 1,
      byYou: false,
    });
    expect(answer.result.initialValue).toMatchObject({
      fee: "1500",
      reason: "Sibling discount",
      version: String(version + 1),
    });
    expect(await storedFee(id)).toEqual({
      fee_cents: 200000,
      fee_edit_reason: "Agreed discount",
      version: version + 1,
    });

    const again = await correctFee(id, sam, { ...fields("1500", "Sibling discount"), version: String(version + 1) });
    expect(again.status).toBe(302);
    expect(await storedFee(id)).toEqual({
      fee_cents: 150000,
      fee_edit_reason: "Sibling discount",
      version: version + 2,
    });
  });

  it("at the same moment, from the same version: one correction is stored, the other refused as stale", async () => {
    const { id, version } = await movedIn();
    const results = await Promise.all([
      updateReferralFee(db, ctxOf(dana), id, { fee: 200000, dueDate: null, reason: "Dana's", version }),
      updateReferralFee(db, ctxOf(sam), id, { fee: 150000, dueDate: null, reason: "Sam's", version }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: "stale", current: expect.objectContaining({ version: version + 1 }) },
    ]);
    expect(await storedFee(id)).toEqual(
      results[0].ok
        ? { fee_cents: 200000, fee_edit_reason: "Dana's", version: version + 1 }
        : { fee_cents: 150000, fee_edit_reason: "Sam's", version: version + 1 },
    );
    // One timeline entry: the refused correction wrote none.
    const changed = await db
      .selectFrom("placement_events")
      .select("description")
      .where("placement_id", "=", id)
      .where("event", "=", "Referral fee changed")
      .execute();
    expect(changed).toHaveLength(1);
  });

  it("through the API: PATCH /api/placements/{id}/fee with an old If-Match is 412 with the placement as it is now", async () => {
    const { id, version } = await movedIn();
    const patch = (who: SignedIn, body: Json) =>
      settle(
        feeApi(
          args(
            apiRequest(`/api/placements/${id}/fee`, {
              method: "PATCH",
              body,
              token: who.token,
              headers: { "If-Match": `"${version}"` },
            }),
            { id },
          ),
        ),
      );
    expect((await patch(dana, { fee: 2000, reason: "Agreed discount" })).status).toBe(200);
    const refused = await patch(sam, { fee: 1500, reason: "Sibling discount" });
    expect(refused.status).toBe(412);
    expect(refused.headers.get("ETag")).toBe(`"${version + 1}"`);
    const body = await json(refused);
    expect(body.message).toMatch(/^The placement has changed since the version you sent: Dana Ruiz changed it at /);
    expect(body.data.placement).toMatchObject({ _id: id, version: version + 1 });
    expect(body.data.placement.referralFee).toMatchObject({ feeCents: 200000, editReason: "Agreed discount" });
  });
});

// ─────────────────────────────── a placement deleted while it is invoiced ───────────────────────────────

const INVOICED_409 = /^This placement's fee is on a draft invoice, so it cannot be deleted\. /;

/** Until another connection waits for a row lock (the write under test has reached it). */
async function untilSomeoneWaits() {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no one waited for the lock");
}

const orphanLines = () => db.selectFrom("invoice_lines").select("id").where("placement_id", "is", null).execute();

const deleteByApi = (id: string, who: SignedIn) =>
  settle(placementApi(args(apiRequest(`/api/placements/${id}`, { method: "DELETE", token: who.token }), { id })));

describe("a placement deleted while an invoice is made of its fee", () => {
  it("the invoice first: the delete waits for it, then is refused (409) and the line keeps its placement", async () => {
    const { id } = await movedIn();
    let deleting: Promise<Response> | undefined;
    await db.transaction().execute(async (trx) => {
      // What createInvoice does: the fee's placement locked, then the invoice and its line written.
      await trx.selectFrom("placements").select("id").where("id", "=", id).forUpdate().execute();
      deleting = deleteByApi(id, sam);
      await untilSomeoneWaits();
      const invoice = await trx
        .insertInto("invoices")
        .values({ agency_id: agencyId, facility_id: facilityId, issue_date: "2026-03-10", due_date: "2026-04-09" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("invoice_lines")
        .values({
          agency_id: agencyId,
          invoice_id: invoice.id,
          placement_id: id,
          client_name: "Grace Okafor",
          moved_in_on: "2026-03-10",
          description: "50% of $4,200 first month",
          amount_cents: 210000,
          position: 0,
        })
        .execute();
    });
    const refused = await deleting!;
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toMatch(INVOICED_409);
    expect(await db.selectFrom("placements").select("id").where("id", "=", id).execute()).toHaveLength(1);
    expect(await orphanLines()).toEqual([]);
  });

  it("the delete first: the invoice waits for it, then is refused, saying the placement was deleted", async () => {
    const { id } = await movedIn();
    let invoicing: ReturnType<typeof createInvoice> | undefined;
    await db.transaction().execute(async (trx) => {
      // What deletePlacement does: the placement locked, checked, then deleted.
      await trx.selectFrom("placements").select("id").where("id", "=", id).forUpdate().execute();
      invoicing = createInvoice(db, ctxOf(dana), { facilityId, placementIds: [id] });
      await untilSomeoneWaits();
      await trx.deleteFrom("placements").where("id", "=", id).execute();
    });
    expect(await invoicing!).toEqual({
      ok: false,
      reason: "invalid",
      errors: [{ path: "placementIds", msg: INVOICE_MESSAGES.feeGone }],
    });
    expect(await db.selectFrom("invoices").select("id").execute()).toEqual([]);
    expect(await orphanLines()).toEqual([]);
  });

  it("at the same moment: exactly one of them is done, and no invoice line is left without its placement", async () => {
    for (let round = 0; round < 6; round++) {
      const { id } = await movedIn();
      const [invoiced, deleted] = await Promise.all([
        createInvoice(db, ctxOf(dana), { facilityId, placementIds: [id] }),
        deletePlacement(db, ctxOf(sam), id),
      ]);
      expect([invoiced.ok, deleted.ok].filter(Boolean)).toHaveLength(1);
      if (invoiced.ok) expect(deleted).toMatchObject({ ok: false, reason: "in-use", invoice: { number: null } });
      else expect(invoiced).toMatchObject({ errors: [{ msg: INVOICE_MESSAGES.feeGone }] });
      expect(await orphanLines()).toEqual([]);
    }
  });
});

// ─────────────────────────────── an invoiced placement put back ───────────────────────────────

const feeAndStatus = (id: string) =>
  db
    .selectFrom("placements")
    .select(["status", "fee_cents", "fee_basis", "version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("an invoiced placement put back to In Progress or Confirmed", () => {
  /** The moved-in placement of `movedIn`, its fee on a draft invoice: the placement's API body and form fields. */
  async function invoiced() {
    const { id } = await movedIn();
    const made = await createInvoice(db, ctxOf(dana), { facilityId, placementIds: [id] });
    if (!made.ok) throw new Error("not invoiced");
    const row = await db
      .selectFrom("placements")
      .select(["client_id", "agent_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const body = (status: string) => ({
      clientId: row.client_id,
      facilityId,
      status,
      priority: "Medium",
      startDate: "2026-01-01",
      moveInDate: "2026-03-10",
      monthlyRate: 4200,
    });
    const fields = (status: string) =>
      placementFormFields(
        { clientId: row.client_id, facilityId, agentId: row.agent_id },
        { status, startDate: "2026-01-01", moveInDate: "2026-03-10", monthlyRate: "4200" },
      );
    return { id, invoiceId: made.id, body, fields };
  }

  const putPlacement = (id: string, body: Json) =>
    settle(placementApi(args(apiRequest(`/api/placements/${id}`, { method: "PUT", body, token: dana.token }), { id })));

  it("through the API: 409 naming the invoice; the fee and the move-in stay as billed", async () => {
    const { id, body } = await invoiced();
    const before = await feeAndStatus(id);
    expect(before).toMatchObject({ status: "Completed", fee_cents: 210000 });
    for (const status of ["Confirmed", "In Progress"]) {
      const refused = await putPlacement(id, body(status));
      expect(refused.status).toBe(409);
      expect((await json(refused)).errors).toEqual([
        {
          path: "status",
          msg: `This placement's fee is on a draft invoice, so it cannot go back to ${status}. If the move-in did not happen, delete the draft or take the fee off it first.`,
        },
      ]);
    }
    expect(await feeAndStatus(id)).toEqual(before);
    // A sent invoice is named by its number.
    await db
      .updateTable("invoices")
      .set({ status: "Sent", number: "INV-2026-0007" })
      .where("agency_id", "=", agencyId)
      .execute();
    const named = await putPlacement(id, body("Confirmed"));
    expect(named.status).toBe(409);
    expect((await json(named)).errors[0].msg).toBe(
      "This placement's fee is on invoice INV-2026-0007, so it cannot go back to Confirmed. If the move-in did not happen, void the invoice first.",
    );
    // Other changes of the moved-in placement are saved as before.
    expect((await putPlacement(id, { ...body("Completed"), notes: "Settled in well" })).status).toBe(200);
  });

  it("on the edit screen: the form comes back as typed (409) with the message under Status", async () => {
    const { id, fields } = await invoiced();
    const answer = await settle(
      editPlacementAction(args(formPost(`/placements/${id}/edit`, fields("Confirmed"), dana.cookie), { id })),
    );
    expect(answer.status).toBe(409);
    const body = await json(answer);
    expect(body.result.error).toEqual({
      status: [
        "This placement's fee is on a draft invoice, so it cannot go back to Confirmed. If the move-in did not happen, delete the draft or take the fee off it first.",
      ],
    });
    expect(body.result.initialValue).toMatchObject({ status: "Confirmed", monthlyRate: "4200" });
    expect(await feeAndStatus(id)).toMatchObject({ status: "Completed", fee_cents: 210000 });
  });

  it("once the invoice is void, it goes back and its fee is cleared, as before", async () => {
    const { id, invoiceId, body } = await invoiced();
    await db
      .updateTable("invoices")
      .set({ status: "Sent", number: "INV-2026-0001" })
      .where("id", "=", invoiceId)
      .execute();
    expect((await voidInvoice(db, ctxOf(dana), invoiceId, "Move-in fell through")).ok).toBe(true);
    expect((await putPlacement(id, body("Confirmed"))).status).toBe(200);
    expect(await feeAndStatus(id)).toMatchObject({ status: "Confirmed", fee_cents: null, fee_basis: null });
  });

  it("at the same moment as an invoice of its fee: one of them is done", async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await movedIn();
      const row = await db
        .selectFrom("placements")
        .select(["client_id", "version"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const [made, put] = await Promise.all([
        createInvoice(db, ctxOf(dana), { facilityId, placementIds: [id] }),
        putPlacement(id, {
          clientId: row.client_id,
          facilityId,
          status: "Confirmed",
          priority: "Medium",
          startDate: "2026-01-01",
          moveInDate: "2026-03-10",
          monthlyRate: 4200,
        }),
      ]);
      const stored = await feeAndStatus(id);
      if (made.ok) {
        expect(put.status).toBe(409);
        expect(stored).toMatchObject({ status: "Completed", fee_cents: 210000 });
      } else {
        expect(put.status).toBe(200);
        expect(made).toMatchObject({ errors: [{ msg: INVOICE_MESSAGES.notInvoiceable }] });
        expect(stored).toMatchObject({ status: "Confirmed", fee_cents: null });
      }
      // Back to Completed for the next round's move-in (one open placement per client and facility).
      await db.deleteFrom("invoice_lines").execute();
      await db.deleteFrom("invoices").execute();
      await db.deleteFrom("placements").where("id", "=", id).execute();
    }
  });
});

// ─────────────────────────────── the agreement's signed copy ───────────────────────────────

describe("an agreement's signed copy", () => {
  it("must be a document of the facility that the caller may see", async () => {
    const agent = await signInUser(db, agencyId, { role: "agent", first_name: "Ari", last_name: "Agent" });
    const related = { related_type: "Facility" as const, related_id: facilityId };
    const restricted = await createResource(db, {
      agencyId,
      ...related,
      access_level: "restricted",
      uploaded_by: sam.user.id,
    });
    const own = await createResource(db, {
      agencyId,
      ...related,
      access_level: "restricted",
      uploaded_by: agent.user.id,
    });
    const refused = {
      ok: false,
      reason: "invalid",
      errors: [{ path: "documentId", msg: "Choose one of the facility's documents" }],
    };
    // Someone else's restricted document: not one an agent may see, so not one they may name.
    expect(await createAgreement(db, ctxOf(agent), facilityId, { ...terms, documentId: restricted.id })).toEqual(
      refused,
    );
    const id = await newAgreement();
    expect(
      await updateAgreement(db, ctxOf(agent), id, { ...terms, endDate: "2026-06-30", documentId: restricted.id }),
    ).toEqual(refused);
    expect((await getAgreement(db, ctxOf(dana), id))?.endDate).toBeNull();
    // Their own restricted document, and (for a coordinator) anyone's: accepted.
    expect(await updateAgreement(db, ctxOf(agent), id, { ...terms, documentId: own.id })).toEqual({ ok: true, id });
    expect(await updateAgreement(db, ctxOf(dana), id, { ...terms, documentId: restricted.id })).toEqual({
      ok: true,
      id,
    });
  });

  it("another agency's document is the form's field error, and nothing is saved", async () => {
    const other = await createAgency(db);
    const theirFacility = await createFacility(db, { agencyId: other.id });
    const theirs = await createResource(db, {
      agencyId: other.id,
      related_type: "Facility",
      related_id: theirFacility.id,
    });
    const fields = { ...agreementFields(1), documentId: theirs.id };
    delete (fields as Partial<typeof fields>).version;
    const answer = await settle(
      newAgreementAction(
        args(formPost(`/facilities/${facilityId}/agreements/new`, fields, dana.cookie), { id: facilityId }),
      ),
    );
    expect(answer.status).toBe(400);
    expect((await json(answer)).result.error.documentId).toEqual(["Choose one of the facility's documents"]);
    expect(await db.selectFrom("referral_agreements").select("id").execute()).toEqual([]);
  });
});
