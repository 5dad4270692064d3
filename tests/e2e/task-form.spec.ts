// The task form (docs/screens.md, "Task form"), with JavaScript and without: started from a
// client's page with the client chosen, every required field's message, the checklist added to
// and cut (Add or Enter with JavaScript, one item a line and Remove buttons without), saved and
// edited. Each test has an agency of its own (`agency`).
import { type Page } from "@playwright/test";
import { dbForE2E, expect, field, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, insertTask } from "../support/e2e-data";

/** The agency's tasks, oldest first, with their checklists in order. */
async function tasksOf(agency: SignedInUser) {
  const db = dbForE2E();
  const tasks = await db
    .selectFrom("tasks")
    .selectAll()
    .where("agency_id", "=", agency.agencyId)
    .orderBy("created_at")
    .execute();
  const items = await db
    .selectFrom("task_checklist_items")
    .select(["task_id", "text", "is_completed"])
    .where("agency_id", "=", agency.agencyId)
    .orderBy("position")
    .execute();
  return tasks.map((t) => ({
    ...t,
    checklist: items.filter((i) => i.task_id === t.id).map((i) => [i.text, i.is_completed]),
  }));
}

const entries = (page: Page) => page.getByTestId("checklist-entry");

/** Adds checklist items: typed and added one by one with JavaScript, one a line without. */
async function addItems(page: Page, js: boolean, items: string[]) {
  if (js) {
    const box = page.getByLabel("New checklist item");
    await box.fill(items[0]);
    await box.press("Enter");
    for (const item of items.slice(1)) {
      await box.fill(item);
      await page.getByRole("button", { name: "Add", exact: true }).click();
    }
  } else {
    await page.getByLabel("Add items (one per line)").fill(items.join("\n"));
    await page.getByRole("button", { name: "Add to checklist" }).click();
  }
}

