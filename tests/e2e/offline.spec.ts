import { expect, test } from "../support/e2e";
import { insertClient } from "../support/e2e-data";

// With JavaScript, losing the connection never sends the user to the browser's own offline page:
// the app says "You're Offline" over the page, which keeps what was typed.

test.describe("offline @js-only", () => {
  test("following a link while offline shows the app's panel; Try again goes on once back online", async ({
    page,
    loginAs,
  }) => {
    await loginAs();
    await page.goto("/dashboard");
    await page.waitForLoadState("networkidle");
    await page.context().setOffline(true);

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: /Facilities/ }).click();
    const panel = page.getByRole("dialog", { name: "You're Offline" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("Your device is not connected to the internet.");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome to your Dashboard" })).toBeVisible();

    await panel.getByRole("button", { name: "Try again" }).click();
    await expect(panel).toContainText("Still offline.");
    await panel.getByRole("button", { name: "Stay on this page" }).click();
    await expect(panel).toBeHidden();

    await nav.getByRole("link", { name: /Facilities/ }).click();
    await expect(panel).toBeVisible();
    await page.context().setOffline(false);
    await panel.getByRole("button", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/facilities$/);
    await expect(page.getByRole("heading", { name: "Facilities", level: 1 })).toBeVisible();
  });

  test("hovering a menu link while offline does not reload the page to the browser's error page", async ({
    page,
    loginAs,
  }) => {
    // Remix loads a hovered link's screen code ahead of the click (prefetch on intent, 100 ms
    // after the hover), and reloads the page when that code cannot be loaded. The test's clock
    // runs those 100 ms at once.
    await page.clock.install();
    await loginAs();
    await page.goto("/dashboard");
    const modules: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/build/routes/")) modules.push(new URL(request.url()).pathname);
    });
    const nav = page.getByRole("navigation", { name: "Main" });

    await page.context().setOffline(true);
    await nav.getByRole("link", { name: /Facilities/ }).hover();
    await page.clock.runFor(1000);

    // Back online, a hovered link prefetches again; what was asked before it came first.
    await page.context().setOffline(false);
    await nav.getByRole("link", { name: /^Placements/ }).hover();
    await page.clock.runFor(1000);
    await expect(page.locator('link[rel=modulepreload][href*="routes/_app.placements"]')).not.toHaveCount(0);
    expect(modules.filter((path) => path.includes("facilities"))).toEqual([]);
    await expect(page.getByRole("heading", { name: "Welcome to your Dashboard" })).toBeVisible();
  });

  test("a form sent while offline is held, with everything typed still there", async ({ page, agency }) => {
    const client = await insertClient(agency, { first_name: "Offline", last_name: "Notes" });
    await page.goto(`/clients/${client.id}`);
    await page.getByLabel("What happened").fill("Called the daughter about the tour");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Add to Timeline" }).click();
    const panel = page.getByRole("dialog", { name: "You're Offline" });
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByLabel("What happened")).toHaveValue("Called the daughter about the tour");

    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Add to Timeline" }).click();
    await expect(page.locator("#timeline")).toContainText("Called the daughter about the tour");
    await expect(page.getByText("Nothing has happened yet.")).toBeHidden();
  });

  test("a page whose data never arrives says Connection Error, and Try again loads it without a reload", async ({
    page,
    loginAs,
  }) => {
    await loginAs();
    await page.goto("/dashboard");
    // The connection drops between the browser and the server, though the device says it is online.
    await page.route(/[?&]_data=/, (route) => route.abort("internetdisconnected"));
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Placements/ })
      .click();
    const panel = page.locator("[data-error-type=network]");
    await expect(panel).toContainText("Connection Error");
    await expect(panel).toContainText("We could not reach the server.");
    await page.unroute(/[?&]_data=/);
    await panel.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Placements", level: 1 })).toBeVisible();
    await expect(page.locator("[data-error-type]")).toHaveCount(0);
  });
});
