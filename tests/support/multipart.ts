// Multipart bodies as a browser or an API client sends them, made as they are read (64 KB at a
// time), so that a 50 MB file never exists whole in a test's memory either; with their exact
// length, for a Content-Length.

export const BOUNDARY = "----placement-test-boundary";
const encoder = new TextEncoder();

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; size: number; head: Uint8Array; fill?: number };

/** The first bytes of a PDF (what the upload's content check looks for). */
export const PDF_HEAD = encoder.encode("%PDF-1.4\n1 0 obj << /Type /Pages /Kids [] /Count 2 >> endobj\n");

/** A PDF of `size` bytes in the field `name` (the upload screen's "files", the API's "file"). */
export const pdfPart = (filename: string, size: number, name = "files"): Part => ({
  name,
  filename,
  size,
  head: PDF_HEAD,
  type: "application/pdf",
});

function partHead(part: Part): Uint8Array {
  return "filename" in part
    ? encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
      )
    : encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
}

const CRLF = encoder.encode("\r\n");
const END = encoder.encode(`--${BOUNDARY}--\r\n`);

export interface MultipartBody {
  contentType: string;
  /** The body's length in bytes. */
  length: number;
  /** The body, in chunks of at most 64 KB. */
  chunks(): AsyncGenerator<Uint8Array>;
}

export function multipartBody(parts: Part[]): MultipartBody {
  const length =
    parts.reduce((sum, part) => sum + partHead(part).length + ("filename" in part ? part.size + CRLF.length : 0), 0) +
    END.length;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      yield partHead(part);
      if (!("filename" in part)) continue;
      yield part.head.slice(0, part.size);
      let left = part.size - Math.min(part.size, part.head.length);
      const chunk = new Uint8Array(64 * 1024).fill(part.fill ?? 0x20);
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        yield n === chunk.length ? chunk : chunk.slice(0, n);
        left -= n;
      }
      yield CRLF;
    }
    yield END;
  }
  return { contentType: `multipart/form-data; boundary=${BOUNDARY}`, length, chunks };
}
