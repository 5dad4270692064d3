import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Counting the matches of a three-letter search ("mar", a third of a large agency's tasks) was
// most of the cost of `GET /api/tasks?search=mar`: every match read through the trigram index
// must have its text compared again with LIKE, as that index is lossy. For a term of exactly three
// letters or digits, "contains it" is the same as "its words have it as a trigram" (the text is
// lower-case and the term cannot span words), and an array index of the words' trigrams answers
// that exactly. Longer terms still go through LIKE and the trigram index (they match fewer).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX task_search_trigrams_idx ON task_search USING gin (show_trgm(search_text))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS task_search_trigrams_idx`.execute(db);
}
