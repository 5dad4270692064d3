// The real server (server/index.ts: Express + the Remix build, supervised workers) started as its
// own process, for the tests that must go through everything a request meets and see the
// process survive: the fault suite (tests/faults/). It serves the production build in build/,
// which `npm test` makes before the suite runs (`npx remix build` by hand).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface ServerProcess {
  baseUrl: string;
  /** Where it stores uploaded documents (UPLOAD_DIR). */
  uploadDir: string;
  port: number;
  /** The supervisor's process id. */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** The worker processes' ids, now (the supervisor's children that run the server). */
  workers(): number[];
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The ids of `pid`'s child processes, read from /proc. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (2nd field) is in parentheses and may hold spaces: read after it.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

/** A process's command line, its arguments joined by spaces ("" once it has ended). */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

/**
 * A process's open descriptors (/proc/<pid>/fd): network connections (`sockets`: to the database
 * too, which its pool keeps open) and everything else (`files`: files, pipes, event handles).
 */
export function openDescriptors(pid: number): { files: number; sockets: number } {
  let sockets = 0;
  let files = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    let target = "";
    try {
      target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (target.startsWith("socket:")) sockets += 1;
    else files += 1;
  }
  return { files, sockets };
}

/** Resident memory of a process in bytes (VmRSS of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** Asks until `check` holds (or throws the last failure after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

export interface StartOptions {
  databaseUrl: string;
  sessionSecret: string;
  /** Worker processes (WEB_CONCURRENCY). */
  workers?: number;
  env?: Record<string, string>;
  /** Wait until /healthz answers 200 (default); false: return once the process runs. */
  waitUntilHealthy?: boolean;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
  if (!fs.existsSync(path.join(root, "build/index.js"))) {
    throw new Error("No build in build/: `npm test` builds the app first; by hand, run `npx remix build`.");
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "placement-server-"));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      SESSION_SECRET: options.sessionSecret,
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, "uploads"),
      RESEND_API_KEY: "",
      SEED_DEMO: "",
      WEB_CONCURRENCY: String(options.workers ?? 1),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server: ServerProcess = {
    baseUrl,
    uploadDir: path.join(dataDir, "uploads"),
    port,
    pid: child.pid!,
    output: () => output,
    // Not every child is a worker: tsx runs esbuild as a child process too.
    workers: () => childrenOf(child.pid!).filter((pid) => commandLine(pid).includes("server/index.ts")),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitUntilHealthy ?? true) {
    try {
      await eventually(async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
        const response = await fetch(`${baseUrl}/healthz`);
        if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
        if (server.workers().length < (options.workers ?? 1)) throw new Error("workers not started yet");
      }, 60_000);
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  return server;
}
