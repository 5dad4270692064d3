// The audit screens (docs/screens.md, "Audit log"): Settings → Audit log for admins, filtered by
// person, action, record and days (read in the agency's time zone), its CSV download (itself
// audited), and a client's own history on its page for coordinators and admins only.
import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { audit, flushViews } from "~/models/audit.server";
import { loader as clientPage } from "~/routes/_app.clients.$id._index";
import { loader as auditPage } from "~/routes/_app.settings.audit";
import { loader as auditExport } from "~/routes/settings.audit.export";
import type { AuditEntryView } from "~/services/audit-page.server";
import { signInNewAgency, signInUser, type SignedIn } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient } from "../support/factories";
import { args, get, settle } from "../support/http";

const db = testDb();
let agencyId: string;
let admin: SignedIn;
let coordinator: SignedIn;
let agent: SignedIn;
let client: Awaited<ReturnType<typeof createClient>>;

interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  totalPages: number;
  people: [string, string][];
  filters: Record<string, string>;
  record: { id: string; name: string } | null;
  problems: { param: string; message: string }[];
}

/** The audit log's data as `who` opens /settings/audit?<query>. */
async function openLog(query = "", who: SignedIn = admin): Promise<AuditPage> {
  const response = await settle(auditPage(args(get(`/settings/audit${query ? `?${query}` : ""}`, who.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
}

const actions = (page: AuditPage) => page.entries.map((e) => `${e.who ?? "—"}: ${e.action}`);
const name = (who: SignedIn) => `${who.user.first_name} ${who.user.last_name}`;

/** Opens the client's page as `who` (a `view` entry), and answers the page's data. */
async function viewClient(who: SignedIn) {
  const response = await settle(clientPage(args(get(`/clients/${client.id}`, who.cookie), { id: client.id })));
  expect(response.status).toBe(200);
  // The view's entry is written a moment after the page (with the other views of that moment).
  await flushViews();
  return (await response.json()) as { history: { entries: AuditEntryView[]; more: boolean } | null };
}

beforeEach(async () => {
  await resetDb(db);
  admin = await signInNewAgency(db, { role: "admin" });
  agencyId = admin.user.agency_id;
  await db.updateTable("agencies").set({ time_zone: "America/Chicago" }).where("id", "=", agencyId).execute();
  coordinator = await signInUser(db, agencyId, { role: "coordinator" });
  agent = await signInUser(db, agencyId);
  client = await createClient(db, { agencyId, first_name: "Ada", last_name: "Lovelace" });
});

describe("Settings → Audit log", () => {
  it("shows every entry of the agency, newest first, with who, what and the record linked", async () => {
    await viewClient(coordinator);
    const page = await openLog();
    // Each user signed in twice (API and browser) when made; then the coordinator viewed the client.
    expect(actions(page)[0]).toBe(`${name(coordinator)}: Viewed`);
    expect(actions(page).filter((a) => a.endsWith("Signed in"))).toHaveLength(6);
    expect(page.entries[0].record).toEqual({
      kind: "Client",
      name: "Ada Lovelace",
      deleted: false,
      href: `/clients/${client.id}`,
      historyHref: `/settings/audit?entity=client&entityId=${client.id}`,
    });
    expect(page.people.map(([, label]) => label)).toContain(name(agent));
  });

  it("filters by person, action, and record", async () => {
    await viewClient(coordinator);
    await viewClient(admin);
    const other = await createClient(db, { agencyId });
    await settle(clientPage(args(get(`/clients/${other.id}`, admin.cookie), { id: other.id })));
    await flushViews();

    expect(actions(await openLog(`actorId=${coordinator.user.id}`))).toEqual([
      `${name(coordinator)}: Viewed`,
      `${name(coordinator)}: Signed in`,
      `${name(coordinator)}: Signed in`,
    ]);
    const views = await openLog("action=view");
    expect(views.entries.map((e) => e.record?.name)).toEqual([
      `${other.first_name} ${other.last_name}`,
      "Ada Lovelace",
      "Ada Lovelace",
    ]);
    const history = await openLog(`entity=client&entityId=${client.id}`);
    expect(actions(history)).toEqual([`${name(admin)}: Viewed`, `${name(coordinator)}: Viewed`]);
    expect(history.record).toEqual({ id: client.id, name: "Client Ada Lovelace" });
    expect(history.filters).toMatchObject({ entity: "client", entityId: client.id, action: "", actorId: "" });
  });

  it("filters by days as the agency reads them (America/Chicago), both included", async () => {
    // 05:00 UTC on January 15 is still January 14 in Chicago.
    await db
      .insertInto("audit_events")
      .values({
        agency_id: agencyId,
        actor_id: agent.user.id,
        action: "view",
        entity_type: "client",
        entity_id: client.id,
        created_at: new Date("2024-01-15T05:00:00Z"),
      })
      .execute();
    expect((await openLog("from=2024-01-14&to=2024-01-14")).entries).toHaveLength(1);
    expect((await openLog("from=2024-01-15&to=2024-01-15")).entries).toHaveLength(0);
    expect((await openLog("to=2024-01-14")).total).toBe(1);
    expect((await openLog("from=2024-01-15")).total).toBeGreaterThan(1);
    const wrong = await openLog("from=2024-01-15&to=2024-01-14");
    expect(wrong.problems.map((p) => p.message)).toEqual([
      "The end date (2024-01-14) is before the start date (2024-01-15).",
    ]);
  });

  it("says who tried a failed sign-in, and names a deleted record so", async () => {
    await audit(
      db,
      { userId: null, agencyId, ip: "198.51.100.4" },
      { action: "sign_in_failed", email: "who@example.com" },
    );
    await viewClient(coordinator);
    await db.deleteFrom("clients").where("id", "=", client.id).execute();
    const [view, failed] = (await openLog()).entries;
    expect(failed).toMatchObject({
      who: null,
      emailTried: "who@example.com",
      action: "Sign-in failed",
      record: null,
      ip: "198.51.100.4",
    });
    expect(view.record).toMatchObject({ kind: "Client", name: null, deleted: true, href: null });
  });

  it("sends a page past the last one to the last one, and drops what it cannot read", async () => {
    await viewClient(coordinator);
    const past = await settle(auditPage(args(get("/settings/audit?action=view&page=9", admin.cookie))));
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/settings/audit?action=view&page=1");
    const page = await openLog("action=nope&actorId=123");
    expect(page.problems.map((p) => p.param).sort()).toEqual(["action", "actorId"]);
    expect(page.total).toBe(7);
  });

  it("is an admin's: a coordinator and an agent are refused (403)", async () => {
    for (const who of [coordinator, agent]) {
      expect((await settle(auditPage(args(get("/settings/audit", who.cookie))))).status).toBe(403);
      expect((await settle(auditExport(args(get("/settings/audit/export", who.cookie))))).status).toBe(403);
    }
  });
});

describe("the audit log's CSV", () => {
  it("holds the filtered entries, every column, and is itself recorded as an export", async () => {
    await viewClient(coordinator);
    const response = await settle(auditExport(args(get("/settings/audit/export?action=view", admin.cookie))));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0])).toEqual([
      "Time",
      "Person",
      "E-mail tried",
      "Action",
      "Record type",
      "Record id",
      "Record",
      "Fields changed",
      "Address",
      "User agent",
    ]);
    expect(rows[0]).toMatchObject({
      Person: name(coordinator),
      Action: "Viewed",
      "Record type": "Client",
      "Record id": client.id,
      Record: "Ada Lovelace",
    });
    expect(new Date(rows[0].Time).toISOString()).toBe(rows[0].Time);

    const exported = await db
      .selectFrom("audit_events")
      .select(["actor_id", "entity_type", "entity_id", "details"])
      .where("action", "=", "export")
      .execute();
    expect(exported).toEqual([
      { actor_id: admin.user.id, entity_type: null, entity_id: null, details: { filters: { action: "view" } } },
    ]);
  });

  it("refuses filters it cannot read (400), and records nothing", async () => {
    const response = await settle(auditExport(args(get("/settings/audit/export?action=nope", admin.cookie))));
    expect(response.status).toBe(400);
    expect(await db.selectFrom("audit_events").select("id").where("action", "=", "export").execute()).toEqual([]);
  });
});

describe("a client's history on its page", () => {
  it("shows a coordinator the client's latest entries, with the fields an update changed", async () => {
    await audit(
      db,
      { userId: admin.user.id, agencyId },
      { action: "update", entity: "client", id: client.id, details: { fields: ["phone", "status"] } },
    );
    // The page shows what came before this view; the view itself is there the next time.
    const first = await viewClient(coordinator);
    expect(first.history?.entries.map((e) => [e.who, e.action, e.fields])).toEqual([
      [name(admin), "Updated", ["phone", "status"]],
    ]);
    const { history } = await viewClient(coordinator);
    expect(history?.more).toBe(false);
    expect(history?.entries.map((e) => [e.who, e.action, e.fields])).toEqual([
      [name(coordinator), "Viewed", []],
      [name(admin), "Updated", ["phone", "status"]],
    ]);
  });

  it("shows at most 10 entries", async () => {
    for (let i = 0; i < 12; i++) await viewClient(admin);
    const { history } = await viewClient(coordinator);
    expect(history?.entries).toHaveLength(10);
    expect(history?.more).toBe(true);
  });

  it("is not loaded for an agent", async () => {
    await viewClient(coordinator);
    expect((await viewClient(agent)).history).toBeNull();
  });
});
