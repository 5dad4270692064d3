import { crc32, deflateSync } from "node:zlib";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ALLOWED_EXTENSIONS, FileInspector, typeByName } from "~/utils/file-types.server";

// Files are built here, small but laid out as real ones are, and fed to the inspector in chunks
// (often 7 bytes, so that signatures, JPEG markers, PDF keywords and zip headers are cut by
// chunk boundaries). Every chunk is copied into one reused buffer before it is pushed, so an
// inspector that kept a reference to a chunk instead of copying what it needs would read garbage.

/** Bytes from parts: strings as Latin-1 (one byte per character), numbers as bytes. */
function bytes(...parts: (string | number[] | Uint8Array)[]): Buffer {
  return Buffer.concat(
    parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p as Uint8Array))),
  );
}

const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];

/** Pushes `data` in chunks of `chunkSize` (or the given chunks) until refused; then finishes. */
function inspect(name: string, data: Uint8Array | Uint8Array[], chunkSize = 64 * 1024) {
  const chunks: Uint8Array[] = [];
  if (Array.isArray(data)) chunks.push(...data);
  else for (let i = 0; i < data.length; i += chunkSize) chunks.push(data.subarray(i, i + chunkSize));
  const inspector = new FileInspector(name);
  const scratch = new Uint8Array(Math.max(0, ...chunks.map((c) => c.length)));
  const pushes: ("ok" | "refused")[] = [];
  for (const chunk of chunks) {
    const reused = scratch.subarray(0, chunk.length);
    reused.set(chunk);
    pushes.push(inspector.push(reused));
    scratch.fill(0xee);
    if (pushes.at(-1) === "refused") break;
  }
  return { pushes, result: inspector.finish() };
}

const accepted = (name: string, data: Uint8Array | Uint8Array[], chunkSize?: number) =>
  inspect(name, data, chunkSize).result;

// --- Sample files ---

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(bytes(type, data)));
  return bytes(length, type, data, crc);
}

function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter, no interlace
  const pixels = Buffer.alloc(Math.min(height, 4) * (1 + Math.min(width, 4) * 4), 0x7f);
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", new Uint8Array()),
  );
}

function gif(width: number, height: number, version = "89a"): Buffer {
  return bytes(
    `GIF${version}`,
    u16le(width),
    u16le(height),
    [0x80, 0, 0], // a global colour table of 2 entries
    [0, 0, 0, 0xff, 0xff, 0xff],
    [0x2c, 0, 0, 0, 0, ...u16le(width), ...u16le(height), 0], // image descriptor
    [2, 2, 0x4c, 0x01, 0], // LZW data
    ";",
  );
}

/** A JPEG segment: marker, big-endian length (counting itself), body. */
const segment = (marker: number, body: Uint8Array) => bytes([0xff, marker], u16be(body.length + 2), body);

const sof = (marker: number, width: number, height: number) =>
  segment(marker, bytes([8], u16be(height), u16be(width), [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]));

/** A camera's EXIF block: a few KB, with its own thumbnail JPEG (and that one's frame header) inside. */
const exif = () =>
  segment(
    0xe1,
    bytes(
      "Exif\0\0",
      "MM\0*\0\0\0\x08",
      Buffer.alloc(1500, 0xff),
      [0xff, 0xd8],
      sof(0xc0, 160, 120),
      Buffer.alloc(3000, 0x2a),
    ),
  );

function jpeg(width: number, height: number, { before = [] as Uint8Array[], frame = 0xc0 } = {}): Buffer {
  return bytes(
    [0xff, 0xd8],
    segment(0xe0, bytes("JFIF\0", [1, 1, 0, 0, 72, 0, 72, 0, 0])),
    ...before,
    segment(0xdb, bytes([0], Buffer.alloc(64, 1))), // quantisation table
    sof(frame, width, height),
    segment(0xc4, bytes([0], Buffer.alloc(16, 0), [0])), // Huffman table
    segment(0xda, bytes([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])), // start of scan
    [0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78], // entropy-coded data, a stuffed 0xFF, a restart marker
    [0xff, 0xd9],
  );
}

