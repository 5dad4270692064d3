// The S3 storage driver against a local S3-compatible stand-in (tests/support/s3-stand-in.ts,
// which verifies every request's SigV4 signature), and the same behaviour asked of the local
// disk driver: both keep the FileStorage promises (streamed, all or nothing, checked keys).
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "~/schemas/resource";
import { receiveUpload, UploadRefused } from "~/services/uploads.server";
import { env, parseS3Settings, resetEnv, type S3Settings } from "~/utils/env.server";
import {
  type FileStorage,
  fileStorage,
  localStorage,
  newStorageKey,
  S3_PART_SIZE,
  s3Storage,
  setFileStorage,
} from "~/utils/storage.server";
import { type S3StandIn, startS3StandIn } from "../support/s3-stand-in";

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3?.close();
});

const settings = (changes: Partial<S3Settings> = {}): S3Settings => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  ...changes,
});

const MB = 1024 * 1024;

// Varied bytes (so that parts out of order or a chunk repeated would show), served from a 1 MiB
// block of noise at a different place for every chunk.
const NOISE = randomBytes(MB + 4099);

interface Source {
  body: AsyncGenerator<Uint8Array>;
  /** Bytes handed out so far, and their SHA-256 once the source has ended. */
  readonly yielded: number;
  readonly sha256: string | undefined;
  readonly started: boolean;
}

/**
 * `total` bytes in chunks of `chunk` (an odd size, so that chunks straddle part boundaries),
 * made as they are read: a 20 MB source never exists whole. With `failAfter` it throws once that
 * many bytes have gone, as a refused or dropped upload does; `onYield` sees each chunk go.
 */
function source(
  total: number,
  {
    chunk = 100_003,
    failAfter,
    onYield,
  }: { chunk?: number; failAfter?: number; onYield?: (yielded: number) => void } = {},
): Source {
  const hash = createHash("sha256");
  const state = { yielded: 0, sha256: undefined as string | undefined, started: false };
  async function* body(): AsyncGenerator<Uint8Array> {
    state.started = true;
    for (let i = 0; state.yielded < total; i++) {
      if (failAfter !== undefined && state.yielded >= failAfter) throw new Error("connection reset");
      const n = Math.min(chunk, total - state.yielded);
      const start = (i * 7919) % (NOISE.length - n);
      const bytes = Uint8Array.from(NOISE.subarray(start, start + n));
      hash.update(bytes);
      state.yielded += n;
      onYield?.(state.yielded);
      yield bytes;
    }
    state.sha256 = hash.digest("hex");
  }
  return {
    body: body(),
    get yielded() {
      return state.yielded;
    },
    get sha256() {
      return state.sha256;
    },
    get started() {
      return state.started;
    },
  };
}

async function* chunksOf(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === "string" ? new TextEncoder().encode(part) : part;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; length: number }> {
  const hash = createHash("sha256");
  let length = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), length };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

// --- Multipart requests for receiveUpload ---------------------------------------------------

const BOUNDARY = "----placement-s3-test-boundary";
const encoder = new TextEncoder();

/** A multipart request with one file, made as it is read (`size` bytes: `head`, then spaces). */
function uploadRequest(filename: string, head: Uint8Array, size = head.length): Request {
  async function* body(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="category"\r\n\r\nCare Plans\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
    yield head.slice(0, size);
    const fill = new Uint8Array(64 * 1024).fill(0x20);
    for (let left = size - Math.min(size, head.length); left > 0; left -= fill.length) {
      yield left >= fill.length ? fill : fill.slice(0, left);
    }
    yield encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  }
  const source = body();
  return new Request("http://localhost/resources/upload", {
    method: "POST",
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
    }),
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: "half",
  } as RequestInit);
}

const SMALL_PDF = encoder.encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n" +
    "2 0 obj << /Type /Pages /Kids [] /Count 1 >> endobj\n" +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);
const EXE = encoder.encode("MZ\u0090\u0000\u0003\u0000\u0000\u0000\u0004\u0000PE\u0000\u0000");

// --- The same behaviour from both drivers ---------------------------------------------------

interface Driver {
  storage: FileStorage;
  /** Everything the driver holds: objects, and partial writes (temporary files, open uploads). */
  leftovers(): Promise<string[]>;
  /** Leaves a write unfinished, as a crash mid-upload does; answers how leftovers() names it. */
  leaveUnfinished(key: string, at: Date): Promise<string>;
  /** Makes a stored object look as written at `at`. */
  backdate(key: string, at: Date): Promise<void>;
  cleanUp(): Promise<void>;
}

