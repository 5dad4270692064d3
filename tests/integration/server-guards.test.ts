import http from "node:http";
import fc from "fast-check";
import net, { type AddressInfo } from "node:net";
import { once } from "node:events";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as forgotApi } from "~/routes/api.auth.forgot-password";
import { action as loginApi } from "~/routes/api.auth.login";
import { RULES } from "~/utils/rate-limit.server";
import type { TrustProxy } from "~/utils/env.server";
import { createApp } from "../../server/app";
import type { HandleRequest } from "../../server/remix";
import { resetDb, testDb } from "../support/db";
import { args } from "../support/http";

// The Express layer (server/app.ts) in front of a stand-in for the Remix build: a route that
// reads the whole body as a form route does (and says how much it got), and the real sign-in and
// forgot-password API routes.

const db = testDb();
const KB = 1024;
const MB = 1024 * KB;

/** What the stand-in routes read of each body, by path. */
let read: Array<{ path: string; bytes: number }> = [];

const handleRequest: HandleRequest = async (request) => {
  const { pathname } = new URL(request.url);
  if (pathname === "/api/auth/login") return loginApi(args(request));
  if (pathname === "/api/auth/forgot-password") return forgotApi(args(request));
  let bytes = 0;
  try {
    const reader = request.body?.getReader();
    for (let next = await reader?.read(); next && !next.done; next = await reader?.read()) {
      bytes += next.value.byteLength;
    }
  } finally {
    read.push({ path: pathname, bytes });
  }
  return new Response(`read ${bytes} bytes; client ${request.headers.get("X-Client-IP")}`);
};

interface Served {
  url: string;
  port: number;
  close: () => Promise<void>;
}

async function serve(trustProxy: TrustProxy = false): Promise<Served> {
  const app = createApp({ handleRequest, mode: "production", appUrl: "http://localhost:3000", trustProxy });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app on a free port for the tests of one describe block; `read` is emptied before each. */
function servedPerBlock(trustProxy: TrustProxy = false): Served {
  const served: Served = { url: "", port: 0, close: async () => {} };
  beforeAll(async () => {
    Object.assign(served, await serve(trustProxy));
  });
  afterAll(() => served.close());
  beforeEach(() => {
    read = [];
  });
  return served;
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

interface SendInit {
  method?: string;
  type?: string;
  /** The body: this text, or this many filler bytes. */
  body?: string;
  bytes?: number;
  chunked?: boolean;
  headers?: Record<string, string>;
}

/**
 * A raw request (fetch would clean the path and always say the length): a body of `type`, with a
 * Content-Length or chunked, written in 64 KB pieces.
 */
function send(served: Served, path: string, init: SendInit = {}): Promise<Answer> {
  const content = init.body === undefined ? undefined : Buffer.from(init.body);
  const bytes = content?.length ?? init.bytes ?? 0;
  const headers: Record<string, string> = { Host: "localhost:3000", ...init.headers };
  if (init.type) headers["Content-Type"] = init.type;
  if (bytes > 0 && !init.chunked) headers["Content-Length"] = String(bytes);
  if (init.chunked) headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    let answered = false;
    let closed: Promise<void> = Promise.resolve();
    const request = http.request(
      { host: "127.0.0.1", port: served.port, path, method: init.method ?? "POST", headers, agent: false },
      (response) => {
        answered = true;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        // Done when the connection is: nothing of this request is left in flight.
        response.on("end", () =>
          closed.then(() =>
            resolve({ status: response.statusCode ?? 0, type: String(response.headers["content-type"]), text }),
          ),
        );
        response.on("error", reject);
      },
    );
    closed = new Promise((done) => request.once("close", () => done()));
    // The server may stop reading once it has answered: a write error after the answer is expected.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const filler = Buffer.alloc(64 * KB, "a");
    void (async () => {
      let sent = 0;
      while (sent < bytes && !request.destroyed) {
        const size = Math.min(bytes - sent, filler.length);
        const piece = content ? content.subarray(sent, sent + size) : filler.subarray(0, size);
        sent += size;
        if (!request.write(piece)) {
          await new Promise<void>((done) => {
            const go = () => {
              request.off("drain", go);
              request.off("close", go);
              done();
            };
            request.once("drain", go);
            request.once("close", go);
          });
        }
      }
      if (!request.destroyed) request.end();
    })();
  });
}

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

