import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { cellText as unguarded } from "./import-csv.server";

// Reading an import's Excel workbook (docs/decisions/012-csv-import.md): bytes in, rows of cells
// out, streamed by exceljs's WorkbookReader (the zip read as it comes, each sheet's XML parsed as
// it passes; a sheet stored before the shared strings waits in a temporary file, not in memory).
// Only the first worksheet is read. Every cell becomes the text a person typed or sees: a date
// as YYYY-MM-DD, a number without binary noise (0.1 + 0.2 is "0.3"), a formula as its value
// cached in the file (never evaluated), text as stored (a ZIP "02134" keeps its zero).

/** The workbook cannot be read: not a zip, a damaged one, or no worksheet in it. */
export class UnreadableWorkbook extends Error {}

/** A format code that shows a date or a time (what exceljs's reader itself tests: y m d h s outside quotes and brackets). */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhsb]/i.test(format.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));
}

/** A date as the user typed it: 1941-03-07, or 2026-11-28 14:30 when it has a time of day. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  // Excel's serial dates carry no time zone: exceljs reads them as UTC, so UTC gives them back.
  const seconds = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString();
  const [day, time] = [seconds.slice(0, 10), seconds.slice(11, 19)];
  if (time === "00:00:00") return day;
  return `${day} ${time.endsWith(":00") ? time.slice(0, 5) : time}`;
}

/** Excel's serial day number (1 = 1900-01-01, with its 1900 leap-year bug) as a date. */
const serialDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));

/** A number as Excel shows it in a General cell: 15 significant digits; zero-padded when its format pads ("00000"). */
function numberText(value: number, format: string | undefined): string {
  if (!Number.isFinite(value)) return "";
  const text = String(Number(value.toPrecision(15)));
  const padding = /^0+$/.exec(format ?? "");
  return padding && Number.isInteger(value) && value >= 0 ? text.padStart(padding[0].length, "0") : text;
}

interface CellLike {
  value: unknown;
  numFmt?: string;
}

/** A cell's value as text (exceljs's value kinds: text, number, date, boolean, formula, rich text, hyperlink, error). */
export function cellText(cell: CellLike, date1904 = false): string {
  const { value, numFmt } = cell;
  if (value === null || value === undefined) return "";
  // Text as stored; the export's guard against formulas (a leading apostrophe) goes, as in a CSV.
  if (typeof value === "string") return unguarded(value);
  if (typeof value === "number") return numberText(value, numFmt);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return dateText(value);
  if (typeof value !== "object") return String(value);
  const v = value as Record<string, unknown>;
  if ("formula" in v || "sharedFormula" in v) {
    // The value Excel computed and stored with the formula; never evaluated here.
    const result = v.result;
    if (typeof result === "number" && isDateFormat(numFmt)) return dateText(serialDate(result, date1904));
    if (result && typeof result === "object" && "error" in result) return String((result as { error: unknown }).error);
    return cellText({ value: result, numFmt }, date1904);
  }
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((run) => run.text ?? "").join("");
  if ("error" in v) return String(v.error);
  if ("text" in v) return cellText({ value: v.text, numFmt }, date1904);
  return "";
}

/** What the stream reader has that its type declarations leave out. */
interface ReaderState {
  model?: { sheets?: { id: number; name: string }[] };
  properties?: { model?: { date1904?: boolean } };
}
interface SheetState {
  name?: string;
}

/**
 * The first worksheet's rows, each its number in the sheet and its cells (a column with nothing
 * in it is ""), read as the bytes stream. Rows with nothing in them are passed over. Throws UnreadableWorkbook for a
 * file that is not a workbook that can be read; an error of `chunks` itself (the database) goes
 * up as it is.
 */
export async function* xlsxRows(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<{ number: number; cells: string[] }> {
  let sourceError: unknown;
  const source = Readable.from(
    (async function* () {
      try {
        for await (const chunk of chunks) yield Buffer.from(chunk);
      } catch (error) {
        sourceError = error;
        throw error;
      }
    })(),
  );
  // The zip reader reports a damaged zip (a part cut short) on its own stream, while the part
  // being read waits for bytes that never come: that error is caught where the reader pipes the
  // file into it, and ends the wait.
  let failZip: (error: unknown) => void = () => {};
  const zipFailed = new Promise<never>((_, reject) => (failZip = reject));
  zipFailed.catch(() => {});
  const pipe = source.pipe.bind(source);
  source.pipe = ((destination: NodeJS.WritableStream) => {
    destination.on("error", failZip);
    return pipe(destination);
  }) as typeof source.pipe;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: "emit",
    sharedStrings: "cache",
    // Styles say which numbers are dates, and how a ZIP stored as a number is padded.
    styles: "cache",
    hyperlinks: "ignore",
    entries: "ignore",
  });
  const state = reader as unknown as ReaderState;
  const sheets = reader[Symbol.asyncIterator]();
  const next = <T>(iterator: AsyncIterator<T>) => Promise.race([iterator.next(), zipFailed]);
  let read = false;
  let ended = false;
  let current: unknown;
  try {
    for (let s = await next(sheets); !s.done; s = await next(sheets)) {
      current = s.value;
      const first = state.model?.sheets?.[0]?.name;
      if (read || (first !== undefined && (s.value as unknown as SheetState).name !== first)) continue;
      read = true;
      const date1904 = state.properties?.model?.date1904 ?? false;
      const rows = s.value[Symbol.asyncIterator]();
      for (let r = await next(rows); !r.done; r = await next(rows)) {
        const cells: string[] = [];
        r.value.eachCell({ includeEmpty: false }, (cell, column) => {
          cells[column - 1] = cellText(cell as CellLike, date1904);
        });
        const full = Array.from(cells, (cell) => cell ?? "");
        if (full.some((cell) => cell.trim() !== "")) yield { number: r.value.number, cells: full };
      }
    }
    ended = true;
  } catch (error) {
    ended = true;
    if (sourceError !== undefined) throw sourceError;
    throw new UnreadableWorkbook(error instanceof Error ? error.message : String(error));
  } finally {
    if (!ended) await letGo(sheets, current, source.readableEnded, zipFailed);
    source.destroy();
  }
  if (sourceError !== undefined) throw sourceError;
  if (!read) throw new UnreadableWorkbook("No worksheet in the workbook");
}

/** The file a sheet is being read from, when it waited in a temporary file (a stream with a path). */
function fileOf(sheet: unknown): Readable | undefined {
  const iterator = (sheet as { iterator?: unknown } | undefined)?.iterator;
  return iterator instanceof Readable ? iterator : undefined;
}

/**
 * Stops a reading left early (a sample needs its first rows only). The sheets that waited in
 * temporary files (all of them when the zip had them before its shared strings, as Excel writes
 * it: the zip was then read to its end) are deleted by the reader as it passes each: it is led
 * past them without reading them. Otherwise the zip is still being read and no sheet waits.
 */
async function letGo(
  sheets: AsyncIterator<unknown>,
  current: unknown,
  zipRead: boolean,
  failed: Promise<never>,
): Promise<void> {
  fileOf(current)?.destroy();
  if (!zipRead) {
    void sheets.return?.(undefined)?.catch(() => {});
    return;
  }
  try {
    for (let s = await Promise.race([sheets.next(), failed]); !s.done; s = await Promise.race([sheets.next(), failed]))
      fileOf(s.value)?.destroy();
  } catch {
    // a damaged rest of the file: nothing more waits
  }
}
