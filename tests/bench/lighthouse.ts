// `npm run bench:lighthouse`: Lighthouse (mobile, throttled as its default: a slow 4G network and a
// CPU four times slower) over the screens agents open most, in the system Chromium, offline.
//
//   npm run bench:lighthouse                             builds, serves the production build on DATABASE_URL
//   npm run bench:lighthouse -- --url http://host:3000   a server that is already running (demo login)
//   npm run bench:lighthouse -- --only /clients,/tasks --runs 3
//
// Each page is audited --runs times (default 1) and its median kept; the table shows the
// performance and accessibility scores, the paint times and the total blocking time, and every
// accessibility finding is listed under it. The exit code is 1 when a page scores under 0.95 for
// performance or under 1 for accessibility, or blocks the main thread for 200 ms or more.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEMO_LOGIN } from "../../db/seed/common";
import { alignColumns, browserCookie } from "./load";
import { startServer } from "./server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The pages audited; all but /login signed in. */
const PAGES = [
  "/login",
  "/dashboard",
  "/clients",
  "/clients/new",
  "/facilities",
  "/placements",
  "/tasks",
  "/swim-lanes",
  "/resources",
];

const MIN_PERFORMANCE = 0.95;
const MIN_ACCESSIBILITY = 1;
const MAX_TBT_MS = 200;

/** The system Chromium, as the e2e tests use it; CHROME_PATH chooses another. */
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
];

interface Options {
  url?: string;
  runs: number;
  only?: string[];
}

function parseOptions(argv: string[]): Options {
  const options: Options = { runs: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--url") options.url = value().replace(/\/+$/, "");
    else if (flag === "--runs") options.runs = Math.max(1, Number(value()));
    else if (flag === "--only") options.only = value().split(",");
    else {
      console.error(
        `unknown option ${argv[i]}\nusage: npm run bench:lighthouse -- [--url URL] [--runs N] [--only /a,/b]`,
      );
      process.exit(2);
    }
  }
  return options;
}

interface Audit {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Failed accessibility audits: id, title and the first offending element. */
  findings: string[];
  /** Lighthouse's measure of the host's CPU (docs/throttling.md: 1500–2000 a high-end desktop). */
  benchmarkIndex: number;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function summarise(page: string, lhr: LighthouseResult): Audit {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const a11y = lhr.categories.accessibility;
  const findings = (a11y?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = (audit.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
      const snippet = items[0]?.node?.snippet;
      return `${audit.id}: ${audit.title}${snippet ? ` — ${snippet.slice(0, 160)}` : ""}`;
    });
  return {
    page,
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: a11y?.score ?? 0,
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    findings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (audits: Audit[]): Audit => {
  const sorted = [...audits].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
};

function formatTable(audits: Audit[]): string {
  const rows = [
    ["page", "performance", "accessibility", "FCP ms", "LCP ms", "TBT ms", "CLS", "CPU index"],
    ...audits.map((a) => [
      a.page,
      a.performance.toFixed(2),
      a.accessibility.toFixed(2),
      a.fcp.toFixed(0),
      a.lcp.toFixed(0),
      a.tbt.toFixed(0),
      a.cls.toFixed(3),
      a.benchmarkIndex.toFixed(0),
    ]),
  ];
  return alignColumns(rows);
}

/** Tries of one run, when Lighthouse reports that it could not record the page. */
const MAX_ATTEMPTS = 3;

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const pages = PAGES.filter((p) => !options.only || options.only.includes(p));
  if (pages.length === 0) throw new Error("--only matched no page");
  const server = options.url ? { url: options.url, stop: () => {} } : await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const cookie = await browserCookie(server.url, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const audits: Audit[] = [];
    for (const page of pages) {
      const runs: Audit[] = [];
      for (let run = 0, attempt = 1; run < options.runs; attempt++) {
        const result = await lighthouse(
          `${server.url}${page}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            // Signed in as the demo user (the session cookie, as a browser sends it).
            extraHeaders: page === "/login" ? undefined : { Cookie: cookie },
          },
          // Lighthouse's defaults: a mid-range phone, simulated slow 4G and a 4× slower CPU.
          undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const failed = result.lhr.runtimeError;
        if (failed) {
          // Its trace sometimes misses the navigation's start (NO_NAVSTART), and Lighthouse itself
          // says to run it again: a run is tried up to three times before the page counts as failed.
          if (attempt >= MAX_ATTEMPTS) throw new Error(`${page}: ${failed.message}`);
          console.log(`  ${page}: ${failed.code}, run ${run + 1} tried again`);
          continue;
        }
        runs.push(summarise(page, result.lhr));
        run++;
        attempt = 0;
      }
      const audit = median(runs);
      audits.push(audit);
      console.log(
        `  ${page}: performance ${audit.performance.toFixed(2)}, accessibility ${audit.accessibility.toFixed(2)}, ` +
          `TBT ${audit.tbt.toFixed(0)} ms`,
      );
    }
    console.log(`\n${formatTable(audits)}\n`);

    const failures: string[] = [];
    for (const a of audits) {
      if (a.performance < MIN_PERFORMANCE) failures.push(`${a.page}: performance ${a.performance.toFixed(2)}`);
      if (a.accessibility < MIN_ACCESSIBILITY) failures.push(`${a.page}: accessibility ${a.accessibility.toFixed(2)}`);
      if (!(a.tbt < MAX_TBT_MS)) failures.push(`${a.page}: total blocking time ${a.tbt.toFixed(0)} ms`);
      for (const finding of a.findings) console.log(`  ${a.page} ${finding}`);
    }
    for (const failure of failures) console.log(`✖ ${failure}`);
    if (failures.length === 0) {
      console.log(
        `✔ every page scores ${MIN_PERFORMANCE} or more for performance, ${MIN_ACCESSIBILITY} for accessibility, ` +
          `with under ${MAX_TBT_MS} ms of blocking time`,
      );
    }
    const dir = path.join(ROOT, "tests/bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...options, audits }, null, 2));
    console.log(`results: ${path.relative(ROOT, file)}`);
    process.exitCode = failures.length > 0 ? 1 : 0;
  } finally {
    await chrome.kill();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
