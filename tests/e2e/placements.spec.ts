// The placements area (docs/screens.md, "Placements"): a placement made from a facility's quick
// action, the list with its tiles, filters and pages, the checklist moving the progress and the
// timeline, and delete, with JavaScript on (project `js`) and off (project `no-js`).
//
// Every test gets an agency of its own (an empty one, see `agency` below): both projects run at
// once against one seeded database, and a fresh agency keeps each test's placements and counts to
// itself. The clients, facilities and placements a test starts from go straight into the database.
import { type Page } from "@playwright/test";
import { formatPhone } from "../../app/utils/phone";
import { dbForE2E, expect, field, otherAgencyUser, serverToday, test, toast, token } from "../support/e2e";
import {
  insertClient,
  insertFacility,
  insertPlacement,
  type PlacementValues,
  placementsOf,
  type StoredClient,
  type StoredPlacement,
} from "../support/e2e-data";
import { confirmDelete, type DeleteConfirmation, screenSteps } from "../support/e2e-steps";

// ───────────────────────────── helpers ─────────────────────────────

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Mar 5, 2026" for "2026-03-05", as the app shows a calendar day. */
function shown(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

/** Today as the server sees it: the agency's day (these agencies have no zone of their own). */
const today = serverToday;

async function storedPlacement(id: string) {
  return dbForE2E().selectFrom("placements").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const rows = (page: Page) => page.getByTestId("placement-row");
/** The list's Client column, row by row. */
const rowClients = (page: Page) => rows(page).locator("td:first-child");
const rowOf = (page: Page, client: StoredClient) =>
  rows(page).filter({ has: page.getByRole("link", { name: client.name, exact: true }) });
const tile = (page: Page, label: "Total" | "In Progress" | "Confirmed" | "Completed" | "Cancelled") =>
  page.getByTestId(`tile-${label}`);
const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

/** The client or facility picker: a plain select without JavaScript, a type-to-search combobox with it. */
const picker = (page: Page, label: "Client" | "Facility") => page.getByRole("combobox", { name: label, exact: true });

const checklistBox = (page: Page, step: string) => page.getByRole("checkbox", { name: step, exact: true });

/** The detail's six steps. */
const steps = (page: Page) => page.getByRole("list", { name: "Steps" }).getByRole("listitem");
const step = (page: Page, label: string) => steps(page).filter({ has: page.getByText(label, { exact: true }) });
/** The detail's timeline entries, newest first. */
const timeline = (page: Page) => page.getByRole("list", { name: "Timeline" }).getByRole("listitem");
const timelineEvents = (page: Page) => timeline(page).locator("p:first-child");

const { filters, ready, applyFilters } = screenSteps({
  filters: "Placement filters",
  // The pickers turn into type-to-search comboboxes.
  formHydrated: (page) => expect(picker(page, "Client")).toHaveAttribute("aria-autocomplete", "list"),
});

/**
 * Chooses a client or facility in the placement form. With JavaScript: types `term`, waits for
 * the matches from /placement-options, and clicks the one named `label`; without: selects it.
 */
async function choose(
  page: Page,
  js: boolean,
  which: "Client" | "Facility",
  option: { id: string; label: string },
  term: string,
) {
  const control = picker(page, which);
  if (!js) {
    await control.selectOption(option.id);
    return;
  }
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/placement-options" && url.searchParams.get("q") === term;
  });
  await control.fill(term);
  const response = await answered;
  expect(new URL(response.url()).searchParams.get("kind")).toBe(which.toLowerCase());
  const match = page.getByRole("listbox", { name: which }).getByRole("option").filter({ hasText: option.label });
  await match.click();
  await expect(control).toHaveValue(option.label);
  await expect(page.getByRole("listbox", { name: which })).toHaveCount(0);
}

/** What the picker shows as chosen: the record's name with JavaScript, its id without. */
async function expectChosen(
  page: Page,
  js: boolean,
  which: "Client" | "Facility",
  option: { id: string; label: string },
) {
  await expect(picker(page, which)).toHaveValue(js ? option.label : option.id);
}

/** The delete confirmation of a placement's page. */
const deletion = (placement: StoredPlacement): DeleteConfirmation => ({
  path: `/placements/${placement.id}`,
  name: { js: /^Delete .+ → .+\?$/, noJs: `Delete ${placement.client.name} → ${placement.facility.name}?` },
  message: "Are you sure you want to delete this placement? This action cannot be undone.",
});

// ───────────────────────────── create ─────────────────────────────

