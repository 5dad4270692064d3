import { mkdtemp, readdir, readFile, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addResourceVersion,
  createResource,
  deleteResource,
  getResource,
  findDownload,
  recordDownload,
  updateResource,
} from "~/models/resources.server";
import {
  contentNotOfType,
  fileTooLarge,
  fileTypeNotAllowed,
  MAX_FILE_BYTES,
  ResourceDetailsSchema,
} from "~/schemas/resource";
import { sweepStoredFiles } from "~/services/maintenance.server";
import { handleUpload, NAME_WITH_NUL, receiveUpload, storedFileName, UploadRefused } from "~/services/uploads.server";
import { type FileStorage, localStorage, newStorageKey } from "~/utils/storage.server";
import type { Role } from "~/utils/vocabulary";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createUser } from "../support/factories";
import { multipartBody, type Part, pdfPart } from "../support/multipart";

const db = testDb();
let dir: string;
let storage: FileStorage;

beforeEach(async () => {
  await resetDb(db);
  dir = await mkdtemp(path.join(os.tmpdir(), "placement-uploads-"));
  storage = localStorage(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const encoder = new TextEncoder();

/**
 * A multipart request whose body is made as it is read. `abortAfter` makes the stream fail after
 * that many bytes, as a dropped connection does.
 */
function multipartRequest(parts: Part[], abortAfter?: number, onSent?: (bytes: number) => void): Request {
  const body = multipartBody(parts);
  let sent = 0;
  const source = body.chunks();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) return controller.close();
      sent += next.value.length;
      onSent?.(sent);
      if (abortAfter !== undefined && sent > abortAfter) return controller.error(new Error("connection reset"));
      controller.enqueue(next.value);
    },
  });
  return new Request("http://localhost/resources/upload", {
    method: "POST",
    body: stream,
    headers: { "Content-Type": body.contentType },
    // Node's fetch needs it for a streamed body.
    duplex: "half",
  });
}

const pdf = (filename: string, size: number): Part => pdfPart(filename, size);
const TEXT_HEAD = encoder.encode("Care plan notes\n");

/** Everything under the storage directory, temporary files included. */
const stored = async () => (await readdir(dir)).sort();