/** A PDF with these objects (numbered from 1), an xref and a trailer pointing at its Info (`info`). */
function pdf(objects: string[], { info = 0, prefix = "" } = {}): Buffer {
  let body = `${prefix}%PDF-1.7\n%\xe2\xe3\xcf\xd3\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info ? ` /Info ${info} 0 R` : ""} >>\n`;
  return bytes(body, `startxref\n${xref}\n%%EOF\n`);
}

const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R >>";
const content = "BT /F1 12 Tf 72 712 Td (Care plan for /Count 99) Tj ET";

/** A three-page care plan, its author with escaped parentheses, and an outline whose /Count is not pages. */
const carePlan = () =>
  pdf(
    [
      "<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
      page,
      page,
      page,
      "<< /Title (Care plan) /Author (Dana \\(Coordinator\\) Morgan) /Producer (Placement) >>",
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      "<< /Type /Outlines /First 9 0 R /Last 9 0 R /Count 12 >>",
    ],
    { info: 6 },
  );

/** An OLE compound file's header sector (Word 97-2003 and Excel 97-2003 files alike). */
const ole = () =>
  bytes(
    [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    Buffer.alloc(16),
    [0x3e, 0, 3, 0, 0xfe, 0xff, 9, 0, 6, 0],
    Buffer.alloc(486, 0xff),
  );

/** A zip of stored (uncompressed) entries, with its central directory. */
function zip(entries: [name: string, data: string | Uint8Array][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = bytes(content);
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0); // version needed
    fields.writeUInt32LE(crc32(data), 10);
    fields.writeUInt32LE(data.length, 14);
    fields.writeUInt32LE(data.length, 18);
    fields.writeUInt16LE(name.length, 22);
    const local = bytes([0x50, 0x4b, 0x03, 0x04], fields, name, data);
    const central = Buffer.alloc(42);
    central.writeUInt16LE(20, 0);
    central.writeUInt16LE(20, 2);
    fields.copy(central, 4, 2, 26);
    central.writeUInt32LE(offset, 38);
    centrals.push(bytes([0x50, 0x4b, 0x01, 0x02], central, name));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(18);
  end.writeUInt16LE(entries.length, 4);
  end.writeUInt16LE(entries.length, 6);
  end.writeUInt32LE(directory.length, 8);
  end.writeUInt32LE(offset, 12);
  return bytes(...locals, directory, [0x50, 0x4b, 0x05, 0x06], end);
}

const contentTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const docx = (...first: [string, string | Uint8Array][]) =>
  zip([
    ...first,
    ["[Content_Types].xml", contentTypes],
    ["_rels/.rels", "<Relationships/>"],
    ["word/document.xml", "<w:document><w:body><w:p/></w:body></w:document>"],
    ["docProps/core.xml", "<cp:coreProperties/>"],
  ]);
const xlsx = () =>
  zip([
    ["[Content_Types].xml", contentTypes],
    ["_rels/.rels", "<Relationships/>"],
    ["xl/workbook.xml", "<workbook/>"],
    ["xl/worksheets/sheet1.xml", "<worksheet/>"],
  ]);

const text = () => Buffer.from("Intake notes\nRésidence Les Érables — room 12 ✓\nFollow up on Monday.\n", "utf8");
const csv = () => Buffer.from("name,phone,city\nDana Morgan,555-123-4567,Zürich\n", "utf8");

/** The start of a Windows program. */
const exe = () =>
  bytes(
    "MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0",
    Buffer.alloc(44),
    [0x80, 0, 0, 0],
    "This program cannot be run in DOS mode.\r\n",
  );

// --- Tests ---

const ALLOWED_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const ALLOWED_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("typeByName", () => {
  it.each([
    ["scan.pdf", "pdf", "application/pdf", "pdf"],
    ["scan.final.PDF", "pdf", "application/pdf", "pdf"],
    ["Photo.JPG", "jpg", "image/jpeg", "image"],
    ["photo.jpeg", "jpeg", "image/jpeg", "image"],
    ["C:\\Users\\dana\\Desktop\\intake.docx", "docx", ALLOWED_DOCX, "word"],
    ["/home/dana/budget.xlsx", "xlsx", ALLOWED_XLSX, "excel"],
    ["old/report.doc", "doc", "application/msword", "word"],
    ["ledger.xls", "xls", "application/vnd.ms-excel", "excel"],
    ["notes.txt", "txt", "text/plain", "text"],
    ["contacts.CSV", "csv", "text/csv", "text"],
    ["chart.png", "png", "image/png", "image"],
    ["map.gif", "gif", "image/gif", "image"],
  ])("%s is %s", (name, extension, mimeType, kind) => {
    expect(typeByName(name)).toEqual({ extension, mimeType, kind });
  });

  it.each([
    "README",
    "",
    ".pdf",
    "report.",
    "archive.tar.gz",
    "setup.exe",
    "photo.heic",
    "folder.pdf/notes",
    "C:\\scans.pdf\\notes",
    "../../etc/passwd",
    "report.pdf.exe",
    "constructor",
    "x.constructor",
    "x.__proto__",
  ])("%j has no allowed type", (name) => {
    expect(typeByName(name)).toBeNull();
  });

  it("lists the extensions for the form's accept attribute", () => {
    expect(ALLOWED_EXTENSIONS).toEqual([
      ".jpeg",
      ".jpg",
      ".png",
      ".gif",
      ".pdf",
      ".doc",
      ".docx",
      ".xls",
      ".xlsx",
      ".txt",
      ".csv",
    ]);
  });
});

describe("FileInspector: the content must be what the name says", () => {
  // Each sample, and the extensions it may be named with.
  const samples: [string, () => Buffer, string[]][] = [
    ["a JPEG", () => jpeg(640, 480, { before: [exif()] }), ["jpeg", "jpg"]],
    ["a PNG", () => png(300, 200), ["png"]],
    ["a GIF", () => gif(16, 16), ["gif"]],
    ["a PDF", carePlan, ["pdf"]],
    ["an OLE file", ole, ["doc", "xls"]],
    ["a .docx", () => docx(), ["docx"]],
    ["a .xlsx", xlsx, ["xlsx"]],
    ["UTF-8 text", text, ["txt", "csv"]],
    ["a CSV", csv, ["txt", "csv"]],
    ["a Windows program", exe, []],
  ];
  const extensions = ALLOWED_EXTENSIONS.map((e) => e.slice(1));

  describe.each(samples)("%s", (_, sample, names) => {
    it.each(extensions)("named .%s", (extension) => {
      const name = `file.${extension}`;
      for (const chunkSize of [7, 64 * 1024]) {
        const { result } = inspect(name, sample(), chunkSize);
        if (names.includes(extension)) expect(result?.type).toEqual(typeByName(name));
        else expect(result).toBeNull();
      }
    });
  });

  it("gives each accepted type its MIME type", () => {
    expect(accepted("a.jpeg", jpeg(1, 1))?.type.mimeType).toBe("image/jpeg");
    expect(accepted("a.jpg", jpeg(1, 1))?.type.mimeType).toBe("image/jpeg");
    expect(accepted("a.png", png(1, 1))?.type.mimeType).toBe("image/png");
    expect(accepted("a.gif", gif(1, 1))?.type.mimeType).toBe("image/gif");
    expect(accepted("a.pdf", carePlan())?.type.mimeType).toBe("application/pdf");
    expect(accepted("a.doc", ole())?.type.mimeType).toBe("application/msword");
    expect(accepted("a.docx", docx())?.type.mimeType).toBe(ALLOWED_DOCX);
    expect(accepted("a.xls", ole())?.type.mimeType).toBe("application/vnd.ms-excel");
    expect(accepted("a.xlsx", xlsx())?.type.mimeType).toBe(ALLOWED_XLSX);
    expect(accepted("a.txt", text())?.type.mimeType).toBe("text/plain");
    expect(accepted("a.csv", csv())?.type.mimeType).toBe("text/csv");
  });

  it("accepts an upper-case extension", () => {
    expect(accepted("SCAN.PDF", carePlan())?.type.extension).toBe("pdf");
    expect(accepted("IMG_0042.JPG", jpeg(4032, 3024))?.type).toEqual(typeByName("x.jpg"));
    expect(accepted("Budget.XLSX", xlsx())?.type.extension).toBe("xlsx");
  });

  it("refuses a program named report.pdf on its first chunk", () => {
    expect(inspect("report.pdf", exe())).toEqual({ pushes: ["refused"], result: null });
    expect(inspect("report.pdf", exe(), 1).pushes).toEqual(["ok", "refused"]);
  });

  it("refuses as soon as the signature differs", () => {
    // A PDF may start after up to 1 KB of anything: a shorter file is only refused at its end.
    expect(inspect("chart.pdf", png(10, 10))).toEqual({ pushes: ["ok"], result: null });
    expect(inspect("chart.pdf", bytes(png(10, 10), Buffer.alloc(2000)), 512).pushes).toEqual(["ok", "ok", "refused"]);
    expect(inspect("scan.png", carePlan(), 7)).toEqual({ pushes: ["refused"], result: null });
    expect(inspect("photo.gif", jpeg(1, 1), 7)).toEqual({ pushes: ["refused"], result: null });
    expect(inspect("notes.docx", text(), 7)).toEqual({ pushes: ["refused"], result: null });
  });

  it("refuses a file too short for its signature", () => {
    expect(accepted("a.png", png(1, 1).subarray(0, 7))).toBeNull();
    expect(accepted("a.pdf", bytes("%PDF"))).toBeNull();
    expect(accepted("a.jpg", bytes([0xff, 0xd8]))).toBeNull();
  });

  it.each(["setup.exe", "archive.zip", "README", "photo.heic", ".pdf"])(
    "refuses %s at once, whatever it holds",
    (name) => {
      expect(inspect(name, carePlan())).toEqual({ pushes: ["refused"], result: null });
      expect(new FileInspector(name).finish()).toBeNull();
    },
  );

  it("refuses an empty file", () => {
    expect(new FileInspector("empty.txt").finish()).toBeNull();
    const inspector = new FileInspector("empty.pdf");
    expect(inspector.push(new Uint8Array(0))).toBe("ok");
    expect(inspector.finish()).toBeNull();
  });

  it("answers finish the same way when asked twice, and takes no bytes after it", () => {
    const inspector = new FileInspector("notes.txt");
    inspector.push(text());
    const result = inspector.finish();
    expect(result).not.toBeNull();
    expect(inspector.finish()).toEqual(result);
    expect(() => inspector.push(text())).toThrow();
  });
});

describe("images: width and height", () => {
  it("reads a PNG's size from its IHDR", () => {
    expect(accepted("chart.png", png(300, 200), 7)?.metadata).toEqual({ width: 300, height: 200 });
    expect(accepted("wide.png", png(70_000, 3))?.metadata).toEqual({ width: 70_000, height: 3 });
  });

  it("reads a GIF's size, 87a or 89a", () => {
    expect(accepted("map.gif", gif(640, 480), 7)?.metadata).toEqual({ width: 640, height: 480 });
    expect(accepted("old.gif", gif(258, 1, "87a"))?.metadata).toEqual({ width: 258, height: 1 });
    expect(accepted("bad.gif", bytes("GIF88a", gif(1, 1).subarray(6)))).toBeNull();
  });

  it("walks a JPEG's segments, past a large EXIF block and its thumbnail, to the frame", () => {
    const photo = jpeg(4032, 3024, { before: [exif()] });
    for (const chunkSize of [1, 7, 64 * 1024]) {
      expect(accepted("IMG_0042.jpg", photo, chunkSize)?.metadata).toEqual({ width: 4032, height: 3024 });
    }
  });

  it("reads a progressive JPEG's frame, skips Huffman tables and fill bytes before it", () => {
    const tables = segment(0xc4, bytes([0x10], Buffer.alloc(16, 0xff), [0xc0]));
    const photo = jpeg(800, 600, { before: [tables, bytes([0xff, 0xff])], frame: 0xc2 });
    expect(accepted("p.jpeg", photo, 7)?.metadata).toEqual({ width: 800, height: 600 });
  });

  it("finds the frame after segments past the first 64 KB", () => {
    const profile = segment(0xe2, bytes("ICC_PROFILE\0", Buffer.alloc(65_000, 0xff)));
    const photo = jpeg(1200, 900, { before: [exif(), profile, profile, profile] });
    expect(accepted("big.jpg", photo, 4096)?.metadata).toEqual({ width: 1200, height: 900 });
  });

  it("gives up on the size past the first 1 MB, but accepts the file", () => {
    const app = segment(0xe3, Buffer.alloc(65_533, 0x20));
    const photo = jpeg(1200, 900, { before: Array.from({ length: 17 }, () => app) });
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    expect(accepted("huge.jpg", photo)?.metadata).toEqual({});
  });

  it("accepts a JPEG whose segments cannot be followed, without a size", () => {
    expect(accepted("odd.jpg", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0x12, 0x34]))?.metadata).toEqual({});
    expect(accepted("scan.jpg", bytes([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 0xff, 0xd9]))?.metadata).toEqual({});
  });
});

