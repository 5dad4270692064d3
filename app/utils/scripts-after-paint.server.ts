// Every page is whole and usable as the server sends it (links and forms work without
// JavaScript), so its scripts wait until it has painted. Remix's <Scripts/> writes a
// `<link rel="modulepreload">` per module and one inline module script whose static imports
// start fetching every module at once, while the HTML and the stylesheet still load: on a slow
// phone they share its bandwidth, and the first paint waits. Here, on the page as rendered:
//
//   - the preload links are written inert (rel="x-modulepreload", which a browser ignores);
//   - the inline module script first waits for the first frame after the document was parsed
//     (a rendering opportunity only comes once the stylesheet is in), turns the links back into
//     modulepreloads (all modules now fetch in parallel, as before), then imports the same
//     modules with import() in the same order, and starts the client entry (hydration).
//
// Both elements stay where React expects them, with the same attributes when it hydrates (the
// links are switched back first; the script's text is not compared), so hydration sees no
// difference. Navigations after the first page are the client router's, unchanged.

const INERT_REL = "x-modulepreload";
const PRELOAD = '<link rel="modulepreload"';
/** The inline module script <Scripts/> renders: its imports, the route modules, then the entry. */
const BOOT_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import "([^"]+)";$/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/;

/**
 * The inline module script's text with its static imports made dynamic, after the first paint.
 * Returns null when the text is not the shape <Scripts/> writes (the page is then left as it is).
 */
export function bootAfterPaint(source: string): string | null {
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
    `for (const link of document.querySelectorAll('link[rel="${INERT_REL}"]')) link.rel = "modulepreload";`,
    ...body,
  ].join("\n");
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
  const deferred = bootAfterPaint(boot[2]);
  if (deferred === null) return markup;
  const inert = (part: string) => part.replaceAll(PRELOAD, `<link rel="${INERT_REL}"`);
  return (
    markup.slice(0, from) +
    inert(end.slice(0, boot.index)) +
    boot[1] +
    deferred +
    boot[3] +
    inert(end.slice(boot.index + boot[0].length))
  );
}
