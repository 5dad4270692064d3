import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "./env.server";

// Where uploaded documents live (docs/documents.md): one interface, chosen by configuration.
// Keys are generated ids ("<uuid>.pdf"), never a client's file name. Writing is all or nothing:
// a write that fails part-way (a refused file, an aborted upload, a full disk) leaves no object.

export interface FileStorage {
  /** Stores the bytes under `key`, streaming; rejects and leaves nothing behind on any failure. */
  put(key: string, body: AsyncIterable<Uint8Array>): Promise<void>;
  /** The stored bytes as a stream; null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
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
      try {
        await pipeline(Readable.from(body), createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
        await rename(temporary, target);
      } catch (error) {
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
  };
}

let configured: FileStorage | null = null;

/** The storage the deployment is configured with (see docs/documents.md). */
export function fileStorage(): FileStorage {
  configured ??= localStorage(env().uploadDir);
  return configured;
}

/** For tests: use this storage instead of the configured one (null: back to the configuration). */
export function setFileStorage(storage: FileStorage | null): void {
  configured = storage;
}
