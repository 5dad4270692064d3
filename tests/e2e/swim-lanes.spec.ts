// The swim-lane board (docs/swim-lanes.md): moving a task by drag and drop, with the keyboard
// (both with JavaScript) and with a card's "Move to" form (without), a move refused because
// someone else moved the task meanwhile, and the task panel: its tabs and adding a communication,
// with JavaScript (a panel over the board) and without (a page of its own). Each test has an
// agency of its own (`agency`), so its cards are the only ones on the board and no other spec's
// counts change.
import type { Locator, Page } from "@playwright/test";
import { addDays, dayIn } from "~/utils/days";
import type { ClientStatus } from "~/utils/vocabulary";
import { dbForE2E, expect, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertTask } from "../support/e2e-data";

// Tall enough for the lanes (600 px each, under the filters) to be on screen whole: a drag reads
// what is under the pointer.
test.use({ viewport: { width: 1440, height: 1200 } });

/** The agency's day (the e2e server runs with the default TIME_ZONE), `days` from today. */
function agencyDay(days = 0): string {
  return addDays(dayIn("America/New_York"), days);
}

/**
 * An open, overdue, Urgent task with a client, assigned to the signed-in user, in that stage: the
 * first card of its lane.
 */
async function laneTask(user: SignedInUser, stage: ClientStatus, title: string) {
  const client = await insertClient(user, { first_name: "Wilhelmina", last_name: `Achterberg${token()}` });
  const task = await insertTask(user, {
    title: `${title} ${token()}`,
    stage,
    priority: "Urgent",
    due_date: agencyDay(-5),
    client_id: client.id,
  });
  return { ...task, client };
}

const lane = (page: Page, stage: ClientStatus) => page.locator(`li[data-stage="${stage}"]`);
const laneCount = (page: Page, stage: ClientStatus) => lane(page, stage).getByTestId("lane-count");
/** A card in a lane's list (not sortablejs's ghost of it during a drag). */
const cardIn = (page: Page, stage: ClientStatus, id: string) =>
  lane(page, stage).locator(`ul > li[data-task-id="${id}"]`);
const anyCard = (page: Page, id: string) => page.locator(`li[data-task-id="${id}"]`);
const moveHandle = (card: Locator) => card.locator("[data-move-handle]");
const announcer = (page: Page) => page.getByTestId("board-announcer");

async function stageInDb(id: string): Promise<ClientStatus> {
  const row = await dbForE2E().selectFrom("tasks").select("stage").where("id", "=", id).executeTakeFirstOrThrow();
  return row.stage;
}

/** Someone else moves the task (behind the page's back). */
async function movedBySomeoneElse(id: string, stage: ClientStatus) {
  await dbForE2E().updateTable("tasks").set({ stage, updated_at: new Date() }).where("id", "=", id).execute();
}

/** With JavaScript, the board has hydrated once a card shows its Move button. */
async function boardReady(page: Page, id: string) {
  await expect(moveHandle(anyCard(page, id))).toBeVisible();
}

/**
 * Drags a card (sortablejs in fallback mode: pointer events, a drag starts after 8 px) onto a
 * lane's list, or onto `over` (a card in that lane), and lets go.
 */
async function drag(page: Page, id: string, to: ClientStatus, over?: Locator) {
  // A part of the card that is no link, button or menu (those never start a drag).
  const grip = anyCard(page, id).getByText(/% complete$/);
  const from = (await grip.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 15, y + 15, { steps: 5 });
  // The drag has started: sortablejs draws its ghost of the card.
  await expect(page.locator(`.sortable-fallback[data-task-id="${id}"]`)).toHaveCount(1);
  const target = (await (over ?? lane(page, to).locator(":scope > ul")).boundingBox())!;
  await page.mouse.move(target.x + target.width / 2, target.y + Math.min(target.height / 2, 40), { steps: 15 });
  // sortablejs looks under the pointer every 50 ms and then puts the card in that list.
  await expect(cardIn(page, to, id)).toHaveCount(1);
  await page.mouse.up();
}

