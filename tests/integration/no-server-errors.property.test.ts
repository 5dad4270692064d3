import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as apiClientItem from "~/routes/api.clients.$id";
import * as apiClients from "~/routes/api.clients._index";
import * as apiFacilityItem from "~/routes/api.facilities.$id";
import * as apiFacilities from "~/routes/api.facilities._index";
import * as apiPlacementItem from "~/routes/api.placements.$id";
import * as apiPlacements from "~/routes/api.placements._index";
import * as apiResourceItem from "~/routes/api.resources.$id";
import * as apiResources from "~/routes/api.resources._index";
import * as apiTaskItem from "~/routes/api.tasks.$id";
import * as apiTaskCommunications from "~/routes/api.tasks.$id_.communications";
import * as apiTaskStatus from "~/routes/api.tasks.$id_.status";
import * as apiTasks from "~/routes/api.tasks._index";
import * as apiTaskDashboard from "~/routes/api.tasks.dashboard";
import * as apiSwimLanes from "~/routes/api.tasks.swim-lanes";
import * as apiForgot from "~/routes/api.auth.forgot-password";
import * as apiLogin from "~/routes/api.auth.login";
import * as apiReset from "~/routes/api.auth.reset-password";
import * as clientsExport from "~/routes/clients.export";
import * as facilitiesExport from "~/routes/facilities.export";
import * as clientsList from "~/routes/_app.clients._index";
import * as facilitiesList from "~/routes/_app.facilities._index";
import * as placementsList from "~/routes/_app.placements._index";
import * as clientNew from "~/routes/_app.clients.new";
import * as facilityNew from "~/routes/_app.facilities.new";
import * as placementNew from "~/routes/_app.placements.new";
import * as profile from "~/routes/_app.profile";
import * as resourceEdit from "~/routes/_app.resources.$id.edit";
import * as resourcePage from "~/routes/_app.resources.$id._index";
import * as resourcesList from "~/routes/_app.resources._index";
import * as swimLanes from "~/routes/_app.swim-lanes";
import * as swimLanePanel from "~/routes/_app.swim-lanes.$taskId";
import * as taskEdit from "~/routes/_app.tasks.$id.edit";
import * as taskPage from "~/routes/_app.tasks.$id._index";
import * as tasksList from "~/routes/_app.tasks._index";
import * as taskNew from "~/routes/_app.tasks.new";
import * as search from "~/routes/_app.search";
import * as login from "~/routes/_auth.login";
import * as forgot from "~/routes/_auth.forgot-password";
import * as reset from "~/routes/_auth.reset-password";
import * as logout from "~/routes/logout";
import * as sidebar from "~/routes/sidebar";
import { signInNewAgency, type SignedIn } from "../support/api";
import { validClientBody, validFacilityBody } from "../support/api-bodies";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, createTask, DEFAULT_PASSWORD } from "../support/factories";

// Property-based: whatever a client sends (odd fields and values, wrong types, no body, NUL
// characters, huge numbers, odd unicode) to the API and to the form routes, the answer is never a
// 5xx. A thrown error that is not a Response counts as a 500 (Remix would answer one). Clients,
// facilities, placements, sign-in; tasks, the swim-lane board and documents (their multipart
// uploads aside: tests/integration/resources-upload.test.ts).

const db = testDb();
const RUNS = { numRuns: Number(process.env.PBT_RUNS ?? 40) };

let signedIn: SignedIn;
const ids = { client: "", facility: "", placement: "", task: "", resource: "", checklistItem: "" };

