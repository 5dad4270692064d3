import { json } from "@remix-run/node";
import { pingDatabase } from "~/models/health.server";
import { getDb, logDatabaseUnavailable } from "~/utils/db.server";

export async function loader() {
  try {
    await pingDatabase(getDb());
    return json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logDatabaseUnavailable(error);
    return json(
      { status: "error", database: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
