// `npm run bench`: load test of the screens and API reads that have a latency budget.
//
//   npm run bench                               start the production build on DATABASE_URL, load it
//   npm run bench -- --url http://host:3000     load a server that is already running
//   npm run bench -- --connections 8 --seconds 15 --only dashboard,clients
//
// Load it with the large data set first (`npm run db:seed -- --size large`): the budgets are
// for that size. Results are printed as a table and kept in tests/bench/results/<time>.json.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_LOGIN } from "../../db/seed/common";
import { cpuSnapshot } from "./cpu";
import { startServer } from "./server";
import {
  alignColumns,
  apiToken,
  BROWSER_ACCEPT_ENCODING,
  browserCookie,
  loadTarget,
  type Target,
  type TargetResult,
} from "./load";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The budgets (docs/decisions/007-performance-budgets.md), on the large data set with 8 users:
 * the p95 of each kind of target in ms, and the most a page's HTML may weigh gzipped.
 */
const P95_MS = { list: 75, detail: 50, board: 120, "board-search": 150, screen: 100, api: 100, report: 150 } as const;
type Kind = keyof typeof P95_MS | "reported";
/** A page's HTML then arrives in the first round trip of a new connection (ten TCP segments). */
const PAGE_MAX_GZ_KB = 14;
const BOARD_MAX_GZ_KB = 40;
/** The JavaScript every signed-in page loads (entry, root, layout), compressed as served. */
const SHELL_MAX_JS_KB = 110;

type Budgeted = Target & { kind: Kind };

type Measured = TargetResult & {
  kind: Kind;
  budget: number | null;
  /** The page's HTML gzipped, its budget, and the scripts it loads as served compressed (KB). */
  gzKb?: number;
  maxGzKb?: number;
  jsKb?: number;
  /** CPU ms a request: the server's processes, and Postgres's when it runs on this machine. */
  serverCpuMs?: number;
  postgresCpuMs?: number;
};

const budgetOf = (kind: Kind) => (kind === "reported" ? null : P95_MS[kind]);
const maxGzKbOf = (kind: Kind) => (kind === "board" || kind === "board-search" ? BOARD_MAX_GZ_KB : PAGE_MAX_GZ_KB);

interface Options {
  url?: string;
  connections: number;
  seconds: number;
  only?: string[];
}

function parseOptions(argv: string[]): Options {
  const options: Options = { connections: 8, seconds: 10 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--url") options.url = value().replace(/\/+$/, "");
    else if (flag === "--connections") options.connections = Number(value());
    else if (flag === "--seconds") options.seconds = Number(value());
    else if (flag === "--only") options.only = value().split(",");
    else {
      console.error(
        `unknown option ${argv[i]}\nusage: npm run bench -- [--url URL] [--connections N] [--seconds N] [--only a,b]`,
      );
      process.exit(2);
    }
  }
  return options;
}