beforeAll(async () => {
  await resetDb(db);
  signedIn = await signInNewAgency(db);
  const agencyId = signedIn.user.agency_id;
  ids.client = (await createClient(db, { agencyId })).id;
  ids.facility = (await createFacility(db, { agencyId })).id;
  ids.placement = (await createPlacement(db, { agencyId, client_id: ids.client, facility_id: ids.facility })).id;
  ids.task = (await createTask(db, { agencyId, client_id: ids.client, assigned_to: signedIn.user.id })).id;
  ids.checklistItem = (
    await db
      .insertInto("task_checklist_items")
      .values({ agency_id: agencyId, task_id: ids.task, text: "Call the family" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // A document's row (its file is not needed: nothing here downloads it).
  const file = { file_name: "00000000-0000-4000-8000-000000000001.pdf", original_name: "Care plan.pdf" };
  const stored = { ...file, mime_type: "application/pdf", size_bytes: 100, agency_id: agencyId };
  ids.resource = (
    await db
      .insertInto("resources")
      .values({ ...stored, category: "Medical Records", related_type: "Client", related_id: ids.client })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto("resource_versions")
    .values({ ...stored, resource_id: ids.resource, version_number: 1 })
    .execute();
  // Expected refusals are not news; unexpected errors still fail the properties.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});

type Handler = (a: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** The status a caller would get, the body read to its end (a CSV streams after the headers). */
async function statusOf(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<number> {
  let response: unknown;
  try {
    response = await handler({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  if (!(response instanceof Response)) return 200; // plain data
  await response.arrayBuffer();
  return response.status;
}

// ───────────────────────────── what is sent ─────────────────────────────

/** Values that have broken something somewhere: NUL, huge numbers, odd unicode, long text. */
const SHARP_TEXT = [
  "\u0000",
  "a\u0000b",
  "%00",
  "\uFFFF",
  "\uD800",
  "\u202Eevil",
  "💥🏳️‍🌈",
  "'; DROP TABLE clients; --",
  "1e400",
  "NaN",
  "\t\r\n",
  "x".repeat(300),
  "x".repeat(20_000),
  "99999999999999999999",
  "$50,000,000 - $60,000,000",
  "$1 - $99,999,999,999,999",
  "2026-02-30",
  "0000-01-01",
  "00000000-0000-0000-0000-000000000000",
  "",
];

const oddText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SHARP_TEXT) },
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`),
);

/** Text longer than any field takes, of characters that grow when encoded (a cookie, JSON). */
const longText = fc.constantFrom("x".repeat(3_000), "💥".repeat(2_000), "\u0000".repeat(1_000), '"'.repeat(3_000));

const oddNumber = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 1e12, 1e10, 9_999_999_999.995, -1, 0.005),
  },
  fc.integer(),
  fc.double(),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddText },
  { weight: 2, arbitrary: oddNumber },
  fc.boolean(),
  fc.constant(null),
  fc.array(oddText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), oddText, { maxKeys: 2 }),
);

const VALID = {
  client: validClientBody,
  facility: validFacilityBody,
  placement: () => ({
    clientId: ids.client,
    facilityId: ids.facility,
    status: "In Progress",
    priority: "Medium",
    startDate: "2026-01-05",
  }),
  task: () => ({
    title: "Call the family about the tour",
    description: "They prefer mornings.",
    type: "Follow-up",
    priority: "High",
    status: "Active Client",
    dueDate: "2026-03-02",
    assignedTo: signedIn.user.id,
    clientId: ids.client,
    estimatedHours: 1.5,
    checklist: [{ item: "Confirm the time", completed: false }],
  }),
  resource: () => ({
    relatedToType: "Client",
    relatedToId: ids.client,
    category: "Medical Records",
    accessLevel: "internal",
    description: "Physician's summary",
    expirationDate: "2027-01-31",
    isConfidential: false,
    tags: "medical, physician",
  }),
};

const FIELDS = {
  client: [
    "firstName",
    "lastName",
    "email",
    "phone",
    "dateOfBirth",
    "gender",
    "address.street",
    "address.city",
    "address.state",
    "address.zip",
    "emergencyContact.name",
    "emergencyContact.relationship",
    "emergencyContact.phone",
    "medicalConditions",
    "medications",
    "medicalNotes",
    "careLevel",
    "trackerStatus",
    "budget.min",
    "budget.max",
    "financialInfo.budgetRange",
    "preferences.location",
    "preferences.amenities",
    "preferences.roomType",
  ],
  facility: [
    "name",
    "licenseNumber",
    "type",
    "capacity",
    "currentOccupancy",
    "address.street",
    "address.city",
    "address.state",
    "address.zip",
    "contact.name",
    "contact.phone",
    "contact.email",
    "amenities",
    "specialties",
    "costRange",
    "minCost",
    "maxCost",
    "acceptsInsurance",
    "notes",
    "isActive",
    "rating",
  ],
  placement: [
    "clientId",
    "facilityId",
    "agentId",
    "status",
    "priority",
    "startDate",
    "endDate",
    "moveInDate",
    "monthlyRate",
    "paymentMethod",
    "depositAmount",
    "notes",
  ],
  task: [
    "title",
    "description",
    "type",
    "priority",
    "status",
    "dueDate",
    "assignedTo",
    "clientId",
    "estimatedHours",
    "checklist",
    "isCompleted",
    // The form's own fields: its buttons, the checklist's lines and "add items" box, the picker's search.
    "intent",
    "newItems",
    "clientSearch",
    "checklist[0].item",
    "checklist[0].completed",
    "checklist[99999].item",
    "checklist[-1].item",
  ],
  resource: [
    "relatedToType",
    "relatedToId",
    "relatedTo",
    "relatedTo.objectType",
    "relatedTo.objectId",
    "category",
    "accessLevel",
    "description",
    "expirationDate",
    "isConfidential",
    "tags",
    "relatedSearch",
  ],
};

type Kind = keyof typeof VALID;

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (typeof node[key] !== "object" || node[key] === null || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/**
 * A valid body with one field (or a few, known or not) given an odd value: it gets past the
 * other fields' checks, deep into the code and the database.
 */
const nearlyValid = (kind: Kind) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...FIELDS[kind]), oddValue).map((change) => [change]) },
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS[kind]), fc.string({ maxLength: 8 })), oddValue), {
        maxLength: 4,
      }),
    )
    .map((changes) => {
      const body = VALID[kind]() as Record<string, unknown>;
      for (const [path, value] of changes) if (path) setPath(body, path, value);
      return body;
    });

/** A JSON body: nearly valid, any JSON at all, or text that is not JSON. */
const jsonBody = (kind: Kind) =>
  fc.oneof(
    { weight: 4, arbitrary: nearlyValid(kind).map((b) => JSON.stringify(b)) },
    fc.jsonValue().map((v) => JSON.stringify(v)),
    oddText,
  );

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "text/plain",
  "application/octet-stream",
  undefined,
];

/** An API call: mostly JSON, sometimes another type or none. */
const apiBody = (kind: Kind) =>
  fc.record({
    body: fc.option(jsonBody(kind), { nil: undefined, freq: 8 }),
    type: fc.oneof({ weight: 5, arbitrary: fc.constant("application/json") }, fc.constantFrom(...CONTENT_TYPES)),
  });

function apiCall(path: string, method: string, init: { body?: string; type?: string }, token = signedIn.token) {
  const headers = new Headers({ "X-Client-IP": "203.0.113.7", Authorization: `Bearer ${token}` });
  if (init.type) headers.set("Content-Type", init.type);
  const hasBody = init.body !== undefined && method !== "GET" && method !== "HEAD";
  return new Request(`http://localhost${path}`, { method, headers, body: hasBody ? init.body : undefined });
}

/** Query strings: the lists' own parameters and others, with odd values. */
const QUERY_KEYS = [
  "search",
  "status",
  "careLevel",
  "sort",
  "page",
  "limit",
  "type",
  "availability",
  "minPrice",
  "maxPrice",
  "priority",
  "facilityId",
  "clientId",
  "q",
  // Tasks, the board and documents.
  "assignedTo",
  "sortBy",
  "sortOrder",
  "progress",
  "stage",
  "offset",
  "shown.new-client",
  "view",
  "tab",
  "category",
  "accessLevel",
  "relatedToType",
  "relatedToId",
  "relatedSearch",
  "clientSearch",
];
const queryString = fc
  .oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), oddText).map((pair) => [pair]) },
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })), oddText), {
      maxLength: 4,
    }),
  )
  .map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return `?${params}`;
  });