test.describe("creating a placement", () => {
  test("from a facility's New Placement: the facility comes chosen; without a client the spec's message, then created and listed", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, {
      name: `Rosewood Manor ${token()}`,
      capacity: 20,
      current_occupancy: 10,
    });
    // One with more beds free: it would come first if the facility were not chosen.
    const other = await insertFacility(agency, { name: `Other Place ${token()}`, capacity: 40, current_occupancy: 0 });
    const client = await insertClient(agency, { first_name: "Grace", last_name: `Okafor${token()}` });
    const bystander = await insertClient(agency, { first_name: "Walter", last_name: `Brennan${token()}` });

    await page.goto(`/facilities/${facility.id}`);
    await ready(page, js, "detail");
    await page.getByRole("link", { name: "New Placement" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?facilityId=${facility.id}$`));
    await expect(page.getByRole("heading", { name: "Create New Placement" })).toBeVisible();
    await expect(page.getByText("Create a new placement record for client and facility matching")).toBeVisible();
    await ready(page, js, "form");

    // The facility is chosen, the client not yet; the spec's defaults.
    await expectChosen(page, js, "Facility", { id: facility.id, label: facility.name });
    await expect(picker(page, "Client")).toHaveValue("");
    await expect(field(page, "Agent")).toHaveValue(agency.id);
    await expect(field(page, "Agent").locator("option:checked")).toHaveText("Erin Empty");
    await expect(field(page, "Status")).toHaveValue("In Progress");
    await expect(field(page, "Priority")).toHaveValue("Medium");
    await expect(field(page, "Start date")).toHaveValue(today());
    for (const section of [
      "Basic Information",
      "Important Dates",
      "Financial Information",
      "Placement Checklist",
      "Notes",
    ]) {
      await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    if (js) {
      await expect(page.getByText("Portland, OR · 10 beds free")).toBeVisible(); // the chosen facility's hint
    } else {
      // Plain selects of the chosen record and the likely others (facilities: most beds free first).
      await expect(picker(page, "Facility").locator("option")).toHaveText([
        "Choose…",
        `${other.name} — Portland, OR · 40 beds free`,
        `${facility.name} — Portland, OR · 10 beds free`,
      ]);
      await expect(
        page.getByText("The chosen facility and those with the most beds free. Search to find any other."),
      ).toBeVisible();
      await expect(picker(page, "Client").locator("option")).toHaveCount(3);
      await expect(picker(page, "Client").locator("option", { hasText: client.name })).toHaveText(
        `${client.name} — ${client.email}`,
      );
      await expect(picker(page, "Client").locator("option", { hasText: bystander.name })).toHaveCount(1);
      await expect(
        page.getByText("The chosen client and the most recently updated ones. Search to find any other."),
      ).toBeVisible();
    }

    // First try: no client.
    await field(page, "Priority").selectOption("High");
    await field(page, "Notes about this placement").fill("Prefers a ground-floor room.");
    await page.getByRole("button", { name: "Create Placement" }).click();

    await expect(picker(page, "Client")).toHaveAccessibleDescription("Client is required");
    await expect(picker(page, "Client")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toContainText(
      "One field needs your attention.",
    );
    await expect(page).toHaveURL(/\/placements\/new(\?|$)/);
    // Nothing chosen or typed is lost, and nothing was created.
    await expectChosen(page, js, "Facility", { id: facility.id, label: facility.name });
    await expect(picker(page, "Facility")).not.toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Priority")).toHaveValue("High");
    await expect(field(page, "Notes about this placement")).toHaveValue("Prefers a ground-floor room.");
    expect(await placementsOf(agency)).toHaveLength(0);

    // The client chosen, the placement is created.
    await choose(page, js, "Client", { id: client.id, label: client.name }, client.last_name.toLowerCase());
    if (js) {
      // The message clears as soon as the client is chosen.
      await expect(picker(page, "Client")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Client is required")).toHaveCount(0);
    }
    await page.getByRole("button", { name: "Create Placement" }).click();

    // The new placement's page, then the list shows its row.
    await expect(page).toHaveURL(/\/placements\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Placement created successfully!");
    await page.goto("/placements");
    await expect(rows(page)).toHaveCount(1);
    const row = rowOf(page, client);
    await expect(row).toContainText(facility.name);
    await expect(row).toContainText("Portland, OR");
    await expect(row).toContainText("Erin Empty");
    await expect(row).toContainText("In Progress");
    await expect(row).toContainText("High");
    await expect(row).toContainText("0%");
    await expect(row).toContainText(shown(today()));
    await expect(tile(page, "Total")).toHaveText("1");
    await expect(tile(page, "In Progress")).toHaveText("1");

    const [stored] = await placementsOf(agency);
    expect(stored).toMatchObject({
      client_id: client.id,
      facility_id: facility.id,
      agent_id: agency.id,
      created_by: agency.id,
      status: "In Progress",
      priority: "High",
      start_date: today(),
      move_in_date: null,
      contract_signed: false,
      notes: "Prefers a ground-floor room.",
    });

    // Its page: the timeline starts with its creation, by whom.
    await row.getByRole("link", { name: client.name }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/${stored.id}$`));
    await expect(page.getByText("Placement Details", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: client.name })).toHaveText(
      `${client.name} to ${facility.name}`,
    );
    await expect(page.getByText("High Priority", { exact: true })).toBeVisible();
    await expect(timeline(page)).toHaveCount(1);
    await expect(timeline(page).first()).toContainText("Placement created");
    await expect(timeline(page).first()).toContainText(`${client.name} → ${facility.name}`);
    await expect(timeline(page).first()).toContainText(`${shown(today())} · Erin Empty`);
    await expect(page.getByText("Prefers a ground-floor room.")).toBeVisible();
  });

  test("the pickers search as you type; arrow keys and Enter choose; no match says so @js-only", async ({
    page,
    agency,
  }) => {
    const facility = await insertFacility(agency, { name: "Harbor View", address_city: "Astoria" });
    await insertFacility(agency, { name: "Cedar Hollow", address_city: "Bend" });
    const ada = await insertClient(agency, { first_name: "Ada", last_name: "Marlowe" });
    const abe = await insertClient(agency, { first_name: "Abe", last_name: "Marlowe" });
    await insertClient(agency, { first_name: "Cy", last_name: "Other" });

    await page.goto("/placements/new");
    await ready(page, true, "form");
    await expect(picker(page, "Facility")).toHaveValue("");

    // Matches on the name, in first-name order; the first is active.
    const client = picker(page, "Client");
    const clients = page.getByRole("listbox", { name: "Client" }).getByRole("option");
    const answered = page.waitForResponse(
      (r) => r.url().includes("/placement-options") && new URL(r.url()).searchParams.get("q") === "marlowe",
    );
    await client.fill("marlowe");
    await answered;
    await expect(clients).toHaveCount(2);
    await expect(clients.nth(0)).toContainText(abe.name);
    await expect(clients.nth(0)).toContainText(abe.email);
    await expect(clients.nth(1)).toContainText(ada.name);
    await expect(clients.nth(0)).toHaveAttribute("aria-selected", "true");
    await expect(client).toHaveAttribute("aria-expanded", "true");

    await client.press("ArrowDown");
    await expect(clients.nth(1)).toHaveAttribute("aria-selected", "true");
    await client.press("Enter");
    await expect(client).toHaveValue(ada.name);
    await expect(client).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(ada.email, { exact: true })).toBeVisible(); // the chosen one's hint

    // A facility by its city; a term that matches nothing.
    const place = picker(page, "Facility");
    const nothing = page.waitForResponse(
      (r) => r.url().includes("/placement-options") && new URL(r.url()).searchParams.get("q") === "zzzz",
    );
    await place.fill("zzzz");
    await nothing;
    await expect(page.getByRole("listbox", { name: "Facility" })).toHaveText("No matches");
    await choose(page, true, "Facility", { id: facility.id, label: "Harbor View" }, "astoria");

    await page.getByRole("button", { name: "Create Placement" }).click();
    await expect(page).toHaveURL(/\/placements\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Placement created successfully!");
    const [stored] = await placementsOf(agency);
    expect(stored).toMatchObject({ client_id: ada.id, facility_id: facility.id });
  });

  test("a facility of another agency in the link is not chosen", async ({ page, agency, javaScriptEnabled: js }) => {
    const mine = await insertFacility(agency, { name: "Mine Only" });
    const theirs = await insertFacility(await otherAgencyUser(), { name: `Not Yours ${token()}` });

    await page.goto(`/placements/new?facilityId=${theirs.id}`);
    await ready(page, js, "form");
    await expect(picker(page, "Facility")).toHaveValue("");
    if (!js)
      await expect(picker(page, "Facility").locator("option")).toHaveText(["Choose…", new RegExp(`^${mine.name} — `)]);
    await expect(page.getByText(theirs.name)).toHaveCount(0);
  });
});

