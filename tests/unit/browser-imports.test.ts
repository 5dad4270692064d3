import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

// What a page's browser bundle holds is decided by what its route module imports, followed
// through every file the browser build keeps (Remix swaps each `*.server.*` module for an empty
// one). An import stays for its side effects even when only a loader uses it, so one import of
// `~/schemas/<area>` from a list page brings zod (about 30 KB compressed) to a page that validates
// nothing in the browser. The pages below validate nothing: they reach their schemas through
// `~/services/page-schemas.server` and their constants through the zod-free `*.constants.ts`.

const APP = path.resolve("app");

/** Routes whose pages (and the layouts around them) must load neither zod nor Conform's zod. */
const WITHOUT_ZOD = [
  "root.tsx",
  "routes/_app.tsx",
  "routes/_app.dashboard.tsx",
  "routes/_app.clients._index.tsx",
  "routes/_app.facilities._index.tsx",
  "routes/_app.facilities.$id._index.tsx",
  "routes/_app.placements._index.tsx",
  "routes/_app.placements.$id._index.tsx",
  "routes/_app.tasks.$id._index.tsx",
  "routes/_app.resources.$id._index.tsx",
  "routes/_app.tasks._index.tsx",
  "routes/_app.resources._index.tsx",
  "routes/_app.swim-lanes.tsx",
  "routes/_app.swim-lanes.$taskId.tsx",
  "routes/_app.tasks.$id.delete.tsx",
  "routes/_app.resources.$id.delete.tsx",
  "routes/_app.search.tsx",
  "routes/_app.settings.audit.tsx",
];

/** The form pages, which do check in the browser: the walk below must find zod there. */
const WITH_ZOD = ["routes/_app.clients.new.tsx", "routes/_app.tasks.new.tsx", "routes/_auth.login.tsx"];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:([^"';]*?)\s+from\s+)?["']([^"']+)["']/g;

/** The module specifiers a file imports for the browser (type-only imports are erased). */
function importsOf(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const [, typeOnly, bindings, specifier] of source.matchAll(IMPORT)) {
    if (typeOnly) continue;
    // `import { type A, type B } from "x"`: every binding a type, so the import goes.
    const names = bindings?.match(/^\{([\s\S]*)\}$/)?.[1];
    if (names && names.split(",").every((name) => name.trim() === "" || /^type\s/.test(name.trim()))) continue;
    found.push(specifier);
  }
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(APP, from)}: cannot resolve ${specifier}`);
}

/** Every path from the route to a file importing zod, as "route → … → file". */
function zodPaths(route: string): string[] {
  const paths: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...trail, path.relative(APP, file)];
    for (const specifier of importsOf(file)) {
      if (specifier === "zod" || specifier.startsWith("zod/") || specifier.startsWith("@conform-to/zod")) {
        paths.push(here.join(" → "));
        continue;
      }
      const next = resolve(file, specifier);
      if (next && !/\.server\.[jt]sx?$/.test(next)) walk(next, here);
    }
  };
  walk(path.join(APP, route), []);
  return paths;
}

describe("browser bundles", () => {
  test.each(WITHOUT_ZOD)("%s reaches no zod in the browser", (route) => {
    expect(zodPaths(route)).toEqual([]);
  });

  test.each(WITH_ZOD)("%s, a form checked in the browser, does reach zod (the walk finds it)", (route) => {
    expect(zodPaths(route).length).toBeGreaterThan(0);
  });
});
