import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, opendir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env, type S3Settings } from "./env.server";

// Where uploaded documents live (docs/documents.md): one interface, chosen by configuration
// (the local disk, or an S3-compatible bucket when S3_BUCKET is set).
// Keys are generated ids ("<uuid>.pdf"), never a client's file name. Writing is all or nothing:
// a write that fails part-way (a refused file, an aborted upload, a full disk) leaves no object.

export interface FileStorage {
  /** Stores the bytes under `key`, streaming; rejects and leaves nothing behind on any failure. */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** The stored bytes as a stream; null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * Removes, of what is older than `before`, the leftovers of writes that never finished (a
   * temporary file, an unfinished multipart upload: a crash or a restart mid-upload) and the
   * stored objects no record names (`named` answers which of the keys given a record names).
   */
  sweep(before: Date, named: (keys: string[]) => Promise<Set<string>>): Promise<SweepResult>;
}

export interface SweepResult {
  /** Unfinished writes removed. */
  partials: number;
  /** Stored objects removed that no record named. */
  orphans: number;
}

/** How many keys are checked against the records at a time. */
const SWEEP_BATCH = 500;

/** Collects keys and removes, a batch at a time, those no record names. */
function orphanRemover(named: (keys: string[]) => Promise<Set<string>>, remove: (key: string) => Promise<void>) {
  let batch: string[] = [];
  let removed = 0;
  const flush = async () => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    const kept = await named(keys);
    for (const key of keys) {
      if (kept.has(key)) continue;
      await remove(key);
      removed += 1;
    }
  };
  return {
    async add(key: string) {
      batch.push(key);
      if (batch.length >= SWEEP_BATCH) await flush();
    },
    async finish() {
      await flush();
      return removed;
    },
  };
}

/** A new key for a stored file: a random id with the (already checked) extension. */
export function newStorageKey(extension: string): string {
  return `${randomUUID()}.${extension.toLowerCase()}`;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Refuses anything that is not one of our generated keys (no separators, no "..", no hidden names). */
function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files on the local disk under `dir` (UPLOAD_DIR). A write goes to a temporary name in the same
 * directory and is renamed into place once complete, so a reader never sees half a file and a
 * failure leaves only a temporary file, which is removed.
 */
export function localStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));
  return {
    async put(key, body) {
      const target = path.join(dir, checkedKey(key));
      await ensureDir();
      const temporary = path.join(dir, `.partial-${randomUUID()}`);
      // Created before any byte is read, so that a failure removes a file that exists (a stream
      // opening it on its own could create it after the removal). The stream closes it, and the
      // pipeline settles once it has, whether it finished or failed.
      const file = await open(temporary, "wx", 0o600);
      try {
        await pipeline(Readable.from(body), file.createWriteStream());
        await rename(temporary, target);
      } catch (error) {
        await file.close().catch(() => {}); // closed already, unless the stream never started
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = path.join(dir, checkedKey(key));
      try {
        const { size } = await stat(file);
        return { body: createReadStream(file), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(path.join(dir, checkedKey(key)), { force: true });
    },
    async sweep(before, named) {
      let entries;
      try {
        entries = await opendir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return { partials: 0, orphans: 0 };
        throw error;
      }
      let partials = 0;
      const orphans = orphanRemover(named, (key) => rm(path.join(dir, key), { force: true }));
      for await (const entry of entries) {
        if (!entry.isFile()) continue;
        const partial = entry.name.startsWith(".partial-");
        if (!partial && !(KEY.test(entry.name) && !entry.name.includes(".."))) continue; // not ours
        const modified = await stat(path.join(dir, entry.name)).then(
          (s) => s.mtime,
          () => null, // removed meanwhile
        );
        if (!modified || modified >= before) continue;
        if (partial) {
          await rm(path.join(dir, entry.name), { force: true });
          partials += 1;
        } else {
          await orphans.add(entry.name);
        }
      }
      return { partials, orphans: await orphans.finish() };
    },
  };
}

/** The part size of a multipart upload: 8 MiB (S3 takes 5 MiB to 5 GiB; a 50 MB file is 7 parts). */
export const S3_PART_SIZE = 8 * 1024 * 1024;
const S3_MIN_PART_SIZE = 5 * 1024 * 1024;

/** The error's S3 code (NoSuchKey, NoSuchUpload…), as the SDK names its exceptions. */
const s3Code = (error: unknown) => (error as { name?: string } | null)?.name;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2), so that several app servers
 * share the files. A write is streamed: at most one part (`partSize`, 8 MiB) is held at a time. A
 * body that fits in one part is one PutObject; a longer one is a multipart upload of equal parts
 * (R2 requires all but the last to be the same size), completed only once the source has ended.
 * When anything fails (the source throws because the upload was refused or the connection dropped,
 * or S3 answers with an error) the multipart upload is aborted, so no object appears. Keys are
 * checked as for the local disk and used as the object names at the root of the bucket.
 */
export function s3Storage(settings: S3Settings, options: { partSize?: number } = {}): FileStorage {
  const partSize = options.partSize ?? S3_PART_SIZE;
  if (!Number.isInteger(partSize) || partSize < S3_MIN_PART_SIZE) {
    throw new Error(`The S3 part size must be at least 5 MiB (${S3_MIN_PART_SIZE} bytes)`);
  }
  const Bucket = settings.bucket;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // MinIO and most S3-compatible services address buckets by path (https://host/bucket/key).
    forcePathStyle: settings.endpoint !== undefined,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: some S3-compatible services refuse the newer
    // checksum headers the SDK would otherwise add. Each body's SHA-256 is still signed.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  const bucket = { client, Bucket };

  return {
    put: async (key, body) => putObject(bucket, checkedKey(key), body, partSize),
    async get(key) {
      const Key = checkedKey(key);
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (s3Code(error) === "NoSuchKey") return null;
        throw error;
      }
      const body = object.Body;
      if (!(body instanceof Readable) || typeof object.ContentLength !== "number") {
        (body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new Error(`S3 answered GetObject ${Key} without a body stream or its length`);
      }
      return { body, size: object.ContentLength };
    },
    async delete(key) {
      const Key = checkedKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services say NoSuchKey.
        if (s3Code(error) !== "NoSuchKey") throw error;
      }
    },
    async sweep(before, named) {
      const partials = await abortUnfinishedUploads(bucket, before);
      const orphans = orphanRemover(named, (key) => this.delete(key));
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (!object.Key || !KEY.test(object.Key) || object.Key.includes("..")) continue; // not ours
          if (!object.LastModified || object.LastModified >= before) continue;
          await orphans.add(object.Key);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { partials, orphans: await orphans.finish() };
    },
  };
}

