// Tasks belong to placements (issue 35; docs/screens.md, "Placement detail"), with JavaScript and
// without: a checklist step made a task from the placement's page, completed on its page and
// seen ticked on the placement, unticked there and seen open again; New Task from the placement,
// filled in and back to it; the board panel's checklist ticked; a task's page adding a
// communication.
import type { Page } from "@playwright/test";
import { dbForE2E, expect, field, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, insertTask } from "../support/e2e-data";

async function placementOf(agency: SignedInUser) {
  const tag = token();
  const client = await insertClient(agency, { first_name: "Hedda", last_name: `Lindqvist${tag}` });
  const facility = await insertFacility(agency, { name: `Birchwood ${tag}` });
  return insertPlacement(agency, client, facility);
}

const tasksCard = (page: Page) => page.getByRole("list", { name: "Tasks of this placement" }).getByRole("listitem");
const stepBox = (page: Page, label: string) => page.getByRole("checkbox", { name: label, exact: true });

test("a checklist step becomes a task; completing the task ticks the step, unticking the step reopens it", async ({
  page,
  agency,
}) => {
  const placement = await placementOf(agency);
  await page.goto(`/placements/${placement.id}`);
  await expect(page.getByText("No tasks for this placement yet.")).toBeVisible();
  await expect(stepBox(page, "Contract Signed")).toHaveAttribute("aria-checked", "false");

  const make = page.getByRole("form", { name: "Make a task: Sign the contract" });
  await make.getByLabel("Due date").fill("2026-12-20");
  await make.getByRole("button", { name: "Make a task" }).click();

  await expect(toast(page, "success")).toContainText("Task created from the checklist");
  await expect(tasksCard(page)).toHaveCount(1);
  await expect(tasksCard(page).first()).toContainText("Checklist: Contract Signed");
  await expect(tasksCard(page).first()).toContainText("Open");
  // The step has its task now: no form to make another.
  await expect(page.getByRole("form", { name: "Make a task: Sign the contract" })).toHaveCount(0);

  await tasksCard(page).getByRole("link", { name: "Sign the contract" }).click();
  await expect(page.getByRole("heading", { name: "Sign the contract" })).toBeVisible();
  await page.getByRole("button", { name: "Mark Complete" }).click();
  await expect(page.getByRole("button", { name: "Reopen Task" })).toBeVisible();

  // The task's own link to its placement (its matches may link to it too).
  await page.locator(`main a[href="/placements/${placement.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}$`));
  await expect(stepBox(page, "Contract Signed")).toHaveAttribute("aria-checked", "true");
  await expect(tasksCard(page).first()).toContainText("Completed");
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Task completed: Sign the contract");

  await stepBox(page, "Contract Signed").click();
  await expect(toast(page, "success")).toContainText("Checklist updated");
  await expect(stepBox(page, "Contract Signed")).toHaveAttribute("aria-checked", "false");
  await expect(tasksCard(page).first()).toContainText("Open");
});

test("New Task from the placement's page: client and placement filled in, back to the placement once saved", async ({
  page,
  agency,
}) => {
  const placement = await placementOf(agency);
  await page.goto(`/placements/${placement.id}`);
  await page.getByRole("link", { name: "New Task" }).click();

  await expect(page).toHaveURL(/\/tasks\/new\?clientId=.+&placementId=/);
  await expect(page.getByLabel("Related placement")).toHaveValue(placement.id);
  await field(page, "Title").fill("Book the moving van");
  await page.getByRole("button", { name: "Create Task" }).click();

  await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}$`));
  await expect(toast(page, "success")).toContainText("Task created successfully");
  await expect(tasksCard(page)).toHaveCount(1);
  await expect(tasksCard(page).getByRole("link", { name: "Book the moving van" })).toBeVisible();
});

test("the board's task panel ticks its checklist; a task's page adds a communication", async ({ page, agency }) => {
  const task = await insertTask(agency, { title: `Tour day ${token()}` });
  await dbForE2E()
    .insertInto("task_checklist_items")
    .values({ agency_id: agency.agencyId, task_id: task.id, text: "Book the tours", position: 0 })
    .execute();

  await page.goto(`/swim-lanes/${task.id}`);
  const panel = page.getByRole("dialog", { name: task.title });
  const item = panel.getByRole("checkbox", { name: "Book the tours" });
  await expect(item).toHaveAttribute("aria-checked", "false");
  await item.click();
  await expect(panel.getByRole("heading", { name: "Progress: 100%" })).toBeVisible();
  await expect(panel.getByRole("checkbox", { name: "Book the tours" })).toHaveAttribute("aria-checked", "true");

  await page.goto(`/tasks/${task.id}`);
  await page.getByLabel("Type").selectOption("call");
  await page.getByLabel("Content").fill("Spoke with the daughter about the tours.");
  await page.getByRole("button", { name: "Add Communication" }).click();
  await expect(toast(page, "success")).toContainText("Communication added successfully!");
  await expect(page.getByRole("list", { name: "Communications, newest first" })).toContainText(
    "Spoke with the daughter about the tours.",
  );
});
