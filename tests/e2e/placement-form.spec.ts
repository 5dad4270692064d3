// The placement form (docs/screens.md, "Placements"): started from a client's page, its pickers
// searched without JavaScript, the error banner naming the fields by their labels, and the dates
// kept in their order; with JavaScript (project `js`) and without (`no-js`). Each test has an
// agency of its own (`agency`), so what it saves is its own.
import { type Page } from "@playwright/test";
import { dbForE2E, expect, field, serverToday, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, placementsOf } from "../support/e2e-data";
import { screenSteps } from "../support/e2e-steps";

/** The client or facility picker: a plain select without JavaScript, a type-to-search combobox with it. */
const picker = (page: Page, label: "Client" | "Facility") => page.getByRole("combobox", { name: label, exact: true });

const { ready } = screenSteps({
  filters: "Placement filters",
  formHydrated: (page) => expect(picker(page, "Client")).toHaveAttribute("aria-autocomplete", "list"),
});

/** Today as the server sees it (the app's dates are UTC calendar days). */
/** The agency's today (these agencies have no zone of their own: the server's). */
const today = serverToday;

/** Without JavaScript: a picker's search box, and its Search button. */
const searchBox = (page: Page, noun: "clients" | "facilities") =>
  page.getByRole("searchbox", { name: `Search ${noun}`, exact: true });
const searchButton = (page: Page, noun: "clients" | "facilities") =>
  page.getByRole("button", { name: `Search ${noun}`, exact: true });

/** Saved: on the new placement's page with the toast; the placement the agency now has. */
async function created(page: Page, agency: SignedInUser) {
  await expect(toast(page, "success")).toContainText("Placement created successfully!");
  const placements = await placementsOf(agency);
  expect(placements).toHaveLength(1);
  await expect(page).toHaveURL(new RegExp(`/placements/${placements[0].id}$`));
  return placements[0];
}

/** The summary over the form (every form's): how many fields need attention. */
const banner = (page: Page) => page.getByRole("alert").filter({ hasText: "Please fix the errors below" });