const drivers: { name: string; make: () => Promise<Driver> }[] = [
  {
    name: "local disk",
    make: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "placement-storage-"));
      return {
        storage: localStorage(dir),
        leftovers: async () => (await readdir(dir)).sort(),
        leaveUnfinished: async (_key, at) => {
          const name = `.partial-${randomBytes(8).toString("hex")}`;
          await writeFile(path.join(dir, name), "half a file");
          await utimes(path.join(dir, name), at, at);
          return name;
        },
        backdate: (key, at) => utimes(path.join(dir, key), at, at),
        cleanUp: () => rm(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3",
    make: async () => {
      s3.reset();
      return {
        storage: s3Storage(settings()),
        leftovers: async () =>
          [
            ...s3.objects.keys(),
            ...[...s3.uploads.values()].map((u) => `(multipart upload in progress) ${u.key}`),
          ].sort(),
        leaveUnfinished: async (key, at) => {
          s3.uploads.set(randomBytes(8).toString("hex"), { key, initiated: at, parts: new Map() });
          return `(multipart upload in progress) ${key}`;
        },
        backdate: async (key, at) => {
          s3.objects.get(key)!.lastModified = at;
        },
        cleanUp: async () => s3.reset(),
      };
    },
  },
];

describe.each(drivers)("FileStorage on the $name", ({ make }) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeEach(async () => {
    driver = await make();
    storage = driver.storage;
  });
  afterEach(async () => {
    await driver.cleanUp();
  });

  it("a sweep removes, of what is older than its cut-off, unfinished writes and the objects no record names", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    const [named, orphan, recent] = [newStorageKey("pdf"), newStorageKey("pdf"), newStorageKey("pdf")];
    for (const key of [named, orphan, recent]) await storage.put(key, chunksOf(encoder.encode("bytes")));
    await driver.backdate(named, hoursAgo(3));
    await driver.backdate(orphan, hoursAgo(2));
    const crashed = await driver.leaveUnfinished(newStorageKey("pdf"), hoursAgo(2));
    const inProgress = await driver.leaveUnfinished(newStorageKey("pdf"), new Date());
    const asked: string[][] = [];

    const swept = await storage.sweep(hoursAgo(1), async (keys) => {
      asked.push([...keys].sort());
      return new Set(keys.filter((key) => key === named));
    });

    expect(swept).toEqual({ partials: 1, orphans: 1 });
    expect(asked).toEqual([[named, orphan].sort()]);
    expect(await driver.leftovers()).toEqual([inProgress, named, recent].sort());
    expect(await driver.leftovers()).not.toContain(crashed);
  });

  it("stores a file and reads back the same bytes and size; delete removes it", async () => {
    const key = newStorageKey("pdf");
    const input = source(300_000, { chunk: 7_001 });
    await storage.put(key, input.body);
    expect(await driver.leftovers()).toEqual([key]);
    const stored = await storage.get(key);
    expect(stored!.size).toBe(300_000);
    const bytes = await readAll(stored!.body);
    expect(bytes.length).toBe(300_000);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(input.sha256);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await driver.leftovers()).toEqual([]);
  });

  it("an empty file, and a file written again under its key, read back as stored last", async () => {
    const key = newStorageKey("txt");
    await storage.put(key, chunksOf());
    const empty = await storage.get(key);
    expect(empty!.size).toBe(0);
    expect((await readAll(empty!.body)).length).toBe(0);
    await storage.put(key, chunksOf("first version"));
    await storage.put(key, chunksOf("second ", "version"));
    const stored = await storage.get(key);
    expect(stored!.size).toBe(14);
    expect((await readAll(stored!.body)).toString()).toBe("second version");
  });

  it("streams a 20 MB file in and out unchanged", async () => {
    const key = newStorageKey("pdf");
    const input = source(20 * MB);
    await storage.put(key, input.body);
    const stored = await storage.get(key);
    expect(stored!.size).toBe(20 * MB);
    expect(await sha256Of(stored!.body)).toEqual({ sha256: input.sha256, length: 20 * MB });
  }, 60_000);

  it("a source that throws midway (early, or after several parts' worth) leaves nothing behind", async () => {
    for (const failAfter of [0, 150_000, 19 * MB]) {
      const key = newStorageKey("pdf");
      const input = source(20 * MB, { failAfter });
      const error = await rejection(storage.put(key, input.body));
      expect(error.message).toBe("connection reset");
      expect(input.yielded).toBeGreaterThanOrEqual(failAfter);
      expect(await driver.leftovers()).toEqual([]);
      expect(await storage.get(key)).toBeNull();
    }
  }, 60_000);

  it("get of a key never stored is null", async () => {
    expect(await storage.get(newStorageKey("pdf"))).toBeNull();
  });

  it("delete is idempotent: twice, and for a key never stored", async () => {
    const key = newStorageKey("png");
    await storage.put(key, chunksOf("image bytes"));
    await storage.delete(key);
    await storage.delete(key);
    await storage.delete(newStorageKey("png"));
    expect(await storage.get(key)).toBeNull();
    expect(await driver.leftovers()).toEqual([]);
  });

  it("refuses keys that are not generated names, before reading or sending anything", async () => {
    const logged = s3.log.length;
    for (const key of [
      "",
      "../secrets.pdf",
      "a/b.pdf",
      ".hidden",
      "a..pdf",
      "x".repeat(201),
      "my file.pdf",
      "%2e%2e",
    ]) {
      const input = source(1000);
      expect((await rejection(storage.put(key, input.body))).message).toMatch(/^Invalid storage key/);
      expect(input.started).toBe(false);
      expect((await rejection(storage.get(key))).message).toMatch(/^Invalid storage key/);
      expect((await rejection(storage.delete(key))).message).toMatch(/^Invalid storage key/);
    }
    expect(s3.log.length).toBe(logged);
    expect(await driver.leftovers()).toEqual([]);
  });

  it("receiveUpload stores a PDF through the driver, read back byte for byte", async () => {
    const { fields, files } = await receiveUpload(uploadRequest("plan.pdf", SMALL_PDF), storage, {
      fileField: "files",
      maxFiles: 10,
    });
    expect(fields.get("category")).toBe("Care Plans");
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      originalName: "plan.pdf",
      mimeType: "application/pdf",
      sizeBytes: SMALL_PDF.length,
    });
    expect(await driver.leftovers()).toEqual([files[0].key]);
    const stored = await storage.get(files[0].key);
    expect(stored!.size).toBe(SMALL_PDF.length);
    expect(new Uint8Array(await readAll(stored!.body))).toEqual(SMALL_PDF);
  });

  it("receiveUpload refuses an executable named .pdf, and a PDF over 50 MB at its last byte: nothing is left", async () => {
    const exe = await rejection(
      receiveUpload(uploadRequest("report.pdf", EXE, 4096), storage, { fileField: "files", maxFiles: 10 }),
    );
    expect(exe).toBeInstanceOf(UploadRefused);
    expect(exe.message).toBe("The content of report.pdf is not a PDF");
    expect(await driver.leftovers()).toEqual([]);

    // Refused only after 50 MB went through: for S3, after several parts were uploaded.
    const big = await rejection(
      receiveUpload(uploadRequest("big.pdf", SMALL_PDF, MAX_FILE_BYTES + 1), storage, {
        fileField: "files",
        maxFiles: 10,
      }),
    );
    expect(big).toBeInstanceOf(UploadRefused);
    expect((big as UploadRefused).status).toBe(413);
    expect(await driver.leftovers()).toEqual([]);
  }, 60_000);
});