describe("PDF: page count and author", () => {
  it("reads them whatever the chunks", () => {
    for (const chunkSize of [1, 7, 100, 64 * 1024]) {
      expect(accepted("care-plan.pdf", carePlan(), chunkSize)?.metadata).toEqual({
        pages: 3,
        author: "Dana (Coordinator) Morgan",
      });
    }
  });

  it("reads a compact dictionary", () => {
    const file = pdf(["<</Type/Catalog/Pages 2 0 R>>", "<</Type/Pages/Count 12/Kids[3 0 R]>>"]);
    expect(accepted("compact.pdf", file, 7)?.metadata).toEqual({ pages: 12 });
  });

  it("reads /Count before /Type and after a long /Kids array", () => {
    const kids = Array.from({ length: 300 }, (_, i) => `${i + 3} 0 R`).join(" ");
    const file = pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      `<< /Count 300 /Type /Pages /Kids [${kids}] >>`,
      `<< /Type /Pages /Kids [${kids}] /Count 300 >>`,
    ]);
    expect(accepted("long.pdf", file, 7)?.metadata).toEqual({ pages: 300 });
  });

  it("takes the root of a page tree (the largest /Count), not its branches or an outline", () => {
    const file = pdf([
      "<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 250 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 100 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 150 >>",
      "<< /Type /Outlines /Count 900 >>",
    ]);
    expect(accepted("tree.pdf", file)?.metadata).toEqual({ pages: 250 });
  });

  it("decodes escapes, balanced parentheses and octal codes in the author", () => {
    const file = pdf(["<< /Type /Catalog >>", "<< /Author (Jos\\351 \\(RN\\)\\\\Team (North)\\\nside) >>"], {
      info: 2,
    });
    expect(accepted("escapes.pdf", file, 7)?.metadata).toEqual({ author: "José (RN)\\Team (North)side" });
  });

  it("decodes a UTF-16 hex author", () => {
    const file = pdf(["<< /Type /Catalog >>", "<< /Author <FEFF 0044 0061 006E 0061 0020 0141 00F3 0064 017A> >>"], {
      info: 2,
    });
    expect(accepted("hex.pdf", file, 7)?.metadata).toEqual({ author: "Dana Łódź" });
  });

  it("takes the last author (a later update of the file replaces it)", () => {
    const file = bytes(
      pdf(["<< /Type /Catalog >>", "<< /Author (First Draft) >>"], { info: 2 }),
      "2 0 obj\n<< /Author (Dana Morgan) >>\nendobj\n%%EOF\n",
    );
    expect(accepted("updated.pdf", file, 7)?.metadata).toEqual({ author: "Dana Morgan" });
  });

  it("finds them at the end of a large file, read in chunks", () => {
    const scan = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < scan.length; i++) scan[i] = (i * 7919) % 251;
    const file = bytes(
      "%PDF-1.4\n1 0 obj\n<< /Length 5242880 >>\nstream\n",
      scan,
      "\nendstream\nendobj\n",
      pdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 41 >>", "<< /Author (Scanner) >>"]),
    );
    expect(accepted("scan.pdf", file, 65_536)?.metadata).toEqual({ pages: 41, author: "Scanner" });
  });

  it("has no metadata when objects are compressed away", () => {
    const file = pdf([
      "<< /Type /ObjStm /N 2 /First 9 /Filter /FlateDecode /Length 5 >>\nstream\nx\x9c\x03\0\0\nendstream",
    ]);
    expect(accepted("compressed.pdf", file)?.metadata).toEqual({});
  });

  it("leaves out an author that is not a string, or too long", () => {
    const reference = pdf(["<< /Type /Catalog >>", "<< /Author 3 0 R >>", "(Not the author)"], { info: 2 });
    expect(accepted("ref.pdf", reference)?.metadata).toEqual({});
    const long = pdf(["<< /Author (" + "x".repeat(5000) + ") >>"]);
    expect(accepted("long.pdf", long, 7)?.metadata).toEqual({});
  });

  it("allows up to 1 KB before %PDF-, as readers do", () => {
    expect(
      accepted("junk.pdf", pdf(["<< /Type /Pages /Count 2 >>"], { prefix: "x".repeat(1024) }), 7)?.metadata,
    ).toEqual({ pages: 2 });
    expect(inspect("junk.pdf", pdf([], { prefix: "x".repeat(1025) }), 7).result).toBeNull();
  });
});

