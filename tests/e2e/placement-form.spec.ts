// The placement form (docs/screens.md, "Placements"): the error banner names the fields by their
// labels, and the dates keep their order; with JavaScript (project `js`) and without (`no-js`).
// Each test has an agency of its own (`agency`), so what it saves is its own.
import { type Page } from "@playwright/test";
import { dbForE2E, expect, field, test, toast } from "../support/e2e";
import { insertClient, insertFacility, placementsOf } from "../support/e2e-data";
import { screenSteps } from "../support/e2e-steps";

/** The client or facility picker: a plain select without JavaScript, a type-to-search combobox with it. */
const picker = (page: Page, label: "Client" | "Facility") => page.getByRole("combobox", { name: label, exact: true });

const { ready } = screenSteps({
  filters: "Placement filters",
  formHydrated: (page) => expect(picker(page, "Client")).toHaveAttribute("aria-autocomplete", "list"),
});

/** The line over the form that lists every problem. */
const banner = (page: Page) => page.getByRole("alert").filter({ hasText: "Validation errors:" });

test.describe("the error banner", () => {
  test("names each field by its label, never by its field name", async ({
    page,
    agency: _agency,
    javaScriptEnabled,
  }) => {
    await page.goto("/placements/new");
    await ready(page, javaScriptEnabled, "form");
    await field(page, "Start date").fill("");
    await page.getByRole("button", { name: "Create Placement" }).click();

    await expect(banner(page)).toHaveText(
      "Validation errors: Client: Client is required, Facility: Facility is required, Start date: Start date is required",
    );
    const text = await banner(page).innerText();
    for (const name of ["clientId", "facilityId", "startDate"]) expect(text).not.toContain(name);
    // Each message also by its field.
    await expect(picker(page, "Client")).toHaveAccessibleDescription("Client is required");
    await expect(picker(page, "Facility")).toHaveAccessibleDescription("Facility is required");
    await expect(field(page, "Start date")).toHaveAccessibleDescription("Start date is required");
  });

  test("what only the server sees is named by its label too", async ({ page, agency, javaScriptEnabled }) => {
    const client = await insertClient(agency, { first_name: "Vera", last_name: "Lindqvist" });
    const facility = await insertFacility(agency, { name: "Gone Tomorrow House" });
    await page.goto(`/placements/new?clientId=${client.id}&facilityId=${facility.id}`);
    await ready(page, javaScriptEnabled, "form");
    // Removed by someone else while the form is open.
    await dbForE2E().deleteFrom("facilities").where("id", "=", facility.id).execute();
    await page.getByRole("button", { name: "Create Placement" }).click();

    await expect(banner(page)).toHaveText("Validation errors: Facility: Facility not found");
    await expect(picker(page, "Facility")).toHaveAccessibleDescription("Facility not found");
    expect(await placementsOf(agency)).toHaveLength(0);
  });
});

test.describe("the dates", () => {
  test("an end or move-in before the start is refused next to its field; nothing is saved until they are in order", async ({
    page,
    agency,
    javaScriptEnabled,
  }) => {
    const client = await insertClient(agency, { first_name: "Ines", last_name: "Carvalho" });
    const facility = await insertFacility(agency, { name: "Datewise Manor" });
    await page.goto(`/placements/new?clientId=${client.id}&facilityId=${facility.id}`);
    await ready(page, javaScriptEnabled, "form");

    // The example.
    await field(page, "Start date").fill("2026-12-10");
    await field(page, "End date").fill("2026-01-01");
    await field(page, "Move-in date").fill("2025-01-01");
    await field(page, "Notes about this placement").fill("Dates to be confirmed with the family.");
    await page.getByRole("button", { name: "Create Placement" }).click();

    await expect(field(page, "End date")).toHaveAccessibleDescription("End date cannot be before the start date");
    await expect(field(page, "End date")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Move-in date")).toHaveAccessibleDescription(
      "Move-in date cannot be before the start date",
    );
    await expect(field(page, "Start date")).not.toHaveAttribute("aria-invalid", "true");
    await expect(banner(page)).toHaveText(
      "Validation errors: Move-in date: Move-in date cannot be before the start date, End date: End date cannot be before the start date",
    );
    await expect(page).toHaveURL(/\/placements\/new\?/);
    // What was typed is still there.
    await expect(field(page, "End date")).toHaveValue("2026-01-01");
    await expect(field(page, "Notes about this placement")).toHaveValue("Dates to be confirmed with the family.");
    expect(await placementsOf(agency)).toHaveLength(0);

    // A move-in after the start, but an end before the move-in.
    await field(page, "Move-in date").fill("2026-12-20");
    await field(page, "End date").fill("2026-12-15");
    await page.getByRole("button", { name: "Create Placement" }).click();
    await expect(field(page, "End date")).toHaveAccessibleDescription("End date cannot be before the move-in date");
    await expect(field(page, "Move-in date")).not.toHaveAttribute("aria-invalid", "true");
    await expect(banner(page)).toHaveText("Validation errors: End date: End date cannot be before the move-in date");
    expect(await placementsOf(agency)).toHaveLength(0);

    // In order (the end on the move-in day), it is saved.
    await field(page, "End date").fill("2026-12-20");
    await page.getByRole("button", { name: "Create Placement" }).click();
    await expect(page).toHaveURL(/\/placements$/);
    await expect(toast(page, "success")).toContainText("Placement created successfully!");
    const [stored] = await placementsOf(agency);
    expect(stored).toMatchObject({
      client_id: client.id,
      facility_id: facility.id,
      start_date: "2026-12-10",
      move_in_date: "2026-12-20",
      end_date: "2026-12-20",
    });
  });
});
