import type { AppLoadContext } from "@remix-run/node";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { getOptionalUser } from "~/services/session.server";
import { createApp } from "../../server/app";
import { signInNewAgency } from "../support/api";
import { testDb } from "../support/db";
import { get } from "../support/http";

// The signed-in user is looked up once a request, not once a loader: the layout's and the page's
// loaders are given copies of the request, but one load context (app/utils/request-memo.server.ts).

const db = testDb();

describe("one lookup of the signed-in user a request", () => {
  it("the loaders of one request share it through the load context; another request looks again", async () => {
    const { user, cookie } = await signInNewAgency(db);
    const request = get("/profile", cookie);
    const context: AppLoadContext = { memo: new Map() };
    const first = getOptionalUser({ request, context });
    const lookup = [...context.memo!.values()][0];
    // Remix hands each loader its own copy of the request: the same lookup answers it.
    const second = getOptionalUser({ request: new Request(request), context });
    expect([...context.memo!.values()]).toEqual([lookup]);
    expect((await first)?.id).toBe(user.id);
    expect(await second).toBe(await first);
    const otherContext: AppLoadContext = { memo: new Map() };
    const another = getOptionalUser({ request, context: otherContext });
    expect([...otherContext.memo!.values()][0]).not.toBe(lookup);
    expect((await another)?.id).toBe(user.id);
  });

  it("the server makes a new memo for each request", async () => {
    const memos: unknown[] = [];
    const app = createApp({
      handleRequest: async (_request, context) => {
        memos.push(context.memo);
        return new Response("ok");
      },
      mode: "production",
      appUrl: "http://localhost:3000",
      trustProxy: false,
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (let i = 0; i < 2; i++) await (await fetch(`http://127.0.0.1:${port}/login`)).text();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(memos).toHaveLength(2);
    expect(memos[0]).toBeInstanceOf(Map);
    expect(memos[1]).toBeInstanceOf(Map);
    expect(memos[1]).not.toBe(memos[0]);
  });
});
