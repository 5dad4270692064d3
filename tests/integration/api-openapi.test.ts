// The OpenAPI document (/api/openapi.json) against what the API really answers: real answers of
// the routes, on real data, each checked with the document's own schema for that endpoint and
// status (JSON Schema turned back into a validator by zod's fromJSONSchema), so the document
// cannot drift from the toApi* mappers (app/services/api-shapes.server.ts) unnoticed.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as usersLoader } from "~/routes/api.auth.users";
import { loader as clientLoader, action as clientAction } from "~/routes/api.clients.$id";
import { loader as matchesLoader } from "~/routes/api.clients.$id_.matches";
import { loader as clientsLoader, action as clientsAction } from "~/routes/api.clients._index";
import { loader as clientDashboardLoader } from "~/routes/api.clients.dashboard";
import { loader as facilityLoader } from "~/routes/api.facilities.$id";
import { loader as facilitiesLoader, action as facilitiesAction } from "~/routes/api.facilities._index";
import { loader as facilityDashboardLoader } from "~/routes/api.facilities.dashboard";
import { loader as placementLoader } from "~/routes/api.placements.$id";
import { loader as placementsLoader, action as placementsAction } from "~/routes/api.placements._index";
import { loader as placementDashboardLoader } from "~/routes/api.placements.dashboard";
import { loader as resourceLoader, action as resourceAction } from "~/routes/api.resources.$id";
import { action as versionsAction } from "~/routes/api.resources.$id_.versions";
import { loader as resourcesLoader, action as resourcesAction } from "~/routes/api.resources._index";
import { loader as taskLoader, action as taskAction } from "~/routes/api.tasks.$id";
import { action as communicationsAction } from "~/routes/api.tasks.$id_.communications";
import { action as statusAction } from "~/routes/api.tasks.$id_.status";
import { loader as tasksLoader, action as tasksAction } from "~/routes/api.tasks._index";
import { loader as taskDashboardLoader } from "~/routes/api.tasks.dashboard";
import { loader as swimLanesLoader } from "~/routes/api.tasks.swim-lanes";
import { openApiDocument } from "~/services/openapi.server";
import { localStorage, setFileStorage } from "~/utils/storage.server";
import { type Json, signInNewAgency } from "../support/api";
import { validClientBody, validFacilityBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import type { TestUser } from "../support/factories";
import { apiRequest, args, settle } from "../support/http";

const db = testDb();
const doc = openApiDocument();

type Method = "get" | "post" | "put" | "patch" | "delete";
type Handler = (a: ReturnType<typeof args>) => unknown;

/** The document's schema of an endpoint's answer with that status, as a validator. */
function documentedAnswer(method: Method, template: string, status: number): z.ZodType {
  const op = doc.paths?.[template]?.[method];
  expect(op, `${method.toUpperCase()} ${template} is documented`).toBeDefined();
  const response = op!.responses?.[String(status)] as { content?: Record<string, { schema: unknown }> } | undefined;
  expect(response, `${method.toUpperCase()} ${template} documents ${status}`).toBeDefined();
  const schema = response!.content!["application/json"].schema as Json;
  // The schema with the document's components beside it, its references pointing there.
  const root = JSON.parse(
    JSON.stringify({ ...schema, $defs: doc.components?.schemas ?? {} }).replaceAll(
      '"#/components/schemas/',
      '"#/$defs/',
    ),
  );
  return z.fromJSONSchema(root);
}

let user: TestUser;
let token: string;

/** Calls the route as the server would, expects `status`, and checks the answer against the document. */
async function call(
  handler: Handler,
  method: Method,
  template: string,
  status: number,
  options: { id?: string; query?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Json> {
  const url = template.replace("{id}", options.id ?? "") + (options.query ? `?${options.query}` : "");
  const request = options.form
    ? new Request(`http://localhost${url}`, {
        method: method.toUpperCase(),
        headers: { Authorization: `Bearer ${token}` },
        body: options.form,
      })
    : apiRequest(url, { method: method.toUpperCase(), token, body: options.body, headers: options.headers });
  const response = await settle(handler(args(request, options.id ? { id: options.id } : {})));
  const body = (await response.json()) as Json;
  expect(response.status, `${method.toUpperCase()} ${url}: ${JSON.stringify(body).slice(0, 500)}`).toBe(status);
  const checked = documentedAnswer(method, template, status).safeParse(body);
  expect(checked.success ? [] : checked.error.issues, `${method.toUpperCase()} ${template} ${status}`).toEqual([]);
  return body;
}

// Uploads go to a folder of this file's own.
let uploads: string;
beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), "placement-openapi-"));
  setFileStorage(localStorage(uploads));
});
afterAll(async () => {
  setFileStorage(null);
  await rm(uploads, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetDb(db);
  ({ user, token } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
});

/** A facility, a client, a placement between them and a task about it, made through the API. */
async function someRecords() {
  const facility = (await call(facilitiesAction, "post", "/api/facilities", 201, { body: validFacilityBody() })).data
    .facility;
  const client = (
    await call(clientsAction, "post", "/api/clients", 201, {
      body: { ...validClientBody(), careLevel: "memory-care", budget: { min: 3000, max: 5000 } },
    })
  ).data.client;
  const placement = (
    await call(placementsAction, "post", "/api/placements", 201, {
      body: {
        clientId: client._id,
        facilityId: facility._id,
        status: "In Progress",
        priority: "High",
        startDate: "2026-12-01",
        contractSigned: true,
        contractSignedDate: "2026-12-02",
      },
    })
  ).data.placement;
  const task = (
    await call(tasksAction, "post", "/api/tasks", 201, {
      body: {
        title: "Tour Oak House",
        type: "Facility Visit",
        priority: "High",
        status: "Target",
        dueDate: "2026-12-05",
        assignedTo: user.id,
        clientId: client._id,
        placementId: placement._id,
        checklist: [{ item: "Book the tour", completed: true }, { item: "Bring the forms" }],
      },
    })
  ).data.task;
  // The placement and the task moved the client's status (to Target): the client as it is now.
  const now = (await call(clientLoader, "get", "/api/clients/{id}", 200, { id: client._id })).data.client;
  return { facility, client: now as typeof client, placement, task };
}

describe("the API answers as its OpenAPI document says", () => {
  it("records, as created, read, listed and counted", async () => {
    const { facility, client, placement, task } = await someRecords();

    await call(meLoader, "get", "/api/auth/me", 200);
    await call(usersLoader, "get", "/api/auth/users", 200);

    await call(clientLoader, "get", "/api/clients/{id}", 200, { id: client._id });
    const clients = await call(clientsLoader, "get", "/api/clients", 200, { query: "sort=lastName&limit=5" });
    expect(clients.data.clients).toHaveLength(1);
    await call(clientDashboardLoader, "get", "/api/clients/dashboard", 200);
    await call(matchesLoader, "get", "/api/clients/{id}/matches", 200, { id: client._id, query: "limit=3" });

    await call(facilityLoader, "get", "/api/facilities/{id}", 200, { id: facility._id });
    await call(facilitiesLoader, "get", "/api/facilities", 200);
    await call(facilityDashboardLoader, "get", "/api/facilities/dashboard", 200);

    await call(placementLoader, "get", "/api/placements/{id}", 200, { id: placement._id });
    const placements = await call(placementsLoader, "get", "/api/placements", 200);
    expect(placements.data.placements).toHaveLength(1);
    await call(placementDashboardLoader, "get", "/api/placements/dashboard", 200);

    await call(communicationsAction, "post", "/api/tasks/{id}/communications", 201, {
      id: task._id,
      body: { type: "call", content: "Spoke with the daughter" },
    });
    const read = await call(taskLoader, "get", "/api/tasks/{id}", 200, { id: task._id });
    expect(read.data.task.communications).toHaveLength(1);
    const tasks = await call(tasksLoader, "get", "/api/tasks", 200);
    expect(tasks.data.tasks).toHaveLength(1);
    await call(taskDashboardLoader, "get", "/api/tasks/dashboard", 200);
    const board = await call(swimLanesLoader, "get", "/api/tasks/swim-lanes", 200);
    expect(board.data.lanes.Target.tasks).toHaveLength(1);

    await call(resourcesLoader, "get", "/api/resources", 200);
  });

  it("writes, and their refusals", async () => {
    const { client, task } = await someRecords();
    const { _id, version, createdAt: _c, updatedAt: _u, medicalNotes: _m, notes: _n, ...fields } = client;
    await call(clientAction, "put", "/api/clients/{id}", 200, {
      id: _id,
      body: { ...fields, firstName: "Ruth" },
      headers: { "If-Match": `"${version}"` },
    });
    // The version read before that change is stale now: 412 with the client as it is.
    const stale = await call(clientAction, "put", "/api/clients/{id}", 412, {
      id: _id,
      body: { ...fields, firstName: "Irene" },
      headers: { "If-Match": `"${version}"` },
    });
    expect(stale.data.client.firstName).toBe("Ruth");

    await call(statusAction, "patch", "/api/tasks/{id}/status", 200, { id: task._id, body: { status: "Placed" } });
    await call(statusAction, "patch", "/api/tasks/{id}/status", 409, {
      id: task._id,
      body: { status: "Follow-up", fromStatus: "Target" },
    });
    await call(taskAction, "delete", "/api/tasks/{id}", 200, { id: task._id });
    await call(taskLoader, "get", "/api/tasks/{id}", 404, { id: task._id });

    const invalid = await call(clientsAction, "post", "/api/clients", 400, { body: { firstName: "", extra: 1 } });
    expect(invalid.errors.length).toBeGreaterThan(1);
    await call(clientsAction, "post", "/api/clients", 409, { body: validClientBody() });
    await call(clientsLoader, "get", "/api/clients", 400, { query: "status=nope" });
  });

  it("documents, uploaded, read, listed, replaced and edited", async () => {
    const { client } = await someRecords();
    const pdf = (pages: number) =>
      new Blob([`%PDF-1.4\n1 0 obj << /Type /Pages /Kids [] /Count ${pages} >> endobj\n%%EOF\n`]);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      relatedToType: "Client",
      relatedToId: client._id,
      category: "Care Plans",
      accessLevel: "internal",
      tags: "plan, 2026",
    })) {
      form.append(name, value);
    }
    form.append("file", pdf(2), "Plan.pdf");
    const created = (await call(resourcesAction, "post", "/api/resources", 201, { form })).data.resource;

    const replacement = new FormData();
    replacement.append("changeLog", "Signed copy");
    replacement.append("file", pdf(3), "Plan signed.pdf");
    await call(versionsAction, "post", "/api/resources/{id}/versions", 201, { id: created._id, form: replacement });
    const read = await call(resourceLoader, "get", "/api/resources/{id}", 200, { id: created._id });
    expect(read.data.resource.previousVersions).toHaveLength(1);
    await call(resourcesLoader, "get", "/api/resources", 200, { query: "category=Care Plans" });
    await call(resourceAction, "put", "/api/resources/{id}", 200, {
      id: created._id,
      body: {
        relatedTo: { objectType: "Client", objectId: client._id },
        category: "Contracts",
        accessLevel: "restricted",
        description: "The signed plan",
        revision: read.data.resource.revision,
      },
    });
  });

  it("the check refuses an answer that is not what the document says", () => {
    const ok = {
      success: true,
      data: { user: { _id: user.id, firstName: "A", lastName: "B", email: "a@b.c", phone: null, role: "agent" } },
    };
    const schema = documentedAnswer("get", "/api/auth/me", 200);
    expect(schema.safeParse(ok).success).toBe(true);
    // An unknown field, a missing one, a value outside the vocabulary.
    expect(schema.safeParse({ ...ok, data: { user: { ...ok.data.user, extra: 1 } } }).success).toBe(false);
    const { email: _email, ...noEmail } = ok.data.user;
    expect(schema.safeParse({ ...ok, data: { user: noEmail } }).success).toBe(false);
    expect(schema.safeParse({ ...ok, data: { user: { ...ok.data.user, role: "owner" } } }).success).toBe(false);
  });
});
