// What an uploaded file is (docs/documents.md): the types a document may have, told by the name's
// extension and proved by the content as it streams in. A file may be 50 MB, so nothing here holds
// it whole: the inspector keeps the file's first few KB (for the signatures and image headers) and,
// per format, a small state that reads the rest as it passes (a JPEG's segments, a PDF's text
// through a sliding window, a zip's entry names, a text file's UTF-8).

export interface AllowedFileType {
  /** Lower case, without the dot. */
  extension: string;
  mimeType: string;
  kind: "image" | "pdf" | "word" | "excel" | "text";
}

/** What is read from the file itself, best effort: any of it may be missing. */
export interface FileMetadata {
  width?: number;
  height?: number;
  pages?: number;
  author?: string;
}

const type = (extension: string, mimeType: string, kind: AllowedFileType["kind"]): AllowedFileType =>
  Object.freeze({ extension, mimeType, kind });

const TYPES: Readonly<Record<string, AllowedFileType>> = {
  jpeg: type("jpeg", "image/jpeg", "image"),
  jpg: type("jpg", "image/jpeg", "image"),
  png: type("png", "image/png", "image"),
  gif: type("gif", "image/gif", "image"),
  pdf: type("pdf", "application/pdf", "pdf"),
  doc: type("doc", "application/msword", "word"),
  docx: type("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "word"),
  xls: type("xls", "application/vnd.ms-excel", "excel"),
  xlsx: type("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "excel"),
  txt: type("txt", "text/plain", "text"),
  csv: type("csv", "text/csv", "text"),
};

/** The content types of one kind of file (the library's Type filter): "image" → image/jpeg, image/png, image/gif. */
export function mimeTypesOf(kind: AllowedFileType["kind"]): string[] {
  return [
    ...new Set(
      Object.values(TYPES)
        .filter((t) => t.kind === kind)
        .map((t) => t.mimeType),
    ),
  ];
}

/** For the upload form's `accept` attribute: [".jpeg", ".jpg", …]. */
export const ALLOWED_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(TYPES).map((e) => `.${e}`));

/**
 * The allowed type a file name claims by its extension, or null (no extension, unknown, or not
 * allowed). Browsers may send a path ("C:\fakepath\scan.pdf"): only its last part counts. A name
 * that is all extension (".pdf") has none, as for `path.extname`.
 */
export function typeByName(fileName: string): AllowedFileType | null {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return null;
  const extension = base.slice(dot + 1).toLowerCase();
  return Object.hasOwn(TYPES, extension) ? TYPES[extension] : null;
}

/** How much of the file's start is kept: enough for every signature (a PDF's may come after 1 KB of junk). */
const HEAD_BYTES = 4096;

/** A JPEG's size is looked for this far into the file; past it the file is still accepted, without a size. */
const JPEG_SIZE_LIMIT = 1024 * 1024;

/** The longest PDF author string read (in the file's bytes); a longer one is left out. */
const PDF_AUTHOR_MAX = 1024;

/**
 * How much of a PDF's text is carried from one chunk to the next, so that a keyword or an author
 * string cut by a chunk boundary is still read whole: more than the longest of them.
 */
const PDF_WINDOW = PDF_AUTHOR_MAX + 256;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A signature check: whether `head` (the file's first bytes; `complete` when that is the whole
 * file) starts the way this format must, or undefined while there are too few bytes to tell.
 */
type Signature = (head: Uint8Array, complete: boolean) => boolean | undefined;

/** Starts with exactly these bytes; refused as soon as one differs, even before all have come. */
const startsWith =
  (...signature: number[]): Signature =>
  (head, complete) => {
    const n = Math.min(head.length, signature.length);
    for (let i = 0; i < n; i++) if (head[i] !== signature[i]) return false;
    return n === signature.length ? true : complete ? false : undefined;
  };

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG_SIGNATURE = startsWith(0xff, 0xd8, 0xff);
const PNG_SIGNATURE = startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const GIF87_SIGNATURE = startsWith(...ascii("GIF87a"));
const GIF89_SIGNATURE = startsWith(...ascii("GIF89a"));
const OLE_SIGNATURE = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_SIGNATURE = startsWith(...ZIP_LOCAL_HEADER);
const MZ_SIGNATURE = startsWith(...ascii("MZ"));
const ELF_SIGNATURE = startsWith(0x7f, ...ascii("ELF"));

const gifSignature: Signature = (head, complete) => {
  const a = GIF87_SIGNATURE(head, complete);
  const b = GIF89_SIGNATURE(head, complete);
  return a || b || (a === false && b === false ? false : undefined);
};

/** Starts like a Windows (MZ) or Linux (ELF) program; undefined while too short to tell. */
const isExecutable = (head: Uint8Array, complete: boolean): boolean | undefined => {
  const mz = MZ_SIGNATURE(head, complete);
  const elf = ELF_SIGNATURE(head, complete);
  if (mz || elf) return true;
  return mz === false && elf === false ? false : undefined;
};

/**
 * PDF readers accept up to 1 KB of anything before "%PDF-", so we do too, except a program's
 * header: a file that is both (a "polyglot") is refused.
 */
const pdfSignature: Signature = (head, complete) => {
  if (isExecutable(head, complete)) return false;
  const at = asBuffer(head).indexOf("%PDF-", 0, "latin1");
  if (at !== -1) return at <= 1024;
  return complete || head.length >= 1024 + 5 ? false : undefined;
};

/** Text must not be a program in disguise (an executable named notes.txt). */
const textSignature: Signature = (head, complete) => {
  const executable = isExecutable(head, complete);
  return executable === undefined ? undefined : !executable;
};

/** Reads the file past its signature, as it streams, for what only the rest can tell. */
interface ContentReader {
  /** The next bytes; false when they prove the file is not of this type. */
  push(chunk: Uint8Array): boolean;
  /** After the last bytes (`head` being the first of them): the metadata, or null when the file is not of this type. */
  finish(head: Uint8Array): FileMetadata | null;
}

/** Nothing to read past the signature. */
const noReader = (metadata: (head: Uint8Array) => FileMetadata = () => ({})): ContentReader => ({
  push: () => true,
  finish: metadata,
});

const pngSize = (head: Uint8Array): FileMetadata => {
  const h = asBuffer(head);
  // The first chunk is always IHDR: width and height, big-endian, right after its type.
  if (h.length < 24 || h.toString("latin1", 12, 16) !== "IHDR") return {};
  return positiveSize(h.readUInt32BE(16), h.readUInt32BE(20));
};

const gifSize = (head: Uint8Array): FileMetadata => {
  const h = asBuffer(head);
  return h.length < 10 ? {} : positiveSize(h.readUInt16LE(6), h.readUInt16LE(8));
};

const positiveSize = (width: number, height: number): FileMetadata =>
  width > 0 && height > 0 ? { width, height } : {};

/**
 * Walks a JPEG's segments to its frame header (SOF0..SOF15), where its size is. Segments before it
 * can be large (a camera's EXIF, with its own thumbnail JPEG inside, or an ICC profile), so they
 * are skipped by their length as the bytes pass, never kept.
 */
class JpegReader implements ContentReader {
  /** The position in the file of the next byte. */
  private offset = 0;
  private state: "skip" | "marker" | "code" | "header" | "done" = "skip";
  /** Bytes still to pass over: the start-of-image marker, then each segment's body. */
  private skip = 2;
  private marker = 0;
  /** The current segment's first bytes: its length, then for a frame its precision, height and width. */
  private header: number[] = [];
  private size: FileMetadata = {};

  push(chunk: Uint8Array): boolean {
    let i = 0;
    while (i < chunk.length && this.state !== "done") {
      if (this.state === "skip") {
        const n = Math.min(this.skip, chunk.length - i);
        i += n;
        this.offset += n;
        this.skip -= n;
        if (this.skip === 0) this.state = this.offset < JPEG_SIZE_LIMIT ? "marker" : "done";
        continue;
      }
      const byte = chunk[i++];
      this.offset++;
      switch (this.state) {
        case "marker":
          // Anything but a marker where one belongs: not a layout we can follow; no size then.
          this.state = byte === 0xff ? "code" : "done";
          break;
        case "code":
          if (byte === 0xff) break; // fill bytes before a marker code
          if (byte === 0x01 || (byte >= 0xd0 && byte <= 0xd8))
            this.state = "marker"; // markers without a body
          else if (byte === 0x00 || byte === 0xd9 || byte === 0xda)
            this.state = "done"; // image data or end, and no frame
          else {
            this.marker = byte;
            this.header = [];
            this.state = "header";
          }
          break;
        case "header":
          this.header.push(byte);
          this.readHeader();
          break;
      }
    }
    return true;
  }

  private readHeader(): void {
    const h = this.header;
    const length = h.length >= 2 ? (h[0] << 8) | h[1] : 0;
    // C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding) share the frame markers' range.
    const frame = this.marker >= 0xc0 && this.marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(this.marker);
    if (h.length === 2 && (length < 2 || (frame && length < 7))) this.state = "done";
    else if (h.length === 2 && !frame) {
      this.skip = length - 2;
      this.state = "skip";
    } else if (h.length === 7) {
      this.size = positiveSize((h[5] << 8) | h[6], (h[3] << 8) | h[4]);
      this.state = "done";
    }
  }

  finish(): FileMetadata {
    return this.size;
  }
}

/**
 * Reads a PDF's page count and author from its text as it passes: `/Count N` in a `/Type /Pages`
 * object (the largest, which is the root of the page tree) and the `/Author (…)` string (the last
 * one, as a later update of the file replaces it). The text is scanned chunk by chunk with a
 * small window carried over, so nothing is missed at a boundary and the file is never kept.
 * Objects compressed into object streams stay unread: then there is simply no page count or author.
 */
class PdfReader implements ContentReader {
  /** The text after the last keyword read, at most PDF_WINDOW (and one) characters long. */
  private carry = "";
  /** Whether the current object is a page tree node, and the largest /Count in it so far. */
  private inPages = false;
  private objectCount = 0;
  private pages = 0;
  private author: string | undefined;

  push(chunk: Uint8Array): boolean {
    this.scan(this.carry + asBuffer(chunk).toString("latin1"), false);
    return true;
  }

  finish(): FileMetadata {
    this.scan(this.carry, true);
    this.endObject();
    return { ...(this.pages > 0 && { pages: this.pages }), ...(this.author && { author: this.author }) };
  }

  /**
   * Reads the keywords of `text` that start before its last PDF_WINDOW characters (all of them
   * at the end of the file): whatever starts earlier is then whole, as none is longer than that.
   */
  private scan(text: string, last: boolean): void {
    const end = last ? text.length : text.length - PDF_WINDOW;
    const keyword =
      /\/Type\s{0,32}\/Pages(?![^\s()<>[\]{}/%])|\/Count\s{1,32}(\d{1,9})(?!\d)|\/Author\s{0,32}([(<])|\bendobj\b|\bobj\b/g;
    let rest = 0;
    for (let m = keyword.exec(text); m && m.index < end; m = keyword.exec(text)) {
      rest = keyword.lastIndex;
      if (m[0].startsWith("/Type")) this.inPages = true;
      else if (m[1] !== undefined) this.objectCount = Math.max(this.objectCount, Number(m[1]));
      else if (m[2] !== undefined) {
        const string = m[2] === "(" ? literalString(text, rest) : hexString(text, rest);
        if (string) {
          const author = pdfText(string.bytes);
          if (author) this.author = author;
          // The string's contents are not keywords.
          keyword.lastIndex = rest = string.end;
        }
      } else this.endObject(); // "obj" or "endobj": an object starts or ends
    }
    // From the first character not yet read, with the one before it when nothing was read there, so
    // that a word cut at that point (".../Xobj") is not taken for a keyword ("obj") on its own.
    this.carry = text.slice(rest >= end ? rest : end - 1);
  }

  private endObject(): void {
    if (this.inPages) this.pages = Math.max(this.pages, this.objectCount);
    this.inPages = false;
    this.objectCount = 0;
  }
}

const PDF_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/**
 * A PDF literal string starting at `start` (just after its "("), as bytes, and where it ends; null
 * when it is longer than PDF_AUTHOR_MAX or not closed. Balanced parentheses may stand unescaped.
 */
function literalString(text: string, start: number): { bytes: number[]; end: number } | null {
  const bytes: number[] = [];
  const limit = Math.min(text.length, start + PDF_AUTHOR_MAX);
  let depth = 1;
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === "\\") {
      const next = text[++i];
      if (next === undefined) return null;
      if (Object.hasOwn(PDF_ESCAPES, next)) bytes.push(PDF_ESCAPES[next]);
      else if (next >= "0" && next <= "7") {
        let octal = next;
        while (octal.length < 3 && text[i + 1] >= "0" && text[i + 1] <= "7") octal += text[++i];
        bytes.push(parseInt(octal, 8) & 0xff);
      } else if (next === "\r") {
        if (text[i + 1] === "\n") i++; // a backslash at the end of a line continues the string
      } else if (next !== "\n") bytes.push(next.charCodeAt(0)); // \( \) \\, and any other char stands for itself
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return { bytes, end: i + 1 };
    if (c === "\r") {
      if (text[i + 1] === "\n") i++;
      bytes.push(10); // any end of line in a string reads as \n
    } else bytes.push(c.charCodeAt(0));
  }
  return null;
}

/** A PDF hex string starting at `start` (just after its "<"); null when malformed, too long or not closed. */
function hexString(text: string, start: number): { bytes: number[]; end: number } | null {
  let digits = "";
  const limit = Math.min(text.length, start + PDF_AUTHOR_MAX);
  for (let i = start; i < limit; i++) {
    const c = text[i];
    if (c === ">") {
      if (digits.length % 2) digits += "0"; // an odd last digit is followed by 0
      const bytes = digits.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [];
      return { bytes, end: i + 1 };
    }
    if (/[0-9a-fA-F]/.test(c)) digits += c;
    else if (!/\s/.test(c)) return null;
  }
  return null;
}

/**
 * A PDF text string's bytes as text: UTF-16BE or UTF-8 when marked so, otherwise PDFDocEncoding
 * (read as Latin-1, which it matches for letters). Control characters become spaces: the value is
 * shown to people and stored in JSON, where Postgres refuses a NUL.
 */
function pdfText(bytes: number[]): string {
  let text: string;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = "";
    for (let i = 2; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = new TextDecoder().decode(Uint8Array.from(bytes.slice(3)));
  } else text = String.fromCharCode(...bytes);
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

/**
 * Proves an Office Open XML file (a zip) is the document its name says: a .docx has parts under
 * "word/", a .xlsx under "xl/". Every part's local header (with its name) is looked for as the bytes
 * pass, so the order of the parts does not matter; only a header cut by a chunk boundary is
 * carried over. The file is refused at the end when no such part came.
 */
class OfficeZipReader implements ContentReader {
  private carry: Buffer = Buffer.alloc(0);
  private found = false;

  constructor(private readonly folder: string) {}

  push(chunk: Uint8Array): boolean {
    if (this.found) return true;
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, asBuffer(chunk)]) : asBuffer(chunk);
    // A local header: the signature, 26 bytes (the name's length at 26), then the name.
    const need = 30 + this.folder.length;
    let at = data.indexOf(ZIP_LOCAL_HEADER);
    for (; at !== -1 && at + need <= data.length; at = data.indexOf(ZIP_LOCAL_HEADER, at + 1)) {
      const named = data.readUInt16LE(at + 26) >= this.folder.length;
      if (named && data.toString("latin1", at + 30, at + need).toLowerCase() === this.folder) {
        this.found = true;
        this.carry = Buffer.alloc(0);
        return true;
      }
    }
    // Keep a header cut short, or the last bytes that may begin one; copied, as the chunk is not ours.
    const keep = at !== -1 ? data.length - at : Math.min(data.length, ZIP_LOCAL_HEADER.length - 1);
    this.carry = Buffer.from(data.subarray(data.length - keep));
    return true;
  }

  finish(): FileMetadata | null {
    return this.found ? {} : null;
  }
}

