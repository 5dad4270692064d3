import crypto from "node:crypto";
import type { Locator } from "@playwright/test";
import { createAgency, createUser } from "../support/factories";
import { DEMO_PASSWORD, dbForE2E, expect, signInByForm, test } from "../support/e2e";
import { totpAt } from "../support/totp";

// An admin requires two-factor sign-in of the whole agency (only once their own is on), and an
// agent who has not set it up is taken to set it up after their password, with JavaScript and
// without.

/** The app's code for the key the page shows as text. */
const codeFor = async (key: Locator) => totpAt(await key.innerText());

async function newAgency() {
  const db = dbForE2E();
  const agency = await createAgency(db, { name: `Strict Agency ${crypto.randomBytes(3).toString("hex")}` });
  const make = async (role: "admin" | "agent") => {
    const email = `${role}-${crypto.randomBytes(5).toString("hex")}@example.com`;
    await createUser(db, { agencyId: agency.id, email, role, password: DEMO_PASSWORD, first_name: "Kai" });
    return email;
  };
  return { admin: await make("admin"), agent: await make("agent") };
}

test("an admin requires two-factor sign-in; an agent without it sets it up after the password", async ({
  page,
  loginAs,
}) => {
  const { admin, agent } = await newAgency();
  await loginAs(admin);
  const settings = page.getByRole("form", { name: "Agency settings" });
  const requireIt = async () => {
    await page.goto("/settings/agency");
    await settings.getByLabel("Require two-factor sign-in").check();
    await settings.getByRole("button", { name: "Save Changes" }).click();
  };

  // Not before the admin's own is on: they would be the first one locked out.
  await requireIt();
  await expect(page.getByText("Turn on two-factor sign-in for yourself first")).toBeVisible();
  await page.goto("/profile");
  const card = page.getByRole("form", { name: "Two-factor sign-in" });
  await card.getByRole("button", { name: "Turn on" }).click();
  await card.getByLabel("Authentication code").fill(await codeFor(card.locator("code")));
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("Save your recovery codes now")).toBeVisible();
  await requireIt();
  await expect(page.getByText("Agency settings saved")).toBeVisible();
  await expect(settings.getByLabel("Require two-factor sign-in")).toBeChecked();

  // The agent: the password, then the set-up, the recovery codes, and on into the app.
  await signInByForm(page, agent);
  await expect(page).toHaveURL(/\/login\/two-factor\/setup$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authentication app" })).toBeVisible();
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await codeFor(page.locator("code")));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByText("Save your recovery codes now")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved my codes, continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // It cannot be turned off now.
  await page.goto("/profile");
  await expect(page.getByText("Your agency requires it, so it cannot be turned off.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn off" })).toHaveCount(0);
});
