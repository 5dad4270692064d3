import { chromium } from "@playwright/test";
const base = "http://localhost:3100";
const out = "/tmp/shots";
async function main() {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const js of [true, false]) {
    const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(base + "/login");
    await page.getByLabel("Email address").fill("admin@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/dashboard/);
    const tag = js ? "js" : "nojs";
    if (js) {
      await page.getByTestId("user-menu").locator("summary").click();
      await page.screenshot({ path: `${out}/menu-${tag}.png` });
    }
    for (const [name, path] of [["users", "/settings/users"], ["agency", "/settings/agency"], ["tokens", "/settings/tokens"], ["prefs", "/preferences"]]) {
      await page.goto(base + path);
      await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: true });
    }
    await page.goto(base + "/settings/users");
    await page.getByRole("link", { name: /Manage Marcus/ }).click();
    await page.waitForURL(/settings\/users\//);
    await page.screenshot({ path: `${out}/member-${tag}.png`, fullPage: true });
    await ctx.close();
  }
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await phone.newPage();
  await p.goto(base + "/login");
  await p.getByLabel("Email address").fill("admin@example.com");
  await p.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await p.getByRole("button", { name: "Sign in" }).click();
  await p.waitForURL(/dashboard/);
  await p.goto(base + "/settings/users");
  await p.screenshot({ path: `${out}/users-phone.png`, fullPage: true });
  await browser.close();
}
main();
