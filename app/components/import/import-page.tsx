import { Form, Link } from "@remix-run/react";
import {
  DUPLICATE_CHOICE_LABELS,
  DUPLICATE_CHOICES,
  type DuplicateChoice,
  type ImportMode,
  type ImportType,
} from "~/schemas/import";
import type { ImportPageData, MappedColumn } from "~/services/import-page.server";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { TitledCard } from "../ui/card";
import { Select } from "../ui/field";
import { PageHeader } from "../ui/page-header";
import { ProgressBar } from "../ui/progress";
import { type ImportErrorRow, ImportErrors, ImportStatusBadge, IMPORT_TYPE_LABELS } from "./import-parts";

type Props = ImportPageData & { step: "map" | "preview"; error?: string };

/** /import/{id}: a draft's mapping and preview, a running import's progress, a finished one's summary. */
export function ImportPage(props: Props) {
  const { import: record, error } = props;
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${IMPORT_TYPE_LABELS[record.type]} from ${record.fileName}`}
        description={<ImportStatusBadge status={record.status} />}
        actions={
          <Link to="/import" className={buttonClasses("outline")}>
            All imports
          </Link>
        }
      />
      {error ? (
        <Alert tone="error" title="That did not work">
          {error}
        </Alert>
      ) : null}
      {record.status === "draft" && props.step === "map" ? <MappingForm {...props} /> : null}
      {record.status === "draft" && props.step === "preview" ? <Preview {...props} /> : null}
      {record.status === "queued" || record.status === "running" ? <Progress {...props} /> : null}
      {record.status === "done" || record.status === "failed" || record.status === "undone" ? (
        <Summary {...props} />
      ) : null}
    </div>
  );
}

function ColumnRow({ column, fields }: { column: MappedColumn; fields: Props["fields"] }) {
  const id = `column-${column.index}`;
  return (
    <li className="grid gap-1.5 py-3 md:grid-cols-[1fr_1.2fr_1.5fr] md:items-center md:gap-4">
      <label htmlFor={id} className="font-medium text-slate-800">
        {column.header || `Column ${column.index + 1}`}
      </label>
      <span className="text-sm break-words text-slate-600">
        <span className="md:sr-only">Sample values: </span>
        {column.samples.join(" · ") || "(empty)"}
      </span>
      <Select id={id} name={`column.${column.index}`} defaultValue={column.field}>
        <option value="">Do not import</option>
        {fields.map((f) => (
          <option key={f.key} value={f.key}>
            {f.label}
          </option>
        ))}
      </Select>
    </li>
  );
}

/** What makes a row a duplicate, by the kind of record. */
const DUPLICATE_RULES: Record<ImportType, string> = {
  clients: "a client already here (same e-mail or phone)",
  facilities: "a facility already here (same license number)",
  placements: "a placement already here (same client, facility and start date)",
};

function Choices({ type, duplicates, mode }: { type: ImportType; duplicates: DuplicateChoice; mode: ImportMode }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-700">A row that matches {DUPLICATE_RULES[type]}</legend>
        {DUPLICATE_CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm">
            <input type="radio" name="duplicates" value={choice} defaultChecked={choice === duplicates} />
            {DUPLICATE_CHOICE_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-700">If some rows are not valid</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="all" defaultChecked={mode === "all"} />
          Import nothing until every row is valid
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="mode" value="valid" defaultChecked={mode === "valid"} />
          Import the valid rows, list the others
        </label>
      </fieldset>
    </div>
  );
}

function MappingForm({ import: record, columns, fields }: Props) {
  return (
    <TitledCard
      title="1. Match the columns"
      description="Each column of your file, a few of its values, and the field it fills."
    >
      <Form method="post" className="space-y-5 p-5">
        {columns.length === 0 ? (
          <Alert tone="warning">The file has no header row: its first row must name the columns.</Alert>
        ) : (
          <div>
            <div className="hidden border-b border-slate-200 pb-2 text-xs font-medium text-slate-500 uppercase md:grid md:grid-cols-[1fr_1.2fr_1.5fr] md:gap-4">
              <span>Column</span>
              <span>Sample values</span>
              <span>Field</span>
            </div>
            <ul className="divide-y divide-slate-100">
              {columns.map((column) => (
                <ColumnRow key={column.index} column={column} fields={fields} />
              ))}
            </ul>
          </div>
        )}
        <Choices type={record.type} duplicates={record.duplicates} mode={record.mode} />
        <Button type="submit" name="intent" value="preview">
          Check the rows
        </Button>
      </Form>
    </TitledCard>
  );
}

function Preview({ import: record }: Props) {
  const { total, invalid, skipped } = record.counts;
  const valid = Math.max(0, total - invalid - skipped);
  const errors = record.errors as ImportErrorRow[];
  return (
    <TitledCard title="2. Preview" description="Nothing has been imported yet.">
      <div className="space-y-5 p-5">
        <dl className="grid grid-cols-3 gap-3 text-center">
          <Figure label="Valid" value={valid} />
          <Figure label="Not valid" value={invalid} />
          <Figure label="Duplicates" value={skipped} />
        </dl>
        <ImportErrors id={record.id} errors={errors} />
        <Form method="post" className="space-y-5">
          <Choices type={record.type} duplicates={record.duplicates} mode={record.mode} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="start">
              Import
            </Button>
            <Link to={`/import/${record.id}`} className={buttonClasses("outline")}>
              Change the columns
            </Link>
          </div>
        </Form>
      </div>
    </TitledCard>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-xs text-slate-500 uppercase">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

function Progress({ import: record }: Props) {
  const { processed, total } = record.counts;
  const pct = total > 0 ? (processed / total) * 100 : 0;
  return (
    <TitledCard
      title="3. Importing"
      description="You can leave this page: the import goes on. This page refreshes itself."
    >
      <div className="space-y-3 p-5">
        <ProgressBar
          value={pct}
          tone="brand"
          label={
            // A workbook sent straight to the API is counted only as it is read.
            total > 0
              ? `${processed.toLocaleString("en-US")} of about ${total.toLocaleString("en-US")} rows`
              : `${processed.toLocaleString("en-US")} rows so far`
          }
          showValue
        />
      </div>
    </TitledCard>
  );
}

function Summary({ import: record, undoUntil }: Props) {
  const { created, updated, skipped, invalid } = record.counts;
  return (
    <TitledCard title="Summary">
      <div className="space-y-5 p-5">
        {record.message ? <Alert tone={record.status === "failed" ? "error" : "info"}>{record.message}</Alert> : null}
        {record.status === "undone" ? (
          <Alert tone="info">
            This import was undone: what it created was deleted, and what it updated has its previous values again.
          </Alert>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
          <Figure label="Created" value={created} />
          <Figure label="Updated" value={updated} />
          <Figure label="Skipped" value={skipped} />
          <Figure label="Not valid" value={invalid} />
        </dl>
        {record.status === "done" ? (
          <p className="text-sm">
            <Link to={`/${record.type}`} className="font-medium text-brand-700 underline">
              See the {record.type}
            </Link>
          </p>
        ) : null}
        <ImportErrors id={record.id} errors={record.errors as ImportErrorRow[]} />
        {undoUntil ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="undo" variant="danger">
              Undo this import
            </Button>
            <span className="text-sm text-slate-600">
              Deletes what it created and restores what it updated (for 24 hours after it finished).
            </span>
          </Form>
        ) : null}
      </div>
    </TitledCard>
  );
}
