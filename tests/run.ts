// `npm test`: the whole suite on a fresh machine, saying what it does.
//
//   npm test                                   unit + integration (vitest) with the faults (vitest) beside them, then e2e (Playwright)
//   npm test -- --only unit                    one layer (unit | integration | faults | e2e, or a list: unit,e2e)
//   npm test -- --only integration -t "dashboard"   extra arguments go to that layer's runner
//   npm test -- --only e2e --project=no-js smoke   (Playwright: write --project=NAME)
//   npm test -- tests/integration/health.test.ts    test files select their own layer
//
// What it provides:
//  - Postgres: a throwaway cluster (initdb + pg_ctl from the installed server binaries) in a
//    temporary directory on a free port, stopped and deleted at the end, also on failure or
//    Ctrl-C. With TEST_DATABASE_URL set it uses that server instead (see externalDatabases()).
//    Databases: placement_test (migrated; integration tests empty it between tests) and
//    placement_e2e (migrated and seeded with the demo data for the browser tests). The fault suite
//    gets a cluster of its own (placement_faults), since it cuts and ends its connections.
//  - The production build (`remix build`), made once for the fault suite and the browser tests.
//  - Chromium: the system one at /usr/bin/chromium (Debian package `chromium`).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrateToLatest } from "../db/migrate";
import { openDatabase } from "../app/utils/db.server";
import { e2eBrowser } from "./support/e2e-env";
import { freePort } from "./support/server-process";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);

type Layer = "unit" | "integration" | "faults" | "e2e";
const LAYERS: Layer[] = ["unit", "integration", "faults", "e2e"];
const VITEST_LAYERS: Layer[] = ["unit", "integration", "faults"];

// ───────────────────────────── output ─────────────────────────────

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const header = (text: string) => console.log(`\n${paint("1;36", `▶ ${text}`)}`);
const info = (text: string) => console.log(`  ${text}`);
const fail = (text: string) => console.error(paint("31", `✖ ${text}`));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

// ───────────────────────────── arguments ─────────────────────────────

function usage(): string {
  return [
    "usage: npm test -- [--only unit|integration|faults|e2e[,…]] [runner arguments…]",
    "  --only LAYERS   run only these layers (comma separated)",
    "  test files      tests/unit/… app/… go to vitest (unit), tests/integration/… to vitest",
    "                  (integration), tests/faults/… to vitest (faults), tests/e2e/… and *.spec.ts to Playwright",
    "  other words     filters, passed to the runner of the selected layer; options (-x, --foo)",
    "                  need --only with runners of one kind (vitest layers, or e2e)",
    "env: TEST_DATABASE_URL  use this Postgres instead of a throwaway cluster",
  ].join("\n");
}

