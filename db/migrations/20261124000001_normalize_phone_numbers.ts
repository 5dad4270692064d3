import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Phone numbers were stored as typed ("555 123 4567", "5559876543", "(555) 432-6050"). From now on
// they are stored in one normal form, E.164 ("+15551234567", an extension as "+15551234567;ext=12"),
// and the screens show one format. This rewrites the numbers already stored, with the same rules
// as the application's normaliser at the time (app/utils/phone.ts):
// - 10 US digits (area code not starting with 0 or 1), with or without +1 or 1 in front, and any
//   spaces, dots, dashes, slashes or parentheses: +1 and the 10 digits;
// - + (or 00, or 011) and 7 to 15 digits, not starting with 0: + and the digits;
// - either followed by "x12", "ext. 12", "extension 12", "#12", ", 12" or ";ext=12": ";ext=12".
// A number that fits none of these is left as it is (the screens show it as stored; saving the
// record again asks for a valid number). `phone_digits` and `search_text` follow by themselves
// (generated columns), so a search by digits keeps finding every client.
//
// The rows' updated_at is left alone: rewriting a number's punctuation is no change a user made,
// and the lists sort by it.

const TABLES = [
  { table: "clients", columns: ["phone", "emergency_phone"] },
  { table: "facilities", columns: ["contact_phone"] },
  { table: "users", columns: ["phone"] },
] as const;

// The patterns avoid backslashes: this file's SQL is written in JavaScript template strings.
const NORMALIZE = sql`
  CREATE OR REPLACE FUNCTION migration_normalized_phone(typed text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE
    t text := btrim(typed);
    parts text[];
    main text;
    ext text := '';
    digits text;
    intl text;
    national text;
  BEGIN
    parts := regexp_match(t,
      '^(.*?)[[:space:],]*(?:;[[:space:]]*ext[[:space:]]*=|ext(?:ension)?[.]?|x|#|,)[[:space:]]*([0-9]{1,6})$', 'i');
    IF parts IS NULL THEN
      main := t;
    ELSE
      main := parts[1];
      ext := ';ext=' || parts[2];
    END IF;
    IF main !~ '^[+]?[0-9[:space:]()./-]+$' THEN
      RETURN NULL;
    END IF;
    digits := regexp_replace(main, '[^0-9]', '', 'g');
    IF left(main, 1) = '+' THEN
      intl := digits;
    ELSIF left(digits, 3) = '011' THEN
      intl := substr(digits, 4);
    ELSIF left(digits, 2) = '00' THEN
      intl := substr(digits, 3);
    ELSIF length(digits) = 11 AND left(digits, 1) = '1' THEN
      national := substr(digits, 2);
    ELSE
      national := digits;
    END IF;
    IF intl IS NOT NULL THEN
      IF left(intl, 1) = '1' THEN
        national := substr(intl, 2);
      ELSIF intl ~ '^[2-9][0-9]{6,14}$' THEN
        RETURN '+' || intl || ext;
      ELSE
        RETURN NULL;
      END IF;
    END IF;
    IF national ~ '^[2-9][0-9]{9}$' THEN
      RETURN '+1' || national || ext;
    END IF;
    RETURN NULL;
  END;
  $$`;

/** The way back: US numbers as the screens showed them before, "(555) 123-4567" ("ext. 12"). */
const DISPLAY = sql`
  CREATE OR REPLACE FUNCTION migration_displayed_phone(stored text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
      WHEN stored ~ '^[+]1[0-9]{10}(;ext=[0-9]+)?$' THEN
        '(' || substr(stored, 3, 3) || ') ' || substr(stored, 6, 3) || '-' || substr(stored, 9, 4)
          || coalesce(' ext. ' || substring(stored from ';ext=([0-9]+)$'), '')
      ELSE stored
    END
  $$`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rewrite(db: Kysely<any>, fn: "migration_normalized_phone" | "migration_displayed_phone") {
  for (const { table, columns } of TABLES) {
    const value = (column: string) => sql`coalesce(${sql.raw(fn)}(${sql.ref(column)}), ${sql.ref(column)})`;
    const trigger = sql.raw(`${table}_set_updated_at`);
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${trigger}`.execute(db);
    await sql`UPDATE ${sql.table(table)}
      SET ${sql.join(
        columns.map((c) => sql`${sql.ref(c)} = ${value(c)}`),
        sql`, `,
      )}
      WHERE ${sql.join(
        columns.map((c) => sql`${sql.ref(c)} IS DISTINCT FROM ${value(c)}`),
        sql` OR `,
      )}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${trigger}`.execute(db);
  }
  await sql`DROP FUNCTION ${sql.raw(fn)}(text)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await NORMALIZE.execute(db);
  await rewrite(db, "migration_normalized_phone");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await DISPLAY.execute(db);
  await rewrite(db, "migration_displayed_phone");
}
