// Uploads through the real server (Express, its request guards, Remix, the upload service,
// storage): sizes up to the spec's 50 MB per file on every upload endpoint, and uploads broken
// off or stalled half-way, which must leave no file, no open descriptor and no memory behind.
import { createCookie } from "@remix-run/node";
import { readdir, readlink } from "node:fs/promises";
import http from "node:http";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/utils/db-types";
import { createSession } from "~/models/session.server";
import { fileTooLarge, MAX_FILE_BYTES } from "~/schemas/resource";
import { NAME_WITH_NUL } from "~/services/uploads.server";
import { resetDb } from "../support/db";
import { createAgency, createClient, createUser } from "../support/factories";
import { multipartBody, type MultipartBody, type Part, pdfPart } from "../support/multipart";
import { eventually, openDescriptors, residentBytes, type ServerProcess, startServer } from "../support/server-process";

const SECRET = "fault-suite-session-secret-0123456789abcdef";
const MB = 1024 * 1024;
const databaseUrl = process.env.FAULTS_DATABASE_URL ?? "";
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
});

let server: ServerProcess;
let token: string;
let cookie: string;
let clientId: string;
let worker: number;

beforeAll(async () => {
  if (!databaseUrl)
    throw new Error("FAULTS_DATABASE_URL is not set: run the fault suite with `npm test -- --only faults`");
  await resetDb(db);
  const agency = await createAgency(db);
  const user = await createUser(db, { agencyId: agency.id, role: "coordinator" });
  clientId = (await createClient(db, { agencyId: agency.id })).id;
  const limits = { idleMinutes: 60, absoluteHours: 12 };
  const owner = { id: user.id, agencyId: agency.id };
  token = (await createSession(db, { user: owner, kind: "api", limits })).token;
  const browser = await createSession(db, { user: owner, kind: "browser", limits });
  cookie = (await createCookie("__session", { secrets: [SECRET], path: "/" }).serialize(browser.token)).split(";")[0];
  // A body that stops arriving is cut after 2 seconds here (60 by default).
  server = await startServer({ databaseUrl, sessionSecret: SECRET, workers: 1, env: { BODY_IDLE_SECONDS: "2" } });
  [worker] = server.workers();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await db.destroy();
});

const details = (fieldsFor: "screen" | "api" = "api"): Part[] =>
  Object.entries({
    relatedToType: "Client",
    relatedToId: clientId,
    category: "Care Plans",
    accessLevel: "internal",
    ...(fieldsFor === "screen" ? { description: "Typed with the upload" } : {}),
  }).map(([name, value]) => ({ name, value }));

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * Sends a multipart body as a client on a connection of its own: whole, cut off after
 * `cutAfter` bytes (the connection dropped), or stopped after `stallAfter` bytes (the connection
 * left open, nothing more sent). A cut request resolves with "cut".
 */
function send(
  path: string,
  body: MultipartBody,
  options: { headers?: Record<string, string>; cutAfter?: number; stallAfter?: number } = {},
): Promise<Answer | "cut"> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port: server.port,
      path,
      method: "POST",
      agent: false,
      headers: { "Content-Type": body.contentType, "Content-Length": String(body.length), ...options.headers },
    });
    let cut = false;
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text });
      });
    });
    request.on("error", (error) => (cut ? resolve("cut") : reject(error)));
    void (async () => {
      let sent = 0;
      for await (const chunk of body.chunks()) {
        if (options.cutAfter !== undefined && sent + chunk.length > options.cutAfter) {
          // The bytes reach the connection (so the server has the request), then the connection
          // drops, as a closed laptop lid drops it.
          await new Promise<void>((r) => request.write(chunk.subarray(0, options.cutAfter! - sent), () => r()));
          cut = true;
          request.destroy();
          return resolve("cut");
        }
        if (options.stallAfter !== undefined && sent + chunk.length > options.stallAfter) {
          request.write(chunk.subarray(0, options.stallAfter - sent));
          return; // nothing more: the server must give up on it
        }
        sent += chunk.length;
        if (!request.write(chunk)) await new Promise((r) => request.once("drain", r));
      }
      request.end();
    })().catch(reject);
  });
}

async function answered(promise: Promise<Answer | "cut">): Promise<Answer> {
  const answer = await promise;
  if (answer === "cut") throw new Error("the request was cut");
  return answer;
}

const bearer = () => ({ Authorization: `Bearer ${token}` });
const browser = (withScript: boolean) => ({
  Cookie: cookie,
  "Sec-Fetch-Site": "same-origin",
  ...(withScript ? { Accept: "application/json" } : {}),
});

