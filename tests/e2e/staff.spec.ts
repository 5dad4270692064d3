import type { Page } from "@playwright/test";
import { E2E_BASE_URL, expect, field, latestEmailLink, test, token } from "../support/e2e";
import { insertClient } from "../support/e2e-data";

// An admin's day with staff, with JavaScript and without: invite an agent, who accepts by the
// e-mailed link and signs in, works as an agent (no Delete), and is deactivated: their open
// session stops at their next click. The rules: tests/integration/staff.test.ts.

const PASSWORD = "Joined@2026";

/** With JavaScript, waits until the page has hydrated (clicks then reach React). */
async function hydrated(page: Page, js: boolean) {
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("an admin invites an agent, who joins, works without Delete, and is stopped by deactivation", async ({
  page,
  browser,
  loginAs,
  javaScriptEnabled: js,
}) => {
  const last = `Okafor${token()}`;
  const email = `nia.${last}@example.com`.toLowerCase();
  await loginAs("admin@example.com");

  // Settings from the user menu; the invitation form.
  await page.goto("/dashboard");
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByRole("link", { name: "Staff" })).toHaveAttribute("aria-current", "page");
  await hydrated(page, js);
  const invite = page.getByRole("form", { name: "Invite a staff member" });
  await field(invite, "First name").fill("Nia");
  await field(invite, "Last name").fill(last);
  await field(invite, "Email").fill(email);
  await field(invite, "Role").selectOption("agent");
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.locator("[data-toast-type=success]")).toContainText(`Invitation sent to ${email}`);
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  // The invitee, in their own browser: the e-mailed link, a password, then signing in.
  const theirs = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: js });
  const invitee = await theirs.newPage();
  await invitee.goto(await latestEmailLink(email, "/invitation"));
  await hydrated(invitee, js);
  await expect(invitee.getByRole("heading", { name: "Join Sunrise Placement Partners" })).toBeVisible();
  await expect(invitee.getByText("invited you as agent")).toBeVisible();
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Confirm Password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create Account" }).click();
  await expect(invitee).toHaveURL(/\/login$/);
  await expect(invitee.locator("[data-toast-type=success]")).toContainText("Your account is ready");
  await hydrated(invitee, js);
  await invitee.getByLabel("Email address").fill(email);
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByRole("button", { name: "Sign in" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);

  // An agent: a client's page has Edit but no Delete.
  const admin = await loginAs("admin@example.com");
  const client = await insertClient(admin, { first_name: "Staff", last_name: `Rules${token()}` });
  await invitee.goto(`/clients/${client.id}`);
  await expect(invitee.getByRole("link", { name: "Edit Client" })).toBeVisible();
  await expect(
    invitee.getByRole("link", { name: "Delete" }).or(invitee.getByRole("button", { name: "Delete" })),
  ).toHaveCount(0);
  await hydrated(invitee, js);

  // The admin deactivates them from their page in Settings.
  await page.goto("/settings/users");
  await page.getByRole("link", { name: `Manage Nia ${last}` }).click();
  await expect(page.getByRole("heading", { name: `Nia ${last}` })).toBeVisible();
  await hydrated(page, js);
  await page.getByRole("button", { name: `Deactivate Nia ${last}` }).click();
  await expect(page.locator("[data-toast-type=success]")).toContainText(`Nia ${last} was deactivated`);
  await expect(page.getByRole("heading", { name: `Nia ${last}` })).toContainText("Deactivated");

  // Their open session ends at their next click.
  await invitee.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
  await expect(invitee).toHaveURL(/\/login/);
  await theirs.close();
});

test("an agent and a coordinator see no Settings, and /settings/users is refused @js-only", async ({
  page,
  loginAs,
}) => {
  for (const email of ["marcus.reed@example.com", "demo@example.com"]) {
    await loginAs(email);
    await page.goto("/dashboard");
    await page.getByTestId("user-menu").locator("summary").click();
    await expect(page.getByRole("link", { name: "Preferences" })).toBeVisible();
    await expect(page.getByRole("link", { name: "API Tokens" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);
    const refused = await page.goto("/settings/users");
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("main")).toContainText("Only an admin can manage staff.");
  }
});

test("preferences choose the screen after signing in", async ({ page, spareAgentEmail }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(spareAgentEmail);
  await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/preferences");
  await field(page, "After signing in, show").selectOption("/tasks");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.locator("[data-toast-type=success]")).toContainText("Preferences saved");

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(spareAgentEmail);
  await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});
