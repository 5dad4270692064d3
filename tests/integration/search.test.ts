// The search page (/search?q=…): clients, facilities, placements, tasks and documents of the caller's agency,
// grouped by kind, each searched exactly as its list searches (same matches, order and counts).
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import type { SearchGroup } from "~/models/search.server";
import { loader as clientsLoader } from "~/routes/_app.clients._index";
import { loader as facilitiesLoader } from "~/routes/_app.facilities._index";
import { loader as placementsLoader } from "~/routes/_app.placements._index";
import { loader as resourcesLoader } from "~/routes/_app.resources._index";
import { loader as tasksLoader } from "~/routes/_app.tasks._index";
import { loader as searchLoader } from "~/routes/_app.search";
import { SEARCH_TOO_LONG, SEARCH_TOO_SHORT, type SearchKind, seeAllHref } from "~/schemas/search";
import { signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createResource,
  createTask,
  type TestUser,
} from "../support/factories";
import { args, get, settle } from "../support/http";

const db = testDb();
let user: TestUser;
let cookie: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, cookie } = await signInNewAgency(db));
});

interface SearchPage {
  q: string;
  problem: string | null;
  groups: SearchGroup[] | null;
}

async function search(q: string | null, as = cookie): Promise<SearchPage> {
  const path = q === null ? "/search" : `/search?${new URLSearchParams({ q })}`;
  const response = await settle(searchLoader(args(get(path, as))));
  expect(response.status).toBe(200);
  return (await response.json()) as SearchPage;
}

const group = <K extends SearchKind>(page: SearchPage, kind: K) =>
  page.groups!.find((g) => g.kind === kind) as SearchGroup<K>;

