import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code. (It reads the `zipcodes` package,
// the app's own source of ZIP centroids, to fill the coordinates of the facilities saved before.)
//
// Matching measures the miles from a client's location to each facility. A facility keeps the
// centroid of its ZIP code, computed when it is saved (null when the ZIP is not a known US one),
// so that a search can narrow to a box of latitude and longitude with an index first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Imported here, not at the top: every start of the server loads each migration file, and the
  // package's table costs a process about 70 MB of memory to load.
  const { default: zipcodes } = await import("zipcodes");
  await sql`ALTER TABLE facilities ADD COLUMN latitude double precision, ADD COLUMN longitude double precision`.execute(
    db,
  );
  const zips = await sql<{ zip: string }>`SELECT DISTINCT left(address_zip, 5) AS zip FROM facilities`.execute(db);
  const known = zips.rows.flatMap(({ zip }) => {
    const found = /^\d{5}$/.test(zip) ? zipcodes.lookup(zip) : undefined;
    return found && found.country === "US" ? [{ zip, latitude: found.latitude, longitude: found.longitude }] : [];
  });
  for (let i = 0; i < known.length; i += 5000) {
    const chunk = known.slice(i, i + 5000);
    await sql`
      UPDATE facilities f SET latitude = z.latitude, longitude = z.longitude
      FROM unnest(${chunk.map((z) => z.zip)}::text[], ${chunk.map((z) => z.latitude)}::float8[],
                  ${chunk.map((z) => z.longitude)}::float8[]) AS z(zip, latitude, longitude)
      WHERE left(f.address_zip, 5) = z.zip`.execute(db);
  }
  await sql`
    CREATE INDEX facilities_location_idx ON facilities (agency_id, latitude, longitude)
    WHERE is_active`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS facilities_location_idx`.execute(db);
  await sql`ALTER TABLE facilities DROP COLUMN IF EXISTS latitude, DROP COLUMN IF EXISTS longitude`.execute(db);
}