describe("Word and Excel", () => {
  it("accepts an OLE file as .doc or .xls (they share the signature)", () => {
    expect(accepted("letter.doc", ole(), 7)?.type.extension).toBe("doc");
    expect(accepted("ledger.xls", ole(), 7)?.type.extension).toBe("xls");
  });

  it("finds word/ and xl/ parts, headers cut across chunks", () => {
    expect(accepted("intake.docx", docx(), 7)?.metadata).toEqual({});
    expect(accepted("budget.xlsx", xlsx(), 7)?.metadata).toEqual({});
  });

  it("finds the word/ part after other large parts", () => {
    const thumbnail = Buffer.alloc(150_000, 0xd8);
    expect(accepted("mac.docx", docx(["docProps/thumbnail.jpeg", thumbnail]), 7)?.type.extension).toBe("docx");
  });

  it("refuses a zip that is not the document its name says", () => {
    expect(accepted("budget.docx", xlsx())).toBeNull();
    expect(accepted("intake.xlsx", docx(), 7)).toBeNull();
    expect(accepted("photos.docx", zip([["word.txt", "word/ is only mentioned"]]))).toBeNull();
    expect(accepted("short.docx", bytes([0x50, 0x4b, 0x03, 0x04], Buffer.alloc(22)))).toBeNull();
  });
});

