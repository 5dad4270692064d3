import { Link } from "@remix-run/react";
import type { ImportStatus, ImportType } from "~/schemas/import";
import { Badge } from "../ui/badge";

export const IMPORT_TYPE_LABELS: Record<ImportType, string> = {
  clients: "Clients",
  facilities: "Facilities",
  placements: "Placements",
};

const STATUS_LABELS: Record<ImportStatus, string> = {
  draft: "Not started",
  queued: "Waiting to start",
  running: "Importing",
  done: "Done",
  failed: "Failed",
  undone: "Undone",
};

const STATUS_TONES = {
  draft: "gray",
  queued: "blue",
  running: "blue",
  done: "green",
  failed: "red",
  undone: "gray",
} as const;

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export interface ImportErrorRow {
  kind: "invalid" | "duplicate";
  row: number;
  field: string | null;
  column: string | null;
  message: string;
  value?: string;
}

/** The rows that were not (or will not be) imported: row number, field, the form's message. */
export function ImportErrors({ id, errors, limit = 50 }: { id: string; errors: ImportErrorRow[]; limit?: number }) {
  if (errors.length === 0) return null;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Rows not imported</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th className="py-2 pr-3">Row</th>
              <th className="py-2 pr-3">Field</th>
              <th className="py-2 pr-3">Value</th>
              <th className="py-2">Problem</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {errors.slice(0, limit).map((e, i) => (
              <tr key={`${e.row}-${i}`}>
                <td className="py-2 pr-3 tabular-nums">{e.row}</td>
                <td className="py-2 pr-3">{e.field ?? (e.kind === "duplicate" ? "Duplicate" : "")}</td>
                <td className="py-2 pr-3 break-all">{e.value ?? ""}</td>
                <td className="py-2">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">
        {errors.length > limit ? `The first ${limit} of ${errors.length} are shown. ` : null}
        <Link to={`/import/${id}/errors.csv`} reloadDocument className="font-medium text-brand-700 underline">
          Download the list (CSV)
        </Link>{" "}
        to fix the rows in your spreadsheet and import them again.
      </p>
    </div>
  );
}