/** Form fields as a browser sends them (Conform's dotted names), nearly valid or anything. */
const formFields = (kind: Kind) =>
  fc.oneof(
    nearlyValid(kind).map((body) => flatten(body)),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS[kind]), fc.string({ maxLength: 8 })), oddText), {
      maxLength: 6,
    }),
  );

function flatten(value: unknown, prefix = ""): Array<[string, string]> {
  // A list of objects is numbered as Conform names it (checklist[0].item); a list of texts repeats.
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      flatten(item, item !== null && typeof item === "object" ? `${prefix}[${i}]` : prefix),
    );
  }
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) => flatten(v, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, value == null ? "" : String(value)]];
}

type FormEncoding = "urlencoded" | "multipart" | "json" | "text" | "none" | "broken multipart";
const FORM_ENCODINGS: FormEncoding[] = ["urlencoded", "multipart", "json", "text", "none", "broken multipart"];

function formPost(path: string, fields: Array<[string, string]>, encoding: FormEncoding, cookie?: string) {
  const headers = new Headers({ "X-Client-IP": "192.0.2.1" });
  if (cookie) headers.set("Cookie", cookie);
  let body: BodyInit | undefined;
  if (encoding === "urlencoded") body = new URLSearchParams(fields);
  else if (encoding === "multipart") {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, value);
    body = form;
  } else if (encoding === "json") {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(Object.fromEntries(fields));
  } else if (encoding === "text") {
    headers.set("Content-Type", "text/plain");
    body = fields.map(([k, v]) => `${k}=${v}`).join("\n");
  } else if (encoding === "broken multipart") {
    headers.set("Content-Type", "multipart/form-data; boundary=xyz");
    body = `--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n${fields[0]?.[1] ?? ""}`;
  }
  return new Request(`http://localhost${path}`, { method: "POST", headers, body });
}