describe("text and CSV", () => {
  it("accepts UTF-8, with or without a BOM", () => {
    expect(accepted("notes.txt", text(), 7)?.metadata).toEqual({});
    expect(accepted("contacts.csv", bytes([0xef, 0xbb, 0xbf], csv()), 7)?.type.mimeType).toBe("text/csv");
  });

  it("accepts a character cut across chunks", () => {
    const cafe = Buffer.from("café", "utf8"); // é is C3 A9
    expect(accepted("a.txt", [cafe.subarray(0, 4), cafe.subarray(4)])).not.toBeNull();
    const emoji = Buffer.from("ok 🙂", "utf8"); // 4 bytes
    expect(accepted("b.txt", [emoji.subarray(0, 4), emoji.subarray(4, 5), emoji.subarray(5)])).not.toBeNull();
  });

  it("refuses a NUL byte in a later chunk, on that chunk", () => {
    const chunks = [Buffer.from("name,phone\n"), Buffer.from("Dana,555\n"), bytes("Ro\0b,556\n")];
    expect(inspect("contacts.csv", chunks)).toEqual({ pushes: ["ok", "ok", "refused"], result: null });
  });

  it("refuses invalid UTF-8, and a character left unfinished at the end", () => {
    expect(inspect("a.txt", [Buffer.from("fine\n"), bytes("caf", [0xc3, 0x28])]).pushes).toEqual(["ok", "refused"]);
    expect(accepted("b.txt", bytes("Lat", [0xe9], "n"))).toBeNull(); // Latin-1, not UTF-8
    expect(inspect("c.txt", bytes("caf", [0xc3]))).toEqual({ pushes: ["ok"], result: null });
  });

  it("refuses text that starts like a program", () => {
    expect(accepted("notes.txt", bytes("MZ is not how notes start"))).toBeNull();
    expect(inspect("notes.txt", [bytes("M"), bytes("Z and more")]).pushes).toEqual(["ok", "refused"]);
    expect(accepted("run.csv", bytes("\x7fELF,1,2\n"))).toBeNull();
    expect(accepted("m.txt", bytes("M"))?.type.extension).toBe("txt");
  });
});

