import { expect, test } from "../support/e2e";

// Keyboard users reach the page without tabbing through the sidebar and header: "Skip to
// content" is the first stop on every page, visible once focused, and moves focus to <main>.

const isInMain = () => Boolean(document.activeElement?.closest("main#main"));

test.describe("Skip to content", () => {
  for (const [path, firstStop] of [
    ["/clients/new", "First name"],
    ["/placements", null],
    ["/dashboard", null],
  ] as const) {
    test(`is the first Tab stop on ${path} and jumps into the page`, async ({ page, loginAs }) => {
      await loginAs();
      await page.goto(path);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      expect((await skip.boundingBox())?.width).toBeGreaterThan(40);

      await page.keyboard.press("Enter");
      await expect(page.locator("main#main")).toBeFocused();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(isInMain)).toBe(true);
      if (firstStop) {
        // A form's first field is a few Tab presses away, not thirteen.
        for (
          let i = 0;
          i < 4 && !(await page.getByLabel(firstStop).evaluate((e) => e === document.activeElement));
          i++
        ) {
          await page.keyboard.press("Tab");
        }
        await expect(page.getByLabel(firstStop)).toBeFocused();
      }
    });
  }

  test("is there on the sign-in screen too, just before the e-mail field that starts focused", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("stays out of sight until focused", async ({ page, loginAs }) => {
    await loginAs();
    await page.goto("/clients");
    const skip = page.getByRole("link", { name: "Skip to content" });
    expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  });
});
