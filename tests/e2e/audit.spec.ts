import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, dbForE2E, expect, field, test } from "../support/e2e";
import { insertClient } from "../support/e2e-data";
import { expectNoSidewaysScroll, hrefOf } from "../support/e2e-steps";

// An admin reads the audit trail, with JavaScript and without: they sign in, open a client's page
// (a view), then Settings → Audit log shows both; filtered to views, the record's link leads back
// to the client. The rules: tests/integration/audit-screen.test.ts.

const ADMIN = "admin@example.com";

/** Without JavaScript the filters apply with their Apply button; with it, as they change. */
async function apply(page: Page, js: boolean) {
  if (!js) await page.getByRole("button", { name: "Apply" }).click();
}

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(ADMIN);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test("an admin finds their sign-in and a client's view in the audit log, and follows the record's link", async ({
  page,
  javaScriptEnabled: js,
}) => {
  const admin = await dbForE2E()
    .selectFrom("users")
    .select(["id", "agency_id as agencyId", "first_name as firstName", "last_name as lastName", "email", "role"])
    .where("email", "=", ADMIN)
    .executeTakeFirstOrThrow();
  const name = `${admin.firstName} ${admin.lastName}`;
  await signIn(page);

  // The client's page is a view; its History card says so the next time (a view's entry is
  // written a moment after the page), with the way to the whole of it.
  const client = await insertClient(admin);
  await page.goto(`/clients/${client.id}`);
  const history = page.locator("#history");
  await expect(async () => {
    await page.reload();
    await expect(history.getByRole("listitem").first()).toContainText(`${name} · Viewed`, { timeout: 1000 });
  }).toPass();
  await history.getByRole("link", { name: /View all/ }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/audit\\?entity=client&entityId=${client.id}$`));
  await expect(
    page.getByRole("link", { name: new RegExp(`Remove the filter: record Client ${client.name}`) }),
  ).toBeVisible();

  // Settings → Audit log, narrowed to the admin: their sign-in and the view.
  await page.goto("/settings");
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
  await field(page, "Person").selectOption({ label: name });
  await apply(page, js);
  await expect(page).toHaveURL(new RegExp(`actorId=${admin.id}`));
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: "Signed in" }).first()).toContainText(name);
  await expect(rows.filter({ hasText: client.name }).first()).toContainText("Viewed");

  // Views only; the export keeps the filters.
  await field(page, "Action").selectOption({ label: "Viewed" });
  await apply(page, js);
  await expect(page).toHaveURL(/action=view/);
  await expect(rows.filter({ hasText: "Signed in" })).toHaveCount(0);
  const exportHref = await hrefOf(page.getByRole("link", { name: "Export CSV" }));
  expect(exportHref.pathname).toBe("/settings/audit/export");
  // (A GET form sends its empty controls too: "any".)
  const filters = [...exportHref.searchParams].filter(([, value]) => value !== "");
  expect(Object.fromEntries(filters)).toEqual({ actorId: admin.id, action: "view" });

  // The record's link leads to the client.
  await rows.filter({ hasText: client.name }).first().getByRole("link", { name: client.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
  await expect(page.getByRole("heading", { name: client.name })).toBeVisible();
});

test("the audit log fits a phone (390 px)", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(ADMIN);
  await page.goto("/settings/audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