function layerOfArg(arg: string): Layer[] {
  const p = arg.replace(/^\.\//, "");
  if (p.startsWith("tests/e2e") || /\.spec\.tsx?$/.test(p)) return ["e2e"];
  if (p.startsWith("tests/integration")) return ["integration"];
  if (p.startsWith("tests/faults")) return ["faults"];
  if (p.startsWith("tests/unit") || p.startsWith("app/")) return ["unit"];
  return [];
}

interface Plan {
  layers: Set<Layer>;
  /** Arguments of the vitest runs: files of unit and integration, or of faults, and every filter. */
  vitestArgs: { main: string[]; faults: string[] };
  playwrightArgs: string[];
}

function parseArgs(argv: string[]): Plan {
  let only: Layer[] | undefined;
  const extra: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      console.log(usage());
      process.exit(0);
    }
    if (arg === "--only" || arg.startsWith("--only=")) {
      const value = arg === "--only" ? argv[++i] : arg.slice("--only=".length);
      const names = (value ?? "").split(",").filter(Boolean);
      const bad = names.filter((name) => !LAYERS.includes(name as Layer));
      if (names.length === 0 || bad.length > 0) {
        fail(`--only takes ${LAYERS.join(", ")} (got ${JSON.stringify(value ?? "")})`);
        console.error(usage());
        process.exit(2);
      }
      only = [...(only ?? []), ...(names as Layer[])];
      continue;
    }
    extra.push(arg);
  }

  const layers = new Set<Layer>(only ?? []);
  if (!only) {
    // Test files choose their layers; with none given, everything runs.
    for (const arg of extra) for (const layer of layerOfArg(arg)) layers.add(layer);
    if (layers.size === 0) LAYERS.forEach((layer) => layers.add(layer));
  }
  const wantsVitest = VITEST_LAYERS.some((layer) => layers.has(layer));
  const options = extra.filter((arg) => arg.startsWith("-"));
  if (options.length > 0 && wantsVitest && layers.has("e2e")) {
    fail(`runner options (${options.join(" ")}) need --only with vitest layers or with e2e, not both`);
    console.error(usage());
    process.exit(2);
  }
  // Files go to their runner; filters and options to every selected runner.
  const vitestArgs = { main: [] as string[], faults: [] as string[] };
  const playwrightArgs: string[] = [];
  for (const arg of extra) {
    const own = layerOfArg(arg);
    if (own.length === 0 || own.some((layer) => layer === "unit" || layer === "integration")) vitestArgs.main.push(arg);
    if (own.length === 0 || own.includes("faults")) vitestArgs.faults.push(arg);
    if (own.length === 0 || own.includes("e2e")) playwrightArgs.push(arg);
  }
  // A filter word given to several runners may match in one of them only.
  const runners = [layers.has("unit") || layers.has("integration"), layers.has("faults"), layers.has("e2e")];
  if (runners.filter(Boolean).length > 1 && extra.some((arg) => layerOfArg(arg).length === 0)) {
    vitestArgs.main.push("--passWithNoTests");
    vitestArgs.faults.push("--passWithNoTests");
    playwrightArgs.push("--pass-with-no-tests");
  }
  return { layers, vitestArgs, playwrightArgs: layers.has("e2e") ? playwrightArgs : [] };
}

// ───────────────────────────── cleanup ─────────────────────────────

const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;
const children = new Set<ChildProcess>();
let interrupted = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const task of cleanups.reverse()) {
      try {
        await task();
      } catch (error) {
        fail(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping and cleaning up…`);
    for (const child of children) if (child.exitCode === null) child.kill(signal);
    void cleanup().finally(() => process.exit(130));
  });
}

// ───────────────────────────── processes ─────────────────────────────

/** Runs a command quietly; its output is shown only when it fails. */
function runQuiet(command: string, args: string[], options: { cwd?: string } = {}): string {
  try {
    return execFileSync(command, args, { cwd: options.cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`.trim());
  }
}

/**
 * Runs a test runner; resolves with its exit code. Its output is shown as it comes, or, with
 * `log`, written to that file (for a runner that runs beside another: shown once it is done).
 */
