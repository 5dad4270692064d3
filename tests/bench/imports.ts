// `npx tsx tests/bench/imports.ts [rows]`: a CSV import of 100,000 clients (or `rows`) through the
// production server on DATABASE_URL, as an agency's program sends one: `POST /api/imports` with
// the file, then `GET /api/imports/{id}` until it is done. Prints the time from the upload to the
// end, and the peak memory (RSS) of the server's processes: the one that ran the import (the
// primary, whose job runner takes it) and the one that received the upload (a worker), each
// with what it held before. Budget (issue 37): under 60 s and under 300 MB. It adds an agency of
// its own ("Import benchmark …") with the clients, and leaves it there (the audit trail cannot be
// deleted): run it on a database you can drop.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { apiToken } from "./load";
import { startServer } from "./server";
import { hashPassword } from "~/utils/password.server";
import { database } from "~/utils/db.server";

const BUDGET_S = 60;
const BUDGET_MB = 300;
const HEAD =
  "First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone,City,State,Medical Conditions,Budget Min,Budget Max\r\n";

/** Row `i`: a client with its own e-mail and phone (no duplicates). */
const row = (i: number) =>
  `First${i},Last${i},client${i}@bench.example.com,(217) ${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")},` +
  `19${40 + (i % 50)}-0${1 + (i % 9)}-1${i % 10},Contact ${i},Daughter,(217) 555-0199,Springfield,IL,Diabetes; Arthritis,3000,5000\r\n`;

/** The file, written to a temporary folder a row at a time. */
function writeCsv(rows: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "import-bench-")), "clients.csv");
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, HEAD);
  for (let i = 0; i < rows; i += 1000) {
    let piece = "";
    for (let j = i; j < Math.min(rows, i + 1000); j++) piece += row(j);
    fs.writeSync(fd, piece);
  }
  fs.closeSync(fd);
  return file;
}

/** A new agency with a coordinator who may import; their e-mail and password. */
async function coordinator(): Promise<{ email: string; password: string }> {
  const db = database().db;
  const password = `Bench-${randomUUID()}`;
  const email = `bench-${randomUUID()}@example.com`;
  const agency = await db
    .insertInto("agencies")
    .values({ name: `Import benchmark ${new Date().toISOString()}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("users")
    .values({
      agency_id: agency.id,
      email,
      first_name: "Bench",
      last_name: "Mark",
      role: "coordinator",
      password_hash: await hashPassword(password),
    })
    .execute();
  return { email, password };
}

/** A process's resident memory in bytes (Linux), 0 once it is gone. */
function rss(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The server's processes: the primary and the workers it forked. */
function serverProcesses(primary: number): number[] {
  const children = fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return ppid === primary && command.includes("server/index.ts");
      } catch {
        return false;
      }
    })
    .map(Number);
  return [primary, ...children];
}

interface ImportStatus {
  _id: string;
  status: string;
  counts: { created: number; invalid: number };
}

async function upload(url: string, token: string, file: string): Promise<ImportStatus> {
  const form = new FormData();
  form.set("type", "clients");
  form.set("mode", "all");
  form.set("file", await fs.openAsBlob(file, { type: "text/csv" }), "clients.csv");
  const response = await fetch(`${url}/api/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { import?: ImportStatus } };
  if (response.status !== 202 || !body.data?.import) {
    throw new Error(`the upload was refused: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return body.data.import;
}

async function waitUntilDone(url: string, token: string, id: string): Promise<ImportStatus> {
  for (;;) {
    const response = await fetch(`${url}/api/imports/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    const found = ((await response.json()) as { data: { import: ImportStatus } }).data.import;
    if (found.status === "done" || found.status === "failed") return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL to a migrated Postgres you can fill.");
    process.exit(2);
  }
  const rows = Number(process.argv[2] ?? 100_000);
  const file = writeCsv(rows);
  const server = await startServer(); // migrates the database first
  try {
    const login = await coordinator();
    const token = await apiToken(server.url, login.email, login.password);
    const processes = serverProcesses(server.pid!);
    const before = new Map(processes.map((pid) => [pid, rss(pid)]));
    const peak = new Map(before);
    const sampler = setInterval(() => {
      for (const pid of processes) peak.set(pid, Math.max(peak.get(pid) ?? 0, rss(pid)));
    }, 50);
    const start = performance.now();
    const started = await upload(server.url, token, file);
    const uploaded = performance.now();
    const done = await waitUntilDone(server.url, token, started._id);
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);

    const primary = server.pid!;
    const workers = processes.slice(1);
    const busiestWorker = workers.sort((a, b) => peak.get(b)! - before.get(b)! - (peak.get(a)! - before.get(a)!))[0];
    console.log(
      `${rows.toLocaleString("en-US")} rows (${mb(fs.statSync(file).size)} file): ${done.status}, ` +
        `created ${done.counts.created}, invalid ${done.counts.invalid}; ` +
        `${seconds.toFixed(1)} s in all (budget ${BUDGET_S}), the upload ${((uploaded - start) / 1000).toFixed(1)} s`,
    );
    console.log(
      `peak RSS: the process that ran the import ${mb(peak.get(primary)!)} (budget ${BUDGET_MB}; ` +
        `${mb(before.get(primary)!)} before)` +
        (busiestWorker
          ? `, the worker that took the upload ${mb(peak.get(busiestWorker)!)} (${mb(before.get(busiestWorker)!)} before)`
          : ""),
    );
    const over = peak.get(primary)! > BUDGET_MB * 1024 * 1024;
    if (done.status !== "done" || seconds > BUDGET_S || over) process.exitCode = 1;
  } finally {
    server.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await database().close();
  }
}

void main();
