import { createRequire } from "node:module";
import { Link, UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";

// What the patches in patches/ change (patches/README.md), checked on the installed packages: a
// missing or stale patch fails here, not only in the benchmark.

const require = createRequire(import.meta.url);

type LoaderArgs = { request: Request };
const { callRouteLoader } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: (args: {
    loader: (args: LoaderArgs) => unknown;
    request: Request;
    params: Record<string, string>;
    loadContext: unknown;
    routeId: string;
    singleFetch: boolean;
  }) => Promise<unknown>;
};

async function requestSeenBy(request: Request): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loader: ({ request: given }) => {
      seen = given;
      return null;
    },
    request,
    params: {},
    loadContext: {},
    routeId: "routes/test",
    singleFetch: false,
  });
  return seen!;
}

describe("@remix-run/server-runtime: one Request for the loaders of a page", () => {
  it("passes a request without ?index or ?_data on as it is", async () => {
    const request = new Request("http://localhost/clients?search=ann&page=2");
    expect(await requestSeenBy(request)).toBe(request);
  });

  it("still removes ?_data and an empty ?index, keeping the rest", async () => {
    const data = await requestSeenBy(new Request("http://localhost/clients?page=2&_data=routes%2Fclients"));
    expect(data.url).toBe("http://localhost/clients?page=2");
    const index = await requestSeenBy(new Request("http://localhost/clients?index&page=3"));
    expect(index.url).toBe("http://localhost/clients?page=3");
  });
});

describe("@remix-run/react: data-discover only with lazy route discovery", () => {
  const render = (lazy: boolean) =>
    renderToStaticMarkup(
      createElement(
        RemixContext.Provider,
        // Only `future` is read by a link.
        { value: { future: { v3_lazyRouteDiscovery: lazy } } as never },
        createElement(MemoryRouter, null, createElement(Link, { to: "/clients" }, "Clients")),
      ),
    );

  it("writes no data-discover while the flag is off (this app)", () => {
    expect(render(false)).toBe('<a href="/clients">Clients</a>');
  });

  it("writes it when the flag is on", () => {
    expect(render(true)).toBe('<a data-discover="true" href="/clients">Clients</a>');
  });
});
