import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { stringify } from "csv-stringify";

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula: such cells get a leading apostrophe, shown as text (OWASP "CSV injection").
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * A CSV download streamed batch by batch from `batches`: a header row, RFC 4180 quoting, formulas
 * neutralised. The file is an attachment and never cached.
 */
export function csvResponse<T>(filename: string, columns: CsvColumn<T>[], batches: AsyncIterable<T[]>): Response {
  const csv = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true, // so Excel reads UTF-8 names correctly
    cast: { string: neutralizeFormula, boolean: (v) => (v ? "Yes" : "No") },
  });
  const source = Readable.from(
    (async function* () {
      for await (const batch of batches) {
        for (const row of batch) yield columns.map((c) => c.value(row) ?? "");
      }
    })(),
    { objectMode: true },
  );
  source.on("error", (error) => csv.destroy(error));
  source.pipe(csv);
  csv.on("error", (error) => console.error("[csv] export failed", error));
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
