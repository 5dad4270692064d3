import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm start`: build when the build is missing or older than the sources, then serve.
process.env.NODE_ENV ??= "production";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const buildFile = path.resolve("build/index.js");
const sources = Math.max(newestMtime(path.resolve("app")), fs.statSync("remix.config.js").mtimeMs);
if (!fs.existsSync(buildFile) || fs.statSync(buildFile).mtimeMs < sources) {
  console.log("Building the application…");
  execSync("npx remix build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

await import("../server/index");
