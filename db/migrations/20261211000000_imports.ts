import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// CSV imports (issue 37; docs/decisions/012-csv-import.md, docs/data-model.md "Imports").
// - `imports`: one per uploaded file: its kind of record, the column mapping, the duplicate
//   choice, its status (queued → running → done or failed; done → undone), counts, the first
//   errors, and what it created and updated (with the values it replaced) for undo.
// - `import_file_chunks`: the uploaded file while the import waits and runs, in pieces of up to
//   1 MB, written in the transaction that adds the import and its job (so a job never lacks its
//   file, whichever host runs it) and deleted when the import ends.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE imports (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('clients', 'facilities', 'placements')),
    status text NOT NULL DEFAULT 'queued'
      CHECK (status IN ('draft', 'queued', 'running', 'done', 'failed', 'undone')),
    file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
    size_bytes integer NOT NULL DEFAULT 0,
    encoding text NOT NULL DEFAULT 'utf-8' CHECK (encoding IN ('utf-8', 'windows-1252')),
    mapping jsonb,
    duplicates text NOT NULL DEFAULT 'skip' CHECK (duplicates IN ('skip', 'update', 'create')),
    mode text NOT NULL DEFAULT 'all' CHECK (mode IN ('all', 'valid')),
    total_rows integer NOT NULL DEFAULT 0,
    processed_rows integer NOT NULL DEFAULT 0,
    created_count integer NOT NULL DEFAULT 0,
    updated_count integer NOT NULL DEFAULT 0,
    skipped_count integer NOT NULL DEFAULT 0,
    invalid_count integer NOT NULL DEFAULT 0,
    errors jsonb NOT NULL DEFAULT '[]',
    message text,
    created_ids uuid[] NOT NULL DEFAULT '{}',
    previous jsonb NOT NULL DEFAULT '[]',
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz,
    undone_at timestamptz,
    undone_by uuid REFERENCES users(id) ON DELETE SET NULL
  )`.execute(db);
  await sql`CREATE INDEX imports_agency_idx ON imports (agency_id, created_at DESC)`.execute(db);
  await sql`CREATE TABLE import_file_chunks (
    import_id uuid NOT NULL REFERENCES imports(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    seq integer NOT NULL,
    data bytea NOT NULL,
    PRIMARY KEY (import_id, seq)
  )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE import_file_chunks`.execute(db);
  await sql`DROP TABLE imports`.execute(db);
}