async function refusal(request: Request): Promise<UploadRefused> {
  const error = await receiveUpload(request, storage, { fileField: "files", maxFiles: 10 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadRefused);
  return error as UploadRefused;
}

describe("receiving an upload", () => {
  it("stores a file of exactly 50 MB, streamed, with the server's memory flat; its fields come along", async () => {
    // What the process holds (after a full garbage collection) before, and when 40 MB of the file
    // have gone through: a handler that kept the file would hold those 40 MB.
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as () => void;
    const held = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = held();
    let during = 0;
    const { fields, files } = await receiveUpload(
      multipartRequest(
        [{ name: "category", value: "Care Plans" }, pdf("plan.pdf", MAX_FILE_BYTES)],
        undefined,
        (sent) => {
          if (during === 0 && sent > 40 * 1024 * 1024) during = held();
        },
      ),
      storage,
      { fileField: "files", maxFiles: 10 },
    );
    const growth = during - before;
    console.log(`memory held at 40 MB into a 50 MB upload: ${(growth / 1048576).toFixed(1)} MB more than before`);
    expect(during).toBeGreaterThan(0);
    // (A handler that kept the file would hold more than 40 MB here.)
    expect(growth).toBeLessThan(24 * 1024 * 1024);
    expect(fields.get("category")).toBe("Care Plans");
    expect(fields.has("files")).toBe(false);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      originalName: "plan.pdf",
      mimeType: "application/pdf",
      extension: "pdf",
      sizeBytes: MAX_FILE_BYTES,
    });
    expect(files[0].key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(await stored()).toEqual([files[0].key]);
    const onDisk = await storage.get(files[0].key);
    expect(onDisk!.size).toBe(MAX_FILE_BYTES);
    onDisk!.body.destroy();
  }, 30_000);

  it("refuses 50 MB and 1 byte while streaming, leaving no file behind", async () => {
    const error = await refusal(multipartRequest([pdf("big.pdf", MAX_FILE_BYTES + 1)]));
    expect(error.message).toBe(fileTooLarge("big.pdf"));
    expect(error.message).toBe("File too large: big.pdf. Maximum size is 50MB.");
    expect(error.status).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it("refuses an executable named .pdf (its content is not a PDF), and a name of a type not allowed, leaving nothing", async () => {
    const exe = encoder.encode("MZ\u0090\u0000\u0003\u0000\u0000\u0000\u0004\u0000PE\u0000\u0000");
    const error = await refusal(multipartRequest([{ name: "files", filename: "report.pdf", size: 4096, head: exe }]));
    expect(error.message).toBe("The content of report.pdf is not a PDF");
    expect(error.status).toBe(415);
    const script = await refusal(multipartRequest([{ name: "files", filename: "run.sh", size: 20, head: TEXT_HEAD }]));
    expect(script.message).toBe(fileTypeNotAllowed("run.sh"));
    expect(script.message).toBe("File type not allowed: run.sh");
    // Each allowed type names what its content must be.
    const png = await refusal(multipartRequest([{ name: "files", filename: "photo.png", size: 20, head: TEXT_HEAD }]));
    expect(png.message).toBe("The content of photo.png is not a PNG image");
    const docx = await refusal(multipartRequest([{ name: "files", filename: "plan.DOCX", size: 20, head: TEXT_HEAD }]));
    expect(docx.message).toBe("The content of plan.DOCX is not a Word document");
    expect(await stored()).toEqual([]);
  });

  it("an aborted upload leaves nothing, not even a partial file", async () => {
    const error = await receiveUpload(multipartRequest([pdf("half.pdf", 5 * 1024 * 1024)], 2 * 1024 * 1024), storage, {
      fileField: "files",
      maxFiles: 10,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(UploadRefused);
    expect(await stored()).toEqual([]);
  });

  it("several files at once: all stored; when a later one is refused, the earlier ones are removed", async () => {
    const both = await receiveUpload(
      multipartRequest([pdf("a.pdf", 1000), { name: "files", filename: "notes.txt", size: 500, head: TEXT_HEAD }]),
      storage,
      { fileField: "files", maxFiles: 10 },
    );
    expect(both.files.map((f) => [f.originalName, f.mimeType])).toEqual([
      ["a.pdf", "application/pdf"],
      ["notes.txt", "text/plain"],
    ]);
    expect(await stored()).toEqual(both.files.map((f) => f.key).sort());
    for (const f of both.files) await storage.delete(f.key);

    const error = await refusal(multipartRequest([pdf("first.pdf", 2000), pdf("second.pdf", MAX_FILE_BYTES + 1)]));
    expect(error.message).toBe(fileTooLarge("second.pdf"));
    expect(await stored()).toEqual([]);
  });

  it("handleUpload keeps the files once the write saved them, and removes them when it saved nothing or failed", async () => {
    const options = { fileField: "files", maxFiles: 10 };
    const twoFiles = () => multipartRequest([pdf("a.pdf", 1000), pdf("b.pdf", 1000)]);
    // Not saved: the details refused (no write), the record not found (null), the database failing.
    expect(await handleUpload(twoFiles(), storage, options, async () => "refused")).toBe("refused");
    expect(await stored()).toEqual([]);
    const none = await handleUpload(twoFiles(), storage, options, ({ keepIf }) => keepIf(Promise.resolve(null)));
    expect(none).toBeNull();
    expect(await stored()).toEqual([]);
    const failing = handleUpload(twoFiles(), storage, options, ({ keepIf }) =>
      keepIf(Promise.reject(new Error("the database refused the row"))),
    );
    await expect(failing).rejects.toThrow("the database refused the row");
    expect(await stored()).toEqual([]);
    // Saved: kept, even when what follows the write fails.
    let keys: string[] = [];
    const after = handleUpload(twoFiles(), storage, options, async ({ files, keepIf }) => {
      keys = files.map((f) => f.key);
      await keepIf(Promise.resolve({ ids: ["1", "2"] }));
      throw new Error("reading the saved documents failed");
    });
    await expect(after).rejects.toThrow("reading the saved documents failed");
    expect(await stored()).toEqual([...keys].sort());
  });

  it("a refused file does not stop the reading: the fields after it come with the refusal, no file is kept", async () => {
    const exe = encoder.encode("MZ\u0090\u0000\u0003\u0000\u0000\u0000\u0004\u0000PE\u0000\u0000");
    const error = await refusal(
      multipartRequest([
        pdf("first.pdf", 2000),
        { name: "files", filename: "report.pdf", size: 1024 * 1024, head: exe },
        pdf("after.pdf", 3000),
        { name: "category", value: "Care Plans" },
        { name: "description", value: "Typed before the files were chosen" },
      ]),
    );
    expect(error.message).toBe(contentNotOfType("report.pdf", "pdf"));
    expect(error.status).toBe(415);
    expect(error.fields?.get("category")).toBe("Care Plans");
    expect(error.fields?.get("description")).toBe("Typed before the files were chosen");
    expect(error.fields?.has("files")).toBe(false);
    expect(await stored()).toEqual([]);
  });

  it("a file's stored name is the last part of its path, without control or direction characters", async () => {
    expect(storedFileName("C:\\fakepath\\scan.pdf")).toBe("scan.pdf");
    expect(storedFileName("invoice\u202Eexe.pdf")).toBe("invoiceexe.pdf");
    expect(storedFileName("a\u0007b\u200Fc\u2066\u009b.pdf")).toBe("abc.pdf");
    expect(storedFileName(" \u202E ")).toBe("file");
    expect(storedFileName(`${"x".repeat(300)}.pdf`)).toHaveLength(255);
    // Letters of every script, and emoji joined by U+200D, stay.
    expect(storedFileName("Überweisung 👩‍⚕️ 検査.pdf")).toBe("Überweisung 👩‍⚕️ 検査.pdf");

    const spoofed = await receiveUpload(multipartRequest([pdf("report\u202Etxt.pdf", 500)]), storage, {
      fileField: "files",
      maxFiles: 10,
    });
    expect(spoofed.files.map((f) => f.originalName)).toEqual(["reporttxt.pdf"]);
    for (const f of spoofed.files) await storage.delete(f.key);

    const nul = await refusal(multipartRequest([pdf("scan\u0000.pdf", 500)]));
    expect(nul.message).toBe(NAME_WITH_NUL);
    expect(nul.status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("an empty file input (a part with no file name) is no file; too many files are refused", async () => {
    const none = await receiveUpload(
      multipartRequest([{ name: "files", filename: "", size: 0, head: new Uint8Array() }]),
      storage,
      { fileField: "files", maxFiles: 10 },
    );
    expect(none.files).toEqual([]);
    const error = await receiveUpload(multipartRequest([pdf("a.pdf", 100), pdf("b.pdf", 100)]), storage, {
      fileField: "files",
      maxFiles: 1,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UploadRefused);
    expect(await stored()).toEqual([]);
  });
});

// ───────────────────────────── the model ─────────────────────────────

describe("documents: access levels, versions, downloads", () => {
  async function setup() {
    const agency = await createAgency(db);
    const other = await createAgency(db);
    const user = async (role: Role) => {
      const u = await createUser(db, { agencyId: agency.id, role });
      return { userId: u.id, agencyId: agency.id, role };
    };
    const uploader = await user("agent");
    const agent = await user("agent");
    const coordinator = await user("coordinator");
    const admin = await user("admin");
    const stranger = await createUser(db, { agencyId: other.id, role: "admin" });
    const client = await createClient(db, { agencyId: agency.id });
    return {
      uploader,
      agent,
      coordinator,
      admin,
      stranger: { userId: stranger.id, agencyId: other.id, role: "admin" as Role },
      client,
    };
  }
  const details = (clientId: string, accessLevel: string) =>
    ResourceDetailsSchema.parse({
      relatedToType: "Client",
      relatedToId: clientId,
      category: "Medical Records",
      accessLevel,
      tags: " cardiology, , 2026 ",
    });
  const file = (key: string, name = "chart.pdf") => ({
    key,
    originalName: name,
    mimeType: "application/pdf",
    sizeBytes: 1234,
    metadata: { pages: 2 },
  });

  it("a restricted document exists only for its uploader, coordinators and admins", async () => {
    const s = await setup();
    const { id } = (await createResource(db, s.uploader, file("k1.pdf"), details(s.client.id, "restricted")))!;
    for (const who of [s.uploader, s.coordinator, s.admin]) expect((await getResource(db, who, id))?.id).toBe(id);
    expect(await getResource(db, s.agent, id)).toBeNull();
    expect(await getResource(db, { userId: s.agent.userId, agencyId: s.agent.agencyId }, id)).toBeNull();
    expect(await findDownload(db, s.agent, id)).toBeNull();
    expect(await recordDownload(db, s.agent, id, 1)).toBe(false);
    expect(await updateResource(db, s.agent, id, details(s.client.id, "public"))).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await addResourceVersion(db, s.agent, id, file("k2.pdf"), "sneaky")).toBeNull();
    expect(await deleteResource(db, s.agent, id)).toBeNull();
    // Another agency's admin: nothing at all.
    expect(await getResource(db, s.stranger, id)).toBeNull();
    expect(await findDownload(db, s.stranger, id)).toBeNull();
    expect(await recordDownload(db, s.stranger, id, 1)).toBe(false);
    expect(await deleteResource(db, s.stranger, id)).toBeNull();
    const resource = await getResource(db, s.uploader, id);
    expect(resource).toMatchObject({ downloadCount: 0, version: 1, tags: ["cardiology", "2026"] });
  });

  it("internal and public documents are for everyone of the agency, and no one else", async () => {
    const s = await setup();
    for (const level of ["internal", "public"]) {
      const { id } = (await createResource(db, s.uploader, file(`${level}.pdf`), details(s.client.id, level)))!;
      expect((await getResource(db, s.agent, id))?.accessLevel).toBe(level);
      expect(await getResource(db, s.stranger, id)).toBeNull();
    }
  });

  it("a document must belong to a record of the agency", async () => {
    const s = await setup();
    const foreign = await createClient(db, { agencyId: s.stranger.agencyId });
    expect(await createResource(db, s.uploader, file("k.pdf"), details(foreign.id, "internal"))).toBeNull();
    expect(await db.selectFrom("resources").select("id").execute()).toEqual([]);
  });

  it("versions: a replaced file keeps the earlier one downloadable; downloads are counted and recorded", async () => {
    const s = await setup();
    const { id } = (await createResource(
      db,
      s.uploader,
      file("v1.pdf", "plan.pdf"),
      details(s.client.id, "internal"),
    ))!;
    expect(await addResourceVersion(db, s.agent, id, file("v2.pdf", "plan-final.pdf"), "Signed copy")).toEqual({
      version: 2,
    });
    const resource = (await getResource(db, s.uploader, id))!;
    expect(resource).toMatchObject({ version: 2, fileName: "v2.pdf", originalName: "plan-final.pdf" });
    expect(resource.versions.map((v) => [v.versionNumber, v.originalName, v.changeLog])).toEqual([
      [2, "plan-final.pdf", "Signed copy"],
      [1, "plan.pdf", "Initial upload"],
    ]);
    expect(await findDownload(db, s.agent, id)).toMatchObject({ key: "v2.pdf", version: 2 });
    expect(await findDownload(db, s.coordinator, id, 1)).toMatchObject({ key: "v1.pdf", originalName: "plan.pdf" });
    expect(await findDownload(db, s.coordinator, id, 7)).toBeNull();
    // Found is not downloaded: only recordDownload counts, once the file is open.
    expect((await getResource(db, s.uploader, id))!.downloadCount).toBe(0);
    expect(await recordDownload(db, s.agent, id, 2)).toBe(true);
    expect(await recordDownload(db, s.coordinator, id, 1)).toBe(true);
    const after = (await getResource(db, s.uploader, id))!;
    expect(after.downloadCount).toBe(2);
    expect(after.lastDownloadedAt).not.toBeNull();
    const audit = await db
      .selectFrom("audit_events")
      .select(["actor_id", "action", "entity_id", "details"])
      .where("action", "=", "download")
      .orderBy("created_at")
      .execute();
    expect(audit.map((a) => [a.actor_id, a.action, a.entity_id, a.details])).toEqual([
      [s.agent.userId, "download", id, { version: 2 }],
      [s.coordinator.userId, "download", id, { version: 1 }],
    ]);
    // Deleting answers every version's file, for the storage.
    const deleted = (await deleteResource(db, s.coordinator, id)) as { keys: string[] };
    expect(deleted.keys.sort()).toEqual(["v1.pdf", "v2.pdf"]);
    expect(await getResource(db, s.uploader, id)).toBeNull();
  });

  it("the sweep of stored files removes old files no document or version names, and keeps the rest", async () => {
    const s = await setup();
    const put = async (name: string, hoursOld: number) => {
      const key = newStorageKey("pdf");
      await storage.put(
        key,
        (async function* () {
          yield encoder.encode(`%PDF-1.4 ${name}`);
        })(),
      );
      const at = new Date(Date.now() - hoursOld * 3600_000);
      await utimes(path.join(dir, key), at, at);
      return key;
    };
    const [current, earlier, orphan, justStored] = [
      await put("v2", 3),
      await put("v1", 3),
      await put("x", 2),
      await put("y", 0),
    ];
    const { id } = (await createResource(db, s.uploader, file(earlier, "plan.pdf"), details(s.client.id, "internal")))!;
    await addResourceVersion(db, s.uploader, id, file(current, "plan-final.pdf"), null);

    expect(await sweepStoredFiles(db, storage)).toEqual({ partials: 0, orphans: 1 });
    expect(await stored()).toEqual([current, earlier, justStored].sort());
    expect(await stored()).not.toContain(orphan);
  });

  it("the details: every required message, tags trimmed and empties dropped, a bad date refused", async () => {
    const result = ResourceDetailsSchema.safeParse({});
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      relatedToType: "Related to type is required",
      relatedToId: "Related object is required",
      category: "Category is required",
      accessLevel: "Access level is required",
    });
    const blank = ResourceDetailsSchema.safeParse({
      relatedToType: " ",
      relatedToId: "",
      category: "",
      accessLevel: "",
    });
    expect(blank.error!.issues.map((i) => i.message).sort()).toEqual(
      [
        "Access level is required",
        "Category is required",
        "Related object is required",
        "Related to type is required",
      ].sort(),
    );
    expect(
      ResourceDetailsSchema.safeParse({
        relatedToType: "Client",
        relatedToId: "5f0c5c3e-8d7a-4c55-9a55-0a1f5f0f2b11",
        category: "Other",
        accessLevel: "public",
        expirationDate: "2026-02-30",
      }).error!.issues[0].message,
    ).toBe("Please enter a valid date");
  });
});

// Keep the helper honest: what it reads back is what was stored.
describe("local storage", () => {
  it("put, get and delete; a key that is not ours is refused", async () => {
    await storage.put(
      "abc.txt",
      (async function* () {
        yield encoder.encode("hello ");
        yield encoder.encode("world");
      })(),
    );
    expect(await readFile(path.join(dir, "abc.txt"), "utf8")).toBe("hello world");
    const got = await storage.get("abc.txt");
    expect(got!.size).toBe(11);
    got!.body.destroy();
    expect(await storage.get("missing.txt")).toBeNull();
    await storage.delete("abc.txt");
    await storage.delete("abc.txt");
    expect(await stored()).toEqual([]);
    for (const key of ["../x.txt", "a/b.txt", ".hidden", ""]) {
      await expect(storage.put(key, (async function* () {})())).rejects.toThrow(/Invalid storage key/);
    }
  });
});
