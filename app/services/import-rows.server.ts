import type * as z from "zod";
import type { ImportField } from "~/schemas/import";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";

// A row of an import's file as the input of the schema the form and the API use (app/schemas):
// each mapped cell put at its field's path, written the way the form would send it (a number as
// a number, a list as a list, a care level's label as its value). The schema decides what is
// valid, with the form's own messages.

/** Why a row was not imported: its row number in the spreadsheet (the header is row 1), the field, the message. */
export interface RowError {
  row: number;
  /** The field's label ("Date of Birth"); null: the row as a whole (a duplicate). */
  field: string | null;
  /** The file's header of that column, when the field has one. */
  column: string | null;
  message: string;
  /** The row's value of that column. */
  value?: string;
}

/** A row ready for the schema: its input, and the timestamps kept as they were (Created, Updated). */
export interface RowInput {
  input: Record<string, unknown>;
  meta: { createdAt?: string; updatedAt?: string };
  /** Messages of cells read before the schema (a timestamp that is not one). */
  errors: { key: string; message: string }[];
}

const CARE_LEVEL_BY_LABEL = new Map(
  Object.entries(CARE_LEVEL_LABELS).map(([value, label]) => [label.toLowerCase(), value]),
);

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** "3/7/1941" or "03/07/1941" (US order) as "1941-03-07"; anything else as typed. */
function isoDate(value: string): string {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return us ? `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}` : value;
}

/** "$3,500" as 3500; empty as null; anything else as typed (the schema says it is not a number). */
function amount(value: string): unknown {
  const bare = value.replace(/[$,\s]/g, "");
  if (bare === "") return null;
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : value;
}

/** One cell as its field's input; undefined: left out (the schema's default, or "is required"). */
function cellInput(field: ImportField, raw: string): unknown {
  const value = raw.trim();
  switch (field.kind) {
    case "number":
      return amount(value);
    case "list":
      return value
        .split(/[;\n]/)
        .map((v) => v.trim())
        .filter(Boolean);
    case "date":
      return value === "" ? undefined : isoDate(value);
    case "careLevel":
      return value === "" ? undefined : (CARE_LEVEL_BY_LABEL.get(value.toLowerCase()) ?? value);
    case "boolean":
      return value === "" ? undefined : /^(yes|y|true|1|on)$/i.test(value);
    case "choice":
      return value === "" ? null : value;
    default:
      return value === "" ? undefined : value;
  }
}

/** A row's cells (by `mapping`: field key → column index) as its schema input. */
export function rowInput(fields: ImportField[], mapping: Record<string, number>, cells: string[]): RowInput {
  const input: Record<string, unknown> = {};
  const meta: RowInput["meta"] = {};
  const errors: RowInput["errors"] = [];
  for (const field of fields) {
    const column = mapping[field.key];
    if (column === undefined) continue;
    const raw = cells[column] ?? "";
    if (field.kind === "timestamp") {
      if (raw.trim() === "") continue;
      const time = new Date(raw.trim());
      if (Number.isNaN(time.getTime())) errors.push({ key: field.key, message: "Please enter a valid date and time" });
      else meta[field.key as "createdAt" | "updatedAt"] = time.toISOString();
      continue;
    }
    const value = cellInput(field, raw);
    if (value !== undefined) setPath(input, field.key, value);
  }
  return { input, meta, errors };
}

/** The fields' errors of a row the schema refused, each at the field (and the file's column) it names. */
export function rowErrors(
  row: number,
  fields: ImportField[],
  headers: string[],
  mapping: Record<string, number>,
  cells: string[],
  issues: { key: string; message: string }[],
): RowError[] {
  return issues.map(({ key, message }) => {
    const field = fields.find((f) => f.key === key) ?? fields.find((f) => f.key.startsWith(`${key}.`));
    const column = field ? mapping[field.key] : undefined;
    return {
      row,
      field: field?.label ?? (key || null),
      column: column === undefined ? null : (headers[column] ?? null),
      message,
      ...(column === undefined ? {} : { value: cells[column] ?? "" }),
    };
  });
}

/** A zod error's issues as field keys ("address.zip") and messages. */
export function issuesOf(error: z.ZodError): { key: string; message: string }[] {
  return error.issues.map((issue) => ({ key: issue.path.join("."), message: issue.message }));
}
