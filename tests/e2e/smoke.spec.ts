import { expect, test } from "../support/e2e";

// Runs in both projects: with JavaScript (js) and without (no-js).

test("the sign-in page opens", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toBeVisible();
});

test("loginAs signs in without the form", async ({ page, loginAs }) => {
  const user = await loginAs();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
  expect(user.email).toBe("demo@example.com");
});
