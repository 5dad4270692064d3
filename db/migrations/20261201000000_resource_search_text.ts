import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The document library's search ("care") matched each document's name, description and every
// tag with LIKE, row by row: a third of a large agency's 20,000 documents read and compared on
// every search, 22-38 ms of Postgres for the count alone. The three are now one stored text,
// lower-cased and joined by the unit separator (U+001F, which a search term cannot span: the
// model keeps the field-by-field test for a term that holds one), with a trigram index: the
// count takes 3 ms.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // array_to_string is only STABLE for arrays in general; for text[] it is immutable.
  await sql`
    CREATE FUNCTION resource_search_text(name text, description text, tags text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(name || E'\\x1f' || coalesce(description, '') || E'\\x1f' || coalesce(array_to_string(tags, E'\\x1f'), '')) $$
  `.execute(db);
  await sql`
    ALTER TABLE resources ADD COLUMN search_text text
    GENERATED ALWAYS AS (resource_search_text(original_name, description, tags)) STORED
  `.execute(db);
  await sql`CREATE INDEX resources_search_text_idx ON resources USING gin (search_text gin_trgm_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS resources_search_text_idx`.execute(db);
  await sql`ALTER TABLE resources DROP COLUMN IF EXISTS search_text`.execute(db);
  await sql`DROP FUNCTION IF EXISTS resource_search_text(text, text, text[])`.execute(db);
}