function runLoud(command: string, args: string[], env: NodeJS.ProcessEnv, log?: string): Promise<number> {
  if (interrupted) return Promise.resolve(130);
  return new Promise((resolve) => {
    info(paint("2", `$ ${[path.relative(ROOT, command) || command, ...args].join(" ")}`));
    const out = log ? fs.openSync(log, "w") : "inherit";
    const child = spawn(command, args, { stdio: ["ignore", out, out], env });
    if (typeof out === "number") fs.closeSync(out);
    children.add(child);
    child.on("error", (error) => {
      fail(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** The project's own copy of a runner (what npx would find, without npm's start-up). */
function bin(name: string): string {
  const local = path.join(ROOT, "node_modules", ".bin", name);
  return fs.existsSync(local) ? local : name;
}

// ───────────────────────────── Postgres ─────────────────────────────

function hasServerBinaries(dir: string): boolean {
  return ["initdb", "pg_ctl", "postgres"].every((bin) => fs.existsSync(path.join(dir, bin)));
}

/** pg_config --bindir, else the highest /usr/lib/postgresql/N/bin, else initdb on PATH. */
function findPostgresBinaries(): string | undefined {
  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (dir && hasServerBinaries(dir)) return dir;
  } catch {
    // no pg_config
  }
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((name) => /^\d+(\.\d+)?$/.test(name) && hasServerBinaries(path.join(base, name, "bin")))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    if (versions.length > 0) return path.join(base, versions[0], "bin");
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const initdb = path.join(dir, "initdb");
    if (dir && fs.existsSync(initdb)) {
      const real = path.dirname(fs.realpathSync(initdb));
      if (hasServerBinaries(real)) return real;
    }
  }
  return undefined;
}

interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/ — append a database name. */
  baseUrl: string;
  describe: string;
}

async function startCluster(bindir: string): Promise<Cluster> {
  const isRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "placement-pg-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));

  // Postgres refuses to run as root: as root, the cluster belongs to the `postgres` user.
  let asUser: (bin: string, args: string[]) => [string, string[]];
  if (isRoot) {
    let uid: number;
    let gid: number;
    try {
      uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    } catch {
      throw new Error(
        "running as root, and Postgres refuses to run as root, but there is no `postgres` user to run it as: " +
          "install postgresql (apt-get install postgresql), run as another user, or set TEST_DATABASE_URL",
      );
    }
    fs.chownSync(dir, uid, gid);
    asUser = (bin, args) => ["runuser", ["-u", "postgres", "--", path.join(bindir, bin), ...args]];
  } else {
    asUser = (bin, args) => [path.join(bindir, bin), args];
  }
  const pgRun = (bin: string, args: string[]) => {
    const [command, fullArgs] = asUser(bin, args);
    return runQuiet(command, fullArgs, { cwd: dir });
  };

  const data = path.join(dir, "data");
  const version = runQuiet(path.join(bindir, "postgres"), ["--version"]).trim();
  pgRun("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);

  const log = path.join(dir, "postgres.log");
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const options = [
      `-p ${port}`,
      `-k '${dir}'`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    try {
      pgRun("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
      break;
    } catch (error) {
      // Someone may have taken the port between our look and the server's bind: try another.
      if (attempt >= 3) {
        const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-20).join("\n") : "";
        throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
      }
    }
  }
  cleanups.push(() => {
    try {
      pgRun("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch {
      // already stopped (Ctrl-C reaches the server too)
    }
  });
  return {
    baseUrl: `postgres://postgres@127.0.0.1:${port}/`,
    describe: `${version}, throwaway cluster in ${dir} on port ${port}${isRoot ? " (run as user postgres)" : ""}`,
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function createDatabase(serverUrl: string, name: string, options: { ifMissing: boolean }) {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, "postgres") });
  await client.connect();
  try {
    if (options.ifMissing) {
      const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount) return;
    }
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function migrate(url: string): Promise<void> {
  const handle = openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), max: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

/** Empties every table (for a database given to us that may hold a previous run's rows). */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely\\_migration%'`,
    );
    if (rows.length > 0) {
      // The audit trail refuses TRUNCATE but in a superuser's replication mode (its migration).
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      await client.query(`TRUNCATE ${rows.map((row) => row.name).join(", ")} RESTART IDENTITY CASCADE`);
      await client.query("COMMIT");
    }
  } finally {
    await client.end();
  }
}

/** The demo data set; its documents' files go where the e2e server will look for uploads. */
async function seedE2E(url: string, uploadDir: string): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, "db/seed.ts"))) {
    throw new Error("db/seed.ts is missing: the browser tests run on the demo data it creates");
  }
  const { seedDemo } = await import("../db/seed");
  const handle = openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), max: 1 });
  try {
    await seedDemo(handle.db, { uploadDir });
  } finally {
    await handle.close();
  }
}

interface Databases {
  testUrl?: string;
  e2eUrl?: string;
  faultsUrl?: string;
}

/**
 * With TEST_DATABASE_URL: integration tests use that database as given (it is emptied by the
 * tests: never point it at data you want to keep). The browser tests use E2E_DATABASE_URL when
 * set, else a database `placement_e2e` created next to it; either is emptied and re-seeded.
 */
