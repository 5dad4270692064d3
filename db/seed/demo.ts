import type { Kysely } from "kysely";
import type { Database } from "../../app/utils/db-types";
import { defaultUploadDir, insertAgencyAndStaff, insertMany } from "./common";
import { assignReferralSources, buildClientNotes, buildClients, buildFacilities } from "./demo-directory";
import { buildResources } from "./demo-files";
import { buildPlacements } from "./demo-placements";
import { buildReferrals } from "./demo-referrals";
import { buildTasks } from "./demo-tasks";
import { Rng } from "./random";

export interface SeedDemoOptions {
  log?: (line: string) => void;
  /** The instant the data is relative to ("overdue", "3 days ago"); default now. */
  now?: Date;
  /** Where the resource files go; default UPLOAD_DIR, else <DATA_DIR>/uploads. */
  uploadDir?: string;
}

/**
 * The demo data set: one agency, six staff accounts and a believable book of business. Every
 * value comes from a fixed-seed PRNG (and every id from seedUuid), so two runs with the same
 * `now` produce the same rows; only the password hash's salt differs.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedDemoOptions = {}): Promise<void> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = Date.now();

  // Each part gets its own stream, so changing one generator does not reshuffle the others.
  const { rows: clientRows, clients } = buildClients(new Rng(1), now);
  const noteRows = buildClientNotes(new Rng(2), now, clients);
  assignReferralSources(new Rng(7), clientRows);
  const { rows: facilityRows, facilities } = buildFacilities(new Rng(3), now);
  const { rows: placementRows, eventRows, placements } = buildPlacements(new Rng(4), now, clients, facilities);
  const tasks = buildTasks(new Rng(5), now, clients, facilities, placements);
  const uploadDir = options.uploadDir ?? defaultUploadDir();
  const resources = buildResources(new Rng(6), now, clients, facilities, uploadDir);
  // After the placements (it fills in their move-ins' fees), before they are written.
  const referrals = buildReferrals(new Rng(8), now, placements, placementRows);

  await db.transaction().execute(async (trx) => {
    await insertAgencyAndStaff(trx, now);
    await insertMany(trx, "clients", clientRows);
    await insertMany(trx, "client_notes", noteRows);
    await insertMany(trx, "facilities", facilityRows);
    await insertMany(trx, "referral_agreements", referrals.agreements);
    await insertMany(trx, "placements", placementRows);
    await insertMany(trx, "placement_events", eventRows);
    await insertMany(trx, "tasks", tasks.rows);
    await insertMany(trx, "task_checklist_items", tasks.checklistRows);
    await insertMany(trx, "task_communications", tasks.communicationRows);
    await insertMany(trx, "resources", resources.rows);
    await insertMany(trx, "resource_versions", resources.versionRows);
    await insertMany(trx, "tours", referrals.tours);
    await insertMany(trx, "tour_staff", referrals.tourStaff);
    await insertMany(trx, "client_disclosures", referrals.disclosures);
    await insertMany(trx, "invoice_counters", referrals.invoiceCounters);
    await insertMany(trx, "invoices", referrals.invoices);
    await insertMany(trx, "invoice_lines", referrals.invoiceLines);
    await insertMany(trx, "invoice_payments", referrals.invoicePayments);
  });

  log(
    `demo data loaded in ${Date.now() - started} ms: ${clientRows.length} clients, ${facilityRows.length} facilities, ` +
      `${placementRows.length} placements, ${tasks.rows.length} tasks, ${referrals.invoices.length} invoices, ` +
      `${resources.rows.length} documents (files in ${uploadDir})`,
  );
}
