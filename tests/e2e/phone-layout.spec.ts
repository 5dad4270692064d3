// On a phone (390 × 844) the lists start with what they list: the filters fold behind a "Filters"
// toggle (open when one is set), and the placements table turns into cards, so that nothing needs
// scrolling sideways. With and without JavaScript (the fold is CSS only).
import { type Page } from "@playwright/test";
import { expect, field, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, insertTask } from "../support/e2e-data";
import { expectNoSidewaysScroll } from "../support/e2e-steps";

const PHONE = { width: 390, height: 844 };

const filters = (page: Page, name: string) => page.getByRole("search", { name });

/** The element lies within the screen's width. */
async function expectWithinScreen(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

test.describe("lists on a phone", () => {
  test.use({ viewport: PHONE });

  for (const [path, formName, controls] of [
    ["/clients", "Client filters", ["Status", "Care level", "Sort by"]],
    ["/placements", "Placement filters", ["Status", "Priority"]],
    ["/facilities", "Facility filters", ["Type", "Availability", "Min price"]],
  ] as const) {
    test(`${path}: the filters fold behind "Filters", the search box stays`, async ({ page, loginAs }) => {
      await loginAs();
      await page.goto(path);
      const form = filters(page, formName);
      await expect(form.getByLabel("Search")).toBeVisible();
      const toggle = form.getByText("Filters", { exact: true });
      await expect(toggle).toBeVisible();
      for (const label of controls) await expect(form.getByLabel(label, { exact: true })).toBeHidden();
      // The first card or row is on the first screen.
      const first = page.locator("[data-testid=client-card], [data-testid=facility-card], [data-testid=placement-row]");
      expect((await first.first().boundingBox())!.y).toBeLessThan(PHONE.height);

      await toggle.click();
      for (const label of controls) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
      await toggle.click();
      await expect(form.getByLabel(controls[0], { exact: true })).toBeHidden();
    });
  }

  test("a filter set opens the fold and is counted on the toggle", async ({ page, loginAs }) => {
    await loginAs();
    await page.goto("/clients?status=Placed&careLevel=memory");
    const form = filters(page, "Client filters");
    await expect(form.getByText("Filters (2)", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Status", { exact: true })).toHaveValue("Placed");
    await expect(form.getByLabel("Status", { exact: true })).toBeVisible();
  });

  test("the placements table shows each row as a card: status and links without scrolling sideways", async ({
    page,
    agency,
  }) => {
    const client = await insertClient(agency, { first_name: "Phone", last_name: "Cards" });
    const facility = await insertFacility(agency, { name: "Harbor View Memory Care" });
    const placement = await insertPlacement(agency, client, facility, { status: "Confirmed", priority: "Urgent" });
    await page.goto("/placements");
    const row = page.getByTestId("placement-row");
    await expect(row).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expect(row).toContainText("Harbor View Memory Care");
    for (const part of [
      row.getByText("Confirmed", { exact: true }),
      row.getByText("Urgent", { exact: true }),
      row.getByRole("link", { name: "Edit" }),
      row.getByRole("link", { name: "View" }),
    ]) {
      await expect(part).toBeVisible();
      await expectWithinScreen(page, part);
    }
    // Each value says what it is, as the table's heading did.
    await expect(row.locator("td[data-label=Status]")).toBeVisible();
    await row.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}/edit$`));
  });
});

test.describe("lists on a desktop", () => {
  test("every filter is in sight, with no Filters toggle", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await loginAs();
    await page.goto("/placements");
    const form = filters(page, "Placement filters");
    await expect(form.getByText("Filters", { exact: true })).toBeHidden();
    await expect(form.getByLabel("Status", { exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  });
});

test.describe("the placement form on a phone", () => {
  test.use({ viewport: PHONE });

  test("Status and Priority show their whole value", async ({ page, loginAs }) => {
    await loginAs();
    await page.goto("/placements/new");
    for (const label of ["Status", "Priority"]) {
      const select = field(page, label);
      await expect(select).toBeVisible();
      await expectWithinScreen(page, select);
    }
    const status = field(page, "Status");
    await expect(status).toHaveValue("In Progress");
    // The select is wide enough for its longest choice and the arrow beside it.
    const room = await status.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement("span");
      probe.style.font = getComputedStyle(select).font;
      probe.style.whiteSpace = "nowrap";
      probe.textContent = "In Progress";
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(select);
      return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    await expectNoSidewaysScroll(page);
  });
});

// Issue 35's board and shell at 1280 px (the sidebar open) and on a phone.

/** The agency's one task, in New Client: the other four lanes are empty. */
async function boardTask(user: SignedInUser) {
  return insertTask(user, { title: `Tour the memory care wing ${token()}`, stage: "New Client", priority: "High" });
}

const boxOf = async (locator: ReturnType<Page["locator"]>) => (await locator.boundingBox())!;

/** A move by the card's "Move to" form (a post without JavaScript, the board's fetcher with it). */
async function moveByForm(page: Page, id: string, to: string) {
  const card = page.locator(`li[data-task-id="${id}"]`);
  await card.locator("summary", { hasText: "Move to" }).click();
  await card.getByLabel("Stage").selectOption(to);
  await card.getByRole("button", { name: "Move", exact: true }).click();
  await expect(toast(page, "success")).toBeVisible();
}

test.describe("the board at 1280 px, the sidebar open", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the five lanes fit, and an empty lane says so at its top", async ({ page, agency }) => {
    await boardTask(agency);
    await page.goto("/swim-lanes");
    const scroller = page.getByTestId("lane-scroller");
    const board = await boxOf(scroller);
    const lanes = page.locator("li[data-stage]");
    await expect(lanes).toHaveCount(5);
    for (const lane of await lanes.all()) {
      const box = await boxOf(lane);
      expect(box.x).toBeGreaterThanOrEqual(board.x);
      expect(box.x + box.width).toBeLessThanOrEqual(board.x + board.width);
    }
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.getByText("Scroll sideways to see all five stages →")).toBeHidden();

    const followUp = page.locator('li[data-stage="Follow-up"]');
    const empty = followUp.getByText("No tasks in this stage");
    expect((await boxOf(empty)).y - (await boxOf(followUp)).y).toBeLessThan(80);
  });

  test("a toast leaves the header's user menu free", async ({ page, agency }) => {
    const task = await boardTask(agency);
    await page.goto("/swim-lanes");
    await moveByForm(page, task.id, "Target");
    const menu = await boxOf(page.getByTestId("user-menu"));
    const box = await boxOf(toast(page, "success"));
    expect(box.y).toBeGreaterThanOrEqual(menu.y + menu.height);
  });
});

test.describe("the board on a phone", () => {
  test.use({ viewport: PHONE });

  test("the title, the view links and the panel's tabs are whole; the lanes scroll, and say so", async ({
    page,
    agency,
  }) => {
    const task = await boardTask(agency);
    await page.goto("/swim-lanes");
    const title = page.getByRole("heading", { level: 1, name: "Advanced Swim Lane Tracker" });
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth && h.scrollHeight <= h.clientHeight)).toBe(true);
    const views = page.getByRole("navigation", { name: "View" }).getByRole("link");
    await expect(views).toHaveCount(3);
    for (const name of ["Standard View", "Analytics", "Smart Matching"]) {
      await expectWithinScreen(page, page.getByRole("link", { name, exact: true }));
    }
    await expect(page.getByText("Scroll sideways to see all five stages →")).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`/swim-lanes/${task.id}`);
    const tabs = page.getByRole("navigation", { name: "Task sections" });
    for (const name of ["Overview", "Communications", "Facility Matching"]) {
      await expectWithinScreen(page, tabs.getByRole("link", { name: new RegExp(`^${name}`) }));
    }
  });

  test("a toast shows under the header, at the top of the screen", async ({ page, agency }) => {
    const task = await boardTask(agency);
    await page.goto("/swim-lanes");
    await moveByForm(page, task.id, "Target");
    const header = await boxOf(page.locator("header").first());
    const box = await boxOf(toast(page, "success"));
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThan(PHONE.height / 2);
  });
});
