import ExcelJS from "exceljs";

// Excel workbooks for the import tests, written by the library the import reads them with
// (exceljs): each sheet's rows as values (text, numbers, dates, formulas with their cached
// result), optionally with a number format per cell.

export type XlsxValue = ExcelJS.CellValue;

export interface XlsxSheet {
  name: string;
  rows: XlsxValue[][];
  /** Number formats by "row:column", 1-based as in Excel ("3:9" = I3): "00000", "yyyy-mm-dd". */
  formats?: Record<string, string>;
}

/** A workbook of these sheets (the first is the one an import reads), as the bytes of an .xlsx file. */
export async function xlsxFile(...sheets: XlsxSheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    sheet.rows.forEach((values, i) => {
      // An empty list leaves the row empty (as a blank line in the sheet).
      if (values.length > 0) worksheet.getRow(i + 1).values = values;
    });
    for (const [at, format] of Object.entries(sheet.formats ?? {})) {
      const [row, column] = at.split(":").map(Number);
      worksheet.getCell(row, column).numFmt = format;
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A sheet of many rows, written by the streaming writer (as a large export would be). */
export async function largeXlsxFile(header: string[], rows: number, row: (i: number) => XlsxValue[]): Promise<Buffer> {
  const { PassThrough } = await import("node:stream");
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on("data", (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => out.on("end", resolve));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow(header).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(parts);
}