describe("request body limits", () => {
  const served = servedPerBlock();

  it.each([
    ["with a Content-Length", false],
    ["chunked, with no length", true],
  ])("a 2 MB form post %s is a 413 in the user's terms, and the page never gets more than 1 MB", async (_, chunked) => {
    const answer = await send(served, "/clients/new", { type: FORM, bytes: 2 * MB, chunked });
    expect(answer.status).toBe(413);
    expect(answer.type).toMatch(/^text\/plain/);
    expect(answer.text).toBe("What you sent is too large (at most 1 MB). Shorten it and try again.");
    const got = read.find((r) => r.path === "/clients/new");
    // By length: refused before the page runs at all. Chunked: cut off at the limit while it reads.
    if (chunked) expect(got?.bytes ?? 0).toBeLessThanOrEqual(1 * MB);
    else expect(got).toBeUndefined();
  });

  it.each([
    ["with a Content-Length", false],
    ["chunked, with no length", true],
  ])(
    "a 2 MB JSON post to the API %s is a 413 in the API's envelope, and the route never gets more than 256 KB",
    async (_, chunked) => {
      const answer = await send(served, "/api/clients", { type: JSON_TYPE, bytes: 2 * MB, chunked });
      expect(answer.status).toBe(413);
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toEqual({ success: false, message: "Request body too large: at most 256 KB" });
      const got = read.find((r) => r.path === "/api/clients");
      if (chunked) expect(got?.bytes ?? 0).toBeLessThanOrEqual(256 * KB);
      else expect(got).toBeUndefined();
    },
  );

  it.each([
    ["with a Content-Length", false],
    ["chunked, with no length", true],
  ])(
    "a client that sends 12 MB %s before it reads gets the 413: the rest is read and dropped, not reset",
    async (_, chunked) => {
      // As a browser sends its upload through before it shows the answer. Were the connection
      // closed on the unread body, the writes would fail and the answer be lost.
      const socket = net.connect(served.port, "127.0.0.1");
      await once(socket, "connect");
      let received = "";
      socket.setEncoding("utf8");
      socket.on("data", (text: string) => (received += text));
      socket.on("error", () => {}); // a failed write rejects below
      const write = (data: string | Buffer) =>
        new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
      const bytes = 12 * MB;
      const length = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
      await write(`POST /clients/new HTTP/1.1\r\nHost: localhost:3000\r\nContent-Type: ${FORM}\r\n${length}\r\n\r\n`);
      const piece = Buffer.alloc(64 * KB, "a");
      for (let sent = 0; sent < bytes; sent += piece.length) {
        await write(
          chunked
            ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
            : piece,
        );
      }
      if (chunked) await write("0\r\n\r\n");
      await new Promise((resolve) => socket.once("end", resolve));
      socket.destroy();
      const [head, text] = received.split("\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toBe("What you sent is too large (at most 1 MB). Shorten it and try again.");
    },
  );

  it("anything else under /api has the API's limit too", async () => {
    const answer = await send(served, "/api/clients", { type: "text/plain", bytes: 300 * KB, chunked: true });
    expect(answer.status).toBe(413);
  });

  it("bodies within the limits reach the app whole, chunked or not", async () => {
    expect((await send(served, "/clients/new", { type: FORM, bytes: 1 * MB })).text).toMatch(/^read 1048576 bytes/);
    expect((await send(served, "/clients/new", { type: FORM, bytes: 900 * KB, chunked: true })).text).toMatch(
      /^read 921600 bytes/,
    );
    expect((await send(served, "/api/clients", { type: JSON_TYPE, bytes: 256 * KB, chunked: true })).text).toMatch(
      /^read 262144 bytes/,
    );
  });

  it("the server does not keep what it refused: memory stays flat over many 2 MB bodies", async () => {
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    // Buffers are freed a moment after a collection: the least of a few settled readings.
    const used = async () => {
      let least = Infinity;
      for (let i = 0; i < 4; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 25));
        const m = process.memoryUsage();
        least = Math.min(least, m.heapUsed + m.external + m.arrayBuffers);
      }
      return least;
    };
    const round = () =>
      Promise.all([
        send(served, "/clients/new", { type: FORM, bytes: 2 * MB, chunked: true }),
        send(served, "/clients/new", { type: FORM, bytes: 2 * MB }),
        send(served, "/api/clients", { type: JSON_TYPE, bytes: 2 * MB, chunked: true }),
        send(served, "/api/clients", { type: JSON_TYPE, bytes: 2 * MB }),
      ]);
    // Warm up: the first requests of each kind allocate lasting things (compiled code, pools).
    await round();
    const before = await used();
    const rounds = 10;
    for (let i = 0; i < rounds; i++) {
      const answers = await round();
      expect(answers.map((a) => a.status)).toEqual([413, 413, 413, 413]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // the server drops what is left of the last bodies
    const grown = (await used()) - before;
    // 80 MB were sent and about 12 MB read by the routes before the limits cut them off; what
    // stays is a fraction of that (kept bodies would show here).
    expect(grown).toBeLessThan(4 * MB);
    expect(Math.max(...read.map((r) => r.bytes))).toBeLessThanOrEqual(1 * MB);
  });
});

describe("bodies of the wrong kind, and paths that are not what they seem", () => {
  const served = servedPerBlock();

  it.each([
    ["JSON", JSON_TYPE, 10],
    ["text", "text/plain", 10],
    ["no type", undefined, 10],
    ["no type and no body", undefined, 0],
  ])("a screen refuses %s with a 415", async (_, type, bytes) => {
    const answer = await send(served, "/clients/new", { type, bytes });
    expect(answer.status).toBe(415);
    expect(answer.text).toBe("This page only accepts a form sent from its own page. Go back and try again.");
  });

  it("a screen takes its forms, and the API checks its own types", async () => {
    expect((await send(served, "/clients/new", { type: FORM, bytes: 10 })).status).toBe(200);
    expect((await send(served, "/clients/new", { type: "multipart/form-data; boundary=x", bytes: 10 })).status).toBe(
      200,
    );
    expect((await send(served, "/api/clients", { type: "text/plain", bytes: 10 })).status).toBe(200);
    expect((await send(served, "/clients", { method: "GET" })).status).toBe(200);
  });

  it.each([
    "/api/../clients/new",
    "/api/%2e%2e/clients/new",
    "/api/%2E./clients/new",
    "/api/.%2e/clients/new",
    "/api/./../clients/new",
    "/api\\..\\clients\\new",
    "/clients/./new",
  ])("%s is refused with a 400 before any other check", async (path) => {
    const answer = await send(served, path, {
      type: JSON_TYPE,
      bytes: 10,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.status).toBe(400);
    expect(read.some((r) => r.path === "/clients/new")).toBe(false);
  });

  it("a cross-site form post to a screen is still refused", async () => {
    const answer = await send(served, "/clients/new", {
      type: FORM,
      bytes: 10,
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(answer.status).toBe(403);
  });

  it("the API's 400 for such a path is its envelope", async () => {
    const answer = await send(served, "/api/./clients", { method: "GET" });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: "Invalid request path" });
  });
});

describe("any request at all", () => {
  const served = servedPerBlock(1);

  const segment = fc.constantFrom(
    "..",
    ".",
    "%2e%2e",
    "%2E",
    ".%2e",
    "api",
    "API",
    "clients",
    "new",
    "%00",
    "%5C",
    "%2F",
    "%",
    "",
    "\xe9",
    "@evil.example",
    "?x=..%2F",
    "#",
  );
  const rawPath = fc
    .array(fc.tuple(fc.constantFrom("/", "\\", "//"), segment), { minLength: 1, maxLength: 5 })
    .map((parts) => `/${parts.map(([sep, seg]) => `${sep}${seg}`).join("")}`.replace(/^\/\//, "/"));

  it("is answered below 500, and what reaches the app has the path the checks looked at", async () => {
    await fc.assert(
      fc.asyncProperty(
        rawPath,
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
        fc.constantFrom(FORM, JSON_TYPE, "text/plain", "multipart/form-data; boundary=x", undefined),
        fc.constantFrom(0, 10, 300 * KB, 1100 * KB),
        fc.boolean(),
        fc.string({ maxLength: 20 }),
        async (path, method, type, bytes, chunked, forwarded) => {
          read = [];
          const answer = await send(served, path, {
            method,
            type,
            bytes: method === "GET" || method === "HEAD" ? 0 : bytes,
            chunked,
            headers: { "X-Forwarded-For": forwarded.replace(/[^\x21-\x7e]/g, "") || "1.2.3.4" },
          });
          expect(answer.status, `${method} ${path}`).toBeLessThan(500);
          for (const seen of read) expect(seen.path).toBe(path.split("?", 1)[0]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("TRUST_PROXY", () => {
  beforeEach(async () => {
    await resetDb(db);
  });

  /** What the app takes for the client's address, through a proxy that appends the real one. */
  const clientOf = async (served: Served, forwarded: string) =>
    (await send(served, "/whoami", { method: "GET", headers: { "X-Forwarded-For": forwarded } })).text.split(
      "client ",
    )[1];

  it("1 believes one proxy hop only: what the client wrote before it is ignored", async () => {
    const served = await serve(1);
    try {
      expect(await clientOf(served, "203.0.113.50")).toBe("203.0.113.50");
      expect(await clientOf(served, "10.9.9.9, 203.0.113.50")).toBe("203.0.113.50");
      expect(await clientOf(served, "1.1.1.1, 2.2.2.2, 203.0.113.50")).toBe("203.0.113.50");
    } finally {
      await served.close();
    }
  });

  it("a list of proxy addresses believes the hops those proxies added", async () => {
    const served = await serve("loopback, 10.0.0.0/8");
    try {
      expect(await clientOf(served, "1.1.1.1, 203.0.113.50, 10.0.0.2")).toBe("203.0.113.50");
    } finally {
      await served.close();
    }
  });

  it("unset, X-Forwarded-For is not believed at all", async () => {
    const served = await serve(false);
    try {
      expect(await clientOf(served, "203.0.113.50")).toBe("127.0.0.1");
    } finally {
      await served.close();
    }
  });

  it("a forged X-Forwarded-For does not reset the per-address limit", async () => {
    const served = await serve(1);
    try {
      const limit = RULES.resetPerAddress.limit;
      // Each request claims another address before the one the proxy appends: all one client.
      const answers = await Promise.all(
        Array.from({ length: limit + 3 }, (_, i) =>
          send(served, "/api/auth/forgot-password", {
            type: JSON_TYPE,
            body: JSON.stringify({ email: `person${i}@example.com` }),
            headers: { "X-Forwarded-For": `10.0.${i}.1, 203.0.113.50` },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      const keys = await db.selectFrom("rate_limits").select("key").where("key", "like", "reset:address:%").execute();
      expect(keys).toEqual([{ key: "reset:address:203.0.113.50" }]);

      // Sign-in counts the same address.
      const login = await send(served, "/api/auth/login", {
        type: JSON_TYPE,
        body: JSON.stringify({ email: "nobody@example.com", password: "Wrong@1234" }),
        headers: { "X-Forwarded-For": "10.7.7.7, 203.0.113.50" },
      });
      expect(login.status).toBe(401);
      expect(
        await db.selectFrom("rate_limits").select("key").where("key", "like", "login:address:%").execute(),
      ).toEqual([{ key: "login:address:203.0.113.50" }]);
    } finally {
      await served.close();
    }
  });
});
