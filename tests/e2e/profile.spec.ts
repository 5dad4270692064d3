import { DEMO_PASSWORD, E2E_BASE_URL, expect, field, loginAs as signInAs, test, toast } from "../support/e2e";

// The header's user menu and bell, and the profile page (/profile), with and without JavaScript.
// The `agency` fixture's coordinator is this test's own, so its password can change.

const NEW_PASSWORD = "Brighter@2027";

test.describe("header controls", () => {
  test("the user menu is named by the user, has Profile Settings, Preferences, API Tokens and Sign Out", async ({
    page,
    agency,
  }) => {
    await page.goto("/dashboard");
    const menu = page.getByTestId("user-menu");
    const button = menu.locator("summary");
    await expect(button).toHaveAccessibleName(new RegExp(`^${agency.firstName} ${agency.lastName}\\s*Coordinator$`));
    await button.click();
    await expect(menu.getByRole("link", { name: "Profile Settings" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Preferences" })).toHaveAttribute("href", "/preferences");
    // A coordinator manages no staff: their settings are their API tokens.
    await expect(menu.getByRole("link", { name: "API Tokens" })).toHaveAttribute("href", "/settings/tokens");
    await expect(menu.getByRole("link", { name: "Settings", exact: true })).toHaveCount(0);
    await menu.getByRole("link", { name: "Profile Settings" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByRole("banner").getByRole("heading", { name: "Profile Settings" })).toBeVisible();
    // The menu closes behind it (with JavaScript the page changes without a reload).
    await expect(menu.getByRole("link", { name: "Profile Settings" })).toBeHidden();
  });

  test("the bell claims no unread notifications and opens 'No unread notifications' (its page: 'No notifications')", async ({
    page,
    agency: _agency,
    javaScriptEnabled,
  }) => {
    await page.goto("/dashboard");
    const bell = page.getByTestId("notifications");
    // With JavaScript a menu; without, a link to /notifications.
    const button = javaScriptEnabled ? bell.locator("summary") : bell;
    await expect(button).toHaveAccessibleName("Notifications");
    // No count: the button holds the bell icon and its name, nothing else.
    await expect(button.locator("> *")).toHaveCount(2);
    await expect(bell.locator(".bg-red-600")).toHaveCount(0);
    await expect(page.getByText("No notifications")).toBeHidden();
    await button.click();
    // With JavaScript the menu loads the unread ones; without, the page lists them all.
    await expect(
      page.getByText(javaScriptEnabled ? "No unread notifications" : "No notifications", { exact: true }),
    ).toBeVisible();
  });
});

test.describe("profile page", () => {
  test("a new name shows in the header; a new e-mail asks for the current password", async ({ page, agency }) => {
    await page.goto("/profile");
    const details = page.getByRole("form", { name: "Personal information" });
    await expect(field(details, "Email")).toHaveValue(agency.email);
    await field(details, "First name").fill("Rosalind");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "success")).toContainText("Profile updated successfully!");
    await expect(page.getByTestId("user-menu").locator("summary")).toContainText("Rosalind");
    await expect(field(details, "First name")).toHaveValue("Rosalind");

    const newEmail = `new-${agency.email}`;
    await field(details, "Email").fill(newEmail);
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(details.getByText("Enter your current password to change your email")).toBeVisible();
    await expect(field(details, "Email")).toHaveValue(newEmail);
    await field(details, "Current password").fill(DEMO_PASSWORD);
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "success").last()).toContainText("Profile updated successfully!");
    await expect(field(details, "Email")).toHaveValue(newEmail);
    await expect(page.getByTestId("sidebar-user")).toContainText(newEmail);
  });

  test("a new password keeps this browser signed in and signs an older session out", async ({
    page,
    agency,
    browser,
    javaScriptEnabled,
  }) => {
    // The same user signed in elsewhere earlier (another browser).
    const elsewhere = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled });
    const otherPage = await elsewhere.newPage();
    await signInAs(otherPage, agency.email);
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL("/dashboard");

    await page.goto("/dashboard");
    await page.getByTestId("user-menu").locator("summary").click();
    await page.getByRole("link", { name: "Profile Settings" }).click();
    const form = page.getByRole("form", { name: "Change password" });

    // A wrong current password is refused, and nothing typed comes back.
    await field(form, "Current password").fill("Wrong@1234");
    await field(form, "New password").fill(NEW_PASSWORD);
    await field(form, "Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Current password is incorrect")).toBeVisible();
    await expect(field(form, "New password")).toHaveValue("");

    await field(form, "Current password").fill(DEMO_PASSWORD);
    await field(form, "New password").fill(NEW_PASSWORD);
    await field(form, "Confirm new password").fill(NEW_PASSWORD);
    if (javaScriptEnabled) {
      await expect(form.getByText("Passwords match")).toBeVisible();
      await expect(form.locator("[aria-label='Password requirements'] [data-met=true]")).toHaveCount(5);
    }
    await form.getByRole("button", { name: "Change Password" }).click();
    // Two argon2 computations (the current password checked, the new one hashed), each made
    // slow on purpose: on a machine busy with other tests they take seconds.
    await expect(toast(page, "success")).toContainText("Password changed successfully!", { timeout: 15_000 });
    await expect(toast(page, "success")).toContainText("You were signed out everywhere else.");
    await expect(page).toHaveURL("/profile");

    // Still signed in here…
    await page.goto("/clients");
    await expect(page).toHaveURL("/clients");
    // …and signed out there.
    await otherPage.goto("/dashboard");
    await expect(otherPage).toHaveURL(/\/login$/);
    await elsewhere.close();
  });

  test("the five rules show as a checklist, and every message at once", async ({
    page,
    agency: _agency,
    javaScriptEnabled,
  }) => {
    await page.goto("/profile");
    const form = page.getByRole("form", { name: "Change password" });
    const checklist = form.getByRole("list", { name: "Password requirements" });
    await expect(checklist.getByRole("listitem")).toHaveText([
      "At least 8 characters long",
      "Contains uppercase letter (A-Z)",
      "Contains lowercase letter (a-z)",
      "Contains number (0-9)",
      "Contains special character (@$!%*?&)",
    ]);
    await field(form, "New password").fill("short");
    await field(form, "Confirm new password").fill("shorter");
    if (javaScriptEnabled) {
      await expect(form.getByText("Passwords do not match")).toBeVisible();
      await expect(checklist.locator("[data-met=true]")).toHaveCount(1);
    }
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Current password is required")).toBeVisible();
    await expect(form.getByText("Please ensure your password meets all requirements.")).toBeVisible();
    // Said once, whichever way the page checked it.
    await expect(form.getByText(/Passwords do not match/)).toHaveCount(1);
    // The checklist as the browser or, without JavaScript, the server found it: only the lower-case letter.
    await expect(checklist.locator("[data-met=true]")).toHaveCount(1);
    await expect(checklist.locator("[data-met=true]")).toContainText("Contains lowercase letter (a-z)");
  });
});