/**
 * Whether a zip is an Excel workbook: it has the part xl/workbook.xml (the import's test of an
 * upload's content, whatever its name). Feed every chunk to `push`, then `finish`: null when not.
 */
export const excelWorkbookReader = (): { push(chunk: Uint8Array): boolean; finish(): FileMetadata | null } =>
  new OfficeZipReader("xl/workbook.xml");

/**
 * Text: UTF-8 (a BOM is fine) with no NUL byte anywhere, checked on every chunk. The decoder is
 * streaming, so a character cut by a chunk boundary is read whole; its output is dropped.
 */
class TextReader implements ContentReader {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  push(chunk: Uint8Array): boolean {
    if (asBuffer(chunk).indexOf(0) !== -1) return false;
    try {
      this.decoder.decode(chunk, { stream: true });
      return true;
    } catch {
      return false;
    }
  }

  finish(): FileMetadata | null {
    try {
      this.decoder.decode(); // a character left unfinished at the end is invalid
      return {};
    } catch {
      return null;
    }
  }
}

/** Per extension: the signature its content must start with, and what reads the rest. */
const FORMATS: Record<string, { signature: Signature; reader: () => ContentReader }> = {
  jpeg: { signature: JPEG_SIGNATURE, reader: () => new JpegReader() },
  jpg: { signature: JPEG_SIGNATURE, reader: () => new JpegReader() },
  png: { signature: PNG_SIGNATURE, reader: () => noReader(pngSize) },
  gif: { signature: gifSignature, reader: () => noReader(gifSize) },
  pdf: { signature: pdfSignature, reader: () => new PdfReader() },
  // Word and Excel files before 2007 are both OLE compound files: the signature cannot tell them apart.
  doc: { signature: OLE_SIGNATURE, reader: () => noReader() },
  xls: { signature: OLE_SIGNATURE, reader: () => noReader() },
  docx: { signature: ZIP_SIGNATURE, reader: () => new OfficeZipReader("word/") },
  xlsx: { signature: ZIP_SIGNATURE, reader: () => new OfficeZipReader("xl/") },
  txt: { signature: textSignature, reader: () => new TextReader() },
  csv: { signature: textSignature, reader: () => new TextReader() },
};

