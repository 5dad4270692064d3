import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { migrateToLatest } from "../db/migrate";
import { DEMO_LOGIN, isDatabaseEmpty, seedDemo } from "../db/seed";
import { database } from "../app/utils/db.server";
import { env } from "../app/utils/env.server";
import { createApp } from "./app";

installGlobals({ nativeFetch: true });

const BUILD_PATH = path.resolve("build/index.js");

async function loadBuild(): Promise<ServerBuild> {
  const stamp = fs.statSync(BUILD_PATH).mtimeMs;
  return (await import(`${pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as ServerBuild;
}

async function main() {
  const config = env();
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  const handle = database();

  await migrateToLatest(handle.db, (line) => console.log(`[db] ${line}`));
  if ((handle.embedded || config.seedDemo) && (await isDatabaseEmpty(handle.db))) {
    console.log("[db] empty database: loading the demo data…");
    await seedDemo(handle.db, { log: (line) => console.log(`[seed] ${line}`) });
  }

  const build = mode === "development" ? loadBuild : await loadBuild();
  const app = createApp({ build, mode, appUrl: config.appUrl, trustProxy: process.env.TRUST_PROXY === "1" });

  const server = app.listen(config.port, () => {
    const where = handle.embedded ? `embedded database in ${path.join(config.dataDir, "pgdata")}` : "DATABASE_URL";
    console.log(`\nPlacement is running at http://localhost:${config.port}  (${where})`);
    if (handle.embedded || config.seedDemo) {
      console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
    }
    if (mode === "development") {
      void loadBuild().then((b) => broadcastDevReady(b));
      fs.watch(path.dirname(BUILD_PATH), () => {
        void loadBuild()
          .then((b) => broadcastDevReady(b))
          .catch(() => {});
      });
    }
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: shutting down…`);
    server.close();
    server.closeAllConnections();
    handle
      .close()
      .catch((error) => console.error(error))
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
});