const below500 = (status: number) => expect(status, `answered ${status}`).toBeLessThan(500);

/** A record's id in a URL: mostly a real one (`ids[kind]`), else odd text. */
const recordId = (kind: keyof typeof ids) =>
  fc
    .oneof({ weight: 3, arbitrary: fc.constant(null) }, oddText)
    // A URL carries well-formed text only: a lone surrogate arrives as U+FFFD.
    .map((odd) => (odd === null ? ids[kind] : odd.replace(/[\uD800-\uDFFF]/g, "\uFFFD")));

// ───────────────────────────── the API ─────────────────────────────

describe("the JSON API never answers 5xx", () => {
  const resources = [
    ["clients", "client", apiClients, apiClientItem],
    ["facilities", "facility", apiFacilities, apiFacilityItem],
    ["placements", "placement", apiPlacements, apiPlacementItem],
  ] as const;

  it.each(resources)("POST /api/%s with any body", async (name, kind, collection) => {
    await fc.assert(
      fc.asyncProperty(apiBody(kind), async (init) => {
        below500(await statusOf(collection.action as Handler, apiCall(`/api/${name}`, "POST", init)));
      }),
      RUNS,
    );
  });

  it.each(resources)("PUT /api/%s/:id with any body, and odd ids", async (name, kind, _, item) => {
    const id = fc.oneof({ weight: 4, arbitrary: fc.constant(kind) }, oddText);
    await fc.assert(
      fc.asyncProperty(apiBody(kind), id, fc.constantFrom("PUT", "PATCH", "GET"), async (init, which, method) => {
        // A URL carries well-formed text only: a lone surrogate arrives as U+FFFD.
        // Own keys only: a random id such as "valueOf" is not a record kind.
        const realId = (Object.hasOwn(ids, which) ? ids[which as Kind] : which).replace(/[\uD800-\uDFFF]/g, "\uFFFD");
        const request = apiCall(`/api/${name}/${encodeURIComponent(realId)}`, method, init);
        const handler = (method === "GET" ? item.loader : item.action) as Handler;
        below500(await statusOf(handler, request, { id: realId }));
      }),
      RUNS,
    );
  });

  it.each(resources)("GET /api/%s with any query string", async (name, _, collection) => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        below500(await statusOf(collection.loader as Handler, apiCall(`/api/${name}${query}`, "GET", {})));
      }),
      RUNS,
    );
  });

  it("the auth endpoints, with any body", async () => {
    const body = fc.oneof(
      fc
        .record(
          {
            email: fc.oneof(oddText, fc.emailAddress(), fc.constant(signedIn.user.email)),
            password: oddText,
            confirmPassword: oddText,
            token: oddText,
          },
          { requiredKeys: [] },
        )
        .map((b) => JSON.stringify(b)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      oddText,
    );
    const routes = [
      ["/api/auth/login", apiLogin.action],
      ["/api/auth/forgot-password", apiForgot.action],
      ["/api/auth/reset-password", apiReset.action],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.option(body, { nil: undefined, freq: 8 }),
        fc.constantFrom(...CONTENT_TYPES),
        async ([path, action], text, type) => {
          below500(await statusOf(action as Handler, apiCall(path, "POST", { body: text, type })));
        },
      ),
      { numRuns: 40 },
    );
  });
});