/** The stored files, temporary ones included. */
const stored = async () => (await readdir(server.uploadDir).catch(() => [] as string[])).sort();

/** The worker's open descriptors that are files in the upload directory. */
async function openUploadFiles(): Promise<string[]> {
  const fds = await readdir(`/proc/${worker}/fd`);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${worker}/fd/${fd}`).catch(() => "")));
  return targets.filter((target) => target.startsWith(server.uploadDir));
}

async function downloadedBytes(id: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/resources/${id}/download`, { headers: bearer() });
  expect(response.status).toBe(200);
  return (await response.arrayBuffer()).byteLength;
}

describe("uploads up to 50 MB a file, through every upload endpoint", () => {
  it("the API stores 5 MB and exactly 50 MB, and refuses 50 MB and one byte with the spec's message, leaving nothing", async () => {
    for (const size of [5 * MB, MAX_FILE_BYTES]) {
      const answer = await answered(
        send("/api/resources", multipartBody([...details(), pdfPart(`scan-${size}.pdf`, size, "file")]), {
          headers: bearer(),
        }),
      );
      expect(answer.status, answer.text).toBe(201);
      const { resource } = JSON.parse(answer.text).data;
      expect(resource.fileSize).toBe(size);
      expect(await downloadedBytes(resource._id)).toBe(size);
    }
    const before = await stored();
    const rows = await db.selectFrom("resources").select("id").execute();
    const tooBig = await answered(
      send("/api/resources", multipartBody([...details(), pdfPart("big.pdf", MAX_FILE_BYTES + 1, "file")]), {
        headers: bearer(),
      }),
    );
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.text)).toEqual({ success: false, message: fileTooLarge("big.pdf") });
    expect(fileTooLarge("big.pdf")).toBe("File too large: big.pdf. Maximum size is 50MB.");
    expect(await stored()).toEqual(before);
    expect(await db.selectFrom("resources").select("id").execute()).toHaveLength(rows.length);
  });

  it("the upload screen takes 5 MB without JavaScript and with it; Replace file and the API add 5 MB versions", async () => {
    const plain = await answered(
      send("/resources/upload", multipartBody([...details("screen"), pdfPart("plain.pdf", 5 * MB)]), {
        headers: browser(false),
      }),
    );
    expect(plain.status, plain.text).toBe(302);
    // One document uploaded: on to its page.
    expect(plain.headers.location).toMatch(/^\/resources\/[0-9a-f-]{36}$/);

    const scripted = await answered(
      send(
        "/resources/upload?_data=routes%2F_app.resources.upload",
        multipartBody([...details("screen"), pdfPart("scripted.pdf", 5 * MB)]),
        { headers: browser(true) },
      ),
    );
    expect(scripted.status, scripted.text).toBe(200);
    expect(JSON.parse(scripted.text)).toMatchObject({
      redirectTo: expect.stringMatching(/^\/resources\/[0-9a-f-]{36}$/),
    });

    const { id } = await db
      .selectFrom("resources")
      .select("id")
      .where("original_name", "=", "plain.pdf")
      .executeTakeFirstOrThrow();
    const replaced = await answered(
      send(`/resources/${id}/replace`, multipartBody([pdfPart("plain-v2.pdf", 5 * MB, "file")]), {
        headers: browser(false),
      }),
    );
    expect(replaced.status, replaced.text).toBe(302);
    expect(replaced.headers.location).toBe(`/resources/${id}`);

    const version = await answered(
      send(
        `/api/resources/${id}/versions`,
        multipartBody([{ name: "changeLog", value: "Signed copy" }, pdfPart("plain-v3.pdf", 5 * MB, "file")]),
        { headers: bearer() },
      ),
    );
    expect(version.status, version.text).toBe(201);
    const body = JSON.parse(version.text);
    expect(body.message).toBe("New version uploaded (version 3)");
    expect(body.data.resource).toMatchObject({ version: 3, originalName: "plain-v3.pdf", fileSize: 5 * MB });
    expect(await downloadedBytes(id)).toBe(5 * MB);
  });

  it("a request larger than any upload can be is refused by its length, before it is read", async () => {
    const body = multipartBody([...details(), pdfPart("huge.pdf", 2 * MAX_FILE_BYTES, "file")]);
    // A first megabyte only: the answer comes from the length the headers declare.
    const answer = await answered(send("/api/resources", body, { headers: bearer(), stallAfter: MB }));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: "Request body too large: at most 51 MB" });
  });

  it("a file name with a NUL is refused (400); control and direction marks are left out of the stored name", async () => {
    const nul = await answered(
      send("/api/resources", multipartBody([...details(), pdfPart("scan\u0000.pdf", 1000, "file")]), {
        headers: bearer(),
      }),
    );
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.text).message).toBe(NAME_WITH_NUL);

    const spoof = await answered(
      send("/api/resources", multipartBody([...details(), pdfPart("invoice\u202Eexe.pdf\u0007", 1000, "file")]), {
        headers: bearer(),
      }),
    );
    expect(spoof.status, spoof.text).toBe(201);
    expect(JSON.parse(spoof.text).data.resource.originalName).toBe("invoiceexe.pdf");
  });
});

