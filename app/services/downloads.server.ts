import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Ctx } from "~/models/context";
import { findDownload, recordDownload } from "~/models/resources.server";
import type { DB } from "~/utils/db.server";
import type { FileStorage } from "~/utils/storage.server";

// Handing a stored document to the person who asked for it (docs/documents.md, "Downloads"): the
// screens' link and GET /api/resources/{id}/download answer the same way.

/**
 * `Content-Disposition` for a download under the user's file name: `attachment` always (never shown
 * inline, where a crafted file could run as a page), a plain ASCII fallback name, and the real
 * name encoded (RFC 6266 / 5987) for browsers to use.
 */
export function attachmentDisposition(name: string): string {
  const cleaned =
    [...name]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === "\u007f" || c === "/" || c === "\\" ? "_" : c))
      .join("")
      .trim() || "download";
  const ascii = cleaned.replace(/[^\x20-\x7e]/g, "_").replace(/["%;]/g, "_");
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A `version` query parameter: a whole number from 1, or absent (the current one); null when it is neither. */
export function versionParam(request: Request): number | undefined | null {
  const raw = new URL(request.url).searchParams.get("version");
  if (raw === null || raw === "") return undefined;
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * The download of a document (or one of its versions) the caller may see, streamed from storage,
 * counted and recorded once its file is open; null when there is none for them (the caller
 * answers 404). The file is opened before, and outside, the transaction that counts it.
 */
export async function downloadResponse(
  db: DB,
  ctx: Ctx,
  storage: FileStorage,
  id: string,
  version: number | undefined,
): Promise<Response | null> {
  const download = await findDownload(db, ctx, id, version);
  if (!download) return null;
  const file = await storage.get(download.key);
  if (!file) {
    console.error(`[downloads] the stored file of resource ${id} (${download.key}) is missing`);
    return null;
  }
  let counted = false;
  try {
    counted = await recordDownload(db, ctx, id, download.version);
  } finally {
    if (!counted) file.body.destroy();
  }
  if (!counted) return null;
  return new Response(createReadableStreamFromReadable(file.body), {
    headers: {
      "Content-Type": download.mimeType,
      "Content-Length": String(file.size),
      "Content-Disposition": attachmentDisposition(download.originalName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
