import { Form, Link } from "@remix-run/react";
import type { ImportRecord } from "~/models/imports.server";
import { IMPORTABLE_TYPES } from "~/schemas/import";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TitledCard } from "../ui/card";
import { Label, Select } from "../ui/field";
import { PageHeader } from "../ui/page-header";
import { ImportStatusBadge, IMPORT_TYPE_LABELS } from "./import-parts";

/** /import: the upload form, and the agency's latest imports. */
export function ImportHome({ imports, error }: { imports: ImportRecord[]; error?: string }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import"
        description="Bring in clients, facilities or past placements from a spreadsheet, an Excel workbook or a CSV file: the columns are matched to fields, every row is checked as the form checks it, and nothing is imported before you have seen a preview."
      />
      <TitledCard
        title="Upload a spreadsheet"
        description="An Excel workbook (.xlsx: its first sheet is read) or a CSV file (UTF-8 or Windows-1252, comma or semicolon separated), 20 MB and 100,000 rows at most."
      >
        <Form method="post" encType="multipart/form-data" className="space-y-4 p-5">
          {error ? (
            <Alert tone="error" title="The file was not uploaded">
              {error}
            </Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="import-type" required>
                What the file holds
              </Label>
              <Select id="import-type" name="type" defaultValue="clients" required>
                {IMPORTABLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {IMPORT_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="import-file" required>
                File
              </Label>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                required
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
              />
            </div>
          </div>
          <p className="text-sm text-slate-600">
            A file exported from the{" "}
            <Link to="/clients" className="text-brand-700 underline">
              clients list
            </Link>{" "}
            or the{" "}
            <Link to="/facilities" className="text-brand-700 underline">
              facility directory
            </Link>{" "}
            or the{" "}
            <Link to="/placements" className="text-brand-700 underline">
              placements list
            </Link>{" "}
            is read as it is; the headers of other spreadsheets are matched where they can be, and you can change each
            one.
          </p>
          <p className="text-sm text-slate-600">
            Placements name their client (by e-mail or full name) and facility (by license number or name), which must
            be here already: import clients and facilities first. An imported placement is history: it does not change
            the facility&apos;s beds, the client&apos;s status or referral fees.
          </p>
          <Button type="submit">Upload and map the columns</Button>
        </Form>
      </TitledCard>
      <RecentImports imports={imports} />
    </div>
  );
}

function RecentImports({ imports }: { imports: ImportRecord[] }) {
  return (
    <TitledCard title="Recent imports">
      {imports.length === 0 ? (
        <p className="p-5 text-sm text-slate-600">No imports yet. Upload a file above to start one.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {imports.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <Link to={`/import/${i.id}`} className="font-medium text-brand-700 hover:underline">
                {i.fileName}
              </Link>
              <span className="text-slate-600">
                {IMPORT_TYPE_LABELS[i.type]} · {i.counts.created} created · {i.counts.updated} updated
              </span>
              <ImportStatusBadge status={i.status} />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
