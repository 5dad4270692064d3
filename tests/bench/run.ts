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

/** p95 budget in ms, at the default 8 connections, on the large data set. */
const BUDGET_MS = 100;

/** The swim-lane board's budgets (issue: the heaviest page): p95 and the HTML's uncompressed size. */
const BOARD_BUDGET_MS = 150;
const BOARD_MAX_KB = 150;

/** A target's p95 budget in ms (true: BUDGET_MS), or none; and the most its HTML may weigh. */
type Budgeted = Target & { budget: boolean | number; maxKb?: number };

/** A list page's HTML (uncompressed) at most, and the signed-in shell's JavaScript (compressed). */
const LIST_MAX_KB = 30;
const SHELL_MAX_JS_KB = 110;

/** Each budgeted target's throughput must be at least this share of /login's in the same run. */
const MIN_LOGIN_SHARE = 0.5;

type Measured = TargetResult & {
  budget: number | null;
  maxKb?: number;
  /** The page's HTML, uncompressed, and the scripts it loads as served compressed (KB). */
  kb?: number;
  jsKb?: number;
  /** req/s over /login's. */
  ratio?: number;
};

const budgetOf = (budget: boolean | number) => (budget === true ? BUDGET_MS : budget === false ? null : budget);

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
  const screen = (name: string, p: string, budget: boolean | number = true) => ({
    name,
    path: p,
    headers: { Cookie: cookie },
    budget,
  });
  const board = (name: string, p: string) => ({ ...screen(name, p, BOARD_BUDGET_MS), maxKb: BOARD_MAX_KB });
  const list = (name: string, p: string) => ({ ...screen(name, p), maxKb: LIST_MAX_KB });
  const api = (name: string, p: string, budget: boolean | number = true) => ({
    name,
    path: p,
    headers: { Authorization: `Bearer ${token}` },
    budget,
  });
  return [
    { name: "login", path: "/login", budget: false },
    screen("dashboard", "/dashboard"),
    api("api-clients-dashboard", "/api/clients/dashboard"),
    list("clients", "/clients"),
    screen("clients-search", "/clients?search=william"),
    screen("clients-search-phone", "/clients?search=555-2"),
    screen("clients-status-sort", "/clients?status=placed&sort=lastName"),
    screen("clients-care-page", "/clients?careLevel=memory&sort=-createdAt&page=40"),
    screen("clients-all-filters", "/clients?search=ann&status=active-client&careLevel=assisted&sort=firstName"),
    screen("clients-deep-page", "/clients?sort=firstName&page=2000"),
    screen("client-detail", `/clients/${sample.clientId}`),
    screen("client-new", "/clients/new"),
    api("api-clients", "/api/clients?status=target&sort=-updatedAt&limit=50"),
    list("facilities", "/facilities"),
    screen("facilities-search", "/facilities?search=maple"),
    screen("facilities-type-beds", "/facilities?type=memory-care&availability=available&sort=-capacity.available"),
    screen("facilities-price", "/facilities?minPrice=4000&maxPrice=6000&sort=minCost"),
    screen("facilities-rating-page", "/facilities?sort=-rating&page=500"),
    screen("facility-detail", `/facilities/${sample.facilityId}`),
    api("api-facilities", "/api/facilities?availability=waitlist&sort=name&limit=50"),
    list("placements", "/placements"),
    screen("placements-status-priority", "/placements?status=confirmed&priority=high"),
    screen("placements-search", "/placements?search=mar"),
    screen("placements-search-status", "/placements?search=grove&status=in-progress"),
    screen("placements-facility", `/placements?facilityId=${sample.facilityId}`),
    screen("placements-deep-page", "/placements?status=completed&page=1000"),
    api("api-placements", "/api/placements?priority=urgent&limit=50"),
    screen("placement-detail", `/placements/${sample.placementId}`),
    list("tasks", "/tasks"),
    screen("tasks-search", "/tasks?search=mar"),
    screen("tasks-status-priority", "/tasks?status=active-client&priority=high"),
    screen("tasks-assignee-priority", `/tasks?assignedTo=${sample.assigneeId}&sort=-priority`),
    screen("tasks-type-page", "/tasks?type=assessment&page=100"),
    screen("tasks-title-page", "/tasks?sort=title&page=200&view=grid"),
    screen("task-detail", `/tasks/${sample.taskId}`),
    api("api-tasks", "/api/tasks?status=completed&sortBy=dueDate&sortOrder=desc&limit=50"),
    api("api-tasks-search", "/api/tasks?search=mar&sort=-priority"),
    api("api-client-matches", `/api/clients/${sample.clientId}/matches?limit=10`),
    board("swim-lanes", "/swim-lanes"),
    board("swim-lanes-priority-progress", "/swim-lanes?priority=urgent&progress=high"),
    board("swim-lanes-assignee", `/swim-lanes?assignedTo=${sample.assigneeId}`),
    board("swim-lanes-search", "/swim-lanes?search=mar"),
    board("swim-lanes-analytics", "/swim-lanes?view=analytics&priority=high"),
    api("api-swim-lanes-more", "/api/tasks/swim-lanes?stage=placed&offset=10&limit=10"),
    list("resources", "/resources"),
    screen("resources-search", "/resources?search=care"),
    screen("resources-category-page", "/resources?category=Medical+Records&type=pdf&page=20"),
    screen("resource-detail", `/resources/${sample.resourceId}`),
    screen("search", "/search?q=mar"),
    screen("search-name", "/search?q=maple"),
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
 * A page's HTML (KB, uncompressed) and the JavaScript a first visit downloads for it: the entry
 * and the modules of the routes it renders (the ids in its `window.__remixRouteModules`), with
 * their chunks as the build's manifest lists them, compressed as served (KB). Read from the
 * manifest rather than the page's links: the page writes most of its preloads from a script.
 * Scripts are measured once per run (`sizes` caches them by URL).
 */
async function pageWeight(baseUrl: string, target: Target, sizes: Map<string, number>) {
  const html = await (await fetch(`${baseUrl}${target.path}`, { headers: target.headers })).text();
  const routes = html.match(/window\.__remixRouteModules = (\{[^}]*\})/)?.[1];
  const routeIds = routes ? [...routes.matchAll(/"([^"]+)":/g)].map((m) => m[1]) : [];
  const urls = routeIds.length ? modulesOf(await manifestOf(baseUrl, html), routeIds) : new Set<string>();
  return { kb: Buffer.byteLength(html) / 1024, jsKb: await scriptsKb(baseUrl, urls, sizes) };
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

function formatReport(results: Measured[]): string {
  const rows = [
    ["target", "req/s", "× login", "p50 ms", "p95 ms", "p99 ms", "budget", "HTML KB", "JS KB gz", "non-2xx"],
    ...results.map((r) => [
      `${r.name} (${r.path})`,
      r.rps.toFixed(1),
      r.ratio === undefined ? "" : r.ratio.toFixed(2),
      r.p50.toFixed(1),
      r.p95.toFixed(1),
      r.p99.toFixed(1),
      r.budget === null ? "" : `< ${r.budget}`,
      r.kb === undefined ? "" : `${r.kb.toFixed(1)}${r.maxKb ? ` / ${r.maxKb}` : ""}`,
      r.jsKb === undefined ? "" : r.jsKb.toFixed(1),
      String(r.non2xx + r.errors),
    ]),
  ];
  return alignColumns(rows);
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
 * and its page) and the newest document.
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
  const server = options.url ? { url: options.url, stop: () => {} } : await startServer();
  try {
    const cookie = await browserCookie(server.url, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const token = await apiToken(server.url, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const chosen = targets(cookie, token, await sampleIds(server.url, token)).filter(
      // /login is always measured: it is the yardstick of every throughput ratio.
      (t) => !options.only || t.name === "login" || options.only.includes(t.name),
    );
    if (chosen.length === 0) throw new Error(`--only matched no target`);

    console.log(`${server.url}: ${options.connections} connections, ${options.seconds} s per target\n`);
    // A warm-up over every target first, so that neither the JIT's first compiles nor cold
    // caches are measured (a server in use has long passed them).
    for (const target of chosen) await loadTarget(server.url, target, { connections: options.connections, seconds: 2 });
    const results: Measured[] = [];
    const scripts = new Map<string, number>();
    for (const target of chosen) {
      const result = await loadTarget(server.url, target, options);
      const page = target.path.startsWith("/api/") ? undefined : await pageWeight(server.url, target, scripts);
      results.push({ ...result, budget: budgetOf(target.budget), maxKb: target.maxKb, ...page });
      const size = page ? `, ${page.kb.toFixed(1)} KB of HTML, ${page.jsKb.toFixed(1)} KB of JS (gz)` : "";
      console.log(`  ${target.name}: p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s${size}`);
    }
    // The yardstick: /login's throughput in this same run (the machine's noise moves both alike).
    const login = results.find((r) => r.name === "login")?.rps;
    for (const r of results) r.ratio = login ? r.rps / login : undefined;
    console.log(`\n${formatReport(results)}\n`);

    const over = results.filter((r) => r.budget !== null && !(r.p95 < r.budget));
    const slow = results.filter((r) => r.budget !== null && r.ratio !== undefined && !(r.ratio >= MIN_LOGIN_SHARE));
    const heavy = results.filter((r) => r.maxKb !== undefined && !(r.kb! <= r.maxKb));
    const shellKb = await shellJsKb(server.url, cookie, scripts);
    console.log(
      `The signed-in shell's JavaScript (entry, root, layout): ${shellKb.toFixed(1)} KB gz, at most ${SHELL_MAX_JS_KB}`,
    );
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed) console.log(`✖ ${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    for (const r of over) console.log(`✖ ${r.name}: p95 ${r.p95.toFixed(1)} ms is over the ${r.budget} ms budget`);
    for (const r of slow) {
      console.log(`✖ ${r.name}: ${r.ratio!.toFixed(2)} of /login's req/s, under the ${MIN_LOGIN_SHARE} asked`);
    }
    for (const r of heavy) console.log(`✖ ${r.name}: ${r.kb!.toFixed(1)} KB of HTML is over ${r.maxKb} KB`);
    const scripted = shellKb > SHELL_MAX_JS_KB ? [shellKb] : [];
    if (scripted.length) console.log(`✖ the signed-in shell: ${shellKb.toFixed(1)} KB of JavaScript (gz)`);
    if (login === undefined) console.log("(no login target in this run: the throughput ratios are not checked)");
    const failures = [failed, over, slow, heavy, scripted].reduce((n, list) => n + list.length, 0);
    if (failures === 0) {
      console.log(
        `✔ every budgeted target under its p95 budget (${BUDGET_MS} ms; the board ${BOARD_BUDGET_MS} ms), ` +
          `at ${MIN_LOGIN_SHARE} or more of /login's throughput, and within its HTML and JavaScript sizes`,
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
