import type { APIRequestContext, Page } from "@playwright/test";
import { expect, field, test, toast } from "../support/e2e";
import { axeViolations, htmlErrors } from "../support/page-checks";

// Personal API tokens (/settings/tokens), with and without JavaScript: made on the page, shown
// once, used against the real server's API, and revoked (asked first: a dialog with
// JavaScript, the page itself without).

const me = (request: APIRequestContext, token: string) =>
  request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });

/** The page's HTML as it stands is valid, and (it needs scripts) axe finds nothing on it. */
async function expectValidPage(page: Page, what: string, js: boolean) {
  expect(await htmlErrors(await page.content()), `html-validate: ${what}`).toEqual([]);
  if (js) expect(await axeViolations(page), `axe: ${what}`).toEqual([]);
}

test("a token is made, shown once, works against the API, and stops working once revoked", async ({
  page,
  agency,
  request,
  javaScriptEnabled,
}) => {
  test.slow(); // html-validate and axe on the page, and the API through the server
  await page.goto("/settings/tokens");
  await expect(page.getByRole("banner").getByRole("heading", { name: "API Tokens" })).toBeVisible();
  await expect(page.getByText("No API tokens yet")).toBeVisible();

  const form = page.getByRole("form", { name: "New API token" });
  await field(form, "Name").fill("Nightly export");
  await field(form, "Expires in").selectOption("30");
  await expect(form.getByRole("radio", { name: "Read-only" })).toBeChecked();
  await form.getByRole("button", { name: "Create Token" }).click();

  // The secret, once, with the warning.
  const shown = page.getByTestId("new-token");
  await expect(shown).toContainText("Token “Nightly export” created");
  await expect(shown).toContainText("Copy it now: it will not be shown again.");
  const token = await shown.getByLabel("Your new token").inputValue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The form starts again, empty; the list has the token, never used.
  await expect(field(form, "Name")).toHaveValue("");
  const row = page.getByTestId("token-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Nightly export");
  await expect(row).toContainText("Read-only");
  await expect(row.locator('td[data-label="Last used"]')).toHaveText("Never");
  await expectValidPage(page, "a new token shown", javaScriptEnabled);

  // Through the real server: it reads as its user, and a write is refused.
  const answer = await me(request, token);
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data.user.email).toBe(agency.email);
  const write = await request.post("/api/clients", {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: "Ada" },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toMatch(/^This token is read-only/);

  // Back on the page: the secret is gone for good, the last use is there.
  await page.goto("/settings/tokens");
  await expect(page.getByTestId("new-token")).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  await expect(row.locator('td[data-label="Last used"] time')).toBeVisible();

  // Revoke, asked first.
  await row.getByRole("link", { name: "Revoke Nightly export" }).click();
  const question = javaScriptEnabled
    ? page.getByRole("dialog", { name: "Revoke this token?" })
    : page.getByRole("region", { name: "Revoke this token?" });
  await expect(question).toContainText('Revoke "Nightly export"?');
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/settings\/tokens\?revoke=/);
    await expectValidPage(page, "the revoke question without JavaScript", false);
  }
  await question.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(toast(page, "success")).toContainText("Token revoked");
  await expect(page).toHaveURL("/settings/tokens");
  await expect(page.getByText("No API tokens yet")).toBeVisible();

  const after = await me(request, token);
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ success: false, message: "Invalid or expired token" });
});

test("cancelling the question keeps the token", async ({ page, agency: _agency, request, javaScriptEnabled }) => {
  await page.goto("/settings/tokens");
  const form = page.getByRole("form", { name: "New API token" });
  await field(form, "Name").fill("Keep me");
  await form.getByRole("radio", { name: "Read and write" }).check();
  await form.getByRole("button", { name: "Create Token" }).click();
  const token = await page.getByTestId("new-token").getByLabel("Your new token").inputValue();
  const row = page.getByTestId("token-row");
  await expect(row).toContainText("Read and write");

  await row.getByRole("link", { name: "Revoke Keep me" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Revoke this token?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page.getByRole("region", { name: "Revoke this token?" }).getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/settings/tokens");
  }
  await expect(row).toContainText("Keep me");
  expect((await me(request, token)).status()).toBe(200);
});

test("the question on the page (?revoke=, where the link leads without JavaScript) passes axe too @js-only", async ({
  page,
  agency: _agency,
}) => {
  test.slow(); // html-validate and axe
  await page.goto("/settings/tokens");
  const form = page.getByRole("form", { name: "New API token" });
  await field(form, "Name").fill("Asked on the page");
  await form.getByRole("button", { name: "Create Token" }).click();
  const revoke = page.getByTestId("token-row").getByRole("link", { name: "Revoke Asked on the page" });
  await page.goto((await revoke.getAttribute("href"))!);
  const question = page.getByRole("region", { name: "Revoke this token?" });
  await expect(question).toContainText('Revoke "Asked on the page"?');
  await expectValidPage(page, "the revoke question on the page", true);
  await question.getByRole("button", { name: "Revoke", exact: true }).click();
  await expect(toast(page, "success")).toContainText("Token revoked");
  await expect(page.getByText("No API tokens yet")).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 850 },
]) {
  test(`a long name wraps everywhere it shows, at ${viewport.width} px @js-only`, async ({ page, agency: _agency }) => {
    await page.setViewportSize(viewport);
    const name = "Nightly".padEnd(100, "x"); // one word, no place to break
    await page.goto("/settings/tokens");
    const form = page.getByRole("form", { name: "New API token" });
    await field(form, "Name").fill(name);
    await form.getByRole("button", { name: "Create Token" }).click();
    await expect(page.getByTestId("new-token")).toBeVisible();
    const row = page.getByTestId("token-row");
    await expect(row).toContainText(name);
    await expectWithinBoxes(page);
    const revoke = row.getByRole("link", { name: `Revoke ${name}` });
    await revoke.click();
    await expect(page.getByRole("dialog", { name: "Revoke this token?" })).toBeVisible();
    await expectWithinBoxes(page);
    // The question on the page, where the link leads without JavaScript.
    await page.goto((await revoke.getAttribute("href"))!);
    await expect(page.getByRole("region", { name: "Revoke this token?" })).toContainText(name);
    await expectWithinBoxes(page);
  });
}

/** Nothing on the page is wider than the screen, and the table is no wider than its card. */
async function expectWithinBoxes(page: Page) {
  const sizes = await page.evaluate(() => {
    const table = document.querySelector("table")!;
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      table: [table.scrollWidth, table.parentElement!.clientWidth],
      dialog: [...document.querySelectorAll("dialog[open]")].map((d) => [d.scrollWidth, d.clientWidth]),
      // Text cut off by a box that hides its overflow (a panel), rather than wrapped.
      cut: [...document.querySelectorAll("main p, main h2, dialog[open] p")]
        .filter((e) => e.scrollWidth > e.clientWidth)
        .map((e) => e.textContent),
    };
  });
  expect(sizes.page[0], "the page scrolls sideways").toBeLessThanOrEqual(sizes.page[1]);
  expect(sizes.table[0], "the table is wider than its card").toBeLessThanOrEqual(sizes.table[1]);
  for (const [scroll, client] of sizes.dialog)
    expect(scroll, "the dialog scrolls sideways").toBeLessThanOrEqual(client);
}
