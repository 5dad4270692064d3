// What an uploaded file is (docs/documents.md): the types a document may have, told by the name's
// extension and proved by the content as it streams in. Only a bounded head of the file is kept
// (for the signatures and image headers) plus a small window for a PDF's metadata; a whole file
// is never held.

export interface AllowedFileType {
  extension: string;
  mimeType: string;
  kind: "image" | "pdf" | "word" | "excel" | "text";
}

export interface FileMetadata {
  width?: number;
  height?: number;
  pages?: number;
  author?: string;
}

const TYPES: Record<string, AllowedFileType> = {
  jpeg: { extension: "jpeg", mimeType: "image/jpeg", kind: "image" },
  jpg: { extension: "jpg", mimeType: "image/jpeg", kind: "image" },
  png: { extension: "png", mimeType: "image/png", kind: "image" },
  gif: { extension: "gif", mimeType: "image/gif", kind: "image" },
  pdf: { extension: "pdf", mimeType: "application/pdf", kind: "pdf" },
  doc: { extension: "doc", mimeType: "application/msword", kind: "word" },
  docx: {
    extension: "docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    kind: "word",
  },
  xls: { extension: "xls", mimeType: "application/vnd.ms-excel", kind: "excel" },
  xlsx: {
    extension: "xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    kind: "excel",
  },
  txt: { extension: "txt", mimeType: "text/plain", kind: "text" },
  csv: { extension: "csv", mimeType: "text/csv", kind: "text" },
};

/** For the upload form's `accept` attribute. */
export const ALLOWED_EXTENSIONS: readonly string[] = Object.keys(TYPES).map((e) => `.${e}`);

/** The allowed type a file name claims by its extension, or null (no extension, unknown, or not allowed). */
export function typeByName(fileName: string): AllowedFileType | null {
  const base = fileName.split(/[/\\]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return null;
  return TYPES[base.slice(dot + 1).toLowerCase()] ?? null;
}

/** How much of the head is kept: enough for every signature and most image headers. */
const HEAD_BYTES = 256 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

/** How much of a PDF's start and end is read for its metadata. */
const PDF_HEAD = 1024 * 1024;
const PDF_TAIL = 256 * 1024;

/** The bytes needed before the content can be judged, per kind of signature. */
const NEED: Record<string, number> = { jpeg: 3, jpg: 3, png: 8, gif: 6, pdf: 1029, doc: 8, xls: 8, docx: 4, xlsx: 4 };

/** Checks a streamed file as it comes: the content must be what its name says. */
export class FileInspector {
  private readonly type: AllowedFileType | null;
  private head = new Uint8Array(0);
  private size = 0;
  private refused = false;
  private judged = false;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  /** The PDF's text seen last, so that a keyword split across chunks is still found. */
  private window = "";
  /** A PDF's last chunks (at least PDF_TAIL bytes of them), scanned at the end. */
  private tail: Uint8Array[] = [];
  private tailBytes = 0;
  private pages = 0;
  private author: string | undefined;

  constructor(fileName: string) {
    this.type = typeByName(fileName);
    if (!this.type) this.refused = true;
  }

  /** Feeds the next bytes. Returns "refused" as soon as the content is known not to match (then stop feeding), else "ok". */
  push(chunk: Uint8Array): "ok" | "refused" {
    if (this.refused || !this.type) return "refused";
    this.size += chunk.byteLength;
    if (this.head.length < HEAD_BYTES) {
      const room = Math.min(chunk.byteLength, HEAD_BYTES - this.head.length);
      const next = new Uint8Array(this.head.length + room);
      next.set(this.head);
      next.set(chunk.subarray(0, room), this.head.length);
      this.head = next;
    }
    if (this.type.kind === "text") {
      if (chunk.includes(0)) return this.refuse();
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        return this.refuse();
      }
    }
    if (this.type.kind === "pdf") {
      // Its page tree and its author are near the start or in the trailer at the end: only
      // those are read, not the middle of a 50 MB scan.
      if (this.size - chunk.byteLength < PDF_HEAD) this.scanPdf(chunk);
      else this.keepTail(chunk);
    }
    if (!this.judged && this.head.length >= (NEED[this.type.extension] ?? 2)) {
      this.judged = true;
      if (!this.matches()) return this.refuse();
    }
    return "ok";
  }

  /** After the last chunk: the type and metadata, or null when the file is refused (wrong content, unknown type, empty file). */
  finish(): { type: AllowedFileType; metadata: FileMetadata } | null {
    if (this.refused || !this.type || this.size === 0) return null;
    if (!this.judged && !this.matches()) return null;
    if (this.tail.length > 0) {
      this.window = "";
      for (const chunk of this.tail) this.scanPdf(chunk);
      this.tail = [];
    }
    if (this.type.kind === "text") {
      try {
        this.decoder.decode();
      } catch {
        return null;
      }
    }
    return { type: this.type, metadata: this.metadata() };
  }

  private refuse(): "refused" {
    this.refused = true;
    return "refused";
  }

  private matches(): boolean {
    const h = this.head;
    switch (this.type!.extension) {
      case "jpeg":
      case "jpg":
        return startsWith(h, [0xff, 0xd8, 0xff]);
      case "png":
        return startsWith(h, PNG);
      case "gif":
        return /^GIF8[79]a/.test(latin1(h.subarray(0, 6)));
      case "pdf":
        return latin1(h.subarray(0, 1029)).includes("%PDF-");
      case "doc":
      case "xls":
        return startsWith(h, OLE);
      case "docx":
      case "xlsx":
        return startsWith(h, ZIP);
      default:
        // Text: no executable's signature at the start (NUL bytes and bad UTF-8 are checked as it streams).
        return !startsWith(h, [0x4d, 0x5a]) && !startsWith(h, [0x7f, 0x45, 0x4c, 0x46]);
    }
  }

  private keepTail(chunk: Uint8Array): void {
    this.tail.push(chunk);
    this.tailBytes += chunk.byteLength;
    while (this.tailBytes - this.tail[0].byteLength >= PDF_TAIL) this.tailBytes -= this.tail.shift()!.byteLength;
  }

  private scanPdf(chunk: Uint8Array): void {
    const text = this.window + latin1(chunk);
    for (const m of text.matchAll(/\/Type\s*\/Pages\b[^]{0,200}?\/Count\s+(\d+)/g)) {
      this.pages = Math.max(this.pages, Number(m[1]));
    }
    for (const m of text.matchAll(/\/Count\s+(\d+)[^]{0,200}?\/Type\s*\/Pages\b/g)) {
      this.pages = Math.max(this.pages, Number(m[1]));
    }
    if (this.author === undefined) {
      const m = /\/Author\s*\(((?:\\.|[^\\()])*)\)/.exec(text);
      if (m) this.author = m[1].replace(/\\([\\()])/g, "$1");
    }
    this.window = text.slice(-512);
  }

  private metadata(): FileMetadata {
    const h = this.head;
    const ext = this.type!.extension;
    const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
    if (ext === "png" && h.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
    if (ext === "gif" && h.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (ext === "jpeg" || ext === "jpg") {
      // Walk the segments to the first start-of-frame marker.
      let at = 2;
      while (at + 9 < h.length && h[at] === 0xff) {
        const marker = h[at + 1];
        const length = view.getUint16(at + 2);
        if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
          return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
        }
        at += 2 + length;
      }
      return {};
    }
    if (ext === "pdf") {
      return { ...(this.pages > 0 ? { pages: this.pages } : {}), ...(this.author ? { author: this.author } : {}) };
    }
    return {};
  }
}