/**
 * Checks a streamed file as it comes: the content must be what its name says. Feed every chunk
 * to `push`, then call `finish`. Memory stays bounded whatever the file's size: a few KB of its
 * start and each format's small reading state; chunks are never kept.
 */
export class FileInspector {
  private readonly type: AllowedFileType | null;
  private readonly signature: Signature | null;
  private readonly reader: ContentReader | null;
  private readonly head = new Uint8Array(HEAD_BYTES);
  private headLength = 0;
  private size = 0;
  private state: "pending" | "signed" | "refused";
  private result: { type: AllowedFileType; metadata: FileMetadata } | null | undefined;

  constructor(fileName: string) {
    this.type = typeByName(fileName);
    const format = this.type ? FORMATS[this.type.extension] : null;
    this.signature = format?.signature ?? null;
    this.reader = format?.reader() ?? null;
    this.state = format ? "pending" : "refused";
  }

  /** Feeds the next bytes. Returns "refused" as soon as the content is known not to match (then stop feeding), else "ok". */
  push(chunk: Uint8Array): "ok" | "refused" {
    if (this.result !== undefined) throw new Error("FileInspector: push after finish");
    if (this.state === "refused" || !this.signature || !this.reader) return "refused";
    this.size += chunk.byteLength;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.set(part, this.headLength);
      this.headLength += part.length;
    }
    if (this.state === "pending") {
      const signed = this.signature(this.head.subarray(0, this.headLength), false);
      if (signed === false) return this.refuse();
      if (signed) this.state = "signed";
    }
    return this.reader.push(chunk) ? "ok" : this.refuse();
  }

  /** After the last chunk: the type and metadata, or null when the file is refused (wrong content, unknown type, empty file). */
  finish(): { type: AllowedFileType; metadata: FileMetadata } | null {
    if (this.result === undefined) this.result = this.conclude();
    return this.result;
  }

  private conclude(): { type: AllowedFileType; metadata: FileMetadata } | null {
    if (this.state === "refused" || !this.type || !this.signature || !this.reader || this.size === 0) return null;
    const head = this.head.subarray(0, this.headLength);
    if (this.state === "pending" && !this.signature(head, true)) return null;
    const metadata = this.reader.finish(head);
    return metadata ? { type: this.type, metadata } : null;
  }

  private refuse(): "refused" {
    this.state = "refused";
    return "refused";
  }
}
