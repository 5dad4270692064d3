import type { Ctx } from "~/models/context";
import { getImport, type ImportRecord, listImports, readImportRow, setDraftChoices } from "~/models/imports.server";
import {
  DUPLICATE_CHOICES,
  type DuplicateChoice,
  IMPORT_FIELDS,
  IMPORT_MODES,
  type ImportMode,
  matchHeaders,
  UNDO_HOURS,
} from "~/schemas/import";
import type { DB } from "~/utils/db.server";
import { importQueue } from "./import-api.server";
import { fileSample, previewImport } from "./import.server";
import { startDraft, undoImport } from "./import-upload.server";

// The import screens' work (/import, /import/{id}: docs/screens.md, "Import"): the routes stay thin.

/** A column of the file on the mapping form: its header, sample values, and the field it fills (or none). */
export interface MappedColumn {
  index: number;
  header: string;
  samples: string[];
  field: string;
}

export interface ImportPageData {
  import: ImportRecord;
  fields: { key: string; label: string }[];
  columns: MappedColumn[];
  /** Until when a finished import can be undone (ISO); null: it cannot. */
  undoUntil: string | null;
}

/** The page of one import of the caller's agency; null when there is none. */
export async function importPage(db: DB, ctx: Ctx, id: string): Promise<ImportPageData | null> {
  const record = await getImport(db, ctx, id);
  if (!record) return null;
  const fields = IMPORT_FIELDS[record.type].map(({ key, label }) => ({ key, label }));
  let columns: MappedColumn[] = [];
  if (record.status === "draft") {
    const row = (await readImportRow(db, id))!;
    const { headers, samples } = await fileSample(db, row);
    const mapping = record.mapping ?? matchHeaders(IMPORT_FIELDS[record.type], headers);
    const fieldOf = new Map(Object.entries(mapping).map(([key, index]) => [index, key]));
    columns = headers.map((header, index) => ({
      index,
      header,
      samples: samples.map((cells) => cells[index] ?? "").filter((v) => v.trim() !== ""),
      field: fieldOf.get(index) ?? "",
    }));
  }
  const finished = record.finishedAt ? new Date(record.finishedAt).getTime() : 0;
  const until = finished + UNDO_HOURS * 3_600_000;
  const undoUntil = record.status === "done" && until > Date.now() ? new Date(until).toISOString() : null;
  return { import: record, fields, columns, undoUntil };
}

export const listImportsPage = (db: DB, ctx: Ctx) => listImports(db, ctx);

/** The mapping form's choices: `column.N` = a field's key (or empty), the duplicate choice, the mode. */
export function readChoices(form: FormData): {
  mapping: Record<string, number>;
  duplicates: DuplicateChoice;
  mode: ImportMode;
} {
  const mapping: Record<string, number> = {};
  for (const [name, value] of form) {
    const match = /^column\.(\d{1,4})$/.exec(name);
    if (match && typeof value === "string" && value !== "" && !(value in mapping)) mapping[value] = Number(match[1]);
  }
  const duplicates = String(form.get("duplicates") ?? "");
  const mode = String(form.get("mode") ?? "");
  return {
    mapping,
    duplicates: (DUPLICATE_CHOICES as readonly string[]).includes(duplicates)
      ? (duplicates as DuplicateChoice)
      : "skip",
    mode: (IMPORT_MODES as readonly string[]).includes(mode) ? (mode as ImportMode) : "all",
  };
}

export type ImportIntentResult = { redirect: string } | { error: string; status: number };

/** What the import page's buttons do: preview (the choices kept), start, undo. */
export async function importIntent(db: DB, ctx: Ctx, id: string, form: FormData): Promise<ImportIntentResult> {
  const intent = String(form.get("intent") ?? "");
  const here = `/import/${id}`;
  if (intent === "preview") {
    const choices = readChoices(form);
    await setDraftChoices(db, ctx, id, choices);
    const row = await readImportRow(db, id);
    if (!row || row.agency_id !== ctx.agencyId || row.status !== "draft") return { redirect: here };
    const preview = await previewImport(db, row);
    if ("refused" in preview) return { error: preview.refused, status: 400 };
    return { redirect: `${here}?step=preview` };
  }
  if (intent === "start") {
    const row = await readImportRow(db, id);
    if (row && row.agency_id === ctx.agencyId && row.status === "draft") {
      const { duplicates, mode } = readChoices(form);
      await startDraft(db, ctx, id, { mapping: row.mapping ?? undefined, duplicates, mode }, await importQueue(db));
    }
    return { redirect: here };
  }
  if (intent === "undo") {
    const result = await undoImport(db, ctx, id);
    return result.ok ? { redirect: here } : { error: result.message, status: result.status };
  }
  return { error: "Unknown action", status: 400 };
}