/** What is measured: anonymous pages, signed-in screens (cookie) and API reads (bearer). */
function targets(cookie: string, token: string, sample: SampleIds): Budgeted[] {
  const screen = (kind: Kind) => (name: string, p: string) => ({ name, path: p, headers: { Cookie: cookie }, kind });
  const [list, detail, board, boardSearch, page, report] = (
    ["list", "detail", "board", "board-search", "screen", "report"] as const
  ).map(screen);
  const api = (name: string, p: string) => ({
    name,
    path: p,
    headers: { Authorization: `Bearer ${token}` },
    kind: "api" as const,
  });
  return [
    { name: "login", path: "/login", kind: "reported" },
    page("dashboard", "/dashboard"),
    api("api-clients-dashboard", "/api/clients/dashboard"),
    list("clients", "/clients"),
    list("clients-search", "/clients?search=william"),
    list("clients-search-phone", "/clients?search=555-2"),
    list("clients-status-sort", "/clients?status=placed&sort=lastName"),
    list("clients-care-page", "/clients?careLevel=memory&sort=-createdAt&page=40"),
    list("clients-all-filters", "/clients?search=ann&status=active-client&careLevel=assisted&sort=firstName"),
    list("clients-deep-page", "/clients?sort=firstName&page=2000"),
    detail("client-detail", `/clients/${sample.clientId}`),
    page("client-new", "/clients/new"),
    api("api-clients", "/api/clients?status=target&sort=-updatedAt&limit=50"),
    api("api-client-detail", `/api/clients/${sample.clientId}`),
    list("facilities", "/facilities"),
    list("facilities-search", "/facilities?search=maple"),
    list("facilities-type-beds", "/facilities?type=memory-care&availability=available&sort=-capacity.available"),
    list("facilities-price", "/facilities?minPrice=4000&maxPrice=6000&sort=minCost"),
    list("facilities-rating-page", "/facilities?sort=-rating&page=500"),
    detail("facility-detail", `/facilities/${sample.facilityId}`),
    api("api-facilities", "/api/facilities?availability=waitlist&sort=name&limit=50"),
    list("placements", "/placements"),
    list("placements-status-priority", "/placements?status=confirmed&priority=high"),
    list("placements-search", "/placements?search=mar"),
    list("placements-search-status", "/placements?search=grove&status=in-progress"),
    list("placements-facility", `/placements?facilityId=${sample.facilityId}`),
    list("placements-deep-page", "/placements?status=completed&page=1000"),
    api("api-placements", "/api/placements?priority=urgent&limit=50"),
    detail("placement-detail", `/placements/${sample.placementId}`),
    list("tasks", "/tasks"),
    list("tasks-search", "/tasks?search=mar"),
    list("tasks-status-priority", "/tasks?status=active-client&priority=high"),
    list("tasks-assignee-priority", `/tasks?assignedTo=${sample.assigneeId}&sort=-priority`),
    list("tasks-type-page", "/tasks?type=assessment&page=100"),
    list("tasks-title-page", "/tasks?sort=title&page=200&view=grid"),
    detail("task-detail", `/tasks/${sample.taskId}`),
    api("api-tasks", "/api/tasks?status=completed&sortBy=dueDate&sortOrder=desc&limit=50"),
    api("api-tasks-search", "/api/tasks?search=mar&sort=-priority"),
    api("api-client-matches", `/api/clients/${sample.clientId}/matches?limit=10`),
    board("swim-lanes", "/swim-lanes"),
    board("swim-lanes-priority-progress", "/swim-lanes?priority=urgent&progress=high"),
    board("swim-lanes-assignee", `/swim-lanes?assignedTo=${sample.assigneeId}`),
    boardSearch("swim-lanes-search", "/swim-lanes?search=mar"),
    board("swim-lanes-analytics", "/swim-lanes?view=analytics&priority=high"),
    api("api-swim-lanes-more", "/api/tasks/swim-lanes?stage=placed&offset=10&limit=10"),
    list("resources", "/resources"),
    list("resources-search", "/resources?search=care"),
    list("resources-category-page", "/resources?category=Medical+Records&type=pdf&page=20"),
    detail("resource-detail", `/resources/${sample.resourceId}`),
    list("invoices", "/invoices"),
    list("invoices-overdue", "/invoices?overdue=1"),
    page("invoices-aging", "/invoices/aging"),
    report("reports", "/reports"),
    report("reports-agent-range", `/reports?from=2025-01-01&to=2026-06-30&agentId=${sample.assigneeId}`),
    api("api-reports-revenue", "/api/reports/revenue"),
    page("search", "/search?q=mar"),
    page("search-name", "/search?q=maple"),
  ];
}

/** The body's size as it crosses the wire (no decoding), asked as a browser asks. */
function transferBytes(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING, ...headers } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The scripts at these URLs as served compressed (KB); each measured once per run (`sizes`). */
async function scriptsKb(baseUrl: string, urls: Set<string>, sizes: Map<string, number>): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    if (!sizes.has(url)) sizes.set(url, await transferBytes(`${baseUrl}${url}`));
    bytes += sizes.get(url)!;
  }
  return bytes / 1024;
}

type Module = { module: string; imports?: string[] };
type Manifest = { entry: Module; routes: Record<string, Module> };
const manifests = new Map<string, Promise<Manifest>>();