/** A bucket and the client that reaches it. */
interface S3Bucket {
  client: S3Client;
  Bucket: string;
}

/**
 * Writes `body` under `Key`, holding at most one part (`partSize`) at a time: one PutObject when
 * it fits in a part, otherwise a multipart upload completed once the source has ended, and
 * abandoned when anything fails.
 */
async function putObject(
  { client, Bucket }: S3Bucket,
  Key: string,
  body: AsyncIterable<Uint8Array>,
  partSize: number,
): Promise<void> {
  // The one part being filled; the next is read only once this one has been sent.
  const part = Buffer.allocUnsafe(partSize);
  let filled = 0;
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  let completing = false;
  const sendPart = async (bytes: Uint8Array) => {
    if (uploadId === undefined) {
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      if (!created.UploadId) throw new Error(`S3 started no multipart upload for ${Key}`);
      uploadId = created.UploadId;
    }
    const PartNumber = parts.length + 1;
    const sent = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: bytes }));
    parts.push({ PartNumber, ETag: sent.ETag });
  };
  try {
    for await (const chunk of body) {
      let offset = 0;
      while (offset < chunk.byteLength) {
        // A full part goes out only when more bytes follow: the last part may be the only one.
        if (filled === partSize) {
          await sendPart(part);
          filled = 0;
        }
        const n = Math.min(partSize - filled, chunk.byteLength - offset);
        part.set(chunk.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
      }
    }
    if (uploadId === undefined) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body: part.subarray(0, filled) }));
      return;
    }
    await sendPart(part.subarray(0, filled));
    completing = true;
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
  } catch (error) {
    if (uploadId !== undefined) await abandon({ client, Bucket }, Key, uploadId, completing);
    throw error;
  }
}

/**
 * Abandons a multipart upload after a failure, so that no object appears and S3 keeps (and
 * bills) no parts. When the failure came from CompleteMultipartUpload, the object may have
 * been made all the same (the answer was lost): the upload is then gone, and the object,
 * under a key this write generated, is removed. Failures here are logged: the first error is
 * the one the caller gets.
 */
async function abandon({ client, Bucket }: S3Bucket, Key: string, UploadId: string, completing: boolean) {
  try {
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
  } catch (error) {
    if (completing && s3Code(error) === "NoSuchUpload") {
      await client.send(new DeleteObjectCommand({ Bucket, Key })).catch((deleteError: unknown) => {
        console.error(`Could not remove ${Key} after its multipart upload failed to complete`, deleteError);
      });
      return;
    }
    console.error(`Could not abort the multipart upload of ${Key} (${UploadId})`, error);
  }
}

/** Aborts the multipart uploads started before `before` (a crash mid-upload); answers how many. */
async function abortUnfinishedUploads({ client, Bucket }: S3Bucket, before: Date): Promise<number> {
  let aborted = 0;
  let KeyMarker: string | undefined;
  let UploadIdMarker: string | undefined;
  do {
    const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
    for (const upload of page.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
      aborted += 1;
    }
    KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (KeyMarker);
  return aborted;
}

let configured: FileStorage | null = null;

/**
 * The storage the deployment is configured with (see docs/documents.md): the S3 bucket when
 * S3_BUCKET is set, otherwise the local disk (UPLOAD_DIR).
 */
export function fileStorage(): FileStorage {
  if (!configured) {
    const { s3, uploadDir } = env();
    configured = s3 ? s3Storage(s3) : localStorage(uploadDir);
  }
  return configured;
}

/** For tests: use this storage instead of the configured one (null: back to the configuration). */
export function setFileStorage(storage: FileStorage | null): void {
  configured = storage;
}
