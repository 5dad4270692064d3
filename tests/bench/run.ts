// `npm run bench`: load test of the screens and API reads that have a latency budget.
//
//   npm run bench                               start the production build on DATABASE_URL, load it
//   npm run bench -- --url http://host:3000     load a server that is already running
//   npm run bench -- --connections 8 --seconds 15 --only dashboard,clients
//
// Load it with the large data set first (`npm run db:seed -- --size large`): the budgets are
// for that size. Results are printed as a table and kept in tests/bench/results/<time>.json.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_LOGIN } from "../../db/seed/common";
import { apiToken, browserCookie, formatTable, loadTarget, type Target, type TargetResult } from "./load";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** p95 budget in ms, at the default 8 connections, on the large data set. */
const BUDGET_MS = 100;

/** The swim-lane board's budgets (issue: the heaviest page): p95 and the HTML's uncompressed size. */
const BOARD_BUDGET_MS = 150;
const BOARD_MAX_KB = 150;

/** A target's p95 budget in ms (true: BUDGET_MS), or none; and the most its HTML may weigh. */
type Budgeted = Target & { budget: boolean | number; maxKb?: number };

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
function targets(
  cookie: string,
  token: string,
  sample: { facilityId: string; assigneeId: string; clientId: string },
): Budgeted[] {
  const screen = (name: string, p: string, budget: boolean | number = true) => ({
    name,
    path: p,
    headers: { Cookie: cookie },
    budget,
  });
  const board = (name: string, p: string) => ({ ...screen(name, p, BOARD_BUDGET_MS), maxKb: BOARD_MAX_KB });
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
    screen("clients", "/clients"),
    screen("clients-search", "/clients?search=william"),
    screen("clients-search-phone", "/clients?search=555-2"),
    screen("clients-status-sort", "/clients?status=placed&sort=lastName"),
    screen("clients-care-page", "/clients?careLevel=memory&sort=-createdAt&page=40"),
    screen("clients-all-filters", "/clients?search=ann&status=active-client&careLevel=assisted&sort=firstName"),
    screen("clients-deep-page", "/clients?sort=firstName&page=2000"),
    api("api-clients", "/api/clients?status=target&sort=-updatedAt&limit=50"),
    screen("facilities", "/facilities"),
    screen("facilities-search", "/facilities?search=maple"),
    screen("facilities-type-beds", "/facilities?type=memory-care&availability=available&sort=-capacity.available"),
    screen("facilities-price", "/facilities?minPrice=4000&maxPrice=6000&sort=minCost"),
    screen("facilities-rating-page", "/facilities?sort=-rating&page=500"),
    api("api-facilities", "/api/facilities?availability=waitlist&sort=name&limit=50"),
    screen("placements", "/placements"),
    screen("placements-status-priority", "/placements?status=confirmed&priority=high"),
    screen("placements-search", "/placements?search=mar"),
    screen("placements-search-status", "/placements?search=grove&status=in-progress"),
    screen("placements-facility", `/placements?facilityId=${sample.facilityId}`),
    screen("placements-deep-page", "/placements?status=completed&page=1000"),
    api("api-placements", "/api/placements?priority=urgent&limit=50"),
    screen("tasks", "/tasks"),
    screen("tasks-search", "/tasks?search=mar"),
    screen("tasks-status-priority", "/tasks?status=active-client&priority=high"),
    screen("tasks-assignee-priority", `/tasks?assignedTo=${sample.assigneeId}&sort=-priority`),
    screen("tasks-type-page", "/tasks?type=assessment&page=100"),
    screen("tasks-title-page", "/tasks?sort=title&page=200&view=grid"),
    api("api-tasks", "/api/tasks?status=completed&sortBy=dueDate&sortOrder=desc&limit=50"),
    api("api-tasks-search", "/api/tasks?search=mar&sort=-priority"),
    api("api-client-matches", `/api/clients/${sample.clientId}/matches?limit=10`),
    board("swim-lanes", "/swim-lanes"),
    board("swim-lanes-priority-progress", "/swim-lanes?priority=urgent&progress=high"),
    board("swim-lanes-assignee", `/swim-lanes?assignedTo=${sample.assigneeId}`),
    board("swim-lanes-search", "/swim-lanes?search=mar"),
    board("swim-lanes-analytics", "/swim-lanes?view=analytics&priority=high"),
    api("api-swim-lanes-more", "/api/tasks/swim-lanes?stage=placed&offset=10&limit=10"),
    screen("search", "/search?q=mar"),
    screen("search-name", "/search?q=maple"),
  ];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer /healthz within two minutes");
}

