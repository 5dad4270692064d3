// The bell: what needs the signed-in person. With JavaScript it opens as a menu; without, it is a
// link to /notifications. Either way an overdue task shows and its link opens the task, and Mark
// as read takes it off the count.
import { expect, test, token } from "../support/e2e";
import { insertTask } from "../support/e2e-data";
import { isoDate } from "../support/factories";

test.describe("notifications", () => {
  test("the bell shows an overdue task and opens it", async ({ page, agency, javaScriptEnabled }) => {
    const title = `Call the family ${token()}`;
    const task = await insertTask(agency, { title, due_date: isoDate(-3) });
    await page.goto("/dashboard");
    const bell = page.getByTestId("notifications");
    if (javaScriptEnabled) {
      const button = bell.locator("summary");
      await expect(button).toHaveAccessibleName("Notifications, 1 unread");
      await button.click();
      const menu = bell.getByRole("region", { name: "Notifications" });
      await expect(menu.getByText("Overdue task")).toBeVisible();
      await menu.getByRole("link", { name: title }).click();
    } else {
      await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
      await bell.click();
      await expect(page).toHaveURL("/notifications");
      await expect(page.getByRole("banner").getByRole("heading", { name: "Notifications" })).toBeVisible();
      const list = page.getByRole("list", { name: "Notifications" });
      await expect(list.getByText("Overdue task")).toBeVisible();
      await list.getByRole("link", { name: title }).click();
    }
    await expect(page).toHaveURL(`/tasks/${task.id}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
  });

  test("Mark as read takes it off the count; Mark all as read the rest", async ({
    page,
    agency,
    javaScriptEnabled,
  }) => {
    const first = `Send the forms ${token()}`;
    await insertTask(agency, { title: first, due_date: isoDate(-2) });
    await insertTask(agency, { title: `Visit ${token()}`, due_date: isoDate(-1) });
    await page.goto("/notifications");
    const bell = page.getByTestId("notifications");
    const bellButton = javaScriptEnabled ? bell.locator("summary") : bell;
    await expect(bellButton).toHaveAccessibleName("Notifications, 2 unread");
    await expect(page.getByText("2 unread of 2")).toBeVisible();
    await page.getByRole("button", { name: new RegExp(`^Mark as read\\W+${first}$`) }).click();
    await expect(bellButton).toHaveAccessibleName("Notifications, 1 unread");
    await expect(page).toHaveURL("/notifications");
    await page.getByRole("main").getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("All notifications marked as read")).toBeVisible();
    await expect(bellButton).toHaveAccessibleName("Notifications");
    await expect(page.getByText("0 unread of 2")).toBeVisible();
  });
});
