import { createEmptyAgencyUser, expect, test } from "../support/e2e";

const ENTRIES = [
  ["Dashboard", "Overview & Analytics"],
  ["Swim Lane Tracker", "Placement Pipeline"],
  ["Clients", "Client Management"],
  ["Facilities", "Care Facilities"],
  ["Placements", "Placement Records"],
  ["Tasks", "Task Management"],
  ["Resources", "Documents & Files"],
  // For coordinators and admins (the demo login is a coordinator); agents: tests/e2e/reports.spec.ts.
  ["Reports", "Placements & Referrals"],
  // Also for coordinators and admins: the ninth and tenth.
  ["Invoices", "Fees & Payments"],
  ["Import", "From CSV Files"],
] as const;

test.describe("application shell", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs("demo@example.com");
  });

  test("the sidebar lists the seven entries, Reports, Invoices and Import for a coordinator, and the signed-in user", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const links = sidebar.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveCount(ENTRIES.length);
    for (const [index, [label, subtitle]] of ENTRIES.entries()) {
      await expect(links.nth(index)).toContainText(label);
      await expect(links.nth(index)).toContainText(subtitle);
    }
    await expect(links.nth(0)).toHaveAttribute("aria-current", "page");
    const footer = sidebar.getByTestId("sidebar-user");
    await expect(footer).toContainText("Dana Morgan");
    await expect(footer).toContainText("demo@example.com");
    await expect(footer).toContainText("Coordinator");
  });

  test("the header shows the route's title, search box, bell and user menu", async ({ page, javaScriptEnabled }) => {
    await page.goto("/dashboard");
    const header = page.getByRole("banner");
    await expect(header.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(header.getByText("Overview of your placement management system")).toBeVisible();
    await expect(header.getByPlaceholder("Search everything...")).toBeVisible();
    // The bell: a menu with JavaScript, a link to /notifications without; its name counts the unread.
    const bell = header.getByTestId("notifications");
    await expect(javaScriptEnabled ? bell.locator("summary") : bell).toHaveAccessibleName(/^Notifications/);
    await expect(header.getByTestId("user-menu").locator("summary")).toContainText("Coordinator");
  });

  test("the sidebar collapses and stays collapsed after a reload", async ({ page }) => {
    await page.goto("/dashboard");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
    // With JavaScript the cookie is saved in the background: wait for it before reloading.
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/sidebar");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await saved;
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-collapsed", "true");
    // Icon-only: the labels stay for screen readers, the rail is narrow.
    expect((await sidebar.boundingBox())!.width).toBeLessThan(80);
    const restored = page.waitForResponse((r) => new URL(r.url()).pathname === "/sidebar");
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await restored;
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-collapsed", "false");
    expect((await sidebar.boundingBox())!.width).toBeGreaterThan(200);
  });

  test("toasts can be closed by hand", async ({ page }) => {
    // A toast of the server's: the welcome after signing in through the form.
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByLabel("Email address").fill("demo@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    const toast = page.locator("[data-toast-type=success]");
    await expect(toast).toBeVisible();
    await toast.getByText("Close").click({ force: true });
    await expect(toast).toBeHidden();
  });
});

test.describe("dashboard", () => {
  test("shows the numbers in the database @once", async ({ page, loginAs, e2eNumbers }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    const n = await e2eNumbers();
    const card = (label: string) => page.getByTestId(`stat-${label}`);
    await expect(card("Total Clients").getByTestId("stat-value")).toHaveText(n.totalClients.toLocaleString("en-US"));
    await expect(card("Total Clients").getByTestId("stat-secondary")).toHaveText(`${n.newClients} new clients`);
    await expect(card("Active Placements").getByTestId("stat-value")).toHaveText(String(n.activePlacements));
    await expect(card("Active Placements").getByTestId("stat-secondary")).toHaveText(
      `${n.totalPlacements} total placements`,
    );
    await expect(card("Available Facilities").getByTestId("stat-value")).toHaveText(String(n.totalFacilities));
    await expect(card("Available Facilities").getByTestId("stat-secondary")).toHaveText(
      `${n.availableBeds.toLocaleString("en-US")} beds available`,
    );
    await expect(card("Pending Tasks").getByTestId("stat-value")).toHaveText(String(n.pendingTasks));
    await expect(card("Pending Tasks").getByTestId("stat-secondary")).toHaveText(`${n.overdueTasks} overdue`);

    const lanes = page.getByTestId("pipeline-lane");
    await expect(lanes).toHaveCount(5);
    for (const [index, lane] of n.lanes.entries()) {
      await expect(lanes.nth(index).getByTestId("lane-name")).toHaveText(lane.stage);
      await expect(lanes.nth(index).getByTestId("lane-count")).toHaveText(String(lane.count));
    }

    const recent = page.getByTestId("recent-activity");
    await expect(recent).toHaveCount(3);
    for (const [index, p] of n.recent.entries()) {
      await expect(recent.nth(index)).toContainText(`${p.firstName} ${p.lastName} - ${p.status}`);
      await expect(recent.nth(index)).toContainText(p.facility);
    }
    await expect(page.getByRole("link", { name: "View all placements", exact: true })).toHaveAttribute(
      "href",
      "/placements",
    );
  });

  test("the stat cards and quick links go to their sections", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "View Swim Lanes", exact: true })).toHaveAttribute(
      "href",
      "/swim-lanes",
    );
    await expect(page.getByRole("link", { name: "View All Placements", exact: true })).toHaveAttribute(
      "href",
      "/placements",
    );
    await expect(page.getByTestId("stat-Pending Tasks")).toHaveAttribute("href", "/tasks");
  });

  test("Add Client opens the new-client form", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Add Client", exact: true }).click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(page.getByRole("heading", { name: "Add Client" })).toBeVisible();
    await expect(page.getByLabel("First name")).toBeVisible();
  });
});

test.describe("dashboard of an agency with no data", () => {
  test("shows zeros and the empty states", async ({ page, loginAs, e2eDb: _e2eDb }) => {
    await loginAs(await createEmptyAgencyUser());
    await page.goto("/dashboard");
    for (const label of ["Total Clients", "Active Placements", "Available Facilities", "Pending Tasks"]) {
      await expect(page.getByTestId(`stat-${label}`).getByTestId("stat-value")).toHaveText("0");
    }
    await expect(page.getByText("No placement data available")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create your first placement" })).toHaveAttribute(
      "href",
      "/placements/new",
    );
    await expect(page.getByText("No recent activity")).toBeVisible();
    await expect(page.getByTestId("recent-activity")).toHaveCount(0);
    await expect(page.getByText("No placements started in the last 12 months.")).toBeVisible();
  });
});

test.describe("recent activity", () => {
  test("status dots follow the spec's colours", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    const dots = page.getByTestId("recent-activity").locator("[data-status]");
    const count = await dots.count();
    expect(count).toBe(3);
    const expected: Record<string, string> = {
      "In Progress": "bg-blue-500",
      Confirmed: "bg-emerald-500",
      Completed: "bg-green-700",
      Cancelled: "bg-slate-400",
    };
    for (let i = 0; i < count; i++) {
      const status = (await dots.nth(i).getAttribute("data-status"))!;
      await expect(dots.nth(i)).toHaveClass(new RegExp(expected[status]));
    }
  });
});