test.describe("moving a task", () => {
  test("a card dragged to another lane moves there, and stays there @js-only", async ({ page, agency }) => {
    const task = await laneTask(agency, "New Client", "Call the son about the tour");
    await page.goto("/swim-lanes");
    await boardReady(page, task.id);
    await expect(cardIn(page, "New Client", task.id)).toContainText(task.title);
    await expect(cardIn(page, "New Client", task.id)).toContainText(task.client.name);
    await expect(laneCount(page, "New Client")).toHaveText("1");
    await expect(laneCount(page, "Target")).toHaveText("0");

    await drag(page, task.id, "Target");

    await expect(toast(page, "success")).toContainText("Task moved successfully!");
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "Target")).toHaveText("1");
    await expect(laneCount(page, "New Client")).toHaveText("0");
    await expect(lane(page, "New Client")).toContainText("No tasks in this stage");
    expect(await stageInDb(task.id)).toBe("Target");

    await page.reload();
    await boardReady(page, task.id);
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "Target")).toHaveText("1");
  });

  test("a drag refused because someone else moved the task goes back; the board shows where it is @js-only", async ({
    page,
    agency,
  }) => {
    const task = await laneTask(agency, "New Client", "Verify the Medicaid waiver");
    const other = await laneTask(agency, "Active Client", "Send the care assessment");
    await page.goto("/swim-lanes");
    await boardReady(page, task.id);
    await expect(cardIn(page, "New Client", task.id)).toBeVisible();

    await movedBySomeoneElse(task.id, "Target");
    // Dropped on a card: its lane.
    await drag(page, task.id, "Active Client", cardIn(page, "Active Client", other.id));

    await expect(toast(page, "error")).toContainText(
      "Failed to move task: someone else moved it to Target meanwhile. The board now shows where it is.",
    );
    await expect(cardIn(page, "Active Client", task.id)).toHaveCount(0);
    await expect(cardIn(page, "Active Client", other.id)).toBeVisible();
    // Reloaded after the refusal: where the other mover put it.
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "New Client")).toHaveText("0");
    await expect(laneCount(page, "Active Client")).toHaveText("1");
    await expect(laneCount(page, "Target")).toHaveText("1");
    expect(await stageInDb(task.id)).toBe("Target");
  });

  test("with the keyboard only: Move, the arrows, Enter; Escape cancels @js-only", async ({ page, agency }) => {
    const task = await laneTask(agency, "New Client", "Book the respite stay");
    await page.goto("/swim-lanes");
    await boardReady(page, task.id);

    const handle = moveHandle(cardIn(page, "New Client", task.id));
    await expect(handle).toHaveAccessibleName(`Move ${task.title}`);
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await expect(announcer(page)).toContainText(`Picked up ${task.title} in New Client.`);
    await page.keyboard.press("ArrowRight");
    await expect(announcer(page)).toHaveText(`${task.title}: over Active Client.`);
    await page.keyboard.press("ArrowRight");
    await expect(announcer(page)).toHaveText(`${task.title}: over Target.`);
    await page.keyboard.press("Enter");

    await expect(toast(page, "success")).toContainText("Task moved successfully!");
    await expect(announcer(page)).toHaveText("Task moved successfully!");
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "Target")).toHaveText("1");
    await expect(laneCount(page, "New Client")).toHaveText("0");
    // The focus stays on the moved card's Move button.
    const moved = moveHandle(cardIn(page, "Target", task.id));
    await expect(moved).toBeFocused();
    await expect(moved).toHaveAttribute("aria-pressed", "false");
    expect(await stageInDb(task.id)).toBe("Target");

    // Picked up again, over another lane, then Escape: nothing moves.
    await page.keyboard.press("Space");
    await expect(moved).toHaveAttribute("aria-pressed", "true");
    await expect(announcer(page)).toContainText(`Picked up ${task.title} in Target.`);
    await page.keyboard.press("ArrowLeft");
    await expect(announcer(page)).toHaveText(`${task.title}: over Active Client.`);
    await page.keyboard.press("Escape");
    await expect(announcer(page)).toHaveText(`Move cancelled. ${task.title} stays in Target.`);
    await expect(moved).toHaveAttribute("aria-pressed", "false");
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
    await expect(cardIn(page, "Active Client", task.id)).toHaveCount(0);
    await expect(toast(page, "error")).toHaveCount(0);
    expect(await stageInDb(task.id)).toBe("Target");

    await page.reload();
    await boardReady(page, task.id);
    await expect(cardIn(page, "Target", task.id)).toBeVisible();
  });

  test("with JavaScript, Move to moves the card in place, without loading the page again @js-only", async ({
    page,
    agency,
  }) => {
    const task = await laneTask(agency, "Placed", "Post-placement check-in call");
    await page.goto("/swim-lanes");
    await boardReady(page, task.id);
    await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true));

    const card = cardIn(page, "Placed", task.id);
    await card.locator("summary", { hasText: "Move to" }).click();
    await card.getByLabel("Stage").selectOption("Follow-up");
    await card.getByRole("button", { name: "Move", exact: true }).click();

    await expect(toast(page, "success")).toContainText("Task moved successfully!");
    await expect(cardIn(page, "Follow-up", task.id)).toBeVisible();
    await expect(cardIn(page, "Follow-up", task.id).locator("details")).not.toHaveAttribute("open");
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "Follow-up")).toHaveText("1");
    await expect(laneCount(page, "Placed")).toHaveText("0");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expect(page).toHaveURL(/\/swim-lanes$/);
    expect(await stageInDb(task.id)).toBe("Follow-up");
  });

  test("without JavaScript, a card's Move to form moves it and the board comes back with a toast @no-js-only", async ({
    page,
    agency,
  }) => {
    const task = await laneTask(agency, "Active Client", "Schedule the move-in day");
    await page.goto("/swim-lanes");
    const card = cardIn(page, "Active Client", task.id);
    await expect(card).toBeVisible();
    // No Move button without JavaScript: "Move to" is the way.
    await expect(card.locator("[data-move-handle]")).toHaveCount(0);

    await card.locator("summary", { hasText: "Move to" }).click();
    // The open form is inside the card, on top: what is at its Move button is the button.
    const submit = card.getByRole("button", { name: "Move", exact: true });
    const box = (await submit.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, [x, y])).toBe("Move");
    await card.getByLabel("Stage").selectOption("Placed");
    await submit.click();

    // Back at the moved card: the redirect ends in its id.
    await expect(page).toHaveURL(new RegExp(`/swim-lanes#task-${task.id}$`));
    await expect(toast(page, "success")).toContainText("Task moved successfully!");
    await expect(cardIn(page, "Placed", task.id)).toBeVisible();
    await expect(cardIn(page, "Placed", task.id)).toHaveAttribute("id", `task-${task.id}`);
    await expect(cardIn(page, "Placed", task.id)).toBeInViewport();
    await expect(anyCard(page, task.id)).toHaveCount(1);
    await expect(laneCount(page, "Placed")).toHaveText("1");
    await expect(laneCount(page, "Active Client")).toHaveText("0");
    expect(await stageInDb(task.id)).toBe("Placed");
  });

  test("without JavaScript, a Move to refused because someone else moved the task says so @no-js-only", async ({
    page,
    agency,
  }) => {
    const task = await laneTask(agency, "Active Client", "Confirm the hospice referral");
    await page.goto("/swim-lanes");
    const card = cardIn(page, "Active Client", task.id);
    await card.locator("summary", { hasText: "Move to" }).click();
    await card.getByLabel("Stage").selectOption("Target");
    await movedBySomeoneElse(task.id, "Follow-up");
    await card.getByRole("button", { name: "Move", exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/swim-lanes#task-${task.id}$`));
    await expect(toast(page, "error")).toContainText(
      "Failed to move task: someone else moved it to Follow-up meanwhile. The board now shows where it is.",
    );
    await expect(cardIn(page, "Follow-up", task.id)).toBeVisible();
    await expect(cardIn(page, "Target", task.id)).toHaveCount(0);
    expect(await stageInDb(task.id)).toBe("Follow-up");
  });

  test("without JavaScript, a stage the board never offers is refused over the board, and the card stays @no-js-only", async ({
    page,
    agency,
  }) => {
    const task = await laneTask(agency, "Active Client", "Collect the physician's orders");
    await page.goto("/swim-lanes");
    const card = cardIn(page, "Active Client", task.id);
    await card.locator("summary", { hasText: "Move to" }).click();
    const stage = card.getByLabel("Stage");
    // As a stale or altered page would send it: 3,000 characters.
    await stage.evaluate((select: HTMLSelectElement) => {
      select.options[0].value = "x".repeat(3_000);
      select.selectedIndex = 0;
    });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      card.getByRole("button", { name: "Move", exact: true }).click(),
    ]);

    expect(answer.status()).toBe(400);
    await expect(toast(page, "error")).toContainText(`Failed to move task: Invalid status "xxx`);
    await expect(cardIn(page, "Active Client", task.id)).toBeVisible();
    expect(await stageInDb(task.id)).toBe("Active Client");
  });
});