/** Builds when needed and serves the production build on DATABASE_URL. */
async function startServer(): Promise<{ url: string; stop: () => void }> {
  if (!process.env.DATABASE_URL) {
    console.error(
      "Set DATABASE_URL to a Postgres loaded with the large data set (npm run db:seed -- --size large),\n" +
        "or pass --url of a running server.",
    );
    process.exit(2);
  }
  console.log("Building the production bundle…");
  execSync("npx remix build", { cwd: ROOT, stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // One process (no npx or tsx wrapper in between), so stopping it stops the server.
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      SEED_DEMO: "",
      SESSION_SECRET: process.env.SESSION_SECRET || crypto.randomBytes(32).toString("hex"),
    },
  });
  await waitForHealth(url, child);
  return { url, stop: () => child.kill("SIGTERM") };
}

/**
 * Ids the filters by reference need: the facility of the newest placement, the assignee of the
 * first task, and the most recently updated memory-care client (for its matches).
 */
async function sampleIds(
  url: string,
  token: string,
): Promise<{ facilityId: string; assigneeId: string; clientId: string }> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(`${url}/api/placements?limit=1`, { headers });
  const body = (await response.json()) as { data?: { placements?: { facilityId: { _id: string } }[] } };
  const facilityId = body.data?.placements?.[0]?.facilityId._id;
  if (!facilityId) throw new Error("no placement to take a facility from: load the large data set first");
  const tasks = (await (await fetch(`${url}/api/tasks?limit=1`, { headers })).json()) as {
    data?: { tasks?: { assignedTo: { _id: string } }[] };
  };
  const assigneeId = tasks.data?.tasks?.[0]?.assignedTo._id;
  if (!assigneeId) throw new Error("no task to take an assignee from: load the large data set first");
  const clients = (await (await fetch(`${url}/api/clients?careLevel=memory&limit=1`, { headers })).json()) as {
    data?: { clients?: { _id: string }[] };
  };
  const clientId = clients.data?.clients?.[0]?._id;
  if (!clientId) throw new Error("no memory-care client: load the large data set first");
  return { facilityId, assigneeId, clientId };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const server = options.url ? { url: options.url, stop: () => {} } : await startServer();
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
    const results: (TargetResult & { budget: number | null; kb?: number; maxKb?: number })[] = [];
    for (const target of chosen) {
      const result = await loadTarget(server.url, target, options);
      // The page's HTML as the server writes it (uncompressed), where it has a size budget.
      const kb = target.maxKb
        ? (await (await fetch(`${server.url}${target.path}`, { headers: target.headers })).arrayBuffer()).byteLength /
          1024
        : undefined;
      results.push({ ...result, budget: budgetOf(target.budget), kb, maxKb: target.maxKb });
      const size = kb === undefined ? "" : `, ${kb.toFixed(1)} KB of HTML`;
      console.log(`  ${target.name}: p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s${size}`);
    }
    console.log(`\n${formatTable(results)}\n`);

    const over = results.filter((r) => r.budget !== null && !(r.p95 < r.budget));
    const heavy = results.filter((r) => r.maxKb !== undefined && !(r.kb! < r.maxKb));
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
    for (const r of failed) console.log(`✖ ${r.name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    for (const r of over) console.log(`✖ ${r.name}: p95 ${r.p95.toFixed(1)} ms is over the ${r.budget} ms budget`);
    for (const r of heavy) console.log(`✖ ${r.name}: ${r.kb!.toFixed(1)} KB of HTML is over ${r.maxKb} KB`);
    if (over.length === 0 && failed.length === 0 && heavy.length === 0) {
      console.log(`✔ every budgeted target under its p95 budget (${BUDGET_MS} ms; the board ${BOARD_BUDGET_MS} ms)`);
    }

    const dir = path.join(ROOT, "tests/bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...options, results }, null, 2));
    console.log(`results: ${path.relative(ROOT, file)}`);
    process.exitCode = over.length > 0 || failed.length > 0 || heavy.length > 0 ? 1 : 0;
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
