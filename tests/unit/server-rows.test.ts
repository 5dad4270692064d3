import type { EntryContext } from "@remix-run/node";
// Remix's own writer of the hydration data, to compare the escaping with.
import { createServerHandoffString } from "@remix-run/server-runtime/dist/serverHandoff.js";
import { describe, expect, test } from "vitest";
import { serverRowsKey } from "~/components/ui/server-rows";
import { withoutServerRows } from "~/entry.server";

// The lists' rows are rendered into the page but left out of its hydration data
// (app/components/ui/server-rows.tsx); entry.server.tsx writes null in their place.

type Handoff = Parameters<typeof createServerHandoffString>[0];
const handoffOf = (loaderData: Record<string, unknown>) =>
  createServerHandoffString({
    state: { loaderData, actionData: null, errors: null },
    future: {},
    basename: undefined,
    isSpaMode: false,
  } as unknown as Handoff);

const rows = [
  { id: "1", name: "Ann </script><script>alert(1)</script> & co", note: "line\u2028break\u2029" },
  { id: "2", name: "Bo > Cy" },
];

function context(loaderData: Record<string, unknown>, handles: Record<string, unknown>): EntryContext {
  return {
    serverHandoffString: handoffOf(loaderData),
    staticHandlerContext: { matches: Object.keys(handles).map((id) => ({ route: { id } })) },
    routeModules: Object.fromEntries(Object.entries(handles).map(([id, handle]) => [id, { handle }])),
  } as unknown as EntryContext;
}

describe("withoutServerRows", () => {
  test("writes null for the key the route's handle names, and escapes the rest as Remix does", () => {
    const ctx = context(
      { root: { user: "Dee <b>" }, "routes/list": { total: 2, rows, other: rows } },
      { root: undefined, "routes/list": { serverRows: "rows" } },
    );
    const expected = handoffOf({ root: { user: "Dee <b>" }, "routes/list": { total: 2, rows: null, other: rows } });
    expect(withoutServerRows(ctx)).toBe(expected);
    expect(withoutServerRows(ctx)).not.toContain("</script>");
  });

  test("a page whose routes name no rows keeps Remix's string as it is (the same string)", () => {
    const ctx = context({ "routes/list": { rows } }, { "routes/list": { header: { title: "List" } } });
    expect(withoutServerRows(ctx)).toBe(ctx.serverHandoffString);
  });

  test("a route that failed (no data) or whose key is not a list is left alone", () => {
    const ctx = context(
      { "routes/a": null, "routes/b": { rows: "not rows" } },
      { "routes/a": { serverRows: "rows" }, "routes/b": { serverRows: "rows" } },
    );
    expect(JSON.parse(withoutServerRows(ctx)!)).toEqual(JSON.parse(ctx.serverHandoffString!));
  });

  test("serverRowsKey reads the handle's key and nothing else", () => {
    expect(serverRowsKey({ serverRows: "tasks" })).toBe("tasks");
    expect(serverRowsKey({ header: {} })).toBeNull();
    expect(serverRowsKey(undefined)).toBeNull();
    expect(serverRowsKey({ serverRows: 3 })).toBeNull();
  });
});
