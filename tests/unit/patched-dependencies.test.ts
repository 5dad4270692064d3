import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The route-matching caches that patches/ adds (patches/README.md), checked on the installed
// CommonJS files the server loads: a missing or stale patch fails here (the install itself fails
// on a patch that does not apply), not only in the benchmark.

const require = createRequire(import.meta.url);

type Route = { id: string; path?: string; children?: Route[] };

const router = require("@remix-run/router") as {
  matchRoutes: (routes: Route[], location: string) => unknown[] | null;
  matchPath: (pattern: string, pathname: string) => unknown;
  createStaticHandler: (routes: Route[]) => { query: (request: Request) => Promise<unknown> };
};
const routerDomServer = require("react-router-dom/server.js") as {
  createStaticRouter: (routes: Route[], context: unknown) => { routes: unknown[] };
};
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const { RemixServer } = require("@remix-run/react") as typeof import("@remix-run/react");
const { UNSAFE_DataRouterContext: DataRouterContext } =
  require("react-router-dom") as typeof import("react-router-dom");

describe("@remix-run/router", () => {
  it("ranks a routes array's branches once: a route added to the same array later is not seen", () => {
    const routes: Route[] = [{ id: "a", path: "/a" }];
    expect(router.matchRoutes(routes, "/a")).not.toBeNull();
    routes.push({ id: "b", path: "/b" });
    expect(router.matchRoutes(routes, "/b")).toBeNull();
    // A new array is ranked afresh.
    expect(router.matchRoutes([...routes], "/b")).not.toBeNull();
  });

  it("compiles a path pattern to its regular expression once", () => {
    const Real = RegExp;
    let made = 0;
    globalThis.RegExp = new Proxy(Real, {
      construct(target, args: [string, string?]) {
        made++;
        return new target(...args);
      },
    });
    try {
      expect(router.matchPath("/patched/:id/once", "/patched/1/once")).not.toBeNull();
      const first = made;
      expect(router.matchPath("/patched/:id/once", "/patched/2/once")).not.toBeNull();
      expect(first).toBeGreaterThan(0);
      expect(made).toBe(first);
    } finally {
      globalThis.RegExp = Real;
    }
  });
});

describe("react-router-dom", () => {
  it("converts a routes array to data routes once", async () => {
    const routes: Route[] = [{ id: "root", path: "/" }];
    const context = await router.createStaticHandler(routes).query(new Request("http://localhost/"));
    expect(routerDomServer.createStaticRouter(routes, context).routes).toBe(
      routerDomServer.createStaticRouter(routes, context).routes,
    );
  });
});

describe("@remix-run/react", () => {
  it("RemixServer makes a build's route objects once: two renders route through the same ones", async () => {
    const seen: unknown[] = [];
    function Root() {
      seen.push(React.useContext(DataRouterContext)?.router.routes);
      return React.createElement("p", null, "root");
    }
    const manifestRoute = { id: "root", path: "", module: "/root.js", hasLoader: false, hasAction: false };
    const manifest = {
      routes: { root: { ...manifestRoute, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false } },
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
    };
    // A build's: the same objects on every request.
    const routeModules = { root: { default: Root } };
    const future = {};
    const render = async () => {
      const staticHandlerContext = await router
        .createStaticHandler([{ id: "root", path: "" }])
        .query(new Request("http://localhost/"));
      const context = {
        manifest,
        routeModules,
        staticHandlerContext,
        future,
        isSpaMode: false,
        serverHandoffString: "{}",
      };
      return renderToString(React.createElement(RemixServer, { context: context as never, url: "http://localhost/" }));
    };
    expect(await render()).toContain("root");
    await render();
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeDefined();
    expect(seen[1]).toBe(seen[0]);
  });
});