test.describe("the task panel", () => {
  /** A task whose client has a matching facility, with two milestones and one communication. */
  async function panelTask(user: SignedInUser) {
    const client = await insertClient(user, {
      first_name: "Rosalind",
      last_name: `Vance${token()}`,
      care_level: "memory",
      medical_conditions: ["Alzheimer's Disease"],
      budget_min: 5000,
      budget_max: 7000,
      preferred_location: "Boston, MA",
    });
    const facility = await insertFacility(user, {
      name: `Harborview Memory ${token()}`,
      type: "Memory Care",
      address_city: "Boston",
      address_state: "MA",
      address_zip: "02108",
      min_cost: 5500,
      max_cost: 6500,
      specialties: ["Alzheimer's Care"],
    });
    const task = await insertTask(user, {
      title: `Tour the memory-care homes ${token()}`,
      stage: "Target",
      priority: "Urgent",
      due_date: agencyDay(-2),
      client_id: client.id,
    });
    await dbForE2E()
      .insertInto("task_checklist_items")
      .values([
        {
          agency_id: user.agencyId,
          task_id: task.id,
          text: "Book the tours",
          is_completed: true,
          completed_at: new Date(),
          position: 0,
        },
        { agency_id: user.agencyId, task_id: task.id, text: "Bring the care plan", is_completed: false, position: 1 },
      ])
      .execute();
    await dbForE2E()
      .insertInto("task_communications")
      .values({
        agency_id: user.agencyId,
        task_id: task.id,
        type: "email",
        content: "Sent the family the brochures.",
        author_id: user.id,
        occurred_at: new Date(Date.now() - 2 * 86_400_000),
      })
      .execute();
    return { task, client, facility };
  }

  const panel = (page: Page, title: string) => page.getByRole("dialog", { name: title });
  const tab = (scope: Locator, name: RegExp) =>
    scope.getByRole("navigation", { name: "Task sections" }).getByRole("link", { name });
  const communications = (scope: Locator) =>
    scope.getByRole("list", { name: "Communications, newest first" }).getByRole("listitem");

  test("without JavaScript: the panel is a page of its own; its tabs; adding a communication @no-js-only", async ({
    page,
    agency,
  }) => {
    const { task, client, facility } = await panelTask(agency);
    await page.goto("/swim-lanes");
    await cardIn(page, "Target", task.id).getByRole("link", { name: task.title }).click();

    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}$`));
    const dialog = panel(page, task.title);
    await expect(dialog).toBeVisible();
    await expect(tab(dialog, /^Overview/)).toHaveAttribute("aria-current", "page");
    await expect(dialog).toContainText(client.name);
    await expect(dialog.getByRole("heading", { name: "Progress: 50%" })).toBeVisible();
    const milestones = dialog.getByRole("list", { name: "Milestones" }).getByRole("listitem");
    await expect(milestones).toHaveCount(2);
    await expect(milestones.nth(0).getByRole("checkbox", { name: "Book the tours" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(milestones.nth(1).getByRole("checkbox", { name: "Bring the care plan" })).toHaveAttribute(
      "aria-checked",
      "false",
    );

    await tab(dialog, /^Facility Matching/).click();
    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}\\?tab=matching$`));
    await expect(tab(dialog, /^Facility Matching/)).toHaveAttribute("aria-current", "page");
    const matches = dialog.getByRole("list", { name: "Matched facilities" }).getByRole("listitem");
    await expect(matches.first()).toContainText(facility.name);
    await expect(matches.first()).toContainText("Best Match");

    await tab(dialog, /^Communications/).click();
    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}\\?tab=communications$`));
    await expect(communications(dialog)).toHaveCount(1);
    await dialog.getByLabel("Type").selectOption("call");
    await dialog.getByLabel("Content").fill("Called the daughter: tours on Friday.");
    await dialog.getByRole("button", { name: "Add Communication" }).click();

    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}\\?tab=communications$`));
    await expect(toast(page, "success")).toContainText("Communication added successfully!");
    await expect(communications(dialog)).toHaveCount(2);
    await expect(communications(dialog).first()).toContainText("Call");
    await expect(communications(dialog).first()).toContainText("Called the daughter: tours on Friday.");
    await expect(communications(dialog).nth(1)).toContainText("Sent the family the brochures.");
    await expect(dialog.getByLabel("Content")).toHaveValue("");

    // The × is a link back to the board, and the toast (at the bottom left while the panel is
    // open) leaves it free: a click while the toast is up lands at once (a covered link would make
    // the click wait the toast's 5 seconds out, past this timeout).
    await expect(toast(page, "success")).toBeVisible();
    await dialog.getByRole("link", { name: "Close", exact: true }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/swim-lanes$/);
    await expect(panel(page, task.title)).toHaveCount(0);
    await expect(cardIn(page, "Target", task.id)).toContainText("Called the daughter: tours on Friday.");
  });

  test("with JavaScript: a panel over the board; Escape, × and the backdrop close it; adding a communication @js-only", async ({
    page,
    agency,
  }) => {
    const { task } = await panelTask(agency);
    await page.goto("/swim-lanes");
    await boardReady(page, task.id);
    const title = cardIn(page, "Target", task.id).getByRole("link", { name: task.title });

    await title.click();
    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}$`));
    const dialog = panel(page, task.title);
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    // Over the board, which is still there.
    await expect(cardIn(page, "Target", task.id)).toBeAttached();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/swim-lanes$/);
    await expect(dialog).toHaveCount(0);

    await title.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close", exact: true }).click();
    await expect(page).toHaveURL(/\/swim-lanes$/);
    await expect(dialog).toHaveCount(0);

    await title.click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("panel-backdrop").click({ position: { x: 20, y: 300 } });
    await expect(page).toHaveURL(/\/swim-lanes$/);
    await expect(dialog).toHaveCount(0);

    await title.click();
    await tab(dialog, /^Communications/).click();
    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}\\?tab=communications$`));
    const content = dialog.getByLabel("Content");
    const add = dialog.getByRole("button", { name: "Add Communication" });
    await expect(content).toHaveAttribute("rows", "3");
    await expect(add).toBeDisabled();
    await content.fill("   ");
    await expect(add).toBeDisabled();
    await dialog.getByLabel("Type").selectOption("meeting");
    await content.fill("Met the family at Harborview.");
    await expect(add).toBeEnabled();
    await add.click();

    await expect(toast(page, "success")).toContainText("Communication added successfully!");
    await expect(communications(dialog)).toHaveCount(2);
    await expect(communications(dialog).first()).toContainText("Meeting");
    await expect(communications(dialog).first()).toContainText("Met the family at Harborview.");
    // The form is reset.
    await expect(content).toHaveValue("");
    await expect(dialog.getByLabel("Type")).toHaveValue("note");
    await expect(add).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/swim-lanes/${task.id}\\?tab=communications$`));
    // The board behind has reloaded: the card shows the newest communication.
    await expect(cardIn(page, "Target", task.id)).toContainText("Met the family at Harborview.");
    // The toast leaves the × free (see the test without JavaScript).
    await expect(toast(page, "success")).toBeVisible();
    const [toastBox, closeBox] = await Promise.all([
      toast(page, "success").boundingBox(),
      dialog.getByRole("link", { name: "Close", exact: true }).boundingBox(),
    ]);
    expect(toastBox!.y).toBeGreaterThan(closeBox!.y + closeBox!.height);
    expect(
      await dbForE2E()
        .selectFrom("task_communications")
        .select(["type", "content"])
        .where("task_id", "=", task.id)
        .orderBy("occurred_at", "desc")
        .execute(),
    ).toEqual([
      { type: "meeting", content: "Met the family at Harborview." },
      { type: "email", content: "Sent the family the brochures." },
    ]);
  });
});