// ───────────────────────────── detail ─────────────────────────────

/** The value of a detail page's item by its label (dt), e.g. "Start date". */
const item = (page: Page, label: string) =>
  page
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test.describe("a placement's page", () => {
  test("shows its client, facility, key details, agent, notes and metadata", async ({ page, agency }) => {
    const facility = await insertFacility(agency, {
      name: "Brookside Care",
      type: "Memory Care",
      address_street: "5 Brook Ln",
      address_city: "Corvallis",
      address_state: "OR",
      address_zip: "97330",
      contact_name: "Ivy Chen",
      contact_phone: "+15415550123",
    });
    const client = await insertClient(agency, { first_name: "Nora", last_name: `Lind${token()}` });
    const placement = await insertPlacement(agency, client, facility, {
      status: "Completed",
      priority: "Urgent",
      start_date: "2026-03-01",
      move_in_date: "2026-03-15",
      end_date: "2026-09-30",
      monthly_rate: 4500,
      payment_method: "Private Pay",
      deposit_amount: 1250.5,
      notes: "Needs a quiet room.",
    });

    await page.goto("/placements");
    await rowOf(page, client).getByRole("link", { name: client.name }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}$`));
    await expect(page.getByText("Placement Details", { exact: true })).toBeVisible();
    await expect(page.getByText("Completed", { exact: true })).toBeVisible();
    await expect(page.getByText("Urgent Priority", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
      "href",
      `/placements/${placement.id}/edit`,
    );

    // Client and facility, each with a link to its page.
    await expect(page.getByRole("link", { name: client.name, exact: true })).toHaveAttribute(
      "href",
      `/clients/${client.id}`,
    );
    await expect(page.getByRole("link", { name: formatPhone(client.phone), exact: true })).toHaveAttribute(
      "href",
      `tel:${client.phone}`,
    );
    await expect(page.getByRole("link", { name: client.email, exact: true })).toHaveAttribute(
      "href",
      `mailto:${client.email}`,
    );
    await expect(page.getByRole("link", { name: "Brookside Care", exact: true })).toHaveAttribute(
      "href",
      `/facilities/${facility.id}`,
    );
    await expect(item(page, "Type")).toHaveText("Memory Care");
    await expect(item(page, "Address")).toHaveText("5 Brook Ln, Corvallis, OR 97330");
    await expect(item(page, "Contact")).toHaveText("Ivy Chen · (541) 555-0123");

    await expect(item(page, "Start date")).toHaveText("Mar 1, 2026");
    await expect(item(page, "Move-in date")).toHaveText("Mar 15, 2026");
    await expect(item(page, "End date")).toHaveText("Sep 30, 2026");
    await expect(item(page, "Monthly rate")).toHaveText("$4,500");
    await expect(item(page, "Payment method")).toHaveText("Private Pay");
    // Money shows in whole dollars, a deposit of $1,250.50 too.
    await expect(item(page, "Deposit amount")).toHaveText("$1,251");

    await expect(page.getByText("Erin Empty · Coordinator")).toBeVisible();
    await expect(page.getByRole("link", { name: agency.email, exact: true })).toHaveAttribute(
      "href",
      `mailto:${agency.email}`,
    );
    await expect(page.getByText("Needs a quiet room.")).toBeVisible();
    await expect(item(page, "ID")).toHaveText(placement.id);
    // Only the move-in step is done: 1 of 6.
    await expect(page.getByText("17% complete")).toBeVisible();

    await page.getByRole("link", { name: "Back to Placements" }).click();
    await expect(page).toHaveURL(/\/placements$/);
  });

  // The arrow between the names is drawn; screen readers hear "to" (a regression test).
  test('the detail\'s heading reads the client, "to", and the facility', async ({ page, agency }) => {
    const facility = await insertFacility(agency, { name: "Brookside Care" });
    const client = await insertClient(agency, { first_name: "Nora", last_name: "Lind" });
    const placement = await insertPlacement(agency, client, facility);
    await page.goto(`/placements/${placement.id}`);
    await expect(page.getByRole("heading", { name: "Nora Lind to Brookside Care", exact: true })).toBeVisible();
  });
});

// ───────────────────────────── a facility's placements ─────────────────────────────

test.describe("a facility's placements", () => {
  test("View Placements lists only that facility's, with a filter chip that goes back to them all", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const pines = await insertFacility(agency, { name: "Whispering Pines" });
    const oaks = await insertFacility(agency, { name: "Seven Oaks" });
    const ann = await insertClient(agency, { first_name: "Ann", last_name: "Pine" });
    const bob = await insertClient(agency, { first_name: "Bob", last_name: "Pine" });
    const cy = await insertClient(agency, { first_name: "Cy", last_name: "Oak" });
    await insertPlacement(agency, ann, pines, { status: "Confirmed" });
    await insertPlacement(agency, bob, pines, { status: "Completed" });
    await insertPlacement(agency, cy, oaks, { status: "Confirmed" });

    await page.goto(`/facilities/${pines.id}`);
    await expect(page.getByText("2 placements, 1 active")).toBeVisible();
    await ready(page, js, "detail");
    await page.getByRole("link", { name: "View Placements" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements\\?facilityId=${pines.id}$`));
    await ready(page, js, "list");

    await expect(rowClients(page)).toHaveText(["Bob Pine", "Ann Pine"]);
    await expect(page.getByText("2 placements match your filters", { exact: true })).toBeVisible();
    await expect(tile(page, "Total")).toHaveText("2");
    await expect(tile(page, "Confirmed")).toHaveText("1");
    await expect(tile(page, "Completed")).toHaveText("1");
    const chip = page.getByRole("link", { name: "Remove the filter: facility Whispering Pines" });
    await expect(chip).toHaveText("Facility: Whispering Pines");
    // New Placement from here starts with the facility chosen.
    await expect(page.getByRole("link", { name: "New Placement" })).toHaveAttribute(
      "href",
      `/placements/new?facilityId=${pines.id}`,
    );

    // The other filters keep the facility.
    await filters(page).getByLabel("Status").selectOption("Confirmed");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]status=Confirmed(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]facilityId=${pines.id}(&|$)`));
    await expect(rowClients(page)).toHaveText(["Ann Pine"]);
    await expect(chip).toBeVisible();

    // The chip's × takes the facility off, and keeps the rest.
    await chip.click();
    await expect(page).not.toHaveURL(/facilityId=/);
    await expect(page).toHaveURL(/[?&]status=Confirmed(&|$)/);
    await expect(rowClients(page)).toHaveText(["Cy Oak", "Ann Pine"]);
    await expect(page.getByRole("link", { name: /^Remove the filter/ })).toHaveCount(0);

    await filters(page).getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL(/\/placements$/);
    await expect(rowClients(page)).toHaveText(["Cy Oak", "Bob Pine", "Ann Pine"]);
    await expect(page.getByText("3 placements", { exact: true })).toBeVisible();
  });
});

test.describe("a client's placements", () => {
  test("View all on the client's page lists only that client's; New Placement from there starts with the client chosen", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: "Linden Court" });
    const ida = await insertClient(agency, { first_name: "Ida", last_name: `Picker${token()}` });
    const other = await insertClient(agency, { first_name: "Otto", last_name: "Other" });
    await insertPlacement(agency, ida, facility);
    await insertPlacement(agency, other, facility);

    await page.goto(`/clients/${ida.id}`);
    await page.getByRole("link", { name: "View all" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements\\?clientId=${ida.id}$`));
    await ready(page, js, "list");
    await expect(rowClients(page)).toHaveText([ida.name]);
    await expect(page.getByRole("link", { name: `Remove the filter: client ${ida.name}` })).toHaveText(
      `Client: ${ida.name}`,
    );

    await page.getByRole("link", { name: "New Placement" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?clientId=${ida.id}$`));
    await ready(page, js, "form");
    await expectChosen(page, js, "Client", { id: ida.id, label: ida.name });
    await expect(picker(page, "Facility")).toHaveValue("");
  });
});

// ───────────────────────────── checklist, progress, timeline ─────────────────────────────

test.describe("editing a placement", () => {
  test("ticked checklist steps move the progress and go on the timeline; an unticked one says undone", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: "Maple Grove" });
    const client = await insertClient(agency, { first_name: "Edna", last_name: `Marsh${token()}` });
    const placement = await insertPlacement(agency, client, facility, { start_date: "2026-03-01" });

    await page.goto(`/placements/${placement.id}`);
    await expect(page.getByText("0% complete")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Placement progress" })).toHaveAttribute("aria-valuenow", "0");
    await expect(steps(page)).toHaveText([
      /^Contract SignedNot yet$/,
      /^Deposit PaidNot yet$/,
      /^Insurance VerifiedNot yet$/,
      /^Medical RecordsNot yet$/,
      /^Family NotifiedNot yet$/,
      /^Move-in DateNot yet$/,
    ]);
    // No entries yet: no timeline.
    await expect(page.getByRole("heading", { name: "Timeline" })).toHaveCount(0);

    await ready(page, js, "detail");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}/edit$`));
    await expect(page.getByRole("heading", { name: "Edit Placement" })).toBeVisible();
    await expect(page.getByText("Update placement information and track progress")).toBeVisible();
    await ready(page, js, "form");
    await expectChosen(page, js, "Client", { id: client.id, label: client.name });
    await expectChosen(page, js, "Facility", { id: facility.id, label: facility.name });
    await expect(field(page, "Status")).toHaveValue("In Progress");
    await expect(field(page, "Start date")).toHaveValue("2026-03-01");
    for (const label of [
      "Contract Signed",
      "Deposit Paid",
      "Insurance Verified",
      "Medical Records",
      "Family Notified",
    ]) {
      await expect(checklistBox(page, label)).not.toBeChecked();
    }

    const contractDate = field(page, "Contract Signed date");
    if (js) {
      // A step's date shows only once its box is ticked, and goes when it is unticked.
      await expect(contractDate).toHaveCount(0);
      await checklistBox(page, "Deposit Paid").check();
      await expect(field(page, "Deposit Paid date")).toBeVisible();
      await checklistBox(page, "Deposit Paid").uncheck();
      await expect(field(page, "Deposit Paid date")).toHaveCount(0);
    } else {
      // Every date is there, and says it counts only with its box ticked: this one is not kept.
      await expect(page.getByText("Kept only when the box is ticked.")).toHaveCount(5);
      await field(page, "Deposit Paid date").fill("2026-03-06");
    }
    await checklistBox(page, "Contract Signed").check();
    await expect(contractDate).toBeVisible();
    await contractDate.fill("2026-03-05");
    await checklistBox(page, "Insurance Verified").check();
    await field(page, "Move-in date").fill("2026-04-01");
    await field(page, "Status").selectOption("Confirmed");
    await page.getByRole("button", { name: "Update Placement" }).click();

    await expect(page).toHaveURL(/\/placements$/);
    await expect(toast(page, "success")).toContainText("Placement updated successfully!");
    // One figure, list and detail alike: 3 of the six steps (contract, insurance, move-in).
    const row = rowOf(page, client);
    await expect(row).toContainText("Confirmed");
    await expect(row).toContainText("50%");
    // A native <progress>: its value is what assistive technology reads.
    await expect(row.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("value", "50");
    await expect(row).toContainText(shown("2026-04-01"));

    let stored = await storedPlacement(placement.id);
    expect(stored).toMatchObject({
      status: "Confirmed",
      contract_signed: true,
      contract_signed_date: "2026-03-05",
      deposit_paid: false,
      deposit_paid_date: null,
      insurance_verified: true,
      insurance_verified_date: null,
      medical_records_transferred: false,
      family_notified: false,
      move_in_date: "2026-04-01",
    });

    // The detail counts the same six steps: 3 of 6.
    await row.getByRole("link", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}$`));
    await expect(page.getByText("50% complete")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Placement progress" })).toHaveAttribute("aria-valuenow", "50");
    await expect(step(page, "Contract Signed")).toHaveText("Contract SignedMar 5, 2026");
    await expect(step(page, "Contract Signed")).toHaveAttribute("data-done", "true");
    await expect(step(page, "Deposit Paid")).toHaveText("Deposit PaidNot yet");
    await expect(step(page, "Insurance Verified")).toHaveText("Insurance VerifiedDone");
    await expect(step(page, "Move-in Date")).toHaveText("Move-in DateApr 1, 2026");
    await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

    // Newest first: what changed, each with the day and who.
    await expect(timelineEvents(page)).toHaveText([
      "Move-in date set",
      "Insurance verified",
      "Contract signed",
      "Status changed",
    ]);
    await expect(timeline(page).filter({ hasText: "Status changed" })).toContainText("In Progress → Confirmed");
    await expect(timeline(page).filter({ hasText: "Move-in date set" })).toContainText("Apr 1, 2026");
    for (const entry of await timeline(page).all()) await expect(entry).toContainText(`${shown(today())} · Erin Empty`);

    // Unticked again: the progress goes down, and the timeline says so.
    await ready(page, js, "detail");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await ready(page, js, "form");
    await expect(checklistBox(page, "Contract Signed")).toBeChecked();
    await expect(contractDate).toHaveValue("2026-03-05");
    await expect(checklistBox(page, "Insurance Verified")).toBeChecked();
    await expect(field(page, "Status")).toHaveValue("Confirmed");
    await checklistBox(page, "Contract Signed").uncheck();
    if (js) await expect(contractDate).toHaveCount(0);
    else await expect(contractDate).toHaveValue("2026-03-05"); // still posted, and dropped
    await page.getByRole("button", { name: "Update Placement" }).click();

    await expect(page).toHaveURL(/\/placements$/);
    await expect(toast(page, "success")).toContainText("Placement updated successfully!");
    await expect(rowOf(page, client)).toContainText("33%"); // insurance and move-in: 2 of 6
    stored = await storedPlacement(placement.id);
    expect(stored).toMatchObject({
      contract_signed: false,
      contract_signed_date: null,
      insurance_verified: true,
      status: "Confirmed",
    });

    await page.goto(`/placements/${placement.id}`);
    await expect(page.getByText("33% complete")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Placement progress" })).toHaveAttribute("aria-valuenow", "33");
    await expect(step(page, "Contract Signed")).toHaveText("Contract SignedNot yet");
    await expect(timelineEvents(page)).toHaveText([
      "Contract Signed undone",
      "Move-in date set",
      "Insurance verified",
      "Contract signed",
      "Status changed",
    ]);
    await expect(timeline(page).first()).toContainText("Unticked on the checklist");
    await expect(timeline(page).first()).toContainText(`${shown(today())} · Erin Empty`);
  });
});

// ───────────────────────────── list ─────────────────────────────

test.describe("the placements list", () => {
  test("the tiles count the whole filtered result; status and priority filters narrow it; Reset Filters", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: "Tile House" });
    // 15 placements: 11 In Progress (2 of them Urgent), 1 Confirmed, 2 Completed (1 Urgent), 1 Cancelled.
    const plan: Array<{
      status: "In Progress" | "Confirmed" | "Completed" | "Cancelled";
      priority: "Low" | "Medium" | "High" | "Urgent";
    }> = [
      ...Array.from({ length: 9 }, () => ({ status: "In Progress" as const, priority: "Medium" as const })),
      { status: "In Progress", priority: "Urgent" },
      { status: "In Progress", priority: "Urgent" },
      { status: "Confirmed", priority: "High" },
      { status: "Completed", priority: "Urgent" },
      { status: "Completed", priority: "Low" },
      { status: "Cancelled", priority: "Low" },
    ];
    const made: Array<{ client: StoredClient; status: string; priority: string }> = [];
    for (const [i, p] of plan.entries()) {
      const client = await insertClient(agency, {
        first_name: `Tile${String(i + 1).padStart(2, "0")}`,
        last_name: "Person",
      });
      await insertPlacement(agency, client, facility, p);
      made.push({ client, ...p });
    }
    const namesWhere = (keep: (p: (typeof made)[number]) => boolean) =>
      made
        .filter(keep)
        .map((p) => p.client.name)
        .reverse(); // newest first

    await page.goto("/placements");
    await ready(page, js, "list");
    await expect(page.getByText("15 placements", { exact: true })).toBeVisible();
    // One page of 10 rows, but the tiles count all 15.
    await expect(rows(page)).toHaveCount(10);
    await expect(tile(page, "Total")).toHaveText("15");
    await expect(tile(page, "In Progress")).toHaveText("11");
    await expect(tile(page, "Confirmed")).toHaveText("1");
    await expect(tile(page, "Completed")).toHaveText("2");
    await expect(tile(page, "Cancelled")).toHaveText("1");

    const status = filters(page).getByLabel("Status");
    const priority = filters(page).getByLabel("Priority");
    await expect(status).toHaveValue("");
    await expect(priority).toHaveValue("");

    await status.selectOption("Completed");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]status=Completed(&|$)/);
    await expect(rowClients(page)).toHaveText(namesWhere((p) => p.status === "Completed"));
    await expect(page.getByText("2 placements match your filters", { exact: true })).toBeVisible();
    await expect(tile(page, "Total")).toHaveText("2");
    await expect(tile(page, "Completed")).toHaveText("2");
    await expect(tile(page, "In Progress")).toHaveText("0");
    await expect(tile(page, "Cancelled")).toHaveText("0");

    await priority.selectOption("Urgent");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]priority=Urgent(&|$)/);
    await expect(page).toHaveURL(/[?&]status=Completed(&|$)/);
    await expect(rowClients(page)).toHaveText(namesWhere((p) => p.status === "Completed" && p.priority === "Urgent"));
    await expect(page.getByText("1 placement matches your filters", { exact: true })).toBeVisible();
    await expect(rows(page)).toContainText("Urgent");

    await status.selectOption("");
    await applyFilters(page, js);
    await expect(page).not.toHaveURL(/[?&]status=[^&]/);
    await expect(rowClients(page)).toHaveText(namesWhere((p) => p.priority === "Urgent"));
    await expect(tile(page, "Total")).toHaveText("3");
    await expect(tile(page, "In Progress")).toHaveText("2");
    await expect(tile(page, "Completed")).toHaveText("1");

    // The URL holds the state, and the spec's slugs work in a shared link.
    await page.goto("/placements?status=in-progress&priority=urgent");
    await ready(page, js, "list");
    await expect(status).toHaveValue("In Progress");
    await expect(priority).toHaveValue("Urgent");
    await expect(rows(page)).toHaveCount(2);

    await filters(page).getByRole("link", { name: "Reset Filters" }).click();
    await expect(page).toHaveURL(/\/placements$/);
    await expect(rows(page)).toHaveCount(10);
    await expect(tile(page, "Total")).toHaveText("15");
    await expect(status).toHaveValue("");
    await expect(priority).toHaveValue("");
  });

  test("search finds placements by the client's or the facility's name", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const cedar = await insertFacility(agency, { name: "Cedar House" });
    const quillmont = await insertFacility(agency, { name: "Quillmont Manor" });
    const harriet = await insertClient(agency, { first_name: "Harriet", last_name: "Quillby" });
    const walter = await insertClient(agency, { first_name: "Walter", last_name: "Brennan" });
    const rosa = await insertClient(agency, { first_name: "Rosa", last_name: "Delgado" });
    await insertPlacement(agency, harriet, cedar);
    await insertPlacement(agency, walter, quillmont);
    await insertPlacement(agency, rosa, cedar);

    await page.goto("/placements");
    await ready(page, js, "list");
    await expect(rows(page)).toHaveCount(3);
    const search = filters(page).getByLabel("Search");

    // One by her name, one by its facility's.
    await search.fill("quill");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=quill(&|$)/);
    await expect(rowClients(page)).toHaveText(["Walter Brennan", "Harriet Quillby"]);
    await expect(page.getByText("2 placements match your filters", { exact: true })).toBeVisible();
    await expect(tile(page, "Total")).toHaveText("2");

    await search.fill("CEDAR HOUSE");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=CEDAR\+HOUSE(&|$)/);
    await expect(rowClients(page)).toHaveText(["Rosa Delgado", "Harriet Quillby"]);

    // A full name, first and last.
    await search.fill("walter brennan");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=walter\+brennan(&|$)/);
    await expect(rowClients(page)).toHaveText(["Walter Brennan"]);
    await expect(page.getByText("1 placement matches your filters", { exact: true })).toBeVisible();

    await search.fill("nobody-like-this");
    await applyFilters(page, js);
    await expect(page.getByText("No placements match your filters")).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expect(tile(page, "Total")).toHaveText("0");
    await page.getByRole("link", { name: "Reset Filters" }).last().click();
    await expect(page).toHaveURL(/\/placements$/);
    await expect(rows(page)).toHaveCount(3);
    await expect(search).toHaveValue("");
  });

  test("10 placements a page; the page links keep the filters; a new search goes back to page 1", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: "Paging Place" });
    for (let i = 1; i <= 12; i++) {
      const client = await insertClient(agency, { first_name: `Page${String(i).padStart(2, "0")}`, last_name: "Tern" });
      await insertPlacement(agency, client, facility, { priority: "High" });
    }
    await insertPlacement(agency, await insertClient(agency, { first_name: "Other", last_name: "Tern" }), facility, {
      priority: "Low",
    });

    await page.goto("/placements");
    await ready(page, js, "list");
    await expect(pagination(page)).toContainText("Page 1 of 2 · 13 placements");
    await filters(page).getByLabel("Priority").selectOption("High");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]priority=High(&|$)/);

    await expect(rows(page)).toHaveCount(10);
    await expect(rowClients(page).first()).toHaveText("Page12 Tern"); // newest first
    await expect(pagination(page)).toContainText("Page 1 of 2 · 12 placements");
    await expect(tile(page, "Total")).toHaveText("12");

    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]priority=High(&|$)/);
    await expect(rowClients(page)).toHaveText(["Page02 Tern", "Page01 Tern"]);
    await expect(pagination(page)).toContainText("Page 2 of 2 · 12 placements");
    await expect(tile(page, "Total")).toHaveText("12");

    // Searching from page 2 starts again on page 1.
    await ready(page, js, "list");
    await filters(page).getByLabel("Search").fill("tern");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=tern(&|$)/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(/[?&]priority=High(&|$)/);
    await expect(rows(page)).toHaveCount(10);
    await expect(pagination(page)).toContainText("Page 1 of 2 · 12 placements");

    // A page past the end goes to the last one.
    await page.goto("/placements?priority=High&page=9");
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(rows(page)).toHaveCount(2);
  });

  test("the list and the detail show one progress figure: the six steps done", async ({ page, agency }) => {
    const facility = await insertFacility(agency, { name: "Milestone Manor" });
    const cases: Array<{ name: string; values: PlacementValues; list: number; detail?: number }> = [
      { name: "Nothing", values: {}, list: 0, detail: 0 },
      { name: "Contract", values: { contract_signed: true }, list: 17, detail: 17 },
      { name: "Three", values: { contract_signed: true, deposit_paid: true, insurance_verified: true }, list: 50 },
      {
        name: "Everything",
        values: {
          contract_signed: true,
          deposit_paid: true,
          insurance_verified: true,
          medical_records_transferred: true,
          family_notified: true,
          move_in_date: "2026-05-01",
        },
        list: 100,
        detail: 100,
      },
      { name: "MoveIn", values: { move_in_date: "2026-06-15" }, list: 17 },
      // Medical records and family notified count in the list as on the detail.
      { name: "Paperwork", values: { medical_records_transferred: true, family_notified: true }, list: 33, detail: 33 },
    ];
    const stored: Array<{ placement: StoredPlacement; list: number; detail?: number }> = [];
    for (const c of cases) {
      const client = await insertClient(agency, { first_name: c.name, last_name: "Milestone" });
      stored.push({
        placement: await insertPlacement(agency, client, facility, c.values),
        list: c.list,
        detail: c.detail,
      });
    }

    await page.goto("/placements");
    for (const { placement, list } of stored) {
      const row = rowOf(page, placement.client);
      await expect(row.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("value", String(list));
      await expect(row.locator("td").nth(5)).toHaveText(`${list}%`);
    }
    await expect(rowOf(page, stored[4].placement.client).locator("td").nth(7)).toHaveText(shown("2026-06-15"));
    await expect(rowOf(page, stored[0].placement.client).locator("td").nth(7)).toHaveText("—");

    for (const { placement, detail } of stored) {
      if (detail === undefined) continue;
      await page.goto(`/placements/${placement.id}`);
      await expect(page.getByText(`${detail}% complete`)).toBeVisible();
    }
  });
});

// ───────────────────────────── delete ─────────────────────────────

test.describe("deleting a placement", () => {
  test("Cancel keeps it; Delete removes it from the list, the client's page and the facility's", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: `Closing Wing ${token()}` });
    const elsewhere = await insertFacility(agency, { name: "Staying Put" });
    const client = await insertClient(agency, { first_name: "Gone", last_name: `Soon${token()}` });
    const keepClient = await insertClient(agency, { first_name: "Stays", last_name: "Here" });
    const placement = await insertPlacement(agency, client, facility, { status: "Confirmed" });
    const kept = await insertPlacement(agency, client, elsewhere);
    await insertPlacement(agency, keepClient, facility, { status: "Completed" });
    // Its timeline goes with it.
    await dbForE2E()
      .insertInto("placement_events")
      .values({
        agency_id: agency.agencyId,
        placement_id: placement.id,
        event: "Placement created",
        actor_id: agency.id,
        occurred_at: new Date(),
      })
      .execute();

    await page.goto(`/clients/${client.id}`);
    // The same facility may also be among the Suitable facilities: the Placements card's list.
    const placementsOfClient = page.getByRole("list", { name: "Placements of this client" });
    const clientPlacements = placementsOfClient.getByRole("link", { name: facility.name, exact: true });
    await expect(clientPlacements).toHaveAttribute("href", `/placements/${placement.id}`);
    await clientPlacements.click();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}$`));

    await confirmDelete(page, js, deletion(placement), "Cancel");
    expect(await placementsOf(agency)).toHaveLength(3);

    await confirmDelete(page, js, deletion(placement), "Delete");
    await expect(page).toHaveURL(/\/placements$/);
    await expect(toast(page, "success")).toContainText("Placement deleted successfully");
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: facility.name }).filter({ hasText: client.name })).toHaveCount(0);
    await expect(tile(page, "Total")).toHaveText("2");
    await expect(tile(page, "Confirmed")).toHaveText("0");
    expect((await placementsOf(agency)).map((p) => p.id)).not.toContain(placement.id);
    const events = await dbForE2E()
      .selectFrom("placement_events")
      .select("id")
      .where("placement_id", "=", placement.id)
      .execute();
    expect(events).toHaveLength(0);

    // The client's page lists only the other one.
    await page.goto(`/clients/${client.id}`);
    await expect(placementsOfClient.getByRole("link", { name: "Staying Put", exact: true })).toHaveAttribute(
      "href",
      `/placements/${kept.id}`,
    );
    await expect(placementsOfClient.getByRole("link", { name: facility.name, exact: true })).toHaveCount(0);
    // The facility's page counts one placement, and its placements are the other client's.
    await page.goto(`/facilities/${facility.id}`);
    await expect(page.getByText("1 placement, 0 active")).toBeVisible();
    await page.getByRole("link", { name: "View Placements" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements\\?facilityId=${facility.id}$`));
    await expect(rowClients(page)).toHaveText(["Stays Here"]);

    const response = await page.goto(`/placements/${placement.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Failed to load placement details.")).toBeVisible();
  });
});

