import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// XLSX imports (docs/decisions/012-csv-import.md): what kind of file an import's pieces hold,
// told by its content when it was uploaded: a CSV text file, or an Excel workbook (a zip with
// xl/workbook.xml). The encoding says nothing for a workbook (its XML is UTF-8 by rule).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE imports
    ADD COLUMN format text NOT NULL DEFAULT 'csv' CHECK (format IN ('csv', 'xlsx'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE imports DROP COLUMN format`.execute(db);
}