test.describe("starting a placement", () => {
  test("from a client's Suitable facilities: the best match first, with its reasons; Start placement chooses both", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, {
      first_name: "Rosalind",
      last_name: `Vance${token()}`,
      care_level: "memory",
      medical_conditions: ["Alzheimer's Disease"],
      budget_min: 5000,
      budget_max: 7000,
      preferred_location: "Boston, MA",
    });
    const boston = { address_city: "Boston", address_state: "MA", min_cost: 5500, max_cost: 6500 };
    const unit = await insertFacility(agency, {
      ...boston,
      name: `Harborview Memory ${token()}`,
      type: "Memory Care",
      address_zip: "02108",
      specialties: ["Alzheimer's Care"],
    });
    const worcester = await insertFacility(agency, {
      ...boston,
      name: `Elm Park Memory ${token()}`,
      type: "Memory Care",
      address_city: "Worcester",
      address_zip: "01609",
    });
    // Cannot care for memory: never suggested.
    const assisted = await insertFacility(agency, {
      ...boston,
      name: `Beacon Assisted ${token()}`,
      address_zip: "02116",
    });
    await page.goto(`/clients/${client.id}`);

    const card = page.locator("#matches");
    await expect(card.getByRole("heading", { name: "Suitable facilities" })).toBeVisible();
    const items = card
      .getByRole("list", { name: "Matched facilities" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("link") });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(unit.name);
    await expect(items.nth(0)).toContainText("Best Match");
    await expect(items.nth(0).getByRole("list", { name: "Reasons" })).toContainText("Memory care unit");
    await expect(items.nth(0).getByRole("list", { name: "Reasons" })).toContainText("Within budget");
    await expect(items.nth(0)).toContainText("10 beds free");
    await expect(items.nth(1)).toContainText(worcester.name);
    await expect(items.nth(1)).toContainText(/\d\d miles away/);
    await expect(card).not.toContainText(assisted.name);

    await card.getByRole("link", { name: `Start placement at ${worcester.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?clientId=${client.id}&facilityId=${worcester.id}$`));
    await ready(page, js, "form");
    await expect(picker(page, "Client")).toHaveValue(js ? client.name : client.id);
    await expect(picker(page, "Facility")).toHaveValue(js ? worcester.name : worcester.id);
    await page.getByRole("button", { name: "Create Placement" }).click();
    const stored = await created(page, agency);
    expect(stored).toMatchObject({ client_id: client.id, facility_id: worcester.id });
  });

  test("the client's page has New Placement, at phone width too; the form comes with the client chosen and saves", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, { first_name: "Marguerite", last_name: `Okonkwo${token()}` });
    const facility = await insertFacility(agency, { name: `Larkspur Commons ${token()}`, address_city: "Salem" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/clients/${client.id}`);

    // The page's first action, on the first screen; the Placements card has it too.
    const links = page.getByRole("link", { name: "New Placement", exact: true });
    await expect(links).toHaveCount(2);
    for (const link of await links.all())
      await expect(link).toHaveAttribute("href", `/placements/new?clientId=${client.id}`);
    await expect(links.first()).toBeInViewport();
    await links.first().click();

    await expect(page).toHaveURL(new RegExp(`/placements/new\\?clientId=${client.id}$`));
    await expect(page.getByRole("heading", { name: "Create New Placement" })).toBeVisible();
    await ready(page, js, "form");
    await expect(picker(page, "Client")).toHaveValue(js ? client.name : client.id);
    await expect(picker(page, "Facility")).toHaveValue("");

    // The facility: typed and chosen in the combobox, or chosen from the select.
    if (js) {
      const answered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/placement-options" && new URL(r.url()).searchParams.get("q") === "salem",
      );
      await picker(page, "Facility").fill("salem");
      await answered;
      await page
        .getByRole("listbox", { name: "Facility" })
        .getByRole("option")
        .filter({ hasText: facility.name })
        .click();
      await expect(picker(page, "Facility")).toHaveValue(facility.name);
    } else {
      await picker(page, "Facility").selectOption(facility.id);
    }
    await page.getByRole("button", { name: "Create Placement" }).click();

    const stored = await created(page, agency);
    expect(stored).toMatchObject({ client_id: client.id, facility_id: facility.id, start_date: today() });
  });

  test("without JavaScript each picker searches every client and facility; what was typed before is kept @no-js-only", async ({
    page,
    agency,
  }) => {
    const family = token();
    const client = await insertClient(agency, { first_name: "Henrietta", last_name: `Quill${family}` });
    // 100 clients updated after her: she is not among the ones the select starts with.
    const crowd = token();
    for (let i = 1; i <= 100; i++) await insertClient(agency, { first_name: `Filler${i}`, last_name: `Crowd${crowd}` });
    const facility = await insertFacility(agency, { name: `Bramblewood ${token()}`, address_city: "Eugene" });
    await insertFacility(agency, { name: `Other Place ${token()}` });

    await page.goto("/placements/new");
    const clients = picker(page, "Client");
    await expect(clients.locator("option")).toHaveCount(101); // "Choose…" and 100
    await expect(clients.locator("option", { hasText: client.name })).toHaveCount(0);
    await expect(
      page.getByText("The chosen client and the most recently updated ones. Search to find any other."),
    ).toBeVisible();

    // Typed before searching.
    await field(page, "Priority").selectOption("High");
    await field(page, "Monthly rate ($)").fill("5200.50");
    await page.getByRole("checkbox", { name: "Contract Signed", exact: true }).check();
    await field(page, "Contract Signed date").fill("2026-11-30");
    await field(page, "Notes about this placement").fill("Daughter visits on Sundays.");

    // Too many matches: the first 50.
    await searchBox(page, "clients").fill(`crowd${crowd}`);
    await searchButton(page, "clients").click();
    await expect(
      page.getByText(`Showing the first 50 of 100 clients matching "crowd${crowd}": refine the search`),
    ).toBeVisible();
    await expect(clients.locator("option")).toHaveCount(51);

    // None.
    await searchBox(page, "clients").fill("nobody-like-this");
    await searchButton(page, "clients").click();
    await expect(page.getByText('No clients match "nobody-like-this"')).toBeVisible();
    await expect(clients.locator("option")).toHaveText(["Choose…"]);

    // Her, by part of her last name: the button searches, nothing is saved, nothing typed is lost.
    await searchBox(page, "clients").fill(`quill${family}`);
    await searchButton(page, "clients").click();
    await expect(page.getByText(`1 client matches "quill${family}"`)).toBeVisible();
    await expect(clients.locator("option")).toHaveText(["Choose…", `${client.name} — ${client.email}`]);
    await expect(searchBox(page, "clients")).toHaveValue(`quill${family}`);
    await expect(field(page, "Priority")).toHaveValue("High");
    await expect(field(page, "Monthly rate ($)")).toHaveValue("5200.50");
    await expect(page.getByRole("checkbox", { name: "Contract Signed", exact: true })).toBeChecked();
    await expect(field(page, "Contract Signed date")).toHaveValue("2026-11-30");
    await expect(field(page, "Notes about this placement")).toHaveValue("Daughter visits on Sundays.");
    await expect(field(page, "Start date")).toHaveValue(today());
    // Searching checks nothing: no message, though no facility is chosen yet.
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(await placementsOf(agency)).toHaveLength(0);
    await clients.selectOption(client.id);

    // The facility by its city; Enter in the search box searches too.
    await searchBox(page, "facilities").fill("eugene");
    await searchBox(page, "facilities").press("Enter");
    await expect(page.getByText('1 facility matches "eugene"')).toBeVisible();
    await expect(picker(page, "Facility").locator("option")).toHaveText([
      "Choose…",
      `${facility.name} — Eugene, OR · 10 beds free`,
    ]);
    // The client chosen is still chosen, with the matches of her search.
    await expect(clients).toHaveValue(client.id);
    await expect(page.getByText(`1 client matches "quill${family}"`)).toBeVisible();
    await expect(field(page, "Notes about this placement")).toHaveValue("Daughter visits on Sundays.");
    await picker(page, "Facility").selectOption(facility.id);

    // Enter in another field saves.
    await field(page, "Monthly rate ($)").press("Enter");
    const stored = await created(page, agency);
    expect(stored).toMatchObject({
      client_id: client.id,
      facility_id: facility.id,
      priority: "High",
      monthly_rate: "5200.50",
      contract_signed: true,
      contract_signed_date: "2026-11-30",
      notes: "Daughter visits on Sundays.",
    });
  });

  test("without JavaScript the edit form searches too, and keeps the placement until it is saved @no-js-only", async ({
    page,
    agency,
  }) => {
    const first = await insertClient(agency, { first_name: "Otto", last_name: `Lindqvist${token()}` });
    const second = await insertClient(agency, { first_name: "Pia", last_name: `Moreau${token()}` });
    const facility = await insertFacility(agency, { name: `Fernhill ${token()}` });
    const placement = await insertPlacement(agency, first, facility, { notes: "As stored" });

    await page.goto(`/placements/${placement.id}/edit`);
    await field(page, "Notes about this placement").fill("Moved to her sister's care");
    await searchBox(page, "clients").fill(second.last_name);
    await searchButton(page, "clients").click();
    await expect(page.getByText(`1 client matches "${second.last_name}"`)).toBeVisible();
    // The stored client stays chosen, first; the match after it.
    await expect(picker(page, "Client")).toHaveValue(first.id);
    await expect(picker(page, "Client").locator("option")).toHaveText([
      "Choose…",
      `${first.name} — ${first.email}`,
      `${second.name} — ${second.email}`,
    ]);
    await expect(field(page, "Notes about this placement")).toHaveValue("Moved to her sister's care");
    expect((await placementsOf(agency))[0]).toMatchObject({ client_id: first.id, notes: "As stored" });

    await picker(page, "Client").selectOption(second.id);
    await page.getByRole("button", { name: "Update Placement" }).click();
    await expect(page).toHaveURL(/\/placements$/);
    await expect(toast(page, "success")).toContainText("Placement updated successfully!");
    expect((await placementsOf(agency))[0]).toMatchObject({
      client_id: second.id,
      notes: "Moved to her sister's care",
    });
  });
});

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

    await expect(banner(page)).toContainText("3 fields need your attention.");
    // Each message also by its field.
    await expect(picker(page, "Client")).toHaveAccessibleDescription("Client is required");
    await expect(picker(page, "Facility")).toHaveAccessibleDescription("Facility is required");
    await expect(field(page, "Start date")).toHaveAccessibleDescription("Start date is required");
  });

  test("what only the server sees counts in the summary too, and shows by its field", async ({
    page,
    agency,
    javaScriptEnabled,
  }) => {
    const client = await insertClient(agency, { first_name: "Vera", last_name: "Lindqvist" });
    const facility = await insertFacility(agency, { name: "Gone Tomorrow House" });
    await page.goto(`/placements/new?clientId=${client.id}&facilityId=${facility.id}`);
    await ready(page, javaScriptEnabled, "form");
    // Removed by someone else while the form is open.
    await dbForE2E().deleteFrom("facilities").where("id", "=", facility.id).execute();
    await page.getByRole("button", { name: "Create Placement" }).click();

    await expect(banner(page)).toContainText("One field needs your attention.");
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
    await expect(banner(page)).toContainText("2 fields need your attention.");
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
    await expect(banner(page)).toContainText("One field needs your attention.");
    expect(await placementsOf(agency)).toHaveLength(0);

    // In order (the end on the move-in day), it is saved.
    await field(page, "End date").fill("2026-12-20");
    await page.getByRole("button", { name: "Create Placement" }).click();
    const stored = await created(page, agency);
    expect(stored).toMatchObject({
      client_id: client.id,
      facility_id: facility.id,
      start_date: "2026-12-10",
      move_in_date: "2026-12-20",
      end_date: "2026-12-20",
    });
  });
});
