import { expect, field, test, toast } from "../support/e2e";
import { insertClientWithHistory } from "../support/e2e-data";

// A client with a long history (issue 35): the page shows the newest entries of the timeline with
// links to older ones, the latest tours (all of them by a link, a recorded outcome changed by its
// own link) and the first tasks. With and without JavaScript: every part is a link or a form.

test.describe("a client with a long history", () => {
  test("the newest 20 entries of the timeline, and the older ones by the page links", async ({ page, agency }) => {
    const { client } = await insertClientWithHistory(agency, { tours: 0, tasks: 0 });
    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#timeline");
    const entries = card.getByRole("list", { name: "Timeline entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(20);
    await expect(entries.first()).toContainText("Note 1");
    const pages = card.getByRole("navigation", { name: "Timeline pages" });
    await expect(pages).toContainText("Showing 1 to 20 of 45 entries");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}\\?page=2#timeline$`));
    await expect(entries).toHaveCount(20);
    await expect(entries.first()).toContainText("Note 21");
    await pages.getByRole("link", { name: "Page 3" }).click();
    await expect(entries).toHaveCount(5);
    await expect(entries.last()).toContainText("Note 45");
  });

  test("the latest tours, all of them by a link, and a recorded outcome changed by its own link", async ({
    page,
    agency,
  }) => {
    const { client, facility, tourIds } = await insertClientWithHistory(agency, { notes: 1, tasks: 0 });
    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#tours");
    const tours = card.getByRole("list", { name: "Tours of this client" }).getByRole("listitem");
    await expect(tours).toHaveCount(3);
    // The tour still to come has its outcome form; a recorded one has a link to change it.
    const outcomeForms = card.getByRole("form", { name: `Outcome of the tour of ${facility.name}` });
    await expect(outcomeForms).toHaveCount(1);
    await expect(card).toContainText("Showing the latest 3 tours.");
    await card.getByRole("link", { name: "Show all tours" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}\\?tours=all#tours$`));
    await expect(tours).toHaveCount(6);

    const oldest = page.locator(`#tour-${tourIds[5]}`);
    await oldest.getByRole("link", { name: `Change outcome of the tour of ${facility.name}` }).click();
    const form = oldest.getByRole("form", { name: `Outcome of the tour of ${facility.name}` });
    await field(form, "Outcome").selectOption("Cancelled");
    await field(form, "Outcome notes").fill("The family changed their mind");
    await form.getByRole("button", { name: "Record outcome" }).click();
    await expect(toast(page, "success")).toContainText("Tour outcome recorded");
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}\\?tours=all#tour-${tourIds[5]}$`));
    await expect(oldest.locator(".badge")).toHaveText("Cancelled");
    await expect(oldest).toContainText("Outcome: The family changed their mind");
    await expect(oldest.getByRole("form")).toHaveCount(0);

    await card.getByRole("link", { name: "Show the latest tours only" }).click();
    await expect(tours).toHaveCount(3);
  });

  test("the first 10 tasks, open ones first, and a link to all of them", async ({ page, agency }) => {
    const { client } = await insertClientWithHistory(agency, { notes: 1, tours: 0 });
    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#tasks");
    const tasks = card.getByRole("listitem");
    await expect(tasks).toHaveCount(10);
    await expect(tasks.first()).toContainText("Task 1");
    await expect(tasks.nth(2)).toContainText("Completed");
    await card.getByRole("link", { name: "See all of this client's tasks" }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?clientId=${client.id}$`));
  });
});
