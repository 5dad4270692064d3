import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// The board's search ("mar" matches a quarter of a large agency's tasks) grouped every match by
// lane and part of the lane's order: 22 ms of Postgres a request, most of it on completed tasks.
// As for the tasks list (…_completed_task_trigrams.ts), their part is kept as running totals:
// `completed_board_trigrams` holds, per agency, word trigram of `board_text`, stage, priority and
// progress band, how many completed tasks there are and the sum of their progress. A trigger on
// `task_search` keeps it; open matches are grouped live, from a partial index of their trigrams.

const BAND = (row: "OLD" | "NEW") =>
  `CASE WHEN ${row}.progress < 25 THEN 'low' WHEN ${row}.progress < 75 THEN 'medium' ELSE 'high' END`;

const TRIGRAMS = (row: "OLD" | "NEW", sign: 1 | -1) => `
  SELECT ${row}.agency_id AS agency_id, trigram, ${row}.stage AS stage, ${row}.priority_rank AS priority_rank,
         ${BAND(row)} AS band, ${sign} AS tasks, ${sign} * ${row}.progress AS progress
    FROM unnest(show_trgm(${row}.board_text)) AS trigram
    WHERE ${row}.is_completed AND trigram ~ '^[a-z0-9]{3}$'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE completed_board_trigrams (
      agency_id uuid NOT NULL REFERENCES agencies(id) ON DELETE CASCADE,
      trigram text NOT NULL,
      stage text NOT NULL,
      priority_rank smallint NOT NULL,
      band text NOT NULL,
      tasks integer NOT NULL,
      progress integer NOT NULL,
      PRIMARY KEY (agency_id, trigram, stage, priority_rank, band)
    )`.execute(db);
  await sql`
    CREATE FUNCTION count_completed_board_trigrams() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM completed_board_trigrams;
        RETURN NULL;
      END IF;
      INSERT INTO completed_board_trigrams AS c (agency_id, trigram, stage, priority_rank, band, tasks, progress)
        SELECT agency_id, trigram, stage, priority_rank, band, sum(tasks), sum(progress)
          FROM (${sql.raw(TRIGRAMS("OLD", -1))} UNION ALL ${sql.raw(TRIGRAMS("NEW", 1))}) AS changes
          GROUP BY agency_id, trigram, stage, priority_rank, band
          HAVING sum(tasks) <> 0 OR sum(progress) <> 0
          ORDER BY agency_id, trigram, stage, priority_rank, band
        ON CONFLICT (agency_id, trigram, stage, priority_rank, band)
          DO UPDATE SET tasks = c.tasks + EXCLUDED.tasks, progress = c.progress + EXCLUDED.progress;
      RETURN NULL;
    END $$`.execute(db);
  // Only changes that move a completed task's trigrams or figures.
  await sql`CREATE TRIGGER task_search_board_trigrams_insert AFTER INSERT ON task_search
    FOR EACH ROW WHEN (NEW.is_completed) EXECUTE FUNCTION count_completed_board_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_board_trigrams_update AFTER UPDATE ON task_search
    FOR EACH ROW WHEN ((OLD.is_completed OR NEW.is_completed) AND
      (OLD.is_completed, OLD.board_text, OLD.stage, OLD.priority_rank, OLD.progress, OLD.agency_id) IS DISTINCT FROM
      (NEW.is_completed, NEW.board_text, NEW.stage, NEW.priority_rank, NEW.progress, NEW.agency_id))
    EXECUTE FUNCTION count_completed_board_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_board_trigrams_delete AFTER DELETE ON task_search
    FOR EACH ROW WHEN (OLD.is_completed) EXECUTE FUNCTION count_completed_board_trigrams()`.execute(db);
  await sql`CREATE TRIGGER task_search_board_trigrams_truncate AFTER TRUNCATE ON task_search
    FOR EACH STATEMENT EXECUTE FUNCTION count_completed_board_trigrams()`.execute(db);
  await sql`
    INSERT INTO completed_board_trigrams (agency_id, trigram, stage, priority_rank, band, tasks, progress)
      SELECT agency_id, trigram, stage, priority_rank,
             CASE WHEN progress < 25 THEN 'low' WHEN progress < 75 THEN 'medium' ELSE 'high' END,
             count(*), sum(progress)
        FROM task_search, unnest(show_trgm(board_text)) AS trigram
        WHERE is_completed AND trigram ~ '^[a-z0-9]{3}$'
        GROUP BY 1, 2, 3, 4, 5`.execute(db);
  await sql`CREATE INDEX task_search_open_board_trigrams_idx ON task_search USING gin (show_trgm(board_text))
    WHERE NOT is_completed`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS task_search_open_board_trigrams_idx`.execute(db);
  for (const event of ["insert", "update", "delete", "truncate"]) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(`task_search_board_trigrams_${event}`)} ON task_search`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS count_completed_board_trigrams()`.execute(db);
  await sql`DROP TABLE IF EXISTS completed_board_trigrams`.execute(db);
}
