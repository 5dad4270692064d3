import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// A facility's price was entered twice: as text (`cost_range`, "$4,000 - $6,500") and as the
// amounts `min_cost` and `max_cost`. From now on the amounts are the one input and the text is
// derived from them on save, as the application writes it at the time (costRangeText in
// app/utils/format.ts): "$4,000 - $6,500"; "From $4,000" without a maximum; "Up to $6,500" from $0;
// "$0" when both are 0. This brings the rows already stored in line:
// - a facility whose amounts were never entered (both 0) takes them from its text, read like a
//   client's budget range: the first number is the minimum and the second the maximum ("Up to …":
//   the maximum); a maximum not above the minimum counts as none;
// - every text is then derived from the amounts;
// - a text that said more than its amounts ("Call for pricing", "$4,000 - $6,500 plus care fees",
//   or other numbers than the amounts) is kept at the end of the notes, so nothing typed is lost.
// updated_at is left alone: no user changed these facilities.

const PLAIN =
  "^[[:space:]]*(from|up to)?[[:space:]]*[$]?[0-9][0-9,]*([.][0-9]+)?" +
  "([[:space:]]*(-|–|to)[[:space:]]*[$]?[0-9][0-9,]*([.][0-9]+)?)?" +
  "[[:space:]]*((/|per|a)[[:space:]]*(mo|month))?[.]?[[:space:]]*$";

const money = (column: string) => sql.raw(`to_char(round(${column}), 'FM999,999,999,990')`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE facilities DISABLE TRIGGER facilities_set_updated_at`.execute(db);
  await sql`
    WITH parsed AS (
      SELECT id, cost_range, min_cost, max_cost, notes,
        ARRAY(
          SELECT round(replace(m.x[1], ',', '')::numeric)
          FROM regexp_matches(cost_range, '([0-9][0-9,]*(?:[.][0-9]+)?)', 'g') AS m(x)
        ) AS nums,
        cost_range ~* '^[[:space:]]*(up to|under|below|max)' AS up_to,
        cost_range ~* ${PLAIN} AS plain
      FROM facilities
    ),
    typed AS (
      SELECT *,
        CASE WHEN up_to THEN 0 ELSE coalesce(nums[1], 0) END AS text_min,
        CASE WHEN up_to THEN coalesce(nums[1], 0) ELSE coalesce(nums[2], 0) END AS text_max
      FROM parsed
    ),
    chosen AS (
      SELECT *,
        min_cost = 0 AND max_cost = 0 AND greatest(text_min, text_max) <= 10000000 AS from_text
      FROM typed
    ),
    amounts AS (
      SELECT *,
        CASE WHEN from_text THEN text_min ELSE min_cost END AS new_min,
        CASE WHEN from_text THEN (CASE WHEN text_max > text_min THEN text_max ELSE 0 END) ELSE max_cost END AS new_max
      FROM chosen
    ),
    derived AS (
      SELECT *,
        CASE
          WHEN new_min > 0 AND new_max > 0 THEN '$' || ${money("new_min")} || ' - $' || ${money("new_max")}
          WHEN new_min > 0 THEN 'From $' || ${money("new_min")}
          WHEN new_max > 0 THEN 'Up to $' || ${money("new_max")}
          ELSE '$0'
        END AS new_text
      FROM amounts
    )
    UPDATE facilities f
    SET min_cost = d.new_min,
        max_cost = d.new_max,
        cost_range = d.new_text,
        notes = CASE
          WHEN btrim(d.cost_range) <> '' AND d.cost_range <> d.new_text
            AND NOT (d.plain AND d.text_min = d.new_min AND d.text_max = d.new_max)
          THEN concat_ws(chr(10) || chr(10), d.notes, 'Cost range as entered before: ' || btrim(d.cost_range))
          ELSE d.notes
        END
    FROM derived d
    WHERE f.id = d.id
      AND (f.cost_range <> d.new_text OR f.min_cost <> d.new_min OR f.max_cost <> d.new_max)`.execute(db);
  await sql`ALTER TABLE facilities ENABLE TRIGGER facilities_set_updated_at`.execute(db);
}

// The derived texts are cost ranges as the earlier code wrote them, and the notes keep what was
// moved there: nothing to take back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(_db: Kysely<any>): Promise<void> {}
