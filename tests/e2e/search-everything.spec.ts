// Issue 35: the search reaches tasks and documents (and opens them), the document list names the
// record each document belongs to, and with JavaScript a click anywhere on a board card opens its
// panel. With and without JavaScript, each test in an agency of its own (`agency`).
import type { Page } from "@playwright/test";
import { expect, test, token } from "../support/e2e";
import { insertClient, insertResource, insertTask } from "../support/e2e-data";

test.use({ viewport: { width: 1280, height: 900 } });

const region = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

/** Searches with the header's box (a GET form without JavaScript), as a user would. */
async function search(page: Page, term: string) {
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search" });
  await box.fill(term);
  await box.press("Enter");
  await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: term })}`);
}

test("the search finds a task by title and description and a document by name, description and tag, and opens them", async ({
  page,
  agency,
}) => {
  const word = token(8);
  const client = await insertClient(agency, { first_name: "Nora", last_name: `Bexley${word}` });
  const task = await insertTask(agency, {
    title: `Tour Park Place ${word}`,
    description: `Bring the floor plans ${word}-plans`,
    client_id: client.id,
  });
  const doc = await insertResource(agency, client, {
    original_name: `care-assessment-${word}.pdf`,
    mime_type: "application/pdf",
    description: `Signed by Dr. Okafor ${word}-okafor`,
    tags: [`intake-${word}`],
    category: "Assessments",
  });

  await page.goto("/dashboard");
  await search(page, `park place ${word}`);
  const tasks = region(page, "Tasks");
  await expect(tasks.getByRole("heading")).toHaveText("Tasks · 1 task");
  await expect(tasks.getByRole("listitem")).toContainText(`Bexley${word}`);
  await expect(region(page, "Documents").getByRole("heading")).toHaveText("Documents · No documents");
  await tasks.getByRole("link", { name: task.title }).click();
  await expect(page).toHaveURL(`/tasks/${task.id}`);
  await expect(page.getByRole("heading", { name: task.title })).toBeVisible();

  // By its description.
  await search(page, `${word}-plans`);
  await expect(region(page, "Tasks").getByRole("link", { name: task.title })).toBeVisible();

  // A document by its name, its description and its tag; each line names its record.
  for (const term of [`care-assessment-${word}`, `${word}-okafor`, `intake-${word}`]) {
    await search(page, term);
    const documents = region(page, "Documents");
    await expect(documents.getByRole("heading"), term).toHaveText("Documents · 1 document");
    await expect(documents.getByRole("listitem"), term).toContainText(`Assessments · Client: ${client.name}`);
  }
  await region(page, "Documents").getByRole("link", { name: doc.original_name }).click();
  await expect(page).toHaveURL(`/resources/${doc.id}`);
  await expect(page.getByRole("main")).toContainText(doc.original_name);
  // "See all documents" opens the library with the same search.
  await page.goBack();
  await region(page, "Documents").getByRole("link", { name: "See all documents" }).click();
  await expect(page).toHaveURL(`/resources?search=intake-${word}`);
  await expect(page.getByTestId("resource-row")).toHaveCount(1);
});

test("the document list names the record each document belongs to, and links it", async ({ page, agency }) => {
  const word = token(8);
  const nora = await insertClient(agency, { first_name: "Nora", last_name: `Bexley${word}` });
  const ida = await insertClient(agency, { first_name: "Ida", last_name: `Marsh${word}` });
  const task = await insertTask(agency, { title: `Call the pharmacy ${word}` });
  // Two clients' documents of the same name, told apart by their record; one of a task.
  await insertResource(agency, nora, { original_name: "care-assessment.pdf" });
  await insertResource(agency, ida, { original_name: "care-assessment.pdf" });
  await insertResource(agency, nora, { original_name: "pharmacy-list.pdf", related_type: "Task", related_id: task.id });

  await page.goto("/resources");
  const rows = page.getByTestId("resource-row");
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole("columnheader", { name: "Related To" })).toBeVisible();
  const same = rows.filter({ hasText: "care-assessment.pdf" });
  await expect(same.filter({ hasText: nora.name })).toHaveCount(1);
  await expect(same.filter({ hasText: ida.name })).toHaveCount(1);
  await expect(rows.filter({ hasText: "pharmacy-list.pdf" })).toContainText(`${task.title}Task`);

  await same.filter({ hasText: ida.name }).getByRole("link", { name: ida.name }).click();
  await expect(page).toHaveURL(`/clients/${ida.id}`);
  await expect(page.getByRole("heading", { name: ida.name })).toBeVisible();
});

test("with JavaScript a click anywhere on a board card opens its panel, but not on its own controls @js-only", async ({
  page,
  agency,
}) => {
  const task = await insertTask(agency, { title: `Tour Maple Grove ${token()}`, stage: "Target" });
  await page.setViewportSize({ width: 1440, height: 1200 });
  await page.goto("/swim-lanes");
  const card = page.locator(`ul > li[data-task-id="${task.id}"]`);
  // Hydrated once the card shows its Move button.
  await expect(card.locator("[data-move-handle]")).toBeVisible();

  // Its menu is its own: Move to opens, the panel does not.
  await card.locator("summary").click();
  await expect(card.getByLabel("Stage")).toBeVisible();
  await expect(page).toHaveURL(/\/swim-lanes$/);

  await card.getByText(/% complete$/).click();
  await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}$`));
  const panel = page.getByRole("dialog", { name: task.title });
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/swim-lanes$/);
  await expect(panel).toHaveCount(0);

  // The keyboard's way is unchanged: the title is the link.
  await card.getByRole("link", { name: task.title }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: task.title })).toBeVisible();
});

test("without JavaScript the card's title opens the task's panel page @no-js-only", async ({ page, agency }) => {
  const task = await insertTask(agency, { title: `Tour Maple Grove ${token()}`, stage: "Target" });
  await page.setViewportSize({ width: 1440, height: 1200 });
  await page.goto("/swim-lanes");
  const card = page.locator(`ul > li[data-task-id="${task.id}"]`);
  await card.getByRole("link", { name: task.title }).click();
  await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}$`));
  await expect(page.getByRole("dialog", { name: task.title })).toBeVisible();
});
