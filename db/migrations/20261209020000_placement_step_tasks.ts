import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Tasks belong to placements (issue 35): a step of a placement's checklist (contract, deposit,
// insurance, medical records, family) can become a task of that placement, and the two are then
// one piece of work: completing the task ticks the step, ticking the step completes the task
// (the application does both in one transaction, app/models/tasks/placement-steps.server.ts).
// - `tasks.placement_checklist_item`: the step the task is for, by the API's name of it
//   (`contractSigned` …), or null. A placement has at most one task per step.
// - A task that leaves its placement (another placement chosen, or the placement deleted: the
//   foreign key sets placement_id to null) leaves its step too (a BEFORE UPDATE trigger).

const STEPS = ["contractSigned", "depositPaid", "insuranceVerified", "medicalRecordsTransferred", "familyNotified"];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const steps = sql.join(STEPS.map((s) => sql.lit(s)));
  await sql`ALTER TABLE tasks ADD COLUMN placement_checklist_item text
    CHECK (placement_checklist_item IN (${steps}))
    CHECK (placement_checklist_item IS NULL OR placement_id IS NOT NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX tasks_placement_checklist_item_idx ON tasks (placement_id, placement_checklist_item)
    WHERE placement_checklist_item IS NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION tasks_leave_placement_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.placement_id IS DISTINCT FROM OLD.placement_id THEN
        NEW.placement_checklist_item := NULL;
      END IF;
      RETURN NEW;
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER tasks_leave_placement_step BEFORE UPDATE OF placement_id ON tasks
    FOR EACH ROW EXECUTE FUNCTION tasks_leave_placement_step()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS tasks_leave_placement_step ON tasks`.execute(db);
  await sql`DROP FUNCTION IF EXISTS tasks_leave_placement_step()`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_placement_checklist_item_idx`.execute(db);
  await sql`ALTER TABLE tasks DROP COLUMN IF EXISTS placement_checklist_item`.execute(db);
}
