// The production build served on DATABASE_URL for the benchmarks (run.ts, lighthouse.ts).
import { type ChildProcess, execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

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
export async function startServer(): Promise<{ url: string; pid?: number; stop: () => void }> {
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
  // One process (no npx or tsx wrapper in between), so stopping it stops the server; started as
  // the Docker image starts it (the Dockerfile's CMD: the same heap limit).
  const child = spawn(process.execPath, ["--max-old-space-size=192", "--import", "tsx", "server/index.ts"], {
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
  return { url, pid: child.pid, stop: () => child.kill("SIGTERM") };
}
