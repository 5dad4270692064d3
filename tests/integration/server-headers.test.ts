import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as apiDownload from "~/routes/api.resources.$id_.download";
import * as clientsExport from "~/routes/clients.export";
import * as facilitiesExport from "~/routes/facilities.export";
import * as resourcesExport from "~/routes/resources.export";
import * as screenDownload from "~/routes/resources.$id.download";
import type { TrustProxy } from "~/utils/env.server";
import { localStorage, newStorageKey, setFileStorage } from "~/utils/storage.server";
import { createApp } from "../../server/app";
import type { HandleRequest } from "../../server/remix";
import { type SignedIn, signInNewAgency } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient } from "../support/factories";
import { args } from "../support/http";

// What a browser or a program receives through the real Express app (server/app.ts) in front of
// the real route modules: downloads and exports, whose routes set some security headers
// themselves, carry each header once; and the address the server saw is the one a download's
// audit row records.

const db = testDb();
let dir: string;
let signedIn: SignedIn;
let documentId: string;

const PDF = "%PDF-1.4\n1 0 obj << /Type /Pages /Kids [] /Count 1 >> endobj\n%%EOF\n";

/** The route modules the stand-in build answers with, by path. */
const handleRequest: HandleRequest = async (request) => {
  const { pathname } = new URL(request.url);
  const download = /^\/(api\/)?resources\/([^/]+)\/download$/.exec(pathname);
  const route = download
    ? (download[1] ? apiDownload : screenDownload).loader
    : {
        "/clients/export": clientsExport,
        "/facilities/export": facilitiesExport,
        "/resources/export": resourcesExport,
      }[pathname]?.loader;
  if (!route) return new Response("Not found", { status: 404 });
  try {
    return (await route(args(request, { id: download?.[2] ?? "" }))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

async function serve(trustProxy: TrustProxy = false) {
  const app = createApp({ handleRequest, mode: "production", appUrl: "http://localhost:3000", trustProxy });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Answer {
  status: number;
  /** Every header line as sent, its name in lower case (a header sent twice is there twice). */
  lines: Array<[string, string]>;
  body: string;
}

function getFrom(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        const lines: Array<[string, string]> = [];
        for (let i = 0; i < raw.length; i += 2) lines.push([raw[i].toLowerCase(), raw[i + 1]]);
        resolve({ status: response.statusCode ?? 0, lines, body });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const values = (answer: Answer, name: string) => answer.lines.filter(([n]) => n === name).map(([, v]) => v);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "placement-headers-"));
});
afterAll(async () => {
  setFileStorage(null);
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetDb(db);
  const storage = localStorage(dir);
  setFileStorage(storage);
  signedIn = await signInNewAgency(db);
  const agencyId = signedIn.user.agency_id;
  const client = await createClient(db, { agencyId });
  const key = newStorageKey("pdf");
  await storage.put(key, Readable.from([Buffer.from(PDF)]));
  const file = { file_name: key, original_name: "Care plan.pdf", mime_type: "application/pdf", size_bytes: PDF.length };
  const resource = await db
    .insertInto("resources")
    .values({
      ...file,
      agency_id: agencyId,
      category: "Medical Records",
      related_type: "Client",
      related_id: client.id,
      uploaded_by: signedIn.user.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("resource_versions")
    .values({ ...file, agency_id: agencyId, resource_id: resource.id, version_number: 1 })
    .execute();
  documentId = resource.id;
});

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
  "cache-control",
];

describe("each header once, through the real server", () => {
  it("downloads (screen and API) and the CSV exports: every security header exactly once, the route's own value kept", async () => {
    const served = await serve();
    try {
      const browser = { Cookie: signedIn.cookie, Host: "localhost:3000" };
      const program = { Authorization: `Bearer ${signedIn.token}`, Host: "localhost:3000" };
      const answers = {
        screenDownload: await getFrom(served.port, `/resources/${documentId}/download`, browser),
        apiDownload: await getFrom(served.port, `/api/resources/${documentId}/download`, program),
        clientsExport: await getFrom(served.port, "/clients/export", browser),
        facilitiesExport: await getFrom(served.port, "/facilities/export", browser),
        resourcesExport: await getFrom(served.port, "/resources/export", browser),
      };
      for (const [name, answer] of Object.entries(answers)) {
        expect(answer.status, name).toBe(200);
        for (const header of SECURITY_HEADERS) expect(values(answer, header), `${name}: ${header}`).toHaveLength(1);
        expect(values(answer, "x-content-type-options"), name).toEqual(["nosniff"]);
        expect(values(answer, "cache-control"), name).toEqual(["no-store"]);
        expect(values(answer, "content-disposition")[0], name).toMatch(/^attachment; /);
      }
      // A download's stricter policy replaces the pages' (a file never runs as a page).
      for (const answer of [answers.screenDownload, answers.apiDownload]) {
        expect(values(answer, "content-security-policy")).toEqual(["default-src 'none'; sandbox"]);
        expect(answer.body).toBe(PDF);
      }
      expect(values(answers.clientsExport, "content-security-policy")[0]).toMatch(/^default-src 'self'; /);
    } finally {
      await served.close();
    }
  });
});

describe("a download's audit row", () => {
  const audit = () =>
    db
      .selectFrom("audit_events")
      .select(["action", "actor_id", "ip"])
      .where("entity_id", "=", documentId)
      .where("action", "=", "download")
      .execute();

  it("records the address the server saw: the socket's, or behind a trusted proxy the one it forwarded", async () => {
    const direct = await serve(false);
    try {
      const answer = await getFrom(direct.port, `/resources/${documentId}/download`, {
        Cookie: signedIn.cookie,
        // Not believed without TRUST_PROXY, nor a forged X-Client-IP.
        "X-Forwarded-For": "198.51.100.1",
        "X-Client-IP": "198.51.100.2",
      });
      expect(answer.status).toBe(200);
    } finally {
      await direct.close();
    }
    expect(await audit()).toEqual([{ action: "download", actor_id: signedIn.user.id, ip: "127.0.0.1" }]);

    const proxied = await serve(1);
    try {
      const answer = await getFrom(proxied.port, `/api/resources/${documentId}/download`, {
        Authorization: `Bearer ${signedIn.token}`,
        "X-Forwarded-For": "10.9.9.9, 203.0.113.50",
      });
      expect(answer.status).toBe(200);
    } finally {
      await proxied.close();
    }
    expect((await audit()).map((row) => row.ip).sort()).toEqual(["127.0.0.1", "203.0.113.50"]);
  });
});