/** The build's manifest that a page names (fetched once per build). */
function manifestOf(baseUrl: string, html: string): Promise<Manifest> {
  const url = html.match(/\/build\/manifest-[\w-]+\.js/)?.[0];
  if (!url) throw new Error("the page names no build manifest");
  if (!manifests.has(url)) {
    manifests.set(
      url,
      fetch(`${baseUrl}${url}`)
        .then((response) => response.text())
        .then((source) => JSON.parse(source.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest),
    );
  }
  return manifests.get(url)!;
}

/** The client entry and these routes' modules, with every chunk they import (URLs). */
function modulesOf(manifest: Manifest, routeIds: string[]): Set<string> {
  const modules = [manifest.entry, ...routeIds.map((id) => manifest.routes[id])];
  return new Set(modules.flatMap((m) => [m.module, ...(m.imports ?? [])]));
}

/**
 * A page's HTML as sent gzipped (KB) and the JavaScript a first visit downloads for it: the entry
 * and the modules of the routes it renders (the ids in its `window.__remixRouteModules`), with
 * their chunks as the build's manifest lists them, compressed as served (KB). Read from the
 * manifest rather than the page's links: the page writes most of its preloads from a script.
 * Scripts are measured once per run (`sizes` caches them by URL).
 */
async function pageWeight(baseUrl: string, target: Target, sizes: Map<string, number>) {
  const html = await (await fetch(`${baseUrl}${target.path}`, { headers: target.headers })).text();
  const gzBytes = await transferBytes(`${baseUrl}${target.path}`, { ...target.headers, "Accept-Encoding": "gzip" });
  const routes = html.match(/window\.__remixRouteModules = (\{[^}]*\})/)?.[1];
  const routeIds = routes ? [...routes.matchAll(/"([^"]+)":/g)].map((m) => m[1]) : [];
  const urls = routeIds.length ? modulesOf(await manifestOf(baseUrl, html), routeIds) : new Set<string>();
  return { gzKb: gzBytes / 1024, jsKb: await scriptsKb(baseUrl, urls, sizes) };
}

/**
 * The JavaScript every signed-in page loads on a first visit, whatever the screen: the client
 * entry, the root route and the signed-in layout (routes/_app) with the chunks they import, as
 * the build's manifest lists them, compressed as served (KB).
 */
async function shellJsKb(baseUrl: string, cookie: string, sizes: Map<string, number>): Promise<number> {
  const html = await (await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie } })).text();
  return scriptsKb(baseUrl, modulesOf(await manifestOf(baseUrl, html), ["root", "routes/_app"]), sizes);
}

const fixed = (value: number | undefined, digits = 1) => (value === undefined ? "" : value.toFixed(digits));

function formatReport(results: Measured[]): string {
  const rows = [
    ["target", "req/s", "p50 ms", "p95 ms", "p99 ms", "budget", "HTML KB gz", "JS KB gz", "CPU ms/req", "non-2xx"],
    ...results.map((r) => [
      `${r.name} (${r.path})`,
      r.rps.toFixed(1),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.budget === null ? "" : `< ${r.budget}`,
      r.gzKb === undefined ? "" : `${r.gzKb.toFixed(1)} / ${r.maxGzKb}`,
      fixed(r.jsKb),
      r.serverCpuMs === undefined
        ? ""
        : `${fixed(r.serverCpuMs)}${r.postgresCpuMs === undefined ? "" : ` + ${fixed(r.postgresCpuMs)} db`}`,
      String(r.non2xx + r.errors),
    ]),
  ];
  return alignColumns(rows);
}

/** CPU ms a request of the server and of Postgres between two snapshots. */
function cpuPerRequest(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  requests: number,
) {
  const per = (a?: number, b?: number) =>
    a === undefined || b === undefined || requests === 0 ? undefined : (b - a) / requests;
  return { serverCpuMs: per(before.server, after.server), postgresCpuMs: per(before.postgres, after.postgres) };
}

interface SampleIds {
  facilityId: string;
  assigneeId: string;
  clientId: string;
  placementId: string;
  taskId: string;
  resourceId: string;
}

/**
 * Ids the filters by reference and the detail pages need: the newest placement and its facility,
 * the first task and its assignee, the most recently updated memory-care client (for its matches
 * and its page; the large seed gives it about 500 timeline entries) and the newest document.
 */
