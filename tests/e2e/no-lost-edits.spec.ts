// No lost edits (DESIGN §7; docs/architecture.md, "A stale save is refused"), with JavaScript and
// without: an edit form saved after someone else changed the record comes back with what was
// typed, says who changed it and when, links to their version, and saves when sent again.
import { dbForE2E, expect, field, test, toast, token } from "../support/e2e";
import { changeAs, insertClient, insertTask } from "../support/e2e-data";
import { createUser } from "../support/factories";

test("a client saved over someone else's change comes back as typed, names them, links to their version; saving again works", async ({
  page,
  agency,
  context,
}, testInfo) => {
  const client = await insertClient(agency, { first_name: "Ruth", last_name: `Adler${token()}` });
  const dana = await createUser(dbForE2E(), { agencyId: agency.agencyId, first_name: "Dana", last_name: "Ruiz" });
  await page.goto(`/clients/${client.id}/edit`);
  await field(page, "Medical notes").fill("Prefers a ground-floor room");
  await field(page, "Preferred location").fill("Portland, OR");
  // Meanwhile Dana changes the client.
  await changeAs(dana, "clients", client.id, { medical_notes: "Needs a walker at night" });
  await page.getByRole("button", { name: "Update Client" }).click();

  const notice = page.getByRole("alert").filter({ hasText: "Dana Ruiz changed this client" });
  await expect(notice).toContainText(/^Dana Ruiz changed this client at \d{1,2}:\d{2} [AP]M, after you opened it\./);
  await expect(notice).toContainText(
    "Your changes are below and were not saved. Review their version (opens in a new tab), then save again.",
  );
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
  await expect(field(page, "Medical notes")).toHaveValue("Prefers a ground-floor room");
  await expect(field(page, "Preferred location")).toHaveValue("Portland, OR");
  // Where the user looks after pressing Update at the bottom of the form.
  await expect(notice).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath("stale-client-save.png") });

  // Their version, in a new tab.
  const link = notice.getByRole("link", { name: "Review their version" });
  await expect(link).toHaveAttribute("href", `/clients/${client.id}`);
  await expect(link).toHaveAttribute("target", "_blank");
  const [theirs] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await expect(theirs.getByText("Needs a walker at night")).toBeVisible();
  await theirs.close();

  await page.getByRole("button", { name: "Update Client" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(toast(page, "success")).toContainText("Client updated successfully!");
  const saved = await dbForE2E()
    .selectFrom("clients")
    .select(["medical_notes", "preferred_location", "version", "updated_by"])
    .where("id", "=", client.id)
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({
    medical_notes: "Prefers a ground-floor room",
    preferred_location: "Portland, OR",
    version: 3,
    updated_by: agency.id,
  });
});

test("a task's checklist ticked meanwhile is not undone by a save from an edit form opened before", async ({
  page,
  agency,
  javaScriptEnabled: js,
}, testInfo) => {
  const dana = await createUser(dbForE2E(), { agencyId: agency.agencyId, first_name: "Dana", last_name: "Ruiz" });
  const task = await insertTask(agency, { title: `Review admission agreement ${token()}`, type: "Contract Review" });
  const [item] = await dbForE2E()
    .insertInto("task_checklist_items")
    .values({ agency_id: agency.agencyId, task_id: task.id, text: "Read the fee schedule", position: 0 })
    .returning("id")
    .execute();
  await page.goto(`/tasks/${task.id}/edit`);
  if (js) await expect(page.getByLabel("New checklist item")).toBeVisible();
  await field(page, "Description").fill("Ask about the deposit refund");
  // Meanwhile Dana ticks the item on the task's page.
  await dbForE2E().updateTable("task_checklist_items").set({ is_completed: true }).where("id", "=", item.id).execute();
  await changeAs(dana, "tasks", task.id, {});
  await page.getByRole("button", { name: "Update Task" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Dana Ruiz changed this task" })).toBeVisible();
  await expect(field(page, "Description")).toHaveValue("Ask about the deposit refund");
  await page.screenshot({ path: testInfo.outputPath("stale-task-save.png") });
  const done = () => dbForE2E().selectFrom("task_checklist_items").select("is_completed").where("id", "=", item.id);
  expect(await done().executeTakeFirstOrThrow()).toEqual({ is_completed: true });
});