describe("bounded memory", () => {
  /** V8's garbage collector, when it can be had, to measure what is really retained. */
  function gc(): (() => void) | undefined {
    try {
      setFlagsFromString("--expose-gc");
      return runInNewContext("gc") as () => void;
    } catch {
      return undefined;
    }
  }

  /**
   * Pushes `size` bytes of fresh 64 KB chunks (as from a stream) between `head` and `tail`; the
   * retained growth. The process's figures also count what other test files allocate meanwhile
   * (they run in other threads of this process), so a growth over the bound is measured again,
   * up to three times: an inspector that kept the stream would be over it every time.
   */
  function stream(name: string, head: Buffer, body: Buffer, size: number, tail: Buffer) {
    let least = streamOnce(name, head, body, size, tail);
    for (let attempt = 1; attempt < 3 && least.collected && least.growth >= 8 * 1024 * 1024; attempt++) {
      const again = streamOnce(name, head, body, size, tail);
      if (again.growth < least.growth) least = again;
    }
    return least;
  }

  function streamOnce(name: string, head: Buffer, body: Buffer, size: number, tail: Buffer) {
    const collect = gc();
    collect?.();
    const before = process.memoryUsage();
    const inspector = new FileInspector(name);
    expect(inspector.push(Buffer.from(head))).toBe("ok");
    for (let sent = 0; sent < size; sent += body.length) expect(inspector.push(Buffer.from(body))).toBe("ok");
    expect(inspector.push(Buffer.from(tail))).toBe("ok");
    const result = inspector.finish();
    collect?.();
    const after = process.memoryUsage();
    return {
      result,
      collected: !!collect,
      growth: Math.max(after.arrayBuffers - before.arrayBuffers, after.heapUsed - before.heapUsed),
    };
  }

  it("reads a 60 MB PDF's metadata at its end without keeping the rest", () => {
    const body = Buffer.alloc(64 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i * 7919) % 251;
    const { result, collected, growth } = stream(
      "scan.pdf",
      bytes("%PDF-1.4\n1 0 obj\n<< /Length 62914560 >>\nstream\n"),
      body,
      60 * 1024 * 1024,
      bytes(
        "\nendstream\nendobj\n2 0 obj\n<< /Type /Pages /Count 60 >>\nendobj\n3 0 obj\n<< /Author (Scanner) >>\nendobj\n",
      ),
    );
    expect(result?.metadata).toEqual({ pages: 60, author: "Scanner" });
    if (collected) expect(growth).toBeLessThan(8 * 1024 * 1024);
  });

  it("finds a .docx's word/ part after 60 MB of other parts without keeping them", () => {
    const media = zip([["word.bin", Buffer.alloc(64 * 1024 - 38, 0x4b)]]).subarray(0, 64 * 1024); // a local header, then data
    // The zip's signature, 60 MB of parts named word.bin (not in word/), then a whole .docx.
    const { result, collected, growth } = stream("big.docx", docx().subarray(0, 4), media, 60 * 1024 * 1024, docx());
    expect(result?.type.extension).toBe("docx");
    if (collected) expect(growth).toBeLessThan(8 * 1024 * 1024);
  });

  it("reads 60 MB of text in 64 KB chunks without keeping them", () => {
    const collect = gc();
    collect?.();
    const before = process.memoryUsage();
    const line = Buffer.from("Dana Morgan, coordinator — visite à domicile ✓\n", "utf8");
    const template = Buffer.alloc(64 * 1024);
    for (let i = 0; i < template.length; i += line.length) line.copy(template, i);
    // Never end a chunk inside a character: cut at the last whole line.
    const chunk = template.subarray(0, template.length - (template.length % line.length));
    const inspector = new FileInspector("big.txt");
    let size = 0;
    while (size < 60 * 1024 * 1024) {
      expect(inspector.push(Buffer.from(chunk))).toBe("ok"); // a fresh chunk each time, as from a stream
      size += chunk.length;
    }
    expect(inspector.finish()?.type.extension).toBe("txt");
    if (collect) {
      collect();
      const after = process.memoryUsage();
      expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * 1024 * 1024);
      expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * 1024 * 1024);
    }
  });
});