// --- What only S3 does ----------------------------------------------------------------------

describe("S3 storage", () => {
  let storage: FileStorage;
  beforeEach(() => {
    s3.reset();
    storage = s3Storage(settings());
  });

  const operations = () => s3.log.map((r) => r.operation + (r.partNumber ? ` ${r.partNumber}` : ""));

  it("uploads 20 MB as a multipart upload of 8 MiB parts, holding at most one part at a time", async () => {
    const key = newStorageKey("pdf");
    const chunk = 100_003;
    // How far the source is ahead of what reached S3: the bytes the driver holds.
    let held = 0;
    const input = source(20 * MB, {
      chunk,
      onYield: (yielded) => (held = Math.max(held, yielded - s3.bytesReceived)),
    });
    await storage.put(key, input.body);
    console.log(`S3 driver: at most ${(held / MB).toFixed(1)} MB held during a 20 MB upload`);
    expect(operations()).toEqual([
      "CreateMultipartUpload",
      "UploadPart 1",
      "UploadPart 2",
      "UploadPart 3",
      "CompleteMultipartUpload",
    ]);
    expect(s3.completed).toEqual([{ key, partSizes: [S3_PART_SIZE, S3_PART_SIZE, 20 * MB - 2 * S3_PART_SIZE] }]);
    expect(held).toBeLessThanOrEqual(S3_PART_SIZE + chunk);
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.get(key)!.body.length).toBe(20 * MB);
    expect(createHash("sha256").update(s3.objects.get(key)!.body).digest("hex")).toBe(input.sha256);
  }, 60_000);

  it("a body of exactly one part is one PutObject; one byte more is two parts", async () => {
    const one = newStorageKey("pdf");
    await storage.put(one, source(S3_PART_SIZE).body);
    expect(operations()).toEqual(["PutObject"]);
    expect(s3.objects.get(one)!.body.length).toBe(S3_PART_SIZE);

    s3.log.length = 0;
    const more = newStorageKey("pdf");
    await storage.put(more, source(S3_PART_SIZE + 1).body);
    expect(operations()).toEqual(["CreateMultipartUpload", "UploadPart 1", "UploadPart 2", "CompleteMultipartUpload"]);
    expect(s3.completed).toEqual([{ key: more, partSizes: [S3_PART_SIZE, 1] }]);
  }, 30_000);

  it("an S3 error on a part aborts the multipart upload and stops reading the source", async () => {
    s3.fail = (r) =>
      r.operation === "UploadPart" && r.partNumber === 2 ? { status: 403, code: "AccessDenied" } : undefined;
    const key = newStorageKey("pdf");
    const input = source(40 * MB);
    const error = await rejection(storage.put(key, input.body));
    expect(error.name).toBe("AccessDenied");
    expect(operations()).toEqual(["CreateMultipartUpload", "UploadPart 1", "UploadPart 2", "AbortMultipartUpload"]);
    expect(input.yielded).toBeLessThan(3 * S3_PART_SIZE);
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.size).toBe(0);
  }, 30_000);

  it("a failed completion leaves no object, even when S3 completed it and only the answer was lost", async () => {
    // Refused outright: the upload is aborted.
    s3.fail = (r) => (r.operation === "CompleteMultipartUpload" ? { status: 400, code: "InvalidPart" } : undefined);
    const refused = newStorageKey("pdf");
    expect((await rejection(storage.put(refused, source(10 * MB).body))).name).toBe("InvalidPart");
    expect(operations().at(-1)).toBe("AbortMultipartUpload");
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.size).toBe(0);

    // Done, but answered with an error: aborting finds no such upload, so the object is removed.
    s3.log.length = 0;
    s3.fail = (r) =>
      r.operation === "CompleteMultipartUpload" ? { status: 400, code: "BadDigest", afterDoing: true } : undefined;
    const lost = newStorageKey("pdf");
    await rejection(storage.put(lost, source(10 * MB).body));
    expect(operations().slice(-2)).toEqual(["AbortMultipartUpload", "DeleteObject"]);
    expect(s3.uploads.size).toBe(0);
    expect(s3.objects.size).toBe(0);
  }, 30_000);

  it("with a wrong secret every request is refused (403): put rejects, get rejects rather than saying null", async () => {
    const wrong = s3Storage(settings({ secretAccessKey: "not-the-secret" }));
    const key = newStorageKey("pdf");
    expect((await rejection(wrong.put(key, chunksOf("%PDF-1.4 …")))).name).toBe("SignatureDoesNotMatch");
    expect((await rejection(wrong.put(key, source(10 * MB).body))).name).toBe("SignatureDoesNotMatch");
    expect(s3.log.map((r) => r.status)).toEqual([403, 403]);
    expect(s3.objects.size).toBe(0);
    expect(s3.uploads.size).toBe(0);

    await storage.put(key, chunksOf("stored"));
    expect((await rejection(wrong.get(key))).name).toBe("SignatureDoesNotMatch");
    expect((await rejection(wrong.delete(key))).name).toBe("SignatureDoesNotMatch");
    expect(s3.objects.has(key)).toBe(true);
    const unknownKey = s3Storage(settings({ accessKeyId: "AKIAUNKNOWN000000000" }));
    expect((await rejection(unknownKey.get(key))).name).toBe("InvalidAccessKeyId");
  });

  it("the stand-in checks what was signed: unsigned, or altered after signing, is refused", async () => {
    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/x.pdf`, { method: "PUT", body: "bytes" });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain("<Code>AccessDenied</Code>");

    // A client whose requests a middleware changes after they were signed: another key, another body.
    const client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
    let alter: ((request: { path: string; body: unknown }) => void) | undefined;
    client.middlewareStack.add(
      (next) => async (args) => {
        alter?.(args.request as { path: string; body: unknown });
        return next(args);
      },
      { step: "deserialize", name: "alterAfterSigning" },
    );
    const put = (Key: string) => client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: "signed bytes" }));
    await put("honest.txt");
    expect(s3.objects.get("honest.txt")!.body.toString()).toBe("signed bytes");
    alter = (request) => void (request.path = request.path.replace("a.txt", "b.txt"));
    expect((await rejection(put("a.txt"))).name).toBe("SignatureDoesNotMatch");
    alter = (request) => void (request.body = "other bytes!");
    expect((await rejection(put("c.txt"))).name).toBe("XAmzContentSHA256Mismatch");
    expect([...s3.objects.keys()]).toEqual(["honest.txt"]);
    client.destroy();
  });

  it("a bucket that does not exist is an error, not a missing file", async () => {
    const elsewhere = s3Storage(settings({ bucket: "no-such-bucket" }));
    expect((await rejection(elsewhere.get(newStorageKey("pdf")))).name).toBe("NoSuchBucket");
  });
});

// --- Configuration --------------------------------------------------------------------------

describe("choosing the storage", () => {
  const NAMES = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const name of NAMES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnv();
    setFileStorage(null);
  });

  it("fileStorage() writes to S3 when S3_BUCKET is set, to UPLOAD_DIR when it is not", async () => {
    s3.reset();
    Object.assign(process.env, {
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
    resetEnv();
    setFileStorage(null);
    expect(env().s3).toEqual(settings());
    const inS3 = newStorageKey("pdf");
    await fileStorage().put(inS3, chunksOf("to the bucket"));
    expect(s3.objects.get(inS3)!.body.toString()).toBe("to the bucket");
    expect(existsSync(path.join(env().uploadDir, inS3))).toBe(false);

    for (const name of NAMES) delete process.env[name];
    resetEnv();
    setFileStorage(null);
    expect(env().s3).toBeNull();
    const onDisk = newStorageKey("pdf");
    await fileStorage().put(onDisk, chunksOf("to the disk"));
    expect(existsSync(path.join(env().uploadDir, onDisk))).toBe(true);
    expect(s3.objects.has(onDisk)).toBe(false);
    await fileStorage().delete(onDisk);
  });

  it("S3_BUCKET without a region or keys stops the configuration with a clear message", () => {
    expect(parseS3Settings({})).toBeNull();
    expect(parseS3Settings({ S3_BUCKET: " ", S3_REGION: "us-east-1" })).toBeNull();
    expect(() => parseS3Settings({ S3_BUCKET: "documents", S3_REGION: "auto", S3_ACCESS_KEY_ID: "AKIA" })).toThrow(
      "S3_BUCKET is set, so uploaded documents go to S3, but S3_SECRET_ACCESS_KEY is not set.",
    );
    expect(() => parseS3Settings({ S3_BUCKET: "documents" })).toThrow(
      "but S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set",
    );
    const complete = {
      S3_BUCKET: "documents",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(() => parseS3Settings({ ...complete, S3_ENDPOINT: "minio:9000" })).toThrow(
      /S3_ENDPOINT=minio:9000 is not an http\(s\) URL/,
    );
    expect(parseS3Settings({ ...complete, S3_ENDPOINT: "https://example.r2.cloudflarestorage.com/" })).toEqual({
      bucket: "documents",
      region: "auto",
      endpoint: "https://example.r2.cloudflarestorage.com",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(parseS3Settings(complete)!.endpoint).toBeUndefined();

    // At startup: env() refuses the half-made configuration.
    process.env.S3_BUCKET = "documents";
    for (const name of NAMES.slice(1)) delete process.env[name];
    resetEnv();
    expect(() => env()).toThrow(/S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not set/);
  });
});
