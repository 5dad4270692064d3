import { chromium } from "@playwright/test";
async function main() {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage();
  page.on("console", (m) => console.log("console:", m.type(), m.text().slice(0, 500)));
  page.on("pageerror", (e) => console.log("pageerror:", e.message.slice(0, 800)));
  await page.goto("http://localhost:3100/login");
  await page.getByLabel("Email address").fill("demo@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/dashboard/);
  await page.goto("http://localhost:3100/tasks");
  await page.waitForTimeout(3000);
  console.log("hydrated:", await page.locator("html[data-hydrated]").count());
  await browser.close();
}
main();
