import type { Page } from "@playwright/test";
import { expect, signInByForm, test } from "../support/e2e";
import { totpAt } from "../support/totp";

// Two-factor sign-in, with JavaScript and without: turn it on in the profile, sign out, sign in
// with a code of the app, then with a recovery code.

/**
 * The app's code for the next 30-second step: the step of the last accepted code is refused, and
 * the server accepts one step of clock skew, so a phone a little ahead signs in at once.
 */
const nextStepCode = (secret: string) => totpAt(secret, Date.now() + 30_000);

async function signInWithPassword(page: Page, email: string) {
  await signInByForm(page, email);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

test("turn on two-factor, then sign in with a code and with a recovery code", async ({
  page,
  loginAs,
  spareAgentEmail,
}) => {
  await loginAs(spareAgentEmail);
  await page.goto("/profile");
  const card = page.getByRole("form", { name: "Two-factor sign-in" });
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authentication app" })).toBeVisible();
  const secret = (await card.locator("code").innerText()).replace(/\s/g, "");
  const first = totpAt(secret);
  await card.getByLabel("Authentication code").fill(first);
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Save your recovery codes now")).toBeVisible();
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(card.getByText("Two-factor sign-in is on.")).toBeVisible();

  // Signed out, the password alone no longer signs in: the code of the app does.
  await signInWithPassword(page, spareAgentEmail);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();
  await page.getByLabel("Authentication code").fill(nextStepCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // And a recovery code, once.
  await signInWithPassword(page, spareAgentEmail);
  await page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/profile");
  await expect(page.getByText("Recovery codes left: 9 of 10.")).toBeVisible();
});
