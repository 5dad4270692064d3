import { afterAll, afterEach, beforeAll } from "vitest";
import { setImportQueue } from "~/services/import-api.server";
import type { DB } from "~/utils/db.server";

/**
 * For a test file of imports: they run in this process (no queue), and one still running in the
 * background (a test that did not wait for its upload's) ends before the next test starts.
 */
export function runImportsHere(db: DB): void {
  beforeAll(() => setImportQueue(false));
  afterAll(() => setImportQueue(undefined));
  afterEach(async () => {
    for (let i = 0; i < 200; i++) {
      const running = await db
        .selectFrom("imports")
        .select("id")
        .where("status", "in", ["queued", "running"])
        .execute();
      if (running.length === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
}
