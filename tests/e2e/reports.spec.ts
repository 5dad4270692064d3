// Reports (docs/screens.md, "Reports"): the charts and their tables over a range of days and a
// person chosen in a GET form, a report's CSV, who may see them; the placements list's export.
// With JavaScript and without, except what the server alone decides (@once).

import type { Page } from "@playwright/test";
import { createUser } from "../support/factories";
import { csvRecords, dbForE2E, expect, loginAs, serverToday, type SignedInUser, test } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement } from "../support/e2e-data";
import { download, hrefOf, screenSteps } from "../support/e2e-steps";

const { filters, applyFilters } = screenSteps({ filters: "Report filters" });

/** A small book of business with known figures, in the signed-in coordinator's new agency. */
async function knownFigures(agency: SignedInUser) {
  const agent = await createUser(dbForE2E(), {
    agencyId: agency.agencyId,
    role: "agent",
    first_name: "Abe",
    last_name: "Agent",
  });
  const facility = await insertFacility(agency);
  const added = "2025-03-10T15:00:00Z";
  const ann = await insertClient(agency, { created_at: added, tracker_status: "Placed", referral_source: "Hospital" });
  const ben = await insertClient(agency, {
    created_at: added,
    tracker_status: "Follow-up",
    referral_source: "Hospital",
  });
  const cy = await insertClient(agency, {
    created_at: added,
    tracker_status: "New Client",
    referral_source: "Physician",
  });
  await insertPlacement(agency, ann, facility, {
    start_date: "2025-03-12",
    status: "Completed",
    move_in_date: "2025-03-20",
  });
  await insertPlacement(agency, ben, facility, {
    start_date: "2025-04-02",
    status: "Completed",
    move_in_date: "2025-04-15",
  });
  await insertPlacement(agency, cy, facility, { start_date: "2025-04-05", agent_id: agent.id });
  return { agent };
}

const report = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** The rows of a report's table, as their cells read. */
async function tableRows(page: Page, title: string): Promise<string[][]> {
  const rows = report(page, title).locator("tbody tr");
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? "").trim())));
}

test.describe("reports", () => {
  test("shows each report as a chart with its figures beneath, for the days and person chosen", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await knownFigures(agency);
    await page.goto("/reports");
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    // The last twelve months unless said: nothing in them yet.
    await expect(report(page, "Placements per month")).toContainText("No placements started in this range.");

    await filters(page).getByLabel("From").fill("2025-03-01");
    if (js) await expect(page).toHaveURL(/from=2025-03-01/);
    await filters(page).getByLabel("To").fill("2025-05-31");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/from=2025-03-01&to=2025-05-31/);

    await expect(page.getByRole("img", { name: /^Placements per month/ })).toBeVisible();
    await expect
      .poll(() => tableRows(page, "Placements per month"))
      .toEqual([
        ["Mar 2025", "1"],
        ["Apr 2025", "2"],
        ["May 2025", "0"],
      ]);
    await expect
      .poll(() => tableRows(page, "Placements per agent"))
      .toEqual([
        ["Erin Empty", "2", "2"],
        ["Abe Agent", "1", "0"],
      ]);
    // 10 and 36 days.
    await expect(report(page, "Time from intake to move-in")).toContainText(
      "Median 23 days · quartiles 16.5 days to 29.5 days · 2 move-ins",
    );
    await expect
      .poll(async () => (await tableRows(page, "Conversion through the pipeline")).map((r) => r.slice(0, 2)))
      .toEqual([
        ["New Client", "3"],
        ["Active Client", "2"],
        ["Target", "2"],
        ["Placed", "2"],
        ["Follow-up", "1"],
      ]);
    await expect
      .poll(async () => (await tableRows(page, "Referral sources")).slice(0, 2))
      .toEqual([
        ["Hospital", "2", "66.7", "2", "100"],
        ["Physician", "1", "33.3", "0", "0"],
      ]);

    await filters(page).getByLabel("Person").selectOption({ label: "Abe Agent" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/agentId=/);
    await expect.poll(() => tableRows(page, "Placements per agent")).toEqual([["Abe Agent", "1", "0"]]);
    await expect(report(page, "Time from intake to move-in")).toContainText("Nobody moved in during this range.");

    // A report's CSV: the table, over the same filters.
    const csv = report(page, "Placements per agent").getByRole("link", { name: "CSV of placements per agent" });
    const href = await hrefOf(csv);
    expect(href.pathname).toBe("/reports/placements-by-agent.csv");
    expect(href.searchParams.get("from")).toBe("2025-03-01");
    const file = await download(csv);
    expect(file.filename).toBe("placements-by-agent-2025-03-01-to-2025-05-31.csv");
    expect(csvRecords(file.text, ["Agent", "Placements", "Completed"])).toEqual([
      { Agent: "Abe Agent", Placements: "1", Completed: "0" },
    ]);
  });

  test("are in the sidebar of coordinators, not of agents; an agent is refused @once", async ({
    page,
    agency,
    spareAgentEmail,
  }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Reports/ })).toHaveAttribute(
      "href",
      "/reports",
    );
    await expect(page.getByRole("link", { name: "View reports" })).toBeVisible();
    void agency;

    await loginAs(page, spareAgentEmail);
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(7);
    await expect(page.getByRole("link", { name: "View reports" })).toHaveCount(0);
    const refused = await page.goto("/reports");
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("Only a coordinator or an admin can see the reports.")).toBeVisible();
  });
});

test.describe("the dashboard's chart", () => {
  test("shows the placements of the last twelve months, a bar per month", async ({ page, agency }) => {
    const client = await insertClient(agency);
    await insertPlacement(agency, client, await insertFacility(agency), { start_date: serverToday() });
    await page.goto("/dashboard");
    await expect(page.getByText("1 placement started, cancelled ones left out")).toBeVisible();
    const chart = page.getByRole("img", { name: /^Placements per month/ });
    await expect(chart).toHaveCount(1); // the phone's layout of it is hidden at this width
    await expect(chart).toHaveAccessibleDescription(/1 placement in all/);
    await expect(chart.locator(".chart-bars rect")).toHaveCount(12);
  });
});

test.describe("the placements export", () => {
  test("downloads the filtered list as CSV from the list's Export link", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await knownFigures(agency);
    const steps = screenSteps({ filters: "Placement filters" });
    await page.goto("/placements");
    await steps.ready(page, js, "list");
    await steps.filters(page).getByLabel("Status").selectOption("Completed");
    await steps.applyFilters(page, js);
    await expect(page).toHaveURL(/status=Completed/);

    const exportLink = page.getByRole("link", { name: "Export", exact: true });
    // The list (and its link) follows the address as its page renders: waited for, not read at once.
    await expect(exportLink).toHaveAttribute("href", /status=Completed/);
    const href = await hrefOf(exportLink);
    expect(href.pathname).toBe("/placements/export");
    expect(href.searchParams.get("status")).toBe("Completed");
    const file = await download(exportLink);
    expect(file.filename).toMatch(/^placements-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header] = file.text.slice(1).split(/\r?\n/);
    const records = csvRecords(file.text, header.split(","));
    expect(records.map((r) => [r["Start Date"], r["Move-in Date"], r.Status, r.Agent])).toEqual([
      ["2025-04-02", "2025-04-15", "Completed", "Erin Empty"],
      ["2025-03-12", "2025-03-20", "Completed", "Erin Empty"],
    ]);
  });
});