async function sampleIds(url: string, token: string): Promise<SampleIds> {
  const headers = { Authorization: `Bearer ${token}` };
  const first = async <T>(path: string, key: string): Promise<T> => {
    const body = (await (await fetch(`${url}${path}`, { headers })).json()) as { data?: Record<string, T[]> };
    const row = body.data?.[key]?.[0];
    if (!row) throw new Error(`${path} answered no ${key}: load the large data set first`);
    return row;
  };
  const placement = await first<{ _id: string; facilityId: { _id: string } }>("/api/placements?limit=1", "placements");
  const task = await first<{ _id: string; assignedTo: { _id: string } }>("/api/tasks?limit=1", "tasks");
  const client = await first<{ _id: string }>("/api/clients?careLevel=memory&limit=1", "clients");
  const resource = await first<{ _id: string }>("/api/resources?limit=1", "resources");
  // Issue 35 measures the client's page with a long history: the large seed gives this client
  // about 500 timeline entries (db/seed/large-busy.ts).
  const timeline = (await (await fetch(`${url}/api/clients/${client._id}/timeline?limit=1`, { headers })).json()) as {
    data?: { pagination?: { total?: number } };
  };
  const entries = timeline.data?.pagination?.total ?? 0;
  if (entries < 400)
    throw new Error(`the sample client has ${entries} timeline entries, not about 500: load the large data set again`);
  return {
    facilityId: placement.facilityId._id,
    placementId: placement._id,
    assigneeId: task.assignedTo._id,
    taskId: task._id,
    clientId: client._id,
    resourceId: resource._id,
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const server: { url: string; pid?: number; stop: () => void } = options.url
    ? { url: options.url, stop: () => {} }
    : await startServer();
  try {
    const cookie = await browserCookie(server.url, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const token = await apiToken(server.url, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const chosen = targets(cookie, token, await sampleIds(server.url, token)).filter(
      (t) => !options.only || options.only.includes(t.name),
    );
    if (chosen.length === 0) throw new Error(`--only matched no target`);

    console.log(`${server.url}: ${options.connections} connections, ${options.seconds} s per target\n`);
    // A warm-up over every target first, so that neither the JIT's first compiles nor cold
    // caches are measured (a server in use has long passed them).
    for (const target of chosen) await loadTarget(server.url, target, { connections: options.connections, seconds: 2 });
    const results: Measured[] = [];
    const scripts = new Map<string, number>();
    for (const target of chosen) {
      const before = cpuSnapshot(server.pid);
      const result = await loadTarget(server.url, target, options);
      const cpu = cpuPerRequest(before, cpuSnapshot(server.pid), result.requests);
      const page = target.path.startsWith("/api/") ? undefined : await pageWeight(server.url, target, scripts);
      const maxGzKb = page ? maxGzKbOf(target.kind) : undefined;
      results.push({ ...result, kind: target.kind, budget: budgetOf(target.kind), maxGzKb, ...page, ...cpu });
      const size = page ? `, ${page.gzKb.toFixed(1)} KB of HTML gzipped, ${page.jsKb.toFixed(1)} KB of JS` : "";
      const cost = cpu.serverCpuMs === undefined ? "" : `, ${cpu.serverCpuMs.toFixed(1)} ms of server CPU a request`;
      console.log(`  ${target.name}: p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s${size}${cost}`);
    }
    console.log(`\n${formatReport(results)}\n`);
    if (server.pid === undefined) console.log("(a server given by --url: its CPU a request is not measured)");

    const over = results.filter((r) => r.budget !== null && !(r.p95 < r.budget));
    const heavy = results.filter((r) => r.maxGzKb !== undefined && !(r.gzKb! <= r.maxGzKb));
    const shellKb = await shellJsKb(server.url, cookie, scripts);
    console.log(
      `The signed-in shell's JavaScript (entry, root, layout): ${shellKb.toFixed(1)} KB gz, at most ${SHELL_MAX_JS_KB}`,
    );
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed) console.log(`✖ ${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    for (const r of over) console.log(`✖ ${r.name}: p95 ${r.p95.toFixed(1)} ms is over the ${r.budget} ms budget`);
    for (const r of heavy) console.log(`✖ ${r.name}: ${r.gzKb!.toFixed(1)} KB of gzipped HTML is over ${r.maxGzKb} KB`);
    const scripted = shellKb > SHELL_MAX_JS_KB ? [shellKb] : [];
    if (scripted.length) console.log(`✖ the signed-in shell: ${shellKb.toFixed(1)} KB of JavaScript (gz)`);
    const failures = [failed, over, heavy, scripted].reduce((n, list) => n + list.length, 0);
    if (failures === 0) {
      const p95 = Object.entries(P95_MS)
        .map(([kind, ms]) => `${kind} ${ms}`)
        .join(", ");
      console.log(
        `✔ every target under its p95 budget (ms: ${p95}), every page's HTML at most ${PAGE_MAX_GZ_KB} KB gzipped ` +
          `(the board ${BOARD_MAX_GZ_KB} KB), and the shell's JavaScript at most ${SHELL_MAX_JS_KB} KB`,
      );
    }

    const dir = path.join(ROOT, "tests/bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...options, results }, null, 2));
    console.log(`results: ${path.relative(ROOT, file)}`);
    process.exitCode = failures > 0 ? 1 : 0;
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