test("a task is started from a client's page, refused with every message, then saved with its checklist", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const client = await insertClient(agency, { first_name: "Hedda", last_name: `Lindqvist${token()}` });
  await page.goto(`/clients/${client.id}`);
  await page.getByRole("link", { name: "New Task", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/new\\?clientId=${client.id}$`));
  await expect(page.getByRole("heading", { name: "Create New Task" })).toBeVisible();
  if (js) await expect(page.getByLabel("New checklist item")).toBeVisible();
  await expect(field(page, "Type")).toHaveValue("Initial Contact");
  await expect(field(page, "Priority")).toHaveValue("Medium");
  await expect(field(page, "Status")).toHaveValue("New Client");
  await expect(field(page, "Assigned to")).toHaveValue(agency.id);

  // Nothing typed, the due date and the assignee emptied: every message, by its field and over the form.
  await field(page, "Due date").fill("");
  await field(page, "Assigned to").selectOption("");
  await page.getByRole("button", { name: "Create Task" }).click();
  for (const message of ["Title is required", "Due date is required", "Assignee is required"]) {
    await expect(page.getByText(message).first()).toBeVisible();
  }
  await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toContainText(
    "3 fields need your attention.",
  );

  const title = `Intake call with the Lindqvist family ${token()}`;
  await field(page, "Title").fill(title);
  await field(page, "Due date").fill("2026-12-03");
  await field(page, "Assigned to").selectOption(agency.id);
  await field(page, "Estimated hours").fill("1.5");
  await addItems(page, js, ["  Call the daughter back  ", "Ask about Medicare", "Send the brochure"]);
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).first().getByRole("textbox")).toHaveValue("Call the daughter back");
  await page.getByRole("button", { name: "Remove Ask about Medicare" }).click();
  await expect(entries(page)).toHaveCount(2);
  await entries(page).first().getByRole("checkbox").check();
  // The title typed before a step without JavaScript is still there.
  await expect(field(page, "Title")).toHaveValue(title);
  await page.getByRole("button", { name: "Create Task" }).click();

  // The new task's page (the list's first page may not show it), then its row in the list.
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
  await expect(toast(page, "success")).toContainText("Task created successfully");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto("/tasks");
  await expect(page.getByTestId("task-row").filter({ hasText: title })).toContainText("1 of 2 · 50%");
  const [task] = await tasksOf(agency);
  expect(task).toMatchObject({ title, client_id: client.id, type: "Initial Contact", estimated_hours: "1.5" });
  expect(task.checklist).toEqual([
    ["Call the daughter back", true],
    ["Send the brochure", false],
  ]);
});

test("a task is edited: its client stays whatever the type, Cancel goes back", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const client = await insertClient(agency);
  const task = await insertTask(agency, {
    title: `Tour Maple Grove ${token()}`,
    type: "Facility Visit",
    client_id: client.id,
  });
  await page.goto(`/tasks/${task.id}/edit`);
  await expect(page.getByRole("heading", { name: "Edit Task" })).toBeVisible();
  await expect(field(page, "Title")).toHaveValue(task.title);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  await page.goto(`/tasks/${task.id}/edit`);
  if (js) await expect(page.getByLabel("New checklist item")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Related client" })).toBeVisible();
  await field(page, "Type").selectOption("Documentation");
  // Before, the client went with a type not done for one client (issue 31).
  await expect(page.getByRole("combobox", { name: "Related client" })).toBeVisible();
  await field(page, "Title").fill(`${task.title} (paperwork)`);
  await addItems(page, js, ["Collect the forms"]);
  await page.getByRole("button", { name: "Update Task" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(toast(page, "success")).toContainText("Task updated successfully");
  const [saved] = await tasksOf(agency);
  expect(saved).toMatchObject({ title: `${task.title} (paperwork)`, type: "Documentation", client_id: client.id });
  expect(saved.checklist).toEqual([["Collect the forms", false]]);
});

test("the related client, of a task of any type, is found by search (typed with JavaScript, a search step without), then one of their placements", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const surname = `Okafor${token()}`;
  const client = await insertClient(agency, { first_name: "Grace", last_name: surname });
  await insertClient(agency, { first_name: "Walter", last_name: `Brennan${token()}` });
  const facility = await insertFacility(agency, { name: `Brookside ${token()}` });
  const placement = await insertPlacement(agency, client, facility);
  await page.goto("/tasks/new");
  if (js) await expect(page.getByLabel("New checklist item")).toBeVisible();
  await expect(field(page, "Type")).toHaveValue("Other");
  await field(page, "Type").selectOption("Contract Review");
  const picker = page.getByRole("combobox", { name: "Related client" });
  const placementField = field(page, "Related placement");
  await expect(page.getByText("Choose a related client to list their placements.")).toBeVisible();
  if (js) {
    const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get("q") === surname.toLowerCase());
    await picker.fill(surname.toLowerCase());
    await answered;
    await page
      .getByRole("listbox", { name: "Related client" })
      .getByRole("option")
      .filter({ hasText: surname })
      .click();
    await expect(picker).toHaveValue(`Grace ${surname}`);
    // Their placements, as soon as the client is chosen.
    await expect(placementField.getByRole("option")).toHaveText([
      "None",
      new RegExp(`^${facility.name} \\(In Progress`),
    ]);
  } else {
    await field(page, "Title").fill("Review Grace's agreement");
    await page.getByLabel("Search clients").fill(surname.toLowerCase());
    await page.getByRole("button", { name: "Search clients" }).click();
    // The search step: the form as typed, the matches in the select.
    await expect(field(page, "Title")).toHaveValue("Review Grace's agreement");
    await expect(field(page, "Type")).toHaveValue("Contract Review");
    await expect(page.getByText(`1 client matches "${surname.toLowerCase()}"`)).toBeVisible();
    await expect(picker.getByRole("option")).toHaveText(["Choose…", new RegExp(`^Grace ${surname}`)]);
    await picker.selectOption(client.id);
    // Their placements come with the next step.
    await page.getByRole("button", { name: "Search clients" }).click();
    await expect(picker).toHaveValue(client.id);
    await expect(
      page.getByText("The related client's placements. After choosing another client, press Search to list theirs."),
    ).toBeVisible();
  }
  await placementField.selectOption(placement.id);
  await field(page, "Title").fill("Review Grace's agreement");
  await page.getByRole("button", { name: "Create Task" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
  await expect(toast(page, "success")).toContainText("Task created successfully");
  const [task] = await tasksOf(agency);
  expect(task).toMatchObject({
    title: "Review Grace's agreement",
    type: "Contract Review",
    client_id: client.id,
    placement_id: placement.id,
  });
});
