// Every page is whole and usable as the server sends it (links and forms work without
// JavaScript), so its scripts wait until it has painted. Remix's <Scripts/> writes a
// `<link rel="modulepreload">` per module and one inline module script whose static imports
// start fetching every module at once, while the HTML and the stylesheet still load: on a slow
// phone they share its bandwidth, and the first paint waits. Here, on the page as rendered:
//
//   - of the preload links, only the first is written, inert (rel="x-modulepreload", which a
//     browser ignores); the others travel as a short list inside the inline module script
//     (a page links 30-45 modules: 2 KB of HTML as links, under 1 KB as a list);
//   - that script first waits for the first frame after the document was parsed (a rendering
//     opportunity only comes once the stylesheet is in), turns the first link back into a
//     modulepreload and writes the others after it, as they were (all modules now fetch in
//     parallel, as before), then imports the same modules with import() in the same order, and
//     starts the client entry (hydration).
//
// The links and the scripts are where React expects them, with the same attributes, when it
// hydrates (the script's text is not compared), so hydration sees no difference. Navigations
// after the first page are the client router's, unchanged. Without JavaScript there is nothing
// to preload: the page has one inert link.

const INERT_REL = "x-modulepreload";
const PRELOAD = '<link rel="modulepreload"';
/** Every preload link <Scripts/> writes (they are next to each other). */
const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** The inline module script <Scripts/> renders: its imports, the route modules, then the entry. */
const BOOT_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import "([^"]+)";$/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;

/**
 * The inline module script's text with its static imports made dynamic, after the first paint.
 * Returns null when the text is not the shape <Scripts/> writes (the page is then left as it is).
 */
export function bootAfterPaint(source: string, preloads: string[] = []): string | null {
  const lines = source.split("\n").map((line) => line.trim());
  const body: string[] = [];
  for (const line of lines) {
    if (line === "") continue;
    const plain = STATIC_IMPORT.exec(line);
    const route = ROUTE_IMPORT.exec(line);
    if (plain) body.push(`await import(${JSON.stringify(plain[1])});`);
    else if (route) body.push(`const ${route[1]} = await import(${JSON.stringify(route[2])});`);
    else if (line.startsWith("import ")) return null;
    else body.push(line);
  }
  if (!body.some((line) => line.startsWith("window.__remixRouteModules"))) return null;
  return [
    "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));",
    `const first = document.querySelector('link[rel="${INERT_REL}"]');`,
    'first.rel = "modulepreload";',
    ...(preloads.length > 0 ? [writeLinks(preloads)] : []),
    ...body,
  ].join("\n");
}

/**
 * The statement that writes these preload links after the first one, in order. Their common
 * folder and ".js" are written once: ["entry.client-4", "_shared/chunk-5"] under "/build/".
 */
function writeLinks(hrefs: string[]): string {
  const folder = hrefs[0].slice(0, hrefs[0].lastIndexOf("/") + 1);
  const short = hrefs.every((href) => href.startsWith(folder) && href.endsWith(".js"));
  const names = short ? hrefs.map((href) => href.slice(folder.length, -".js".length)) : hrefs;
  const href = short ? `${JSON.stringify(folder)} + name + ".js"` : "name";
  return (
    `first.after(...${JSON.stringify(names)}.map((name) => ` +
    `Object.assign(document.createElement("link"), { rel: "modulepreload", href: ${href} })));`
  );
}

/** The page's markup with its scripts loading after its first paint (see above). */
export function scriptsAfterPaint(markup: string): string {
  // <Scripts/> writes its links, then its scripts, at the end of the body: everything from the
  // first preload link on is the part to rewrite (found with indexOf, not a regular expression
  // over the whole page: this runs on every page).
  const from = markup.indexOf(PRELOAD);
  if (from < 0) return markup;
  const end = markup.slice(from);
  const boot = BOOT_SCRIPT.exec(end);
  if (!boot) return markup;
  const before = end.slice(0, boot.index);
  const hrefs = [...before.matchAll(PRELOAD_LINK)].map((link) => link[1]);
  const deferred = bootAfterPaint(boot[2], hrefs.slice(1));
  if (deferred === null || hrefs.length === 0) return markup;
  let written = false;
  const links = before.replace(PRELOAD_LINK, (link) => {
    if (written) return "";
    written = true;
    return link.replace(PRELOAD, `<link rel="${INERT_REL}"`);
  });
  return markup.slice(0, from) + links + boot[1] + deferred + boot[3] + end.slice(boot.index + boot[0].length);
}