async function externalDatabases(layers: Set<Layer>, e2eUploadDir: string): Promise<Databases> {
  const testUrl = process.env.TEST_DATABASE_URL as string;
  const result: Databases = {};
  if (layers.has("integration")) {
    header("Postgres: TEST_DATABASE_URL");
    const started = performance.now();
    await migrate(testUrl);
    info(`integration database ${redact(testUrl)} migrated (${seconds(performance.now() - started)})`);
    result.testUrl = testUrl;
  }
  if (layers.has("e2e")) {
    const started = performance.now();
    let e2eUrl = process.env.E2E_DATABASE_URL;
    if (!e2eUrl) {
      e2eUrl = withDatabase(testUrl, "placement_e2e");
      await createDatabase(testUrl, "placement_e2e", { ifMissing: true });
    }
    await migrate(e2eUrl);
    await emptyDatabase(e2eUrl);
    await seedE2E(e2eUrl, e2eUploadDir);
    info(`e2e database ${redact(e2eUrl)} migrated and seeded (${seconds(performance.now() - started)})`);
    result.e2eUrl = e2eUrl;
  }
  if (layers.has("faults")) {
    const started = performance.now();
    let faultsUrl = process.env.FAULTS_DATABASE_URL;
    if (!faultsUrl) {
      faultsUrl = withDatabase(testUrl, "placement_faults");
      await createDatabase(testUrl, "placement_faults", { ifMissing: true });
    }
    await migrate(faultsUrl);
    info(`fault suite database ${redact(faultsUrl)} migrated (${seconds(performance.now() - started)})`);
    result.faultsUrl = faultsUrl;
  }
  return result;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

async function localDatabases(layers: Set<Layer>, e2eUploadDir: string): Promise<Databases> {
  header("Postgres: throwaway cluster");
  const bindir = findPostgresBinaries();
  if (!bindir) {
    throw new Error(
      "no Postgres server binaries found (pg_config --bindir, /usr/lib/postgresql/*/bin, initdb on PATH): " +
        "install postgresql (apt-get install postgresql) or set TEST_DATABASE_URL",
    );
  }
  let started = performance.now();
  const result: Databases = {};
  const needsShared = layers.has("integration") || layers.has("e2e");
  const cluster = needsShared ? await startCluster(bindir) : undefined;
  if (cluster) info(`${cluster.describe} (${seconds(performance.now() - started)})`);

  if (cluster && layers.has("integration")) {
    started = performance.now();
    await createDatabase(cluster.baseUrl, "placement_test", { ifMissing: false });
    result.testUrl = withDatabase(cluster.baseUrl, "placement_test");
    await migrate(result.testUrl);
    info(`placement_test created and migrated (${seconds(performance.now() - started)})`);
  }
  if (cluster && layers.has("e2e")) {
    started = performance.now();
    await createDatabase(cluster.baseUrl, "placement_e2e", { ifMissing: false });
    result.e2eUrl = withDatabase(cluster.baseUrl, "placement_e2e");
    await migrate(result.e2eUrl);
    await seedE2E(result.e2eUrl, e2eUploadDir);
    info(`placement_e2e created, migrated and seeded with the demo data (${seconds(performance.now() - started)})`);
  }
  if (layers.has("faults")) {
    // A cluster of its own: the fault suite ends the app's connections and cuts its network.
    started = performance.now();
    const own = await startCluster(bindir);
    await createDatabase(own.baseUrl, "placement_faults", { ifMissing: false });
    result.faultsUrl = withDatabase(own.baseUrl, "placement_faults");
    await migrate(result.faultsUrl);
    info(`fault suite: ${own.describe}, placement_faults migrated (${seconds(performance.now() - started)})`);
  }
  return result;
}

// ───────────────────────────── main ─────────────────────────────

const FAULTS_TITLE = "faults (vitest: the real server, its database cut and its uploads broken off)";

/** vitest's usual output on the terminal, and JSON for the summary's failures. */
const vitestReporters = (json: string) => ["--reporter=default", "--reporter=json", `--outputFile.json=${json}`];

interface StepResult {
  name: string;
  ok: boolean;
  ms: number;
  note?: string;
  /** The failed tests, named again in the summary: a long run's failures scroll far out of sight. */
  failures?: Failure[];
  /** Where its output went, when it ran beside another step. */
  log?: string;
}

interface Failure {
  test: string;
  message: string;
}

/** Where a runner writes its results as JSON, read back by failuresIn…() for the summary. */
const jsonReport = (runDir: string, name: string) => path.join(runDir, `${name}-results.json`);

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The first lines of a failure, without terminal colours. */
function firstLines(message: string, count = 4): string {
  return (
    message
      // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .map((line) => line.trimEnd())
      .filter((line) => line && !line.includes("node_modules"))
      .slice(0, count)
      .join("\n")
  );
}

/** vitest's json reporter: testResults[].assertionResults[] (the Jest format). */
function failuresInVitest(file: string): Failure[] {
  const report = readJson(file) as
    | {
        testResults?: Array<{
          name: string;
          message?: string;
          assertionResults?: Array<{ status: string; fullName: string; failureMessages?: string[] }>;
        }>;
      }
    | undefined;
  const failures: Failure[] = [];
  for (const result of report?.testResults ?? []) {
    const where = path.relative(ROOT, result.name);
    const failed = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      failures.push({ test: `${where} › ${test.fullName}`, message: firstLines(test.failureMessages?.[0] ?? "") });
    }
    // A file that failed before any test ran (an import or a hook).
    if (failed.length === 0 && result.message) failures.push({ test: where, message: firstLines(result.message) });
  }
  return failures;
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{
    title: string;
    file: string;
    line: number;
    tests: Array<{ projectName: string; status: string; results: Array<{ error?: { message?: string } }> }>;
  }>;
}

