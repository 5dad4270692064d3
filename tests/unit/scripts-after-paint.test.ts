import { describe, expect, it } from "vitest";
import { bootAfterPaint, scriptsAfterPaint } from "../../app/utils/scripts-after-paint.server";

// The module script and links as Remix's <Scripts/> writes them (2.17).
const BOOT = `import "/build/manifest-1.js";
import * as route0 from "/build/root-2.js";
import * as route1 from "/build/routes/_app-3.js";

window.__remixRouteModules = {"root":route0,"routes/_app":route1};

import("/build/entry.client-4.js");`;
const PAGE =
  `<html><head><link rel="stylesheet" href="/build/a.css"/></head><body><main>Clients</main>` +
  `<link rel="modulepreload" href="/build/manifest-1.js"/><link rel="modulepreload" href="/build/entry.client-4.js"/>` +
  `<link rel="modulepreload" href="/build/_shared/chunk-5.js"/><link rel="modulepreload" href="/build/root-2.js"/>` +
  `<script nonce="n">window.__remixContext = {};</script>` +
  `<script nonce="n" type="module" async="">${BOOT}</script></body></html>`;

describe("scripts after the first paint", () => {
  it("writes one inert preload link, and a boot script that waits for a frame, writes the others, then imports the same modules in order", () => {
    const page = scriptsAfterPaint(PAGE);
    expect(page).not.toContain('rel="modulepreload"');
    expect(page.match(/<link /g)).toHaveLength(2);
    expect(page).toContain(
      '<main>Clients</main><link rel="x-modulepreload" href="/build/manifest-1.js"/><script nonce="n">window.__remixContext',
    );
    expect(page).toContain('<link rel="stylesheet" href="/build/a.css"/>');
    expect(page).toContain('<script nonce="n">window.__remixContext = {};</script>');
    const boot = page.match(/<script nonce="n" type="module" async="">([\s\S]*?)<\/script>/)![1];
    expect(boot.split("\n")).toEqual([
      "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));",
      `const first = document.querySelector('link[rel="x-modulepreload"]');`,
      'first.rel = "modulepreload";',
      'first.after(...["entry.client-4","_shared/chunk-5","root-2"].map((name) => ' +
        'Object.assign(document.createElement("link"), { rel: "modulepreload", href: "/build/" + name + ".js" })));',
      'await import("/build/manifest-1.js");',
      'const route0 = await import("/build/root-2.js");',
      'const route1 = await import("/build/routes/_app-3.js");',
      'window.__remixRouteModules = {"root":route0,"routes/_app":route1};',
      'import("/build/entry.client-4.js");',
    ]);
    expect(boot).not.toMatch(/^import /m);
  });

  it("runs as a module: the links are written back in order, and the route modules set before the entry starts", async () => {
    const imported: string[] = [];
    const frames: (() => void)[] = [];
    type Link = { rel: string; href?: string };
    const head: Link = { rel: "x-modulepreload", href: "/build/manifest-1.js" };
    const links: Link[] = [head];
    const first = Object.assign(head, {
      after: (...added: Link[]) => links.splice(links.indexOf(head) + 1, 0, ...added),
    });
    const document = {
      querySelector: (selector: string) => (selector === 'link[rel="x-modulepreload"]' ? first : null),
      createElement: (tag: string) => {
        expect(tag).toBe("link");
        return { rel: "" };
      },
    };
    const win: Record<string, unknown> = {};
    const script = bootAfterPaint(BOOT, ["/build/entry.client-4.js", "/build/_shared/chunk-5.js"])!
      .replaceAll("await import(", "await load(")
      .replace(/^import\(/m, "load(");
    const run = new Function(
      "load",
      "requestAnimationFrame",
      "document",
      "window",
      `return (async () => {\n${script}\n})();`,
    ) as (...args: unknown[]) => Promise<void>;
    const done = run(
      async (url: string) => {
        imported.push(url);
        if (url.includes("entry"))
          expect(win.__remixRouteModules).toEqual({
            root: { url: "/build/root-2.js" },
            "routes/_app": { url: "/build/routes/_app-3.js" },
          });
        return { url };
      },
      (callback: () => void) => frames.push(callback),
      document,
      win,
    );
    await Promise.resolve();
    expect(imported).toEqual([]); // nothing loads before a frame
    expect(links).toHaveLength(1);
    frames[0]();
    await done;
    await new Promise((resolve) => setTimeout(resolve));
    expect(links.map(({ rel, href }) => ({ rel, href }))).toEqual([
      { rel: "modulepreload", href: "/build/manifest-1.js" },
      { rel: "modulepreload", href: "/build/entry.client-4.js" },
      { rel: "modulepreload", href: "/build/_shared/chunk-5.js" },
    ]);
    expect(imported).toEqual([
      "/build/manifest-1.js",
      "/build/root-2.js",
      "/build/routes/_app-3.js",
      "/build/entry.client-4.js",
    ]);
  });

  it("writes whole addresses when the modules do not share a folder", () => {
    const boot = bootAfterPaint(BOOT, ["/build/a.js", "/cdn/b.mjs"])!;
    expect(boot).toContain('first.after(...["/build/a.js","/cdn/b.mjs"].map((name) => ');
    expect(boot).toContain('{ rel: "modulepreload", href: name }');
  });

  it("leaves a page it does not recognise as it is", () => {
    const other = PAGE.replace(BOOT, 'import { x } from "/build/y.js";\nwindow.__remixRouteModules = {};');
    expect(scriptsAfterPaint(other)).toBe(other);
    expect(scriptsAfterPaint("<html><body>No scripts</body></html>")).toBe("<html><body>No scripts</body></html>");
  });
});
