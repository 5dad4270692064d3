// The tasks list and a task's page (docs/screens.md, "Tasks"), with JavaScript and without:
// statistics, search and filters, relative due dates in the agency's time zone, the View dialog
// (the page without JavaScript), ticking checklist items, completing, reopening and deleting.
import type { Page } from "@playwright/test";
import { addDays, dayIn } from "~/utils/days";
import { dbForE2E, expect, otherAgencyUser, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertTask } from "../support/e2e-data";
import { confirmDelete, screenSteps } from "../support/e2e-steps";

const { filters, ready, applyFilters } = screenSteps({ filters: "Task filters" });

/** The agency's day (the e2e server runs with the default TIME_ZONE), `days` from today. */
function agencyDay(days = 0): string {
  return addDays(dayIn("America/New_York"), days);
}

async function withChecklist(user: SignedInUser, taskId: string, items: [string, boolean][]) {
  await dbForE2E()
    .insertInto("task_checklist_items")
    .values(
      items.map(([text, done], position) => ({
        agency_id: user.agencyId,
        task_id: taskId,
        text,
        is_completed: done,
        completed_at: done ? new Date() : null,
        position,
      })),
    )
    .execute();
}

const row = (page: Page, title: string) => page.getByTestId("task-row").filter({ hasText: title });

/** A row's Progress cell (a View dialog, once opened, sits in the row's Actions cell). */
const rowProgress = (page: Page, title: string) =>
  row(page, title).locator("td[data-label=Progress]").getByTestId("task-progress");

test("the list counts, searches and filters tasks, and says when each is due", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const tag = token();
  const client = await insertClient(agency, { first_name: "Ottilie", last_name: `Brandt${tag}` });
  await insertTask(agency, { title: `Call the daughter ${tag}`, due_date: agencyDay(0), priority: "Medium" });
  await insertTask(agency, {
    title: `Tour Maple Grove ${tag}`,
    due_date: agencyDay(1),
    priority: "Urgent",
    type: "Facility Visit",
    client_id: client.id,
  });
  await insertTask(agency, { title: `Verify Medicare ${tag}`, due_date: agencyDay(-3), priority: "High" });
  await insertTask(agency, {
    title: `Send the contract ${tag}`,
    due_date: agencyDay(-5),
    is_completed: true,
    completed_at: new Date(),
  });

  await page.goto("/tasks");
  await ready(page, js, "list");
  await expect(page.getByTestId("tile-Total Tasks")).toContainText("4");
  await expect(page.getByTestId("tile-Completed")).toContainText("1");
  await expect(page.getByTestId("tile-Overdue")).toContainText("1");
  await expect(page.getByTestId("tile-High Priority")).toContainText("2");

  await expect(row(page, "Call the daughter").getByTestId("due-relative")).toHaveText("Today");
  await expect(row(page, "Tour Maple Grove").getByTestId("due-relative")).toHaveText("Tomorrow");
  await expect(row(page, "Verify Medicare").getByTestId("due-relative")).toContainText("3 days ago");
  await expect(row(page, "Verify Medicare").getByTestId("due-relative")).toContainText("overdue");
  await expect(row(page, "Send the contract")).toContainText("Completed");
  // Open tasks first, by due date.
  await expect(page.getByTestId("task-row").first()).toContainText("Verify Medicare");

  // The client's name finds its task.
  await filters(page).getByLabel("Search").fill(`brandt${tag}`);
  if (!js) await filters(page).getByLabel("Search").press("Enter");
  await expect(page.getByTestId("task-row")).toHaveCount(1);
  await expect(page.getByTestId("task-row")).toContainText("Tour Maple Grove");
  await expect(page.getByTestId("tile-Total Tasks")).toContainText("1");
  await expect(page.getByTestId("tile-High Priority")).toContainText("1");

  await page.goto("/tasks");
  await ready(page, js, "list");
  await filters(page).getByText("Filters", { exact: true }).click();
  await filters(page).getByLabel("Status").selectOption("Completed");
  await applyFilters(page, js);
  await expect(page).toHaveURL(/status=Completed/);
  await expect(page.getByTestId("task-row")).toHaveCount(1);
  await expect(page.getByTestId("task-row")).toContainText("Send the contract");

  await filters(page).getByLabel("Status").selectOption("");
  await filters(page).getByLabel("Priority").selectOption("High");
  await applyFilters(page, js);
  // With JavaScript each change applies itself: wait for the last one's list.
  await expect(page).toHaveURL(/priority=High/);
  await expect(page).not.toHaveURL(/status=Completed/);
  await expect(page.getByTestId("task-row")).toHaveCount(1);
  await expect(page.getByTestId("task-row")).toContainText("Verify Medicare");

  await page.getByRole("link", { name: "Grid" }).click();
  await expect(page).toHaveURL(/view=grid/);
  await expect(page).toHaveURL(/priority=High/);
  await expect(page.getByTestId("task-card")).toHaveCount(1);

  await filters(page).getByLabel("Search").fill(`nothing like it ${tag}`);
  if (!js) await filters(page).getByLabel("Search").press("Enter");
  await expect(page.getByText("No tasks found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Task" })).toHaveAttribute("href", "/tasks/new");
});