/** Playwright's json reporter: suites within suites, their specs, each spec's test per project. */
function failuresInPlaywright(file: string): Failure[] {
  const report = readJson(file) as { suites?: PlaywrightSuite[]; errors?: Array<{ message?: string }> } | undefined;
  const failures: Failure[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results.find((result) => result.error)?.error;
        failures.push({
          test: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...here, spec.title].join(" › ")}${test.status === "flaky" ? " (flaky)" : ""}`,
          message: firstLines(error?.message ?? ""),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  for (const error of report?.errors ?? [])
    failures.push({ test: "Playwright", message: firstLines(error.message ?? "") });
  return failures;
}

async function main(): Promise<number> {
  const plan = parseArgs(process.argv.slice(2));
  const totalStart = performance.now();
  const results: StepResult[] = [];
  const wantsVitest = plan.layers.has("unit") || plan.layers.has("integration");
  const needsDb = plan.layers.has("integration") || plan.layers.has("faults") || plan.layers.has("e2e");

  console.log(paint("1", `Placement test suite: ${LAYERS.filter((layer) => plan.layers.has(layer)).join(" + ")}`));

  // Scratch space for the app under test (uploads…), deleted at the end like the cluster.
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "placement-run-"));
  cleanups.push(() => fs.rmSync(runDir, { recursive: true, force: true }));
  const integrationDataDir = path.join(runDir, "integration");
  const e2eDataDir = path.join(runDir, "e2e");
  const e2eUploadDir = path.join(e2eDataDir, "uploads"); // = the server's UPLOAD_DIR (playwright.config.ts)
  fs.mkdirSync(integrationDataDir);
  fs.mkdirSync(e2eUploadDir, { recursive: true });

  let dbs: Databases = {};
  if (needsDb) {
    const started = performance.now();
    try {
      dbs = process.env.TEST_DATABASE_URL
        ? await externalDatabases(plan.layers, e2eUploadDir)
        : await localDatabases(plan.layers, e2eUploadDir);
      results.push({ name: "databases", ok: true, ms: performance.now() - started });
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      results.push({ name: "databases", ok: false, ms: performance.now() - started });
      return report(results, totalStart);
    }
  }

  // The fault suite and the browser tests serve the production build: made once, first.
  let built = false;
  if ((plan.layers.has("faults") || plan.layers.has("e2e")) && !interrupted) {
    header("build (remix build, production)");
    const started = performance.now();
    const log = path.join(runDir, "remix-build.log");
    const code = await runLoud("sh", ["-c", `"${bin("remix")}" build > "${log}" 2>&1`], {
      ...process.env,
      NODE_ENV: "production",
    });
    built = code === 0;
    if (!built) console.error(fs.readFileSync(log, "utf8"));
    results.push({ name: "build", ok: built, ms: performance.now() - started });
  }

  // The fault suite mostly waits (on an outage, a stalled upload, a server starting): it runs
  // beside the unit and integration tests, its output kept and shown once it is done.
  let faults: Promise<StepResult> | undefined;
  if (plan.layers.has("faults") && built && !interrupted) {
    const alongside = wantsVitest;
    if (!alongside) header(FAULTS_TITLE);
    else info(paint("2", "faults: running beside the unit and integration tests; shown when done"));
    const started = performance.now();
    const json = jsonReport(runDir, "faults");
    const log = alongside ? path.join(runDir, "faults.log") : undefined;
    faults = runLoud(
      bin("vitest"),
      ["run", "--project", "faults", ...vitestReporters(json), ...plan.vitestArgs.faults],
      { ...process.env, FAULTS_DATABASE_URL: dbs.faultsUrl },
      log,
    ).then((code) => ({
      name: "faults (vitest)",
      ok: code === 0,
      ms: performance.now() - started,
      failures: code === 0 ? undefined : failuresInVitest(json),
      log,
    }));
  }

  if (wantsVitest) {
    const projects = ["unit", "integration"].filter((layer) => plan.layers.has(layer as Layer));
    header(`${projects.join(" + ")} (vitest)`);
    const started = performance.now();
    const projectArgs = projects.flatMap((project) => ["--project", project]);
    const json = jsonReport(runDir, "vitest");
    const code = await runLoud(
      bin("vitest"),
      ["run", ...projectArgs, ...vitestReporters(json), ...plan.vitestArgs.main],
      {
        ...process.env,
        ...(dbs.testUrl ? { TEST_DATABASE_URL: dbs.testUrl, TEST_DATABASE_MIGRATED: "1" } : {}),
        TEST_DATA_DIR: integrationDataDir,
      },
    );
    results.push({
      name: `${projects.join(" + ")} (vitest)`,
      ok: code === 0,
      ms: performance.now() - started,
      failures: code === 0 ? undefined : failuresInVitest(json),
    });
  }

  if (faults) {
    const result = await faults;
    if (result.log) {
      header(FAULTS_TITLE);
      process.stdout.write(fs.readFileSync(result.log, "utf8"));
    }
    results.push(result);
  }

  if (plan.layers.has("e2e") && built && !interrupted) {
    header("e2e (Playwright, Chromium: js and no-js)");
    const started = performance.now();
    const browser = e2eBrowser();
    if (!browser) {
      fail(
        "no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium: install one (apt-get install chromium-headless-shell)",
      );
      results.push({ name: "e2e (Playwright)", ok: false, ms: 0, note: "no Chromium" });
    } else {
      const port = await freePort();
      const resendPort = await freePort();
      info(`Chromium ${browser}; the build is served on port ${port} by Playwright's webServer`);
      const json = jsonReport(runDir, "playwright");
      // The list on the terminal as configured, and JSON for the summary's failures.
      const code = await runLoud(bin("playwright"), ["test", "--reporter=list,json", ...plan.playwrightArgs], {
        ...process.env,
        E2E_DATABASE_URL: dbs.e2eUrl,
        E2E_PORT: String(port),
        E2E_RESEND_PORT: String(resendPort), // the Resend stand-in (tests/support/resend-stand-in.ts)
        E2E_DATA_DIR: e2eDataDir,
        E2E_PREBUILT: "1", // built above
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      });
      results.push({
        name: "e2e (Playwright)",
        ok: code === 0,
        ms: performance.now() - started,
        failures: code === 0 ? undefined : failuresInPlaywright(json),
      });
    }
  }

  return report(results, totalStart);
}

function report(results: StepResult[], totalStart: number): number {
  header("summary");
  for (const result of results) {
    const mark = result.ok ? paint("32", "✔ passed") : paint("31", "✖ FAILED");
    info(`${mark}  ${result.name.padEnd(32)} ${seconds(result.ms)}${result.note ? `  (${result.note})` : ""}`);
  }
  // The failures again, so the end of a long log says what broke.
  for (const result of results.filter((r) => r.failures?.length)) {
    const failures = result.failures ?? [];
    console.log(`\n  ${paint("31", `${result.name}: ${failures.length} failed`)}`);
    for (const failure of failures.slice(0, 20)) {
      info(`✖ ${failure.test}`);
      if (failure.message) info(paint("2", failure.message.replace(/\n/g, "\n      ").replace(/^/, "    ")));
    }
    if (failures.length > 20) info(`… and ${failures.length - 20} more (above)`);
  }
  const ok = results.length > 0 && results.every((result) => result.ok);
  info(`${ok ? "all passed" : "some steps failed"} in ${seconds(performance.now() - totalStart)}`);
  return ok ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