// ───────────────────────────── the screens ─────────────────────────────

describe("the screens never answer 5xx", () => {
  it("list screens and exports, with any query string", async () => {
    const routes = [
      ["/clients", clientsList.loader],
      ["/facilities", facilitiesList.loader],
      ["/placements", placementsList.loader],
      ["/clients/export", clientsExport.loader],
      ["/facilities/export", facilitiesExport.loader],
      ["/search", search.loader],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString, async ([path, loader], query) => {
        const request = new Request(`http://localhost${path}${query}`, { headers: { Cookie: signedIn.cookie } });
        below500(await statusOf(loader as Handler, request));
      }),
      { numRuns: 40 },
    );
  });

  it("the sign-in, password and sidebar forms, with any fields sent any way", async () => {
    const authFields = fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom("email", "password", "confirmPassword", "token", "remember", "redirectTo", "collapsed"),
          fc.string({ maxLength: 6 }),
        ),
        fc.oneof(oddText, fc.emailAddress()),
      ),
      { maxLength: 6 },
    );
    const routes = [
      ["/login", login.action],
      ["/forgot-password", forgot.action],
      ["/reset-password", reset.action],
      ["/sidebar", sidebar.action],
      ["/logout", logout.action],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        authFields,
        fc.constantFrom(...FORM_ENCODINGS),
        async ([path, action], fields, encoding) => {
          below500(await statusOf(action as Handler, formPost(path, fields, encoding)));
        },
      ),
      { numRuns: 50 },
    );
  });

  const screens = [
    ["/clients/new", "client", clientNew.action],
    ["/facilities/new", "facility", facilityNew.action],
    ["/placements/new", "placement", placementNew.action],
  ] as const;

  it.each(screens)("%s takes any fields sent as a form", async (path, kind, action) => {
    await fc.assert(
      fc.asyncProperty(formFields(kind), fc.constantFrom("urlencoded", "multipart"), async (fields, encoding) => {
        below500(await statusOf(action as Handler, formPost(path, fields, encoding as FormEncoding, signedIn.cookie)));
      }),
      RUNS,
    );
  });

  it("/profile takes any fields sent any way (both of its forms)", async () => {
    const fields = fc.array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom("intent", "firstName", "lastName", "email", "currentPassword") },
          { weight: 2, arbitrary: fc.constantFrom("password", "confirmPassword") },
          fc.string({ maxLength: 6 }),
        ),
        fc.oneof(oddText, fc.emailAddress(), fc.constantFrom("profile", "password", DEFAULT_PASSWORD, "Fresh@2027x")),
      ),
      { maxLength: 7 },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.constantFrom(...FORM_ENCODINGS), async (posted, encoding) => {
        below500(await statusOf(profile.action as Handler, formPost("/profile", posted, encoding, signedIn.cookie)));
      }),
      RUNS,
    );
  });

  // The screens' actions still read the body with request.formData(), which throws (a 500) on a
  // body that is not a form. They move to readFormData (415/400) in the lead's refactor of the
  // _app.* routes; then this becomes a test like the one above with FORM_ENCODINGS.
  it.todo("the _app.* screen forms answer 4xx to JSON, text, no body and broken multipart (needs readFormData)");
});

