import { Readable } from "node:stream";
import { parse } from "csv-parse";

// Reading an import's file (docs/decisions/012-csv-import.md): bytes in, rows of cells out,
// streamed (csv-parse), never held whole. UTF-8 with or without a byte-order mark, or
// Windows-1252 (what Excel saves as "CSV" on Windows): a file that is valid UTF-8 is read as
// UTF-8, any other as Windows-1252. The separator is a comma or a semicolon (what Excel writes
// where the comma is the decimal mark), whichever the header line has more of outside quotes.

export type TextEncoding = "utf-8" | "windows-1252";

/** Finds, chunk by chunk, whether bytes are valid UTF-8: what the upload records as the file's encoding. */
export class EncodingSniffer {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private valid = true;

  push(chunk: Uint8Array): void {
    if (!this.valid) return;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  finish(): TextEncoding {
    if (this.valid) {
      try {
        this.decoder.decode();
      } catch {
        this.valid = false;
      }
    }
    return this.valid ? "utf-8" : "windows-1252";
  }
}

/** The separator a header line uses: a semicolon when it has more of them than commas (outside quotes). */
export function sniffDelimiter(headerLine: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * A cell as it was meant: the export writes a cell that starts with = + - @ with a leading
 * apostrophe (so a spreadsheet shows it as text, see neutralizeFormula); the apostrophe goes
 * again. Any cell, formula-looking or not, is kept as text: nothing is ever evaluated.
 */
export function cellText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** The file's text, decoded as it streams (a UTF-8 byte-order mark dropped). */
async function* decoded(chunks: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The file's rows, each a list of cells (the first row: the headers), read as they stream. Empty
 * lines are skipped; rows may have fewer or more cells than the header.
 */
export async function* csvRows(chunks: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<string[]> {
  const text = decoded(chunks, encoding);
  // The header line decides the separator: text is read until it is whole.
  let head = "";
  let first = await text.next();
  while (!first.done) {
    head += first.value;
    if (/[\r\n]/.test(head)) break;
    first = await text.next();
  }
  if (!head.trim()) return;
  const delimiter = sniffDelimiter(head.split(/\r?\n|\r/, 1)[0]);
  const source = Readable.from(
    (async function* () {
      yield head;
      yield* text;
    })(),
  );
  const parser = source.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
  );
  source.on("error", (error) => parser.destroy(error));
  for await (const row of parser as AsyncIterable<string[]>) yield row.map(cellText);
}
