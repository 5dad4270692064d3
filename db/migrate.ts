import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileMigrationProvider, type Kysely, Migrator } from "kysely";
import type { Database } from "../app/utils/db-types";

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies every pending migration; throws on the first failure. */
export async function migrateToLatest(db: Kysely<Database>, log: (line: string) => void = () => {}) {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Success") log(`migration ${result.migrationName} applied`);
    if (result.status === "Error") log(`migration ${result.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

async function main() {
  const { database } = await import("../app/utils/db.server");
  const handle = database();
  try {
    await migrateToLatest(handle.db, console.log);
    console.log("Database is up to date.");
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