// ───────────────────────────── tasks, the board, documents ─────────────────────────────

describe("the tasks, board and documents API never answers 5xx", () => {
  it("POST /api/tasks with any body", async () => {
    await fc.assert(
      fc.asyncProperty(apiBody("task"), async (init) => {
        below500(await statusOf(apiTasks.action as Handler, apiCall("/api/tasks", "POST", init)));
      }),
      RUNS,
    );
  });

  it.each([
    ["tasks", "task", apiTaskItem],
    ["resources", "resource", apiResourceItem],
  ] as const)("GET, PUT and PATCH /api/%s/:id with any body, and odd ids", async (name, kind, item) => {
    await fc.assert(
      fc.asyncProperty(
        apiBody(kind),
        recordId(kind),
        fc.constantFrom("PUT", "PATCH", "GET"),
        async (init, id, method) => {
          const request = apiCall(`/api/${name}/${encodeURIComponent(id)}`, method, init);
          const handler = (method === "GET" ? item.loader : item.action) as Handler;
          below500(await statusOf(handler, request, { id }));
        },
      ),
      RUNS,
    );
  });

  it("PATCH /api/tasks/:id/status and POST /api/tasks/:id/communications with any body, and odd ids", async () => {
    const body = fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .record(
            {
              status: fc.oneof(fc.constantFrom("Placed", "target", "Follow-up"), oddText),
              fromStatus: fc.oneof(fc.constantFrom("New Client", "active-client"), oddText),
              type: fc.oneof(fc.constantFrom("note", "call", "email", "meeting"), oddText),
              content: fc.oneof(fc.constant("Spoke with the daughter."), oddText),
            },
            { requiredKeys: [] },
          )
          .map((b) => JSON.stringify(b)),
      },
      fc.jsonValue().map((v) => JSON.stringify(v)),
      oddText,
    );
    const routes = [
      ["status", "PATCH", apiTaskStatus.action],
      ["communications", "POST", apiTaskCommunications.action],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        recordId("task"),
        fc.option(body, { nil: undefined, freq: 8 }),
        fc.constantFrom(...CONTENT_TYPES),
        async ([path, method, action], id, text, type) => {
          const request = apiCall(`/api/tasks/${encodeURIComponent(id)}/${path}`, method, { body: text, type });
          below500(await statusOf(action as Handler, request, { id }));
        },
      ),
      RUNS,
    );
  });

  it("GET /api/tasks, /api/tasks/swim-lanes, /api/tasks/dashboard and /api/resources with any query string", async () => {
    const routes = [
      ["/api/tasks", apiTasks.loader],
      ["/api/tasks/swim-lanes", apiSwimLanes.loader],
      ["/api/tasks/dashboard", apiTaskDashboard.loader],
      ["/api/resources", apiResources.loader],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString, async ([path, loader], query) => {
        below500(await statusOf(loader as Handler, apiCall(`${path}${query}`, "GET", {})));
      }),
      RUNS,
    );
  });
});