test("a task is viewed, its checklist ticked, completed, reopened and deleted", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const title = `Tour two memory-care homes ${token()}`;
  const task = await insertTask(agency, { title, due_date: agencyDay(2) });
  await withChecklist(agency, task.id, [
    ["Book the visits", false],
    ["Bring the care plan", false],
  ]);

  await page.goto("/tasks");
  await ready(page, js, "list");
  await expect(rowProgress(page, title)).toHaveText("0 of 2 · 0%");
  await row(page, title)
    .getByRole("link", { name: `View ${title}` })
    .click();
  // With JavaScript a dialog over the list; without, the task's own page.
  const view = js ? page.getByRole("dialog", { name: title }) : page.getByRole("main");
  if (js) await expect(page).toHaveURL(/\/tasks$/);
  else await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  await expect(view.getByTestId("task-progress")).toHaveText("0 of 2 · 0%");
  await expect(view.getByText("In 2 days")).toBeVisible();

  await view.getByRole("checkbox", { name: "Book the visits" }).click();
  await expect(view.getByRole("checkbox", { name: "Book the visits" })).toHaveAttribute("aria-checked", "true");
  await expect(view.getByTestId("task-progress")).toHaveText("1 of 2 · 50%");
  if (js) {
    await page.keyboard.press("Escape");
    // The list behind the dialog has been brought up to date.
    await expect(rowProgress(page, title)).toHaveText("1 of 2 · 50%");
  }

  await page.goto(`/tasks/${task.id}`);
  await ready(page, js, "detail");
  await page.getByRole("button", { name: "Mark Complete" }).click();
  if (!js) await expect(toast(page, "success")).toContainText("Task marked as complete");
  await expect(page.getByRole("main").getByText("Completed", { exact: true }).first()).toBeVisible();
  await page.getByRole("button", { name: "Reopen Task" }).click();
  await expect(page.getByRole("button", { name: "Mark Complete" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Book the visits" })).toHaveAttribute("aria-checked", "true");

  await confirmDelete(
    page,
    js,
    {
      path: `/tasks/${task.id}`,
      name: `Delete ${title}?`,
      message: "Are you sure you want to delete this task?",
    },
    "Delete",
  );
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(toast(page, "success")).toContainText("Task deleted successfully");
  await expect(page.getByText("No tasks found")).toBeVisible();
});

test("another agency's task is not found @once", async ({ page, agency }) => {
  const other = await insertTask(await otherAgencyUser(), { title: `Someone else's task ${token()}` });
  const response = await page.goto(`/tasks/${other.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Failed to fetch task details")).toBeVisible();
  expect((await page.goto(`/tasks/${other.id}/edit`))?.status()).toBe(404);
  expect((await page.goto(`/tasks/${other.id}/delete`))?.status()).toBe(404);
  await page.goto("/tasks");
  await expect(page.getByText(other.title)).toHaveCount(0);
  expect(agency.agencyId).not.toBe(other.agency_id);
});

test("Delete in the list asks first: a dialog, or the confirmation page without JavaScript", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const title = `Send the brochure ${token()}`;
  const task = await insertTask(agency, { title });
  await page.goto("/tasks");
  await ready(page, js, "list");
  await row(page, title)
    .getByRole("link", { name: `Delete ${title}` })
    .click();
  const box = js
    ? page.getByRole("dialog", { name: `Delete ${title}?` })
    : page.getByRole("region", { name: `Delete ${title}?` });
  await expect(page).toHaveURL(js ? /\/tasks$/ : new RegExp(`/tasks/${task.id}/delete$`));
  await expect(box).toContainText("Are you sure you want to delete this task?");
  await box.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(toast(page, "success")).toContainText("Task deleted successfully");
  await expect(page.getByText("No tasks found")).toBeVisible();
});
