// Valid, accessible pages: the HTML a screen is served as, checked by html-validate (the
// repository's .htmlvalidate.json: the standard and document presets), and the page as a person
// meets it, checked by axe-core — hydrated with JavaScript, as served without it.
//
//   test("/clients @js-only", async ({ page }) => {
//     await expectValidScreen(page, "/clients");
//   });
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import { HtmlValidate } from "html-validate";

const require = createRequire(import.meta.url);
const config = JSON.parse(fs.readFileSync(path.resolve(".htmlvalidate.json"), "utf8"));
const htmlValidate = new HtmlValidate(config);

/** html-validate's errors in a served document, one line each ("rule: message at selector"). */
export async function htmlErrors(html: string): Promise<string[]> {
  const report = await htmlValidate.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId}: ${m.message} at ${m.selector ?? `line ${m.line}`}`),
  );
}

const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page as it stands, one line per element. axe-core is run in the
 * page as its own API documents (axe.run), reporting violations only: @axe-core/playwright's
 * AxeBuilder took 1.9 s a page here, mostly gathering and passing back every passing element.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run(document, {
      resultTypes: ["violations"],
      // Off by default (experimental), and what Lighthouse and voice control users meet: a
      // control's name must contain its visible words.
      rules: { "label-content-name-mismatch": { enabled: true } },
    });
    return results.violations.flatMap((v) =>
      v.nodes.map((node) => `${v.id}: ${v.help} at ${node.target.join(" ")} (${node.failureSummary ?? ""})`),
    );
  });
}

/**
 * Opens `target` and expects its HTML valid, and the page free of axe violations twice: hydrated,
 * as with JavaScript, and as served, as without it. axe needs scripts in the page to run, so the
 * page without JavaScript is the same address opened again with the app's scripts refused: the
 * server's markup, never hydrated (the app has no <noscript> and no scripting media query), in
 * a second tab. Run from a page with JavaScript.
 */
export async function expectValidScreen(page: Page, target: string, status = 200, options: { scripts?: boolean } = {}) {
  const response = await page.goto(target);
  expect(response?.status(), target).toBe(status);
  expect(await htmlErrors(await response!.text()), `html-validate on ${target}`).toEqual([]);
  expect(await axeViolations(page), `axe on ${target}, with JavaScript`).toEqual([]);
  // A page that loads no scripts (the API reference) is the same page without them.
  if (options.scripts === false) return;

  const served = await page.context().newPage();
  try {
    await served.route("**/build/**/*.js", (route) => route.abort());
    await served.goto(target);
    expect(await axeViolations(served), `axe on ${target}, without JavaScript`).toEqual([]);
  } finally {
    await served.close();
  }
}