describe("search page", () => {
  it("groups the matching clients, facilities and placements by kind, with counts and what tells them apart", async () => {
    const agencyId = user.agency_id;
    const ruth = await createClient(db, {
      agencyId,
      first_name: "Ruth",
      last_name: "Hartwell",
      email: "ruth.h@example.com",
      phone: "(555) 201-3344",
      tracker_status: "Target",
      care_level: "memory",
    });
    await createClient(db, { agencyId, first_name: "Someone", last_name: "Else" });
    const manor = await createFacility(db, {
      agencyId,
      name: "Hartwell Manor",
      type: "Memory Care",
      address_city: "Salem",
      address_state: "OR",
    });
    const other = await createFacility(db, { agencyId, name: "Oak Hollow" });
    const placement = await createPlacement(db, {
      agencyId,
      client_id: ruth.id,
      facility_id: other.id,
      status: "Confirmed",
      start_date: "2026-03-01",
    });

    const page = await search("hartwell");
    expect(page.problem).toBeNull();
    expect(page.q).toBe("hartwell");
    expect(page.groups!.map((g) => g.kind)).toEqual(["clients", "facilities", "placements", "tasks", "documents"]);
    expect(group(page, "clients")).toEqual({
      kind: "clients",
      total: 1,
      capped: false,
      hits: [
        {
          id: ruth.id,
          name: "Ruth Hartwell",
          status: "Target",
          careLevel: "memory",
          email: "ruth.h@example.com",
          phone: "(555) 201-3344",
        },
      ],
    });
    expect(group(page, "facilities")).toEqual({
      kind: "facilities",
      total: 1,
      capped: false,
      hits: [{ id: manor.id, name: "Hartwell Manor", type: "Memory Care", city: "Salem", state: "OR", isActive: true }],
    });
    // A placement is found by its client's (or facility's) name.
    expect(group(page, "placements")).toEqual({
      kind: "placements",
      total: 1,
      capped: false,
      hits: [
        {
          id: placement.id,
          client: "Ruth Hartwell",
          facility: "Oak Hollow",
          status: "Confirmed",
          startDate: "2026-03-01",
        },
      ],
    });
  });

  it("finds a client by e-mail and by phone however it is typed, and a facility by city or license", async () => {
    const agencyId = user.agency_id;
    const client = await createClient(db, { agencyId, email: "june.pike@example.com", phone: "(555) 777-1212" });
    const facility = await createFacility(db, { agencyId, address_city: "Eugene", license_number: "OR-XY-778" });
    for (const q of ["june.pike", "555 777 1212", "5557771212"]) {
      expect(
        group(await search(q), "clients").hits.map((h) => h.id),
        q,
      ).toEqual([client.id]);
    }
    for (const q of ["eugene", "xy-778"]) {
      expect(
        group(await search(q), "facilities").hits.map((h) => h.id),
        q,
      ).toEqual([facility.id]);
    }
  });

  it("never shows another agency's records", async () => {
    const agencyId = user.agency_id;
    await createClient(db, { agencyId, first_name: "Mine", last_name: "Quillfeather" });
    const elsewhere = await createAgency(db);
    const theirs = await createClient(db, { agencyId: elsewhere.id, first_name: "Theirs", last_name: "Quillfeather" });
    const theirFacility = await createFacility(db, { agencyId: elsewhere.id, name: "Quillfeather House" });
    await createPlacement(db, { agencyId: elsewhere.id, client_id: theirs.id, facility_id: theirFacility.id });

    const page = await search("quillfeather");
    expect(group(page, "clients")).toMatchObject({ total: 1, hits: [{ name: "Mine Quillfeather" }] });
    expect(group(page, "facilities")).toMatchObject({ total: 0, hits: [] });
    expect(group(page, "placements")).toMatchObject({ total: 0, hits: [] });
  });

  it("shows the first five matches in the list's order, and counts them all", async () => {
    const agencyId = user.agency_id;
    for (let i = 1; i <= 7; i++) {
      await createClient(db, {
        agencyId,
        first_name: `Pat${i}`,
        last_name: "Zellweger",
        updated_at: new Date(Date.UTC(2026, 0, i)),
      });
    }
    const clients = group(await search("zellweger"), "clients");
    expect(clients.total).toBe(7);
    expect(clients.capped).toBe(false);
    // The clients list's order: last updated first.
    expect(clients.hits.map((h) => h.name)).toEqual([
      "Pat7 Zellweger",
      "Pat6 Zellweger",
      "Pat5 Zellweger",
      "Pat4 Zellweger",
      "Pat3 Zellweger",
    ]);
  });

  it("counts at most SEARCH_COUNT_CAP clients and placements, as the lists do (500+)", async () => {
    await sql`
      INSERT INTO clients (agency_id, first_name, last_name, email, phone, date_of_birth,
                           emergency_name, emergency_relationship, emergency_phone)
      SELECT ${user.agency_id}, 'Many', 'Ostrander' || n, 'many' || n || '@example.com', '555-000-0000',
             '1940-01-01', 'E', 'Son', '555-000-0001'
      FROM generate_series(1, ${SEARCH_COUNT_CAP + 1}) AS n`.execute(db);
    const facility = await createFacility(db, { agencyId: user.agency_id });
    await sql`
      INSERT INTO placements (agency_id, client_id, facility_id, agent_id, start_date)
      SELECT agency_id, id, ${facility.id}, ${user.id}, '2026-01-01' FROM clients
      WHERE agency_id = ${user.agency_id} AND last_name LIKE 'Ostrander%'`.execute(db);
    const found = await search("ostrander");
    const clients = group(found, "clients");
    expect(clients).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(clients.hits).toHaveLength(5);
    // Not counted by status, as the placements list counts them: only up to the cap.
    expect(group(found, "placements")).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
  });

  it("'See all' opens each list with the same search, which finds the same matches", async () => {
    const agencyId = user.agency_id;
    const client = await createClient(db, { agencyId, first_name: "Vera", last_name: "Lindqvist" });
    const facility = await createFacility(db, { agencyId, name: "Lindqvist Gardens" });
    await createPlacement(db, { agencyId, client_id: client.id, facility_id: facility.id });
    const task = await createTask(db, { agencyId, title: "Call Lindqvist family", client_id: client.id });
    await createResource(db, {
      agencyId,
      original_name: "lindqvist-assessment.pdf",
      related_id: task.id,
      related_type: "Task",
    });
    const page = await search("Lindqvist");

    expect(seeAllHref("clients", "Lindqvist")).toBe("/clients?search=Lindqvist");
    expect(seeAllHref("placements", "ruth adler")).toBe("/placements?search=ruth+adler");
    const lists = {
      clients: clientsLoader,
      facilities: facilitiesLoader,
      placements: placementsLoader,
      tasks: tasksLoader,
      documents: resourcesLoader,
    };
    for (const g of page.groups!) {
      const response = await settle(lists[g.kind](args(get(seeAllHref(g.kind, page.q), cookie))));
      const data = (await response.json()) as Record<string, unknown>;
      const rows = data[g.kind === "documents" ? "resources" : g.kind] as Array<{ id: string }>;
      expect(g.total, g.kind).toBe(1);
      expect(data.total, g.kind).toBe(g.total);
      expect(
        rows.map((row) => row.id),
        g.kind,
      ).toEqual(g.hits.map((h) => h.id));
    }
  });

  it("finds a task by its title and by its description, with its status, due date and client", async () => {
    const agencyId = user.agency_id;
    const client = await createClient(db, { agencyId, first_name: "Nora", last_name: "Bexley" });
    const tour = await createTask(db, {
      agencyId,
      title: "Tour Park Place",
      description: "Bring the floor plans",
      due_date: "2026-05-04",
      stage: "Target",
      client_id: client.id,
    });
    await createTask(db, { agencyId, title: "Something else", description: "Nothing to see" });

    const byTitle = group(await search("park place"), "tasks");
    expect(byTitle).toEqual({
      kind: "tasks",
      total: 1,
      capped: false,
      hits: [
        {
          id: tour.id,
          title: "Tour Park Place",
          status: "Target",
          dueDate: "2026-05-04",
          isOverdue: expect.any(Boolean),
          client: "Nora Bexley",
        },
      ],
    });
    expect(group(await search("floor plans"), "tasks").hits.map((h) => h.id)).toEqual([tour.id]);
    expect(group(await search("no such task"), "tasks")).toMatchObject({ total: 0, hits: [] });
  });

  it("finds a document by its name, its description and a tag, with the record it belongs to", async () => {
    const agencyId = user.agency_id;
    const client = await createClient(db, { agencyId, first_name: "Ada", last_name: "Quimby" });
    const doc = await createResource(db, {
      agencyId,
      original_name: "care-assessment.pdf",
      description: "Signed by Dr. Okafor",
      tags: ["intake", "medicare"],
      category: "Assessments",
      related_type: "Client",
      related_id: client.id,
    });
    await createResource(db, { agencyId, original_name: "brochure.pdf", description: "Glossy", tags: ["marketing"] });

    for (const q of ["care-assessment", "okafor", "medicare"]) {
      expect(group(await search(q), "documents"), q).toEqual({
        kind: "documents",
        total: 1,
        capped: false,
        hits: [
          {
            id: doc.id,
            name: "care-assessment.pdf",
            category: "Assessments",
            related: { type: "Client", id: client.id, label: "Ada Quimby" },
          },
        ],
      });
    }
  });

  it("never finds another agency's tasks or documents", async () => {
    const elsewhere = await createAgency(db);
    await createTask(db, { agencyId: elsewhere.id, title: "Tour Winterbourne" });
    await createResource(db, { agencyId: elsewhere.id, original_name: "winterbourne.pdf" });
    await createTask(db, { agencyId: user.agency_id, title: "Call Winterbourne" });

    const page = await search("winterbourne");
    expect(group(page, "tasks")).toMatchObject({ total: 1, hits: [{ title: "Call Winterbourne" }] });
    expect(group(page, "documents")).toMatchObject({ total: 0, hits: [] });
  });

  it("finds a restricted document only for its uploader, coordinators and admins", async () => {
    const agencyId = user.agency_id;
    const agent = await signInUser(db, agencyId, { role: "agent" });
    const uploader = await signInUser(db, agencyId, { role: "agent" });
    const admin = await signInUser(db, agencyId, { role: "admin" });
    await createResource(db, {
      agencyId,
      original_name: "diagnosis-restricted.pdf",
      access_level: "restricted",
      uploaded_by: uploader.user.id,
    });
    await createResource(db, { agencyId, original_name: "diagnosis-internal.pdf", access_level: "internal" });

    const names = async (as: string) => group(await search("diagnosis", as), "documents").hits.map((h) => h.name);
    const both = ["diagnosis-internal.pdf", "diagnosis-restricted.pdf"];
    expect((await names(cookie)).sort()).toEqual(both); // the coordinator
    expect((await names(admin.cookie)).sort()).toEqual(both);
    expect((await names(uploader.cookie)).sort()).toEqual(both);
    expect(await names(agent.cookie)).toEqual(["diagnosis-internal.pdf"]);
    expect(group(await search("diagnosis", agent.cookie), "documents").total).toBe(1);
  });

  it("without a query, asks for one; too short or too long, says so; nothing found, has empty groups", async () => {
    expect(await search(null)).toEqual({ q: "", problem: null, groups: null });
    expect(await search("   ")).toEqual({ q: "", problem: null, groups: null });
    expect(await search(" a ")).toEqual({ q: " a ", problem: SEARCH_TOO_SHORT, groups: null });
    expect(SEARCH_TOO_SHORT).toBe("Type at least 2 characters to search.");
    const long = "x".repeat(101);
    expect(await search(long)).toEqual({ q: long, problem: SEARCH_TOO_LONG, groups: null });
    expect(SEARCH_TOO_LONG).toBe("A search can be at most 100 characters. Shorten it and try again.");
    // Exactly 100 characters is still a search.
    expect((await search("y".repeat(100))).problem).toBeNull();

    const nothing = await search("no such name");
    expect(nothing.problem).toBeNull();
    expect(nothing.groups!.map((g) => [g.kind, g.total, g.hits.length])).toEqual([
      ["clients", 0, 0],
      ["facilities", 0, 0],
      ["placements", 0, 0],
      ["tasks", 0, 0],
      ["documents", 0, 0],
    ]);
  });

  it("takes a search term's % and _ literally", async () => {
    await createClient(db, { agencyId: user.agency_id, first_name: "Plain", last_name: "Name" });
    expect(group(await search("%%"), "clients").total).toBe(0);
    expect(group(await search("__"), "clients").total).toBe(0);
  });

  it("sends a visitor who is not signed in to sign in, and back here afterwards", async () => {
    const response = await settle(searchLoader(args(get("/search?q=ruth"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/search?q=ruth" })}`);
  });
});
