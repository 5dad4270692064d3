import { expect, test } from "../support/e2e";

test.describe("sign-in", () => {
  test("the demo login reaches the dashboard with a welcome toast", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByText("Senior Placement", { exact: true })).toBeVisible();
    await expect(page.getByText("Management System", { exact: true })).toBeVisible();
    await page.getByLabel("Email address").fill("demo@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("You have successfully signed in.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome to your Dashboard" })).toBeVisible();
  });

  test("a wrong password is said once, inline on the form (no toast as well)", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email address").fill("demo@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Wrong@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByText("Invalid email or password")).toHaveCount(1);
    await expect(page.getByText("Login Failed")).toHaveCount(0);
    await expect(page.locator("[data-toast-type]")).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
    // The e-mail stays, the password does not.
    await expect(page.getByLabel("Email address")).toHaveValue("demo@example.com");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("too many failures are refused with a clear message @once", async ({ page, spareAgentEmail }) => {
    test.slow(); // six passwords checked (argon2), on a machine the server under test shares
    await page.goto("/login");
    const submitted = () =>
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
    for (let i = 0; i < 5; i++) {
      await page.getByLabel("Email address").fill(spareAgentEmail);
      await page.getByLabel("Password", { exact: true }).fill(`Wrong@${i}000`);
      const [response] = await Promise.all([submitted(), page.getByRole("button", { name: "Sign in" }).click()]);
      expect(response.status()).toBe(401);
      await expect(page.getByText("Invalid email or password").first()).toBeVisible();
      // Each failure clears the password: wait for that before typing the next one.
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    }
    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    const [refused] = await Promise.all([submitted(), page.getByRole("button", { name: "Sign in" }).click()]);
    expect(refused.status()).toBe(429);
    // How long to wait, in seconds (the window is 15 minutes), on the page as on the API.
    expect(Number(await refused.headerValue("Retry-After"))).toBeGreaterThan(0);
    expect(Number(await refused.headerValue("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    await expect(
      page.getByText(/Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\./).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("the password can be shown and hidden", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the toggle needs JavaScript");
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });
});

test.describe("guards", () => {
  test("visitors are sent to /login and come back after signing in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/tasks?view=grid");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftasks%3Fview%3Dgrid$/);
    await page.getByLabel("Email address").fill("demo@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/tasks\?view=grid$/);
    await page.context().clearCookies();
    await page.goto("/somewhere/unknown");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsomewhere%2Funknown$/);
  });

  test("signed-in users leave /login and / for the dashboard; an unknown address is a 404 with a way back", async ({
    page,
    loginAs,
  }) => {
    await loginAs("demo@example.com");
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole("main")).toContainText("This page does not exist.");
    // The developer's showcase of the interface kit is not part of the product.
    expect((await page.goto("/ui-demo"))?.status()).toBe(404);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("sign-out", () => {
  test("from the sidebar", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("from the user menu", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    const menu = page.getByTestId("user-menu");
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Profile Settings" })).toBeVisible();
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
