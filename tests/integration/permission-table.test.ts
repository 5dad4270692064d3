import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_ONLY_TOKEN_MESSAGE } from "~/services/api.server";
import { localStorage, setFileStorage } from "~/utils/storage.server";
import { can, PERMISSION_MESSAGES, type Permission } from "~/utils/permissions";
import { ROLES, type Role } from "~/utils/vocabulary";
import { type SignedIn, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { type Call, freshUser, type Ids, ROUTE_RULES, type World } from "../support/route-rules";

// Issue 33: every route that changes something, every API endpoint and every screen that checks
// a permission, called as each role, as a visitor and (API) with read-only and read-and-write
// personal tokens. The rules are tests/support/route-rules.ts; the list of routes is app/routes
// itself, so a new route without a rule fails here.

const RULES_FILE = "tests/support/route-rules.ts";
const ROUTES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../app/routes");

type Handler = (a: { request: Request; params: Record<string, string>; context: object }) => unknown;
interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

/** The route module of a file of app/routes, as Remix loads it. */
const routeModule = (file: string): Promise<RouteModule> => {
  // Resolved by vitest at run time through the "~" alias (vitest.config.ts), as the app's imports are.
  const specifier = `~/routes/${file.replace(/\.tsx?$/, "")}`;
  return import(/* @vite-ignore */ specifier) as Promise<RouteModule>;
};

const isApi = (file: string) => file.startsWith("api.");

// ─────────────────────────────── the route list ───────────────────────────────

describe("the permission table covers app/routes", () => {
  const files = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

  it("every route that changes something, every API endpoint and every screen that checks a permission has a rule", async () => {
    const missing: string[] = [];
    for (const file of files) {
      const mod = await routeModule(file);
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const needsRule =
        typeof mod.action === "function" ||
        isApi(file) ||
        /\.export\.tsx?$/.test(file) ||
        /\brequirePermission\(|\bcan\(/.test(source);
      if (needsRule && !ROUTE_RULES[file]) {
        missing.push(`app/routes/${file} has no rule in the permission table: add one (${RULES_FILE})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every rule is for a route file that exists", () => {
    const stale = Object.keys(ROUTE_RULES)
      .filter((file) => !files.includes(file))
      .map(
        (file) =>
          `the permission table has a rule for app/routes/${file}, which does not exist: remove it (${RULES_FILE})`,
      );
    expect(stale).toEqual([]);
  });

  it.each(Object.keys(ROUTE_RULES).filter((file) => files.includes(file)))(
    "%s: its rule calls the loader and the action it exports (API: the methods its 405 allows)",
    async (file) => {
      const mod = await routeModule(file);
      const methods = [...new Set(ROUTE_RULES[file].calls.map((call) => call.method))].sort();
      if (isApi(file)) {
        // A method it does not answer: the 405 says which it does.
        const answer = await send(file, "OPTIONS", "/api/x", {}, {});
        if (ROUTE_RULES[file].anyMethod) {
          expect(answer.status).toBe(404);
          return;
        }
        expect(answer.status).toBe(405);
        const allowed = (answer.headers.get("Allow") ?? "")
          .split(/\s*,\s*/)
          .filter(Boolean)
          .sort();
        expect(methods, `app/routes/${file} answers ${allowed.join(", ")}`).toEqual(allowed);
      } else {
        expect(methods.includes("GET"), `app/routes/${file}: a rule for its loader`).toBe(
          typeof mod.loader === "function",
        );
        expect(
          methods.some((m) => m !== "GET"),
          `app/routes/${file}: a rule for its action`,
        ).toBe(typeof mod.action === "function");
      }
    },
  );
});

// ─────────────────────────────── calling the routes ───────────────────────────────

const db = testDb();
let w: World;
let uploads: string;
/** The admin's personal tokens. */
const tokens = { read: "", write: "" };

beforeAll(async () => {
  await resetDb(db);
  uploads = await mkdtemp(path.join(os.tmpdir(), "placement-permission-table-"));
  setFileStorage(localStorage(uploads));
  const admin = await signInNewAgency(db, { role: "admin" });
  const agencyId = admin.user.agency_id;
  w = {
    db,
    agencyId,
    users: {
      admin,
      coordinator: await signInUser(db, agencyId, { role: "coordinator" }),
      agent: await signInUser(db, agencyId, { role: "agent" }),
    },
    other: await signInUser(db, agencyId, { role: "agent" }),
  };
  for (const scope of ["read", "write"] as const) {
    const answer = await send(
      "_app.settings.tokens.tsx",
      "POST",
      "/settings/tokens",
      {},
      { cookie: admin.cookie, form: { intent: "create", name: `${scope} token`, expiresIn: "30", scope } },
    );
    tokens[scope] = ((await answer.json()) as { created: { token: string } }).created.token;
  }
});

afterAll(async () => {
  setFileStorage(null);
  await rm(uploads, { recursive: true, force: true });
});

let addresses = 0;
/** A client address of its own for every request: no rate limit counts one call against another. */
const nextAddress = () => {
  addresses += 1;
  return `10.33.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

type Body = ReturnType<NonNullable<Call["body"]>>;

/** Calls the route in-process as Remix would (GET: the loader, else the action), and reads its answer. */
async function send(
  file: string,
  method: string,
  url: string,
  params: Record<string, string>,
  init: { cookie?: string; token?: string } & Partial<{
    form: Record<string, string>;
    json: unknown;
    multipart: () => FormData;
  }>,
): Promise<Response> {
  const headers = new Headers({ "X-Client-IP": nextAddress() });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.form) body = new URLSearchParams(init.form);
  else if (init.multipart) body = init.multipart();
  else if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://localhost${url}`, { method, headers, body });
  const mod = await routeModule(file);
  const handler = method === "GET" ? mod.loader : mod.action;
  if (!handler) throw new Error(`app/routes/${file} has no ${method === "GET" ? "loader" : "action"}`);
  try {
    const result = await handler({ request, params, context: {} });
    // A loader that answers plain data (or nothing) is a page that renders: 200.
    return result instanceof Response ? result : new Response(JSON.stringify(result ?? null), { status: 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The path with its `:name`s filled from `ids`, and those as the route's params. */
function fill(template: string, ids: Ids): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = ids[name];
    if (value === undefined) throw new Error(`${template}: prepare made no ${name}`);
    if (!template.includes(`?${name}`) && !template.includes(`=:${name}`)) params[name] = value;
    return encodeURIComponent(value);
  });
  return { url, params };
}

type Caller = Role | "visitor" | "read-only token" | "read-write token";
type Expected = "allowed" | "refused" | "sign-in" | "signed-in-away" | "read-only";

function expected(who: Call["who"], caller: Caller): Expected {
  if (caller === "read-only token") return "read-only";
  if (caller === "read-write token") return expected(who, "admin");
  if (who === "anyone") return "allowed";
  if (caller === "visitor") return who === "visitors" ? "allowed" : "sign-in";
  if (who === "visitors") return "signed-in-away";
  if (who === "signed-in") return "allowed";
  return can(caller, who) ? "allowed" : "refused";
}

const SAYS: Record<Expected, (call: Call, api: boolean) => string> = {
  allowed: () => "allowed",
  refused: ({ who, hidden }, api) => `refused (${hidden ? "404, hidden" : "403"}${api ? " envelope" : ""}: ${who})`,
  "sign-in": (_, api) => (api ? "401" : "sent to /login"),
  "signed-in-away": () => "sent to /dashboard (visitors only)",
  "read-only": () => "refused (403: read-only token)",
};

interface Case {
  label: string;
  call: Call;
  caller: Caller;
  expect: Expected;
}

function casesOf(file: string): Case[] {
  const api = isApi(file);
  return ROUTE_RULES[file].calls.flatMap((call) => {
    const name = `${call.method} ${call.path}${call.note ? ` (${call.note})` : ""}`;
    const callers: Caller[] = [...ROLES, "visitor"];
    // A personal token only ever reaches the endpoints that read a bearer token.
    if (api && call.who !== "anyone" && call.method !== "GET") callers.push("read-only token", "read-write token");
    return callers.map((caller) => {
      const outcome = expected(call.who, caller);
      return { label: `${name} as ${caller}: ${SAYS[outcome](call, api)}`, call, caller, expect: outcome };
    });
  });
}

async function callerOf(
  call: Call,
  caller: Caller,
): Promise<{ me: SignedIn; auth: { cookie?: string; token?: string } }> {
  if (caller === "visitor") return { me: w.users.agent, auth: {} };
  if (caller === "read-only token") return { me: w.users.admin, auth: { token: tokens.read } };
  if (caller === "read-write token") return { me: w.users.admin, auth: { token: tokens.write } };
  const me = call.freshCaller ? await freshUser(w, caller) : w.users[caller];
  return { me, auth: { cookie: me.cookie, token: me.token } };
}

describe.each(Object.keys(ROUTE_RULES).sort())("app/routes/%s", (file) => {
  const api = isApi(file);

  it.each(casesOf(file))("$label", async ({ call, caller, expect: outcome }) => {
    const ids = call.prepare ? await call.prepare(w) : {};
    const { url, params } = fill(call.path, ids);
    const { me, auth } = await callerOf(call, caller);
    const credentials = api ? { token: auth.token } : { cookie: auth.cookie };
    const body = call.body?.({ ids, me, w });
    const before = call.state ? await call.state({ ids, w }) : undefined;

    const answer = await send(file, call.method, url, params, { ...credentials, ...(body as Body | undefined) });
    const location = answer.headers.get("Location") ?? "";
    const text = await answer.text();
    const shown = `${answer.status} ${location} ${text.slice(0, 300)}`;

    if (outcome === "allowed") {
      expect(answer.status, shown).not.toBe(403);
      expect(answer.status, shown).not.toBe(401);
      if (call.location !== "/login") expect(location, shown).not.toMatch(/^\/login/);
      const status = caller === "read-write token" ? (call.tokenStatus ?? call.status) : call.status;
      expect(answer.status, shown).toBe(status);
      if (call.location) expect(location.startsWith(call.location), shown).toBe(true);
      return;
    }

    if (outcome === "refused" && call.hidden) {
      expect(answer.status, shown).toBe(404);
      if (api) expect(JSON.parse(text)).toMatchObject({ success: false });
    } else if (outcome === "refused") {
      const message = PERMISSION_MESSAGES[call.who as Permission];
      expect(answer.status, shown).toBe(403);
      if (api) expect(JSON.parse(text)).toEqual({ success: false, message });
      else expect(text).toContain(message);
    } else if (outcome === "read-only") {
      expect(answer.status, shown).toBe(403);
      expect(JSON.parse(text)).toEqual({ success: false, message: READ_ONLY_TOKEN_MESSAGE });
    } else if (outcome === "sign-in") {
      if (api) {
        expect(answer.status, shown).toBe(401);
        expect(JSON.parse(text)).toMatchObject({ success: false });
      } else {
        expect(answer.status, shown).toBe(302);
        expect(location, shown).toMatch(/^\/login/);
      }
    } else {
      expect(answer.status, shown).toBe(302);
      expect(location, shown).toBe("/dashboard");
    }
    // Refused: nothing changed.
    if (call.state) expect(await call.state({ ids, w })).toEqual(before);
  });
});
