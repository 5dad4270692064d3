import type { Page } from "@playwright/test";
import { createClient } from "../support/factories";
import { dbForE2E, expect, test } from "../support/e2e";

// With JavaScript the dashboard's figures refresh on their own every 30 seconds while the tab is
// visible; a hidden tab does not poll, and catches up when it is shown again.

test.describe("the dashboard refreshes itself @js-only", () => {
  const totalClients = (page: Page) => page.getByTestId("stat-Total Clients").getByTestId("stat-value");

  /** Until the page's refresh timer is running (hydrated, and its effect has run). */
  const hydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-refresh-every", "30000");

  const setVisibility = (page: Page, state: "visible" | "hidden") =>
    page.evaluate((value) => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => value });
      document.dispatchEvent(new Event("visibilitychange"));
    }, state);

  test("every 30 seconds while visible", async ({ page, agency }) => {
    await page.clock.install();
    await page.goto("/dashboard");
    await hydrated(page);
    await expect(totalClients(page)).toHaveText("0");

    await createClient(dbForE2E(), { agencyId: agency.agencyId });
    await page.clock.runFor(29_000);
    await expect(totalClients(page)).toHaveText("0");
    await page.clock.runFor(1_000);
    await expect(totalClients(page)).toHaveText("1");
  });

  test("not while the tab is hidden; at once when it is shown again", async ({ page, agency }) => {
    await page.clock.install();
    await page.goto("/dashboard");
    await hydrated(page);
    await setVisibility(page, "hidden");

    await createClient(dbForE2E(), { agencyId: agency.agencyId });
    await page.clock.runFor(61_000);
    await expect(totalClients(page)).toHaveText("0");

    await setVisibility(page, "visible");
    await expect(totalClients(page)).toHaveText("1");
  });
});
