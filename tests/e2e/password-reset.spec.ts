import { expect, latestResetLink, test } from "../support/e2e";

const NEW_PASSWORD = "Fresh@2026x";

test.describe("forgot and reset password", () => {
  test("from 'Forgot your password?' to the e-mailed link, a new password and a sign-in", async ({
    page,
    spareAgentEmail,
    javaScriptEnabled,
  }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();

    // With JavaScript a dialog on the sign-in screen; without, the same form on its own page.
    const box = javaScriptEnabled ? page.getByRole("dialog", { name: "Reset Password" }) : page.locator("main, body");
    if (javaScriptEnabled) {
      await expect(box).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    } else {
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    }
    await expect(
      box.getByText("Enter your email address and we'll send you instructions to reset your password."),
    ).toBeVisible();
    await box.getByLabel("Email address").fill(spareAgentEmail);
    await box.getByRole("button", { name: "Send Reset Instructions" }).click();

    await expect(box.locator("[data-alert-tone=success]")).toContainText(
      "If an account exists for that email address, we have sent instructions",
    );
    await expect(page.locator("[data-toast-type=success]").filter({ hasText: "Password Reset" })).toBeVisible();
    if (javaScriptEnabled) await expect(box).toBeHidden({ timeout: 5_000 }); // closes itself after 3 s

    await page.goto(await latestResetLink(spareAgentEmail));
    await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
    await page.getByLabel("New Password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    if (javaScriptEnabled) {
      await expect(page.getByText("Passwords match")).toBeVisible();
      await expect(page.locator("[aria-label='Password requirements'] [data-met=true]")).toHaveCount(5);
    }
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expect(page).toHaveURL(/\/login$/);
    const toast = page.locator("[data-toast-type=success]");
    await expect(toast).toContainText("Password Reset Successful");
    await expect(toast).toContainText("You can now log in with your new password.");

    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("Cancel closes the dialog and clears the e-mail @js-only", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await dialog.getByLabel("Email address").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("dialog", { name: "Reset Password" }).getByLabel("Email address")).toHaveValue("");
  });

  test("the checklist and the match indicator follow the typing; the button waits for both @js-only", async ({
    page,
    spareAgentEmail,
  }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.locator("[data-alert-tone=success]")).toContainText("we have sent instructions");
    await page.goto(await latestResetLink(spareAgentEmail));

    const button = page.getByRole("button", { name: "Reset Password" });
    const met = page.locator("[aria-label='Password requirements'] [data-met=true]");
    await expect(button).toBeDisabled();
    await page.getByLabel("New Password").fill("abc");
    await expect(met).toHaveCount(1); // lowercase only
    await page.getByLabel("New Password").fill("Abcdefg1");
    await expect(met).toHaveCount(4);
    await page.getByLabel("New Password").fill(NEW_PASSWORD);
    await expect(met).toHaveCount(5);
    await page.getByLabel("Confirm Password").fill(`${NEW_PASSWORD}?`);
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(button).toBeDisabled();
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await expect(page.getByText("Passwords match")).toBeVisible();
    await expect(button).toBeEnabled();
  });

  test("without JavaScript the server checks the rules and shows the checklist @no-js-only", async ({
    page,
    spareAgentEmail,
  }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await page.goto(await latestResetLink(spareAgentEmail));

    await page.getByLabel("New Password").fill("weakpass");
    await page.getByLabel("Confirm Password").fill("weakpass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.locator("[data-toast-type=error]")).toContainText("Invalid Password");
    await expect(page.locator("[data-toast-type=error]")).toContainText(
      "Please ensure your password meets all requirements.",
    );
    await expect(page.locator("[aria-label='Password requirements'] [data-met=false]")).toHaveCount(3);

    await page.getByLabel("New Password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill("Different@2026");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.locator("[data-toast-type=error]")).toContainText("Password Mismatch");
    await expect(page.getByText("Passwords do not match", { exact: true })).toBeVisible();
    // Said once in the form (the toast says it too, as the spec wants), not also under the field.
    await expect(page.locator("form").getByText(/Passwords do not match/)).toHaveCount(1);
  });

  test("on a phone the toast leaves the logo in sight, and goes by itself after 5 seconds", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/login$/);
    const toast = page.locator("[data-toast-type=error]");
    await expect(toast).toContainText("Invalid Reset Link");
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    for (const covered of [page.getByText("Senior Placement", { exact: true }), page.getByLabel("Email")]) {
      const other = (await covered.boundingBox())!;
      const overlaps = box.y < other.y + other.height && other.y < box.y + box.height;
      expect(overlaps, `the toast covers ${await covered.textContent()}`).toBe(false);
    }
    // Without JavaScript too (a CSS animation); Playwright waits for it, it does not sleep.
    await expect(toast).toBeHidden({ timeout: 10_000 });
  });

  test("a link without a token, and a used one, say so and offer a way back @once", async ({
    page,
    spareAgentEmail,
  }) => {
    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("[data-toast-type=error]")).toContainText("Invalid Reset Link");
    await expect(page.locator("[data-toast-type=error]")).toContainText("Please request a new password reset.");

    await page.goto("/forgot-password");
    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByRole("button", { name: "Send Reset Instructions" }).click();
    await expect(page.locator("[data-alert-tone=success]")).toContainText("we have sent instructions");
    const link = await latestResetLink(spareAgentEmail);
    await page.goto(link);
    await page.getByLabel("New Password").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm Password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto(link);
    await expect(
      page.getByText("This password reset link has already been used. Please request a new one."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Request a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});
