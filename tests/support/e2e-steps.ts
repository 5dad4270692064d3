// Steps the browser tests of the list / form / detail screens share, with JavaScript (project
// `js`) and without (`no-js`):
//
//   const { filters, ready, applyFilters } = screenSteps({ filters: "Client filters" });
//   await ready(page, js, "list");
//   await filters(page).getByLabel("Status").selectOption("Target");
//   await applyFilters(page, js);
import fs from "node:fs/promises";
import { type Locator, type Page } from "@playwright/test";
import { expect } from "./e2e";

export type Screen = "list" | "form" | "detail";

/** The detail screens' Delete opens a dialog once their scripts run. */
async function detailHydrated(page: Page) {
  await expect(page.getByRole("link", { name: "Delete", exact: true })).toHaveAttribute("aria-haspopup", "dialog");
}

/** The forms' "Add" buttons (typed entries into ticked boxes) exist only with their scripts. */
async function addButtonShown(page: Page) {
  await expect(page.getByRole("button", { name: "Add", exact: true }).first()).toBeVisible();
}

/**
 * The steps of one area's screens.
 *  - filters: the accessible name of the list's filter form (a `search` landmark).
 *  - formHydrated: what shows that the form has hydrated (by default its "Add" buttons).
 */
export function screenSteps(area: { filters: string; formHydrated?: (page: Page) => Promise<void> }) {
  const filters = (page: Page) => page.getByRole("search", { name: area.filters });
  const formHydrated = area.formHydrated ?? addButtonShown;

  return {
    filters,

    /**
     * With JavaScript, waits until the page has hydrated (so clicks reach React, not the plain
     * HTML): each screen shows something only once its scripts run.
     */
    async ready(page: Page, js: boolean, screen: Screen) {
      if (!js) return;
      if (screen === "list") await expect(filters(page).getByRole("button", { name: "Apply" })).toHaveCount(0);
      if (screen === "form") await formHydrated(page);
      if (screen === "detail") await detailHydrated(page);
    },

    /** Without JavaScript the filters apply with the Apply button; with it they apply themselves. */
    async applyFilters(page: Page, js: boolean) {
      if (!js) await filters(page).getByRole("button", { name: "Apply" }).click();
    },
  };
}

export interface DeleteConfirmation {
  /** The record's page, e.g. `/clients/<id>`; without JavaScript the confirmation is its `/delete` page. */
  path: string;
  /** The confirmation's accessible name: one for both, or the dialog's (JS) and the page region's (no JS). */
  name: string | { js: string | RegExp; noJs: string | RegExp };
  /** The question it asks. */
  message: string;
}

/**
 * From a record's page, opens the delete confirmation (a dialog with JavaScript, a page of its own
 * without), checks that it asks `message`, and answers it. Cancel leads back to the record's page,
 * the dialog closed.
 */
export async function confirmDelete(
  page: Page,
  js: boolean,
  confirmation: DeleteConfirmation,
  answer: "Delete" | "Cancel",
) {
  const { path, name, message } = confirmation;
  if (js) await detailHydrated(page);
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  let box: Locator;
  if (js) {
    box = page.getByRole("dialog", { name: typeof name === "string" ? name : name.js });
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  } else {
    await expect(page).toHaveURL(new RegExp(`${path}/delete$`));
    box = page.getByRole("region", { name: typeof name === "string" ? name : name.noJs });
  }
  await expect(box).toBeVisible();
  await expect(box).toContainText(message);
  if (answer === "Delete") {
    await box.getByRole("button", { name: "Delete", exact: true }).click();
    return;
  }
  await box.getByRole(js ? "button" : "link", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  if (js) await expect(box).toBeHidden();
}

/** Where a link points, as a URL (resolved against its page's). */
export async function hrefOf(link: Locator): Promise<URL> {
  return new URL((await link.getAttribute("href"))!, link.page().url());
}

/** Clicks a download link and returns the file's suggested name and its text. */
export async function download(link: Locator): Promise<{ filename: string; text: string }> {
  const [file] = await Promise.all([link.page().waitForEvent("download"), link.click()]);
  return { filename: file.suggestedFilename(), text: await fs.readFile(await file.path(), "utf8") };
}

/** The page is no wider than the screen: nothing makes it scroll sideways (a phone's layout). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
}
