import { expect, test } from "../support/e2e";
import { insertClient } from "../support/e2e-data";

// DESIGN.md §12 on screen: an agent works on every record but is shown no Delete for clients,
// facilities and placements and no Export on the lists; the server refuses them all the same
// (tests/integration/permissions.test.ts), and a delete page opened by its address says why.

test.describe("an agent @once", () => {
  test("sees no Delete on a client's page and no Export on the lists; the delete page says why", async ({
    page,
    loginAs,
  }) => {
    const agent = await loginAs("marcus.reed@example.com");
    const client = await insertClient(agent, { first_name: "Agent", last_name: "Rules" });
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole("link", { name: "Edit Client" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

    for (const list of ["/clients", "/facilities", "/resources"]) {
      await page.goto(list);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Export/ })).toHaveCount(0);
    }

    const refused = await page.goto(`/clients/${client.id}/delete`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("main")).toContainText(
      "Only a coordinator or an admin can delete clients, facilities and placements.",
    );
  });
});

test("a coordinator sees Delete and Export @once", async ({ page, loginAs }) => {
  const coordinator = await loginAs();
  const client = await insertClient(coordinator, { first_name: "Coordinator", last_name: "Rules" });
  await page.goto(`/clients/${client.id}`);
  await expect(page.getByRole("link", { name: "Delete" }).or(page.getByRole("button", { name: "Delete" }))).toHaveCount(
    1,
  );
  await page.goto("/clients");
  await expect(page.getByRole("link", { name: /^Export/ })).toBeVisible();
});