describe("the tasks, board and documents screens never answer 5xx", () => {
  const page = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: signedIn.cookie } });

  it("lists, the board and the new task form, with any query string", async () => {
    const routes = [
      ["/tasks", tasksList.loader],
      ["/swim-lanes", swimLanes.loader],
      ["/resources", resourcesList.loader],
      ["/tasks/new", taskNew.loader],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString, async ([path, loader], query) => {
        below500(await statusOf(loader as Handler, page(`${path}${query}`)));
      }),
      RUNS,
    );
  });

  it("a task's, a document's and the board panel's pages, with odd ids and any query string", async () => {
    const routes = [
      ["task", (id: string) => `/tasks/${id}`, "id", taskPage.loader],
      ["task", (id: string) => `/tasks/${id}/edit`, "id", taskEdit.loader],
      ["task", (id: string) => `/swim-lanes/${id}`, "taskId", swimLanePanel.loader],
      ["resource", (id: string) => `/resources/${id}`, "id", resourcePage.loader],
      ["resource", (id: string) => `/resources/${id}/edit`, "id", resourceEdit.loader],
    ] as const;
    const route = fc.constantFrom(...routes).chain((r) => fc.tuple(fc.constant(r), recordId(r[0])));
    await fc.assert(
      fc.asyncProperty(route, queryString, async ([[, path, param, loader], id], query) => {
        below500(await statusOf(loader as Handler, page(`${path(encodeURIComponent(id))}${query}`), { [param]: id }));
      }),
      RUNS,
    );
  });

  it.each([
    ["/tasks/new", "task", taskNew.action, null],
    ["/tasks/:id/edit", "task", taskEdit.action, "task"],
    ["/resources/:id/edit", "resource", resourceEdit.action, "resource"],
  ] as const)("%s takes any fields sent any way", async (path, kind, action, idOf) => {
    const id = idOf ? recordId(idOf) : fc.constant("");
    await fc.assert(
      fc.asyncProperty(formFields(kind), fc.constantFrom(...FORM_ENCODINGS), id, async (fields, encoding, which) => {
        const url = path.replace(":id", encodeURIComponent(which));
        below500(await statusOf(action as Handler, formPost(url, fields, encoding, signedIn.cookie), { id: which }));
      }),
      RUNS,
    );
  });

  it("a task's page actions, the board's move and the panel's communication take any fields sent any way", async () => {
    // Each form as its page posts it (without JavaScript, or by a fetcher), then one to three
    // fields changed to odd values (or odd fields added).
    const forms = [
      [
        (id: string) => `/tasks/${id}`,
        "id",
        taskPage.action,
        () => ({ intent: "toggle-item", itemId: ids.checklistItem, completed: "true" }),
      ],
      [(id: string) => `/tasks/${id}`, "id", taskPage.action, () => ({ intent: "complete" })],
      [() => "/swim-lanes", "taskId", swimLanes.action, () => ({ taskId: ids.task, status: "Placed", fromStatus: "" })],
      [() => "/swim-lanes?priority=High", "taskId", swimLanes.action, () => ({ taskId: ids.task, status: "target" })],
      [
        (id: string) => `/swim-lanes/${id}`,
        "taskId",
        swimLanePanel.action,
        () => ({ type: "note", content: "Spoke with the daughter." }),
      ],
    ] as const;
    const posted = fc.constantFrom(...forms).chain(([path, param, action, valid]) =>
      fc.record({
        path: fc.constant(path),
        param: fc.constant(param),
        action: fc.constant(action),
        id: recordId("task"),
        fields: fc
          .tuple(
            fc.boolean(),
            fc.array(
              fc.tuple(
                fc.oneof(
                  { weight: 3, arbitrary: fc.constantFrom(...Object.keys(valid())) },
                  fc.string({ maxLength: 6 }),
                ),
                fc.oneof({ weight: 2, arbitrary: oddText }, longText),
              ),
              { maxLength: 3 },
            ),
          )
          .map(([byFetch, changes]) => {
            const fields: Record<string, string> = { ...valid(), ...(byFetch ? { via: "fetch" } : {}) };
            for (const [name, value] of changes) fields[name] = value;
            return Object.entries(fields);
          }),
        encoding: fc.oneof(
          { weight: 4, arbitrary: fc.constant<FormEncoding>("urlencoded") },
          fc.constantFrom(...FORM_ENCODINGS),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(posted, async ({ path, param, action, id, fields, encoding }) => {
        const request = formPost(path(encodeURIComponent(id)), fields, encoding, signedIn.cookie);
        below500(await statusOf(action as Handler, request, { [param]: id }));
      }),
      { numRuns: Number(process.env.PBT_RUNS ?? 100) },
    );
  });
});
