import { dbForE2E, expect, field, test, toast, token } from "../support/e2e";
import { insertClient, insertTask } from "../support/e2e-data";

// The client timeline (issue 35): everything that happened with a client on its page, newest
// first; a call logged from the page itself; the kinds as filter links. With and without
// JavaScript: the form posts and the filters are links either way.

test.describe("the client timeline", () => {
  test("a call logged from the client's page is at the top of its timeline", async ({ page, agency }) => {
    const client = await insertClient(agency);
    const task = await insertTask(agency, { client_id: client.id, title: `Tour ${token()}` });
    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#timeline");
    const entries = card.getByRole("list", { name: "Timeline entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Task created: ${task.title}`);

    // When it happened cannot be in the future: the server says so under the field, keeping what was typed.
    const said = `Daughter called about the tour ${token()}`;
    await field(card, "Type").selectOption({ label: "Call" });
    await field(card, "When it happened").fill("2099-01-01T10:00");
    await field(card, "What happened").fill(said);
    await card.getByRole("button", { name: "Add to Timeline" }).click();
    await expect(
      card.getByText("This is in the future: enter when it happened, or leave it empty for now"),
    ).toBeVisible();
    await expect(field(card, "What happened")).toHaveValue(said);

    await field(card, "When it happened").fill("");
    await card.getByRole("button", { name: "Add to Timeline" }).click();
    await expect(toast(page, "success")).toContainText("Call logged");
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("Call");
    await expect(entries.first()).toContainText(said);
    await expect(entries.first()).toContainText(`${agency.firstName} ${agency.lastName}`);
    await expect(entries.nth(1)).toContainText(`Task created: ${task.title}`);
    await expect(field(card, "What happened")).toHaveValue("");
  });

  test("the kinds filter it, as links", async ({ page, agency }) => {
    const client = await insertClient(agency);
    const task = await insertTask(agency, { client_id: client.id, title: `Assessment ${token()}` });
    const note = `Prefers a ground-floor room ${token()}`;
    await dbForE2E()
      .insertInto("client_notes")
      .values({ agency_id: agency.agencyId, client_id: client.id, author_id: agency.id, content: note })
      .execute();
    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#timeline");
    const filter = card.getByRole("navigation", { name: "Show in the timeline" });
    const entries = card.getByRole("list", { name: "Timeline entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(2);

    await filter.getByRole("link", { name: /^Tasks/ }).click();
    await expect(page).toHaveURL(/\?kind=task#timeline$/);
    await expect(filter.getByRole("link", { name: /^Tasks/ })).toHaveAttribute("aria-current", "page");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Task created: ${task.title}`);

    await filter.getByRole("link", { name: /^Notes & calls/ }).click();
    await expect(page).toHaveURL(/\?kind=note#timeline$/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(note);

    await filter.getByRole("link", { name: /^Documents/ }).click();
    await expect(card.getByText("No documents yet.")).toBeVisible();

    await filter.getByRole("link", { name: /^All/ }).click();
    await expect(entries).toHaveCount(2);
  });
});
