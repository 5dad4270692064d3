import { dbForE2E, loginAs, test } from "../support/e2e";

test("shots", async ({ page, javaScriptEnabled: js }) => {
  const demo = await loginAs(page);
  const client = await dbForE2E().selectFrom("clients").select("id").where("agency_id", "=", demo.agencyId).where("care_level", "=", "memory").where("preferred_location", "is not", null).orderBy("last_name").executeTakeFirstOrThrow();
  for (const [w, h, name] of [[1366, 900, "desk"], [390, 844, "phone"]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`/clients/${client.id}`);
    await page.locator("#matches").scrollIntoViewIfNeeded();
    await page.locator("#matches").screenshot({ path: `/tmp/shots/matches-${name}-${js ? "js" : "nojs"}.png` });
    if (name === "desk") await page.screenshot({ path: `/tmp/shots/client-${name}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
});