test.describe("a placement whose fee is on an invoice", () => {
  /** A moved-in placement whose fee is on a sent invoice. */
  async function invoicedPlacement(agency: Parameters<typeof insertFacility>[0]) {
    const facility = await insertFacility(agency, { name: `Billed House ${token()}` });
    const client = await insertClient(agency, { first_name: "Billed", last_name: `Fee${token()}` });
    const placement = await insertPlacement(agency, client, facility, {
      status: "Completed",
      move_in_date: "2026-03-10",
      fee_cents: 210000,
      fee_basis: "50% of $4,200 first month",
      fee_moved_in_on: "2026-03-10",
    });
    const number = `INV-2026-${token().slice(0, 6)}`;
    const invoice = await dbForE2E()
      .insertInto("invoices")
      .values({
        agency_id: agency.agencyId,
        facility_id: facility.id,
        number,
        status: "Sent",
        issue_date: "2026-04-01",
        due_date: "2026-05-01",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await dbForE2E()
      .insertInto("invoice_lines")
      .values({
        agency_id: agency.agencyId,
        invoice_id: invoice.id,
        placement_id: placement.id,
        client_name: client.name,
        description: "50% of $4,200 first month",
        amount_cents: 210000,
      })
      .execute();
    return { placement, invoice, number };
  }

  test("is not deleted: the page says why, with the way back and to the invoice", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const { placement, invoice, number } = await invoicedPlacement(agency);
    await page.goto(`/placements/${placement.id}`);
    await confirmDelete(page, js, deletion(placement), "Delete");
    const message = `This placement's fee is on invoice ${number}, so it cannot be deleted. If the invoice was made in error, void it first.`;
    await expect(page.getByRole("alert").filter({ hasText: message }).first()).toBeVisible();
    expect((await placementsOf(agency)).map((p) => p.id)).toContain(placement.id);
    await page.getByRole("link", { name: "Open the invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
    await expect(page.getByRole("heading", { name: new RegExp(number) })).toBeVisible();
  });

  test("does not go back to Confirmed: the form comes back as typed, saying why under Status", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }, testInfo) => {
    const { placement, number } = await invoicedPlacement(agency);
    await page.goto(`/placements/${placement.id}/edit`);
    await ready(page, js, "form");
    await expect(field(page, "Status")).toHaveValue("Completed");
    await field(page, "Status").selectOption("Confirmed");
    await field(page, "Notes about this placement").fill("The move-in fell through");
    await page.getByRole("button", { name: "Update Placement" }).click();

    const message = `This placement's fee is on invoice ${number}, so it cannot go back to Confirmed. If the move-in did not happen, void the invoice first.`;
    await expect(page.getByText(message)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/placements/${placement.id}/edit$`));
    await expect(field(page, "Status")).toHaveValue("Confirmed");
    await expect(field(page, "Status")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Notes about this placement")).toHaveValue("The move-in fell through");
    const stored = (await placementsOf(agency)).find((p) => p.id === placement.id);
    expect(stored?.status).toBe("Completed");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath("invoiced-status-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath("invoiced-status-390.png") });
  });
});

// ───────────────────────────── not found ─────────────────────────────

test.describe("another agency's placement", () => {
  test("is not found, and cannot be deleted @once", async ({ page, agency: _agency }) => {
    const other = await otherAgencyUser();
    const theirs = await insertPlacement(
      other,
      await insertClient(other, { first_name: "Their", last_name: "Client" }),
      await insertFacility(other),
    );

    for (const path of [
      `/placements/${theirs.id}`,
      `/placements/${theirs.id}/edit`,
      `/placements/${theirs.id}/delete`,
      "/placements/not-an-id",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("Failed to load placement details.")).toBeVisible();
      await expect(page.getByRole("link", { name: "← Back to Placements" })).toHaveAttribute("href", "/placements");
    }

    // A delete posted for it anyway changes nothing.
    const posted = await page.request.post(`/placements/${theirs.id}/delete`, { form: {}, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe("/placements");
    await page.goto("/placements");
    await expect(toast(page, "error")).toContainText("Failed to delete placement");
    await expect(page.getByText("No placements yet")).toBeVisible();
    expect(await placementsOf(other)).toHaveLength(1);
  });
});