describe("uploads broken off", () => {
  it("200 aborted uploads leave no partial file, no open file and the memory where it was", async () => {
    const kept = await stored();
    const kinds = [
      // One file, cut half-way through it.
      () =>
        send("/api/resources", multipartBody([...details(), pdfPart("cut.pdf", 4 * MB, "file")]), {
          headers: bearer(),
          cutAfter: 2 * MB,
        }),
      // Two files: the first whole (stored), the second cut: neither may stay.
      () =>
        send(
          "/resources/upload",
          multipartBody([...details("screen"), pdfPart("first.pdf", MB), pdfPart("second.pdf", 4 * MB)]),
          { headers: browser(false), cutAfter: 3 * MB },
        ),
      // Cut in the middle of the details, before any file.
      () =>
        send("/resources/upload", multipartBody([...details("screen"), pdfPart("never.pdf", MB)]), {
          headers: browser(true),
          cutAfter: 100,
        }),
    ];
    /** Sends `rounds` rounds of 20 uploads at once, each cut off. */
    const cutOff = async (rounds: number) => {
      for (let round = 0; round < rounds; round++) {
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => kinds[i % kinds.length]()));
        expect(answers.every((answer) => answer === "cut")).toBe(true);
      }
    };
    // A hundred first, cleared, before the baseline: the process has then grown its heap and its
    // pool of connections for 20 uploads at once, as a busy morning would. What the next 200 add
    // is what they keep.
    await cutOff(5);
    await eventually(async () => expect(await stored()).toEqual(kept), 30_000);
    const before = openDescriptors(worker);
    const memoryBefore = residentBytes(worker);

    const cutAt = Date.now();
    await cutOff(10);

    await eventually(async () => {
      expect(await stored()).toEqual(kept);
      expect(await openUploadFiles()).toEqual([]);
      const now = openDescriptors(worker);
      expect(now.files).toBeLessThanOrEqual(before.files);
      // Connections: the database pool may have opened more of its 10 for the requests at once.
      expect(now.sockets).toBeLessThanOrEqual(before.sockets + 10);
    }, 30_000);
    const grown = residentBytes(worker) - memoryBefore;
    console.log(
      `[uploads] 200 aborted uploads sent and cleared in ${Date.now() - cutAt} ms; the worker grew ${(grown / MB).toFixed(1)} MB`,
    );
    // What this guards against is a body kept after its request was cut: each of these uploads
    // carries 1 to 4 MB, so keeping them would grow the process by hundreds of MB. The worker's
    // own garbage, which V8 collects when it sees fit, moves its RSS by tens of MB from run to run
    // (measured 36 and 41 MB on a busy machine, under 30 on most runs): 64 MB tells the two apart.
    expect(grown).toBeLessThan(64 * MB);
    expect(server.workers()).toEqual([worker]);
    // And the next upload goes through.
    const after = await answered(
      send("/api/resources", multipartBody([...details(), pdfPart("after.pdf", MB, "file")]), { headers: bearer() }),
    );
    expect(after.status).toBe(201);
  }, 120_000);

  it("an upload that stops arriving is cut after BODY_IDLE_SECONDS (408) and leaves nothing", async () => {
    const kept = await stored();
    const started = Date.now();
    const answer = await answered(
      send("/api/resources", multipartBody([...details(), pdfPart("stalled.pdf", 4 * MB, "file")]), {
        headers: bearer(),
        stallAfter: 2 * MB,
      }),
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.text)).toEqual({ success: false, message: "The request body stopped arriving" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    await eventually(async () => {
      expect(await stored()).toEqual(kept);
      expect(await openUploadFiles()).toEqual([]);
    }, 30_000);
    expect(server.workers()).toEqual([worker]);
  });
});
