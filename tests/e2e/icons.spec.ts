import { expect, test } from "../support/e2e";

// Icons are <use> references into one sprite file: they show only when the browser may load it
// (served, same origin, allowed by the Content-Security-Policy).

test("icons are drawn from the sprite file, cached for a year @once", async ({ page, loginAs }) => {
  await loginAs();
  const sprite = "**/build/_assets/icons-*.svg";
  const icon = page.getByRole("link", { name: "Add Client" }).locator("svg");

  // Without the sprite, the icon is an empty box.
  await page.route(sprite, (route) => route.abort());
  await page.goto("/clients");
  const blank = await icon.screenshot();
  await page.unroute(sprite);

  await page.reload();
  await expect.poll(async () => (await icon.screenshot()).equals(blank)).toBe(false);

  const [file, symbol] = ((await icon.locator("use").getAttribute("href")) ?? "").split("#");
  expect(symbol).toBe("plus");
  const response = await page.request.get(file);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(await response.text()).toContain('<symbol id="plus"');
});
