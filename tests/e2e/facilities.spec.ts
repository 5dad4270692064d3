// The facilities area (docs/screens.md, "Facilities"): directory, filters, sort, export, form, detail with quick actions, and delete
// with its "mark as inactive" way out, with JavaScript on (project `js`) and off (project `no-js`).
//
// Every test gets an agency of its own (an empty one, see `agency` below): both projects run at
// once against one seeded database, and a fresh agency keeps each test's facilities, counts and
// exports to itself.
import { type Page } from "@playwright/test";
import {
  csvRecords as readCsv,
  digits,
  expect,
  field,
  otherAgencyUser,
  test,
  toast,
  token,
  uniquePhone,
} from "../support/e2e";
import { facilitiesOf, insertClient, insertFacility, insertPlacement } from "../support/e2e-data";
import { confirmDelete, type DeleteConfirmation, download, hrefOf, screenSteps } from "../support/e2e-steps";

// ───────────────────────────── helpers ─────────────────────────────

const { filters, ready, applyFilters } = screenSteps({ filters: "Facility filters" });
const cards = (page: Page) => page.getByTestId("facility-card");
const cardNames = (page: Page) => cards(page).getByRole("heading");
const cardOf = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
const amenities = (page: Page) => page.getByRole("group", { name: "Amenities" });
const specialties = (page: Page) => page.getByRole("group", { name: "Specialties" });

/** Fills every required field of the facility form with valid values. */
async function fillRequired(page: Page, v: { name: string; city?: string }) {
  await field(page, "Facility name").fill(v.name);
  await field(page, "License number").fill(`CA-RCFE-${digits(5)}`);
  await field(page, "Facility type").selectOption("Assisted Living");
  await field(page, "Capacity (beds)").fill("12");
  await field(page, "Street address").fill("1 Harbor Way");
  await field(page, "City").fill(v.city ?? "Eugene");
  await field(page, "State").selectOption("OR");
  await field(page, "ZIP code").fill("97401");
  await field(page, "Contact name").fill("Lee Admin");
  await field(page, "Contact phone").fill(uniquePhone());
  await field(page, "Minimum cost").fill("3500");
}

const CSV_HEADER = [
  "Name",
  "License Number",
  "Type",
  "Active",
  "Capacity",
  "Current Occupancy",
  "Available Beds",
  "Street",
  "City",
  "State",
  "ZIP",
  "Contact",
  "Contact Phone",
  "Contact Email",
  "Cost Range",
  "Min Cost",
  "Max Cost",
  "Accepts Insurance",
  "Rating",
  "Amenities",
  "Specialties",
  "Notes",
  "Updated",
];

const csvRecords = (text: string) => readCsv(text, CSV_HEADER);

/** The delete confirmation of a facility's page. */
const deletion = (facility: { id: string; name: string }): DeleteConfirmation => ({
  path: `/facilities/${facility.id}`,
  name: `Delete ${facility.name}?`,
  message: "Are you sure you want to delete this facility? This action cannot be undone.",
});

// ───────────────────────────── create ─────────────────────────────

test.describe("adding a facility", () => {
  test("the spec's messages show next to the fields at once; corrected, the facility is saved and listed", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const name = `Rosewood Manor ${token()}`;
    const notes =
      "Family-owned community near the river with a secure memory care wing, a chapel, a garden and weekly outings for residents.";
    expect(notes.length).toBeGreaterThan(100);

    await page.goto("/facilities");
    await expect(page.getByText("No facilities yet")).toBeVisible();
    await ready(page, js, "list");
    await page.getByRole("link", { name: "Add Facility" }).first().click();
    await expect(page).toHaveURL(/\/facilities\/new$/);
    await expect(page.getByRole("heading", { name: "Add Facility" })).toBeVisible();
    await ready(page, js, "form");

    // Defaults of a new facility.
    await expect(field(page, "Active (open to new placements)")).toBeChecked();
    await expect(field(page, "Accepts insurance")).not.toBeChecked();
    await expect(field(page, "Current occupancy")).toHaveValue("0");
    await expect(field(page, "Minimum cost")).toHaveValue("");
    await expect(field(page, "Maximum cost")).toHaveValue("");
    await expect(field(page, "Cost range")).toHaveCount(0);
    await expect(amenities(page).getByRole("checkbox")).toHaveCount(20);
    await expect(specialties(page).getByRole("checkbox")).toHaveCount(13);

    // First try: no name, a bad ZIP, more residents than beds, a maximum below the minimum, a bad e-mail,
    // a phone number that is not one.
    await field(page, "License number").fill("OR-MC-2044");
    await field(page, "Facility type").selectOption("Memory Care");
    await field(page, "Rating").fill("4.5");
    await field(page, "Capacity (beds)").fill("10");
    await field(page, "Current occupancy").fill("12");
    await field(page, "Street address").fill("77 River Rd");
    await field(page, "City").fill("Portland");
    await field(page, "State").selectOption("OR");
    await field(page, "ZIP code").fill("9720");
    await field(page, "Contact name").fill("Nora Lind");
    await field(page, "Contact phone").fill("555-0199");
    await field(page, "Contact email").fill("not-an-email");
    await field(page, "Minimum cost").fill("5000");
    await field(page, "Maximum cost").fill("4000");
    await field(page, "Accepts insurance").check();
    for (const amenity of ["WiFi", "Meals Included", "Pet Friendly", "Housekeeping"]) {
      await amenities(page).getByRole("checkbox", { name: amenity, exact: true }).check();
    }
    await field(page, "Other amenities").fill("Chapel");
    await specialties(page).getByRole("checkbox", { name: "Dementia Care", exact: true }).check();
    await field(page, "Notes").fill(notes);
    await page.getByRole("button", { name: "Create Facility" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toBeVisible();
    await expect(field(page, "Facility name")).toHaveAccessibleDescription("Facility name is required");
    await expect(field(page, "ZIP code")).toHaveAccessibleDescription("Please enter a valid ZIP code");
    await expect(field(page, "Current occupancy")).toHaveAccessibleDescription(
      "Current occupancy cannot exceed capacity",
    );
    await expect(field(page, "Maximum cost")).toHaveAccessibleDescription(
      "Maximum cost must be greater than minimum cost",
    );
    await expect(field(page, "Contact email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(field(page, "Contact phone")).toHaveAccessibleDescription("Please enter a valid phone number");
    await expect(field(page, "Facility name")).toHaveAttribute("aria-invalid", "true");
    // Fields that are right carry no message.
    await expect(field(page, "License number")).not.toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Capacity (beds)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/facilities\/new$/);
    // Nothing typed is lost.
    await expect(field(page, "License number")).toHaveValue("OR-MC-2044");
    await expect(field(page, "Facility type")).toHaveValue("Memory Care");
    await expect(field(page, "Capacity (beds)")).toHaveValue("10");
    await expect(field(page, "Contact email")).toHaveValue("not-an-email");
    await expect(field(page, "Accepts insurance")).toBeChecked();
    await expect(amenities(page).getByRole("checkbox", { name: "Pet Friendly", exact: true })).toBeChecked();
    await expect(specialties(page).getByRole("checkbox", { name: "Dementia Care", exact: true })).toBeChecked();
    await expect(specialties(page).getByRole("checkbox")).toHaveCount(13);
    if (js) {
      // Still in the box, where it was typed.
      await expect(field(page, "Other amenities")).toHaveValue("Chapel");
      await expect(amenities(page).getByRole("checkbox")).toHaveCount(20);
    } else {
      // Back from the server as a ticked entry of its own, and the box empty.
      await expect(amenities(page).getByRole("checkbox", { name: "Chapel", exact: true })).toBeChecked();
      await expect(field(page, "Other amenities")).toHaveValue("");
      await expect(amenities(page).getByRole("checkbox")).toHaveCount(21);
    }
    expect(await facilitiesOf(agency)).toHaveLength(0);

    // Each message clears as its field is corrected; then the facility is saved.
    await field(page, "Facility name").fill(name);
    await field(page, "ZIP code").fill("97201-1234");
    await field(page, "Current occupancy").fill("7");
    await field(page, "Maximum cost").fill("6500");
    await field(page, "Contact email").fill("nora@rosewood.example");
    await field(page, "Contact phone").fill("503.555.0199");
    if (js) {
      await expect(field(page, "Facility name")).not.toHaveAttribute("aria-invalid", "true");
      await expect(field(page, "Maximum cost")).not.toHaveAttribute("aria-invalid", "true");
    }
    await page.getByRole("button", { name: "Create Facility" }).click();

    // The new facility's page, then the directory shows its card.
    await expect(page).toHaveURL(/\/facilities\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Facility created successfully!");
    await page.goto("/facilities");
    await expect(page.getByText("1 facility", { exact: true })).toBeVisible();
    const card = cardOf(page, name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Memory Care · Portland, OR");
    await expect(card).toContainText("★ 4.5");
    await expect(card).toContainText("Available · 3 beds");
    await expect(card).toContainText("Active");
    await expect(card).toContainText("$5,000 - $6,500 / month");
    // At most three amenities on a card, then "+N more".
    await expect(card.getByRole("list", { name: "Amenities" }).getByRole("listitem")).toHaveText([
      "Meals Included",
      "Housekeeping",
      "WiFi",
      "+2 more",
    ]);
    // Notes cut at 100 characters, with an ellipsis.
    await expect(card.getByText(`${notes.slice(0, 100).trimEnd()}…`, { exact: true })).toBeVisible();

    const [stored] = await facilitiesOf(agency);
    expect(stored).toMatchObject({
      name,
      license_number: "OR-MC-2044",
      type: "Memory Care",
      capacity: 10,
      current_occupancy: 7,
      available_beds: 3,
      address_street: "77 River Rd",
      address_city: "Portland",
      address_state: "OR",
      address_zip: "97201-1234",
      contact_name: "Nora Lind",
      contact_phone: "+15035550199",
      contact_email: "nora@rosewood.example",
      amenities: ["Meals Included", "Housekeeping", "WiFi", "Pet Friendly", "Chapel"],
      specialties: ["Dementia Care"],
      cost_range: "$5,000 - $6,500",
      accepts_insurance: true,
      is_active: true,
      notes,
    });
    expect(Number(stored.min_cost)).toBe(5000);
    expect(Number(stored.max_cost)).toBe(6500);
    expect(Number(stored.rating)).toBe(4.5);
  });

  test("the price is asked once: the minimum is required, and without a maximum it reads 'From $…' on the card and the page", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const name = `Price Once ${token()}`;
    await page.goto("/facilities/new");
    await ready(page, js, "form");
    await fillRequired(page, { name });
    await field(page, "Minimum cost").fill("");
    await field(page, "Maximum cost").fill("5000");
    await page.getByRole("button", { name: "Create Facility" }).click();
    await expect(field(page, "Minimum cost")).toHaveAccessibleDescription("Minimum cost is required");
    await expect(field(page, "Maximum cost")).toHaveValue("5000");
    expect(await facilitiesOf(agency)).toHaveLength(0);

    await field(page, "Minimum cost").fill("4200");
    await field(page, "Maximum cost").fill("");
    await page.getByRole("button", { name: "Create Facility" }).click();
    await expect(toast(page, "success")).toContainText("Facility created successfully!");
    await expect(page).toHaveURL(/\/facilities\/[0-9a-f-]{36}$/);
    await page.goto("/facilities");
    await expect(cardOf(page, name)).toContainText("From $4,200 / month");
    const [stored] = await facilitiesOf(agency);
    expect([stored.cost_range, Number(stored.min_cost), Number(stored.max_cost)]).toEqual(["From $4,200", 4200, 0]);

    await cards(page).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name: "Pricing" })).toBeVisible();
    const pricing = page.locator("dl").filter({ has: page.getByText("Monthly cost", { exact: true }) });
    await expect(pricing.getByRole("definition")).toHaveText(["From $4,200", "Not accepted"]);
  });

  test("a custom amenity that repeats a ticked preset is refused", async ({ page, agency, javaScriptEnabled: js }) => {
    const name = `Duplicate Check ${token()}`;
    await page.goto("/facilities/new");
    await ready(page, js, "form");
    await fillRequired(page, { name });
    const wifi = amenities(page).getByRole("checkbox", { name: "WiFi", exact: true });
    const other = field(page, "Other amenities");
    await wifi.check();
    await other.fill("wifi");

    if (js) {
      // Add refuses it, and nothing is added.
      await amenities(page).getByRole("button", { name: "Add" }).click();
      await expect(amenities(page).getByRole("alert")).toHaveText('"wifi" is already in the list.');
      await expect(amenities(page).getByRole("checkbox")).toHaveCount(20);
      await expect(other).toHaveValue("wifi");
    }

    // Posted as typed, the form refuses it too.
    await page.getByRole("button", { name: "Create Facility" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toBeVisible();
    await expect(amenities(page)).toHaveAccessibleDescription('"wifi" is already in the amenities');
    await expect(page).toHaveURL(/\/facilities\/new$/);
    expect(await facilitiesOf(agency)).toHaveLength(0);

    // Without the repeat it saves, with the preset once.
    await other.fill("");
    await expect(wifi).toBeChecked();
    await expect(amenities(page).getByRole("checkbox")).toHaveCount(20);
    await page.getByRole("button", { name: "Create Facility" }).click();
    await expect(page).toHaveURL(/\/facilities\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Facility created successfully!");
    const [stored] = await facilitiesOf(agency);
    expect(stored.name).toBe(name);
    expect(stored.amenities).toEqual(["WiFi"]);
  });

  test("Add turns a typed amenity into a ticked box, ticks a preset by its name, and refuses a repeat @js-only", async ({
    page,
    agency,
  }) => {
    await page.goto("/facilities/new");
    await ready(page, true, "form");
    const group = amenities(page);
    const other = field(page, "Other amenities");
    const add = group.getByRole("button", { name: "Add" });

    await add.click();
    await expect(group.getByRole("alert")).toHaveText("Type an entry first.");
    await other.fill("Chapel");
    await expect(group.getByRole("alert")).toHaveCount(0);
    await add.click();
    await expect(group.getByRole("checkbox", { name: "Chapel", exact: true })).toBeChecked();
    await expect(other).toHaveValue("");
    await expect(group.getByRole("checkbox")).toHaveCount(21);

    await other.fill("chapel");
    await other.press("Enter"); // adds, and does not submit the form
    await expect(group.getByRole("alert")).toHaveText('"chapel" is already in the list.');
    await expect(page).toHaveURL(/\/facilities\/new$/);
    await expect(group.getByRole("checkbox")).toHaveCount(21);

    // A preset's name, unticked: the preset is ticked instead.
    await other.fill("pet friendly");
    await add.click();
    await expect(group.getByRole("checkbox", { name: "Pet Friendly", exact: true })).toBeChecked();
    await expect(other).toHaveValue("");
    await expect(group.getByRole("alert")).toHaveCount(0);
    await expect(group.getByRole("checkbox")).toHaveCount(21);

    await fillRequired(page, { name: "Chapel House" });
    await page.getByRole("button", { name: "Create Facility" }).click();
    await expect(toast(page, "success")).toContainText("Facility created successfully!");
    const [stored] = await facilitiesOf(agency);
    expect(stored.amenities).toEqual(["Pet Friendly", "Chapel"]);
  });
});

// ───────────────────────────── list ─────────────────────────────

test.describe("the facility directory", () => {
  test("search finds a facility by name, city or license number", async ({ page, agency, javaScriptEnabled: js }) => {
    await insertFacility(agency, { name: "Harborview Gardens", address_city: "Astoria", license_number: "OR-111" });
    await insertFacility(agency, { name: "Cedar Hollow", address_city: "Bend", license_number: "WA-ZX-9931" });
    await insertFacility(agency, { name: "Willow Creek", address_city: "Medford", license_number: "OR-333" });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await expect(page.getByText("3 facilities", { exact: true })).toBeVisible();
    const search = filters(page).getByLabel("Search");

    await search.fill("harborview");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=harborview(&|$)/);
    await expect(cardNames(page)).toHaveText(["Harborview Gardens"]);
    await expect(page.getByText("1 facility matches your filters", { exact: true })).toBeVisible();

    await search.fill("MEDFORD");
    await applyFilters(page, js);
    await expect(cardNames(page)).toHaveText(["Willow Creek"]);

    await search.fill("zx-9931");
    await applyFilters(page, js);
    await expect(cardNames(page)).toHaveText(["Cedar Hollow"]);

    await search.fill("nothing-like-this");
    await applyFilters(page, js);
    await expect(page.getByText("No facilities match your filters")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/facilities$/);
    await expect(cards(page)).toHaveCount(3);
  });

  test("the type filter narrows the list, and the spec's slugs work in a shared link", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Memory Lane", type: "Memory Care" });
    await insertFacility(agency, { name: "Sunrise Assisted", type: "Assisted Living" });
    await insertFacility(agency, { name: "Oak Assisted", type: "Assisted Living" });
    await insertFacility(agency, { name: "Pine Skilled", type: "Skilled Nursing" });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await expect(cards(page)).toHaveCount(4);

    await filters(page).getByLabel("Type").selectOption("Memory Care");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]type=Memory\+Care(&|$)/);
    await expect(cardNames(page)).toHaveText(["Memory Lane"]);
    await expect(cards(page)).toContainText("Memory Care · Portland, OR");
    await expect(page.getByText("1 facility matches your filters", { exact: true })).toBeVisible();

    await filters(page).getByLabel("Type").selectOption("Assisted Living");
    await applyFilters(page, js);
    await expect(cardNames(page)).toHaveText(["Oak Assisted", "Sunrise Assisted"]);
    await expect(page.getByText("2 facilities match your filters", { exact: true })).toBeVisible();

    // The URL holds the state.
    await page.reload();
    await ready(page, js, "list");
    await expect(filters(page).getByLabel("Type")).toHaveValue("Assisted Living");
    await expect(cards(page)).toHaveCount(2);

    await page.goto("/facilities?type=skilled-nursing");
    await expect(cardNames(page)).toHaveText(["Pine Skilled"]);
    await expect(filters(page).getByLabel("Type")).toHaveValue("Skilled Nursing");

    // "continuing-care" maps to no facility type: the list says it left the filter out, by its label.
    await page.goto("/facilities?type=continuing-care");
    await expect(page.getByRole("alert")).toHaveText(
      'Some filters in the address were not understood and were left outType "continuing-care" is not one of the choices.Clear filters',
    );
    await expect(cards(page)).toHaveCount(4);
  });

  test("availability: beds available, or a wait list (0 beds free is a wait list)", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Three Beds", capacity: 10, current_occupancy: 7 });
    await insertFacility(agency, { name: "Full House", capacity: 20, current_occupancy: 20 });
    await insertFacility(agency, { name: "One Bed", capacity: 5, current_occupancy: 4 });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await expect(cardOf(page, "Three Beds")).toContainText("Available · 3 beds");
    await expect(cardOf(page, "Full House")).toContainText("Wait List");
    await expect(cardOf(page, "Full House")).not.toContainText("Available");
    await expect(cardOf(page, "One Bed")).toContainText("Available · 1 bed");

    const availability = filters(page).getByLabel("Availability");
    await availability.selectOption({ label: "Beds available" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]availability=available(&|$)/);
    await expect(cardNames(page)).toHaveText(["One Bed", "Three Beds"]);

    await availability.selectOption({ label: "Wait list" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]availability=waitlist(&|$)/);
    await expect(cardNames(page)).toHaveText(["Full House"]);
    await expect(cards(page)).toContainText("Wait List");

    await page.goto("/facilities?availability=wait-list");
    await expect(cardNames(page)).toHaveText(["Full House"]);
  });

  test("a price range keeps the facilities whose own range overlaps it, edges included", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Low End", cost_range: "$2,000 - $2,500", min_cost: 2000, max_cost: 2500 });
    await insertFacility(agency, { name: "Lower Mid", cost_range: "$3,000 - $4,000", min_cost: 3000, max_cost: 4000 });
    await insertFacility(agency, { name: "Upper Mid", cost_range: "$4,500 - $6,000", min_cost: 4500, max_cost: 6000 });
    // No maximum: the price is the minimum and up.
    await insertFacility(agency, { name: "Open Top", cost_range: "From $7,000", min_cost: 7000, max_cost: 0 });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await expect(cardOf(page, "Lower Mid")).toContainText("$3,000 - $4,000 / month");
    await expect(cardOf(page, "Open Top")).toContainText("From $7,000 / month");

    const min = filters(page).getByLabel("Min price");
    const max = filters(page).getByLabel("Max price");
    // 4,000 to 4,500: one range ends at 4,000, another starts at 4,500.
    await min.fill("4000");
    await max.fill("4500");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]minPrice=4000(&|$)/);
    await expect(page).toHaveURL(/[?&]maxPrice=4500(&|$)/);
    await expect(cardNames(page)).toHaveText(["Upper Mid", "Lower Mid"]);

    // Above the top of "Lower Mid" leaves it out (in steps of $100, as the input offers).
    await min.fill("4100");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]minPrice=4100(&|$)/);
    await expect(cardNames(page)).toHaveText(["Upper Mid"]);

    // Only a maximum: the ranges that start at or below it.
    await min.fill("");
    await max.fill("2000");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]maxPrice=2000(&|$)/);
    await expect(page).not.toHaveURL(/minPrice=\d/);
    await expect(cardNames(page)).toHaveText(["Low End"]);

    // Only a minimum: a facility without a maximum costs its minimum and up.
    await max.fill("");
    await min.fill("7000");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]minPrice=7000(&|$)/);
    await expect(page).not.toHaveURL(/maxPrice=\d/);
    await expect(cardNames(page)).toHaveText(["Open Top"]);

    await min.fill("7100");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]minPrice=7100(&|$)/);
    await expect(page.getByText("No facilities match your filters")).toBeVisible();
  });

  test("a price that is not a round hundred applies too (a facility's range ends on any dollar)", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Ends Below", cost_range: "$3,000 - $4,249", min_cost: 3000, max_cost: 4249 });
    await insertFacility(agency, { name: "Ends At", cost_range: "$3,000 - $4,250", min_cost: 3000, max_cost: 4250 });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await filters(page).getByLabel("Min price").fill("4250");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]minPrice=4250(&|$)/);
    await expect(cardNames(page)).toHaveText(["Ends At"]);
  });

  test("a minimum price above the maximum is said beside the price filters, which keep what was typed", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Cheap", cost_range: "$2,000 - $2,500", min_cost: 2000, max_cost: 2500 });
    await insertFacility(agency, { name: "Dear", cost_range: "$6,000 - $8,000", min_cost: 6000, max_cost: 8000 });
    const min = filters(page).getByLabel("Min price");
    const max = filters(page).getByLabel("Max price");

    // From an address (a bookmark, a shared link).
    await page.goto("/facilities?minPrice=5000&maxPrice=3000");
    await ready(page, js, "list");
    await expect(min).toHaveValue("5000");
    await expect(max).toHaveValue("3000");
    for (const box of [min, max]) {
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(box).toHaveAccessibleDescription("The minimum price ($5,000) is above the maximum ($3,000)");
    }
    await expect(page.getByText("The minimum price ($5,000) is above the maximum ($3,000)")).toBeVisible();
    // Not the generic notice naming URL parameters.
    await expect(page.getByText("Some filters in the address were not understood")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("maxPrice");
    // The maximum is left out: the list is narrowed by the minimum alone.
    await expect(cardNames(page)).toHaveText(["Dear"]);

    // Typed in the filters, and then corrected.
    await page.goto("/facilities");
    await ready(page, js, "list");
    await min.fill("6000");
    await max.fill("1000");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]maxPrice=1000(&|$)/);
    await expect(page.getByText("The minimum price ($6,000) is above the maximum ($1,000)")).toBeVisible();
    await expect(max).toHaveValue("1000");
    await max.fill("9000");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]maxPrice=9000(&|$)/);
    await expect(page.getByText(/is above the maximum/)).toHaveCount(0);
    await expect(max).not.toHaveAttribute("aria-invalid", "true");
    await expect(cardNames(page)).toHaveText(["Dear"]);
  });

  test("sort by available beds, and the direction toggle reverses it", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertFacility(agency, { name: "Five Free", capacity: 20, current_occupancy: 15 });
    await insertFacility(agency, { name: "None Free", capacity: 30, current_occupancy: 30 });
    await insertFacility(agency, { name: "Twelve Free", capacity: 12, current_occupancy: 0 });

    await page.goto("/facilities");
    await ready(page, js, "list");
    // Default: last updated first.
    await expect(filters(page).getByLabel("Sort by")).toHaveValue("-updatedAt");
    await expect(cardNames(page)).toHaveText(["Twelve Free", "None Free", "Five Free"]);

    await filters(page).getByLabel("Sort by").selectOption({ label: "Available beds" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=-capacity\.available(&|$)/);
    await expect(cardNames(page)).toHaveText(["Twelve Free", "Five Free", "None Free"]);

    const direction = filters(page).getByTestId("sort-direction");
    await expect(direction).toHaveAccessibleName("Highest first, change to Lowest first");
    await direction.click();
    await expect(page).toHaveURL(/[?&]sort=capacity\.available(&|$)/);
    await expect(cardNames(page)).toHaveText(["None Free", "Five Free", "Twelve Free"]);
    await expect(filters(page).getByLabel("Sort by")).toHaveValue("capacity.available");
    await expect(direction).toHaveAccessibleName("Lowest first, change to Highest first");

    // A name sort starts A to Z, the price lowest first.
    await filters(page).getByLabel("Sort by").selectOption({ label: "Name" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(cardNames(page)).toHaveText(["Five Free", "None Free", "Twelve Free"]);
    await expect(direction).toHaveAccessibleName("A to Z, change to Z to A");
    await expect(filters(page).getByLabel("Sort by").locator("option", { hasText: "Minimum cost" })).toHaveAttribute(
      "value",
      "minCost",
    );

    await filters(page).getByLabel("Sort by").selectOption({ label: "Available beds" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=-capacity\.available(&|$)/);
    await expect(cardNames(page)).toHaveText(["Twelve Free", "Five Free", "None Free"]);
  });

  test("12 facilities a page; the page links keep the filters", async ({ page, agency, javaScriptEnabled: js }) => {
    for (let i = 1; i <= 13; i++) {
      await insertFacility(agency, { name: `Grove ${String(i).padStart(2, "0")}`, type: "Memory Care" });
    }
    await insertFacility(agency, { name: "Other Type", type: "Home Care" });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await filters(page).getByLabel("Type").selectOption("Memory Care");
    await filters(page).getByLabel("Sort by").selectOption({ label: "Name" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect(page).toHaveURL(/[?&]type=Memory\+Care(&|$)/);

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(cards(page)).toHaveCount(12);
    await expect(cardNames(page).first()).toHaveText("Grove 01");
    await expect(pagination).toContainText("Page 1 of 2 · 13 facilities");

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]type=Memory\+Care(&|$)/);
    await expect(cardNames(page)).toHaveText(["Grove 13"]);
    await expect(pagination).toContainText("Page 2 of 2 · 13 facilities");
  });
});

// ───────────────────────────── export ─────────────────────────────

test.describe("export @once", () => {
  test("downloads the filtered list as CSV: a header row and only the matching facilities", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const email = `intake.${token()}@evergreen.example`;
    await insertFacility(agency, {
      name: "Evergreen Memory Care",
      license_number: "OR-MC-7788",
      type: "Memory Care",
      capacity: 10,
      current_occupancy: 7,
      address_street: "12 Elm St, Suite 4",
      address_city: "Salem",
      address_state: "OR",
      address_zip: "97301-4455",
      contact_name: "Dana Cruz",
      contact_phone: "+15035550111",
      contact_email: email,
      amenities: ["WiFi", "Chapel"],
      specialties: ["Dementia Care", "Hospice Care"],
      cost_range: "$4,000 - $6,500",
      min_cost: 4000,
      max_cost: 6500,
      accepts_insurance: true,
      rating: 4.5,
      notes: 'Secure courtyard, "quiet" wing',
    });
    await insertFacility(agency, {
      name: "Formula Memory",
      type: "Memory Care",
      capacity: 8,
      current_occupancy: 2,
      cost_range: "=HYPERLINK(1)",
      notes: "=1+2",
      is_active: false,
      accepts_insurance: false,
    });
    await insertFacility(agency, { name: "Waitlisted Memory", type: "Memory Care", capacity: 6, current_occupancy: 6 });
    await insertFacility(agency, {
      name: "Assisted Elsewhere",
      type: "Assisted Living",
      capacity: 10,
      current_occupancy: 1,
    });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await filters(page).getByLabel("Type").selectOption("Memory Care");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/type=Memory\+Care/);
    await filters(page).getByLabel("Availability").selectOption({ label: "Beds available" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/availability=available/);
    await expect(cardNames(page)).toHaveText(["Formula Memory", "Evergreen Memory Care"]);
    await expect(cardOf(page, "Formula Memory")).toContainText("Inactive");

    const exportLink = page.getByRole("link", { name: "Export", exact: true });
    const href = await hrefOf(exportLink);
    expect(href.pathname).toBe("/facilities/export");
    expect(href.searchParams.get("type")).toBe("Memory Care");
    expect(href.searchParams.get("availability")).toBe("available");

    const file = await download(exportLink);
    expect(file.filename).toMatch(/^facilities-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csvRecords(file.text);

    // The list's order (last updated first), and nothing that does not match.
    expect(records.map((r) => r.Name)).toEqual(["Formula Memory", "Evergreen Memory Care"]);
    const [formula, evergreen] = records;
    expect(evergreen).toMatchObject({
      Name: "Evergreen Memory Care",
      "License Number": "OR-MC-7788",
      Type: "Memory Care",
      Active: "Yes",
      Capacity: "10",
      "Current Occupancy": "7",
      "Available Beds": "3",
      Street: "12 Elm St, Suite 4",
      City: "Salem",
      State: "OR",
      ZIP: "97301-4455",
      Contact: "Dana Cruz",
      "Contact Phone": "(503) 555-0111",
      "Contact Email": email,
      "Cost Range": "$4,000 - $6,500",
      "Min Cost": "4000",
      "Max Cost": "6500",
      "Accepts Insurance": "Yes",
      Rating: "4.5",
      Amenities: "WiFi; Chapel",
      Specialties: "Dementia Care; Hospice Care",
      Notes: 'Secure courtyard, "quiet" wing',
    });
    expect(Number.isNaN(Date.parse(evergreen.Updated))).toBe(false);
    expect(formula).toMatchObject({
      Active: "No",
      "Available Beds": "6",
      "Contact Email": "",
      "Accepts Insurance": "No",
      Rating: "",
      Amenities: "",
      // A cell that a spreadsheet would run as a formula is neutralised.
      "Cost Range": "'=HYPERLINK(1)",
      Notes: "'=1+2",
    });
  });
});

// ───────────────────────────── detail ─────────────────────────────

test.describe("a facility's page", () => {
  test("shows the facility; the quick actions lead to its placements", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, {
      name: "Brookside Care",
      license_number: "OR-NH-5150",
      type: "Nursing Home",
      capacity: 40,
      current_occupancy: 30,
      address_street: "5 Brook Ln",
      address_city: "Corvallis",
      address_state: "OR",
      address_zip: "97330",
      contact_name: "Ivy Chen",
      contact_phone: "+15415550123;ext=12",
      contact_email: "ivy@brookside.example",
      amenities: ["Physical Therapy", "Garden Walks"],
      specialties: ["Stroke Recovery"],
      cost_range: "$6,000 - $8,000",
      min_cost: 6000,
      max_cost: 8000,
      accepts_insurance: true,
      rating: 3.8,
      notes: "Ground-floor rooms only.",
    });

    await page.goto("/facilities");
    await ready(page, js, "list");
    await cards(page).getByRole("link", { name: "Brookside Care" }).click();
    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}$`));
    await expect(page.getByRole("heading", { name: "Brookside Care" })).toBeVisible();
    await expect(page.getByText("Nursing Home · Corvallis, OR")).toBeVisible();
    await expect(page.getByText("★ 3.8")).toBeVisible();
    await expect(page.getByText("Available · 10 beds")).toBeVisible();
    await expect(page.getByText("5 Brook Ln, Corvallis, OR 97330")).toBeVisible();
    await expect(page.getByRole("link", { name: "(541) 555-0123 ext. 12" })).toHaveAttribute(
      "href",
      "tel:+15415550123;ext=12",
    );
    await expect(page.getByRole("link", { name: "ivy@brookside.example" })).toHaveAttribute(
      "href",
      "mailto:ivy@brookside.example",
    );
    for (const chip of ["Physical Therapy", "Garden Walks", "Stroke Recovery"]) {
      await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${chip}$`) })).toBeVisible();
    }
    await expect(page.getByText("Ground-floor rooms only.")).toBeVisible();
    // Pricing: the monthly cost once, and insurance.
    await expect(page.getByRole("heading", { name: "Pricing" })).toBeVisible();
    const pricing = page.locator("dl").filter({ has: page.getByText("Monthly cost", { exact: true }) });
    await expect(pricing.getByRole("definition")).toHaveText(["$6,000 - $8,000", "Accepted"]);
    await expect(pricing.getByRole("term")).toHaveText(["Monthly cost", "Insurance"]);
    await expect(page.locator("main")).not.toContainText("$6,000 / $8,000");
    await expect(page.getByText("OR-NH-5150")).toBeVisible();

    // Quick actions.
    await expect(page.getByRole("link", { name: "New Placement" })).toHaveAttribute(
      "href",
      `/placements/new?facilityId=${facility.id}`,
    );
    await expect(page.getByRole("link", { name: "View Placements" })).toHaveAttribute(
      "href",
      `/placements?facilityId=${facility.id}`,
    );
    await expect(page.getByText("0 placements, 0 active")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveAttribute(
      "href",
      `/facilities/${facility.id}/edit`,
    );

    // New Placement opens the placement form with this facility chosen (a select without
    // JavaScript, a type-to-search box showing its name with it).
    await page.getByRole("link", { name: "New Placement" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements/new\\?facilityId=${facility.id}$`));
    await expect(page.getByRole("heading", { name: "Create New Placement" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Facility", exact: true })).toHaveValue(
      js ? "Brookside Care" : facility.id,
    );
    // View Placements lists this facility's placements (none yet), under a filter chip.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}$`));
    await page.getByRole("link", { name: "View Placements" }).click();
    await expect(page).toHaveURL(new RegExp(`/placements\\?facilityId=${facility.id}$`));
    await expect(page.getByRole("link", { name: "Remove the filter: facility Brookside Care" })).toHaveText(
      "Facility: Brookside Care",
    );
    await expect(page.getByText("No placements match your filters")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}$`));

    await page.getByRole("link", { name: "Back to Facilities" }).click();
    await expect(page).toHaveURL(/\/facilities$/);
  });

  test("a facility of another agency, or none, is not found @once", async ({ page, agency: _agency }) => {
    const theirs = await insertFacility(await otherAgencyUser(), { name: "Not Yours" });
    for (const path of [`/facilities/${theirs.id}`, `/facilities/${theirs.id}/edit`, "/facilities/not-an-id"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Facility not found.")).toBeVisible();
    }
  });
});

// ───────────────────────────── edit ─────────────────────────────

test.describe("editing a facility", () => {
  test("the stored values come back in the form; changed ones are saved", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, {
      name: "Maple Grove",
      license_number: "OR-ALF-1001",
      type: "Assisted Living",
      capacity: 40,
      current_occupancy: 30,
      address_street: "12 Elm St",
      address_city: "Salem",
      address_state: "OR",
      address_zip: "97301",
      contact_name: "Dana Cruz",
      contact_phone: "+15035550111",
      contact_email: "dana@maplegrove.example",
      amenities: ["WiFi", "Chapel"],
      specialties: ["Dementia Care", "Music Therapy"],
      cost_range: "$4,000 - $6,000",
      min_cost: 4000,
      max_cost: 6000,
      accepts_insurance: true,
      rating: 4.5,
      notes: "Quiet neighborhood.",
    });

    await page.goto(`/facilities/${facility.id}`);
    await ready(page, js, "detail");
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}/edit$`));
    await expect(page.getByRole("heading", { name: "Edit Maple Grove" })).toBeVisible();
    await ready(page, js, "form");

    await expect(field(page, "Facility name")).toHaveValue("Maple Grove");
    await expect(field(page, "License number")).toHaveValue("OR-ALF-1001");
    await expect(field(page, "Facility type")).toHaveValue("Assisted Living");
    await expect(field(page, "Rating")).toHaveValue("4.5");
    await expect(field(page, "Active (open to new placements)")).toBeChecked();
    await expect(field(page, "Capacity (beds)")).toHaveValue("40");
    await expect(field(page, "Current occupancy")).toHaveValue("30");
    await expect(field(page, "Street address")).toHaveValue("12 Elm St");
    await expect(field(page, "City")).toHaveValue("Salem");
    await expect(field(page, "State")).toHaveValue("OR");
    await expect(field(page, "ZIP code")).toHaveValue("97301");
    await expect(field(page, "Contact name")).toHaveValue("Dana Cruz");
    await expect(field(page, "Contact phone")).toHaveValue("(503) 555-0111");
    await expect(field(page, "Contact email")).toHaveValue("dana@maplegrove.example");
    await expect(field(page, "Billing email")).toHaveValue("");
    await expect(field(page, "Minimum cost")).toHaveValue("4000");
    await expect(field(page, "Maximum cost")).toHaveValue("6000");
    await expect(field(page, "Accepts insurance")).toBeChecked();
    await expect(field(page, "Notes")).toHaveValue("Quiet neighborhood.");
    await expect(amenities(page).getByRole("checkbox", { name: "WiFi", exact: true })).toBeChecked();
    await expect(amenities(page).getByRole("checkbox", { name: "Chapel", exact: true })).toBeChecked();
    await expect(amenities(page).getByRole("checkbox", { name: "Pet Friendly", exact: true })).not.toBeChecked();
    await expect(amenities(page).getByRole("checkbox")).toHaveCount(21);
    await expect(specialties(page).getByRole("checkbox", { name: "Dementia Care", exact: true })).toBeChecked();
    await expect(specialties(page).getByRole("checkbox", { name: "Music Therapy", exact: true })).toBeChecked();

    // An error first: fewer beds than residents.
    await field(page, "Capacity (beds)").fill("25");
    await page.getByRole("button", { name: "Update Facility" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toBeVisible();
    await expect(field(page, "Current occupancy")).toHaveAccessibleDescription(
      "Current occupancy cannot exceed capacity",
    );
    expect((await facilitiesOf(agency))[0].capacity).toBe(40);
    // The entries are as they were: no box added for the empty "Other amenities".
    await expect(amenities(page).getByRole("checkbox")).toHaveCount(21);
    await expect(amenities(page).getByRole("checkbox", { name: "Chapel", exact: true })).toBeChecked();
    await expect(specialties(page).getByRole("checkbox")).toHaveCount(14);

    await field(page, "Capacity (beds)").fill("45");
    await field(page, "Current occupancy").fill("44");
    await field(page, "Facility type").selectOption("Memory Care");
    await field(page, "Maximum cost").fill("6500");
    await field(page, "Accepts insurance").uncheck();
    await amenities(page).getByRole("checkbox", { name: "WiFi", exact: true }).uncheck();
    await amenities(page).getByRole("checkbox", { name: "Pet Friendly", exact: true }).check();
    await field(page, "Other amenities").fill("Garden");
    await field(page, "Notes").fill("Renovated in 2025.");
    await field(page, "Billing email").fill("ap@maplegrove.example");
    await page.getByRole("button", { name: "Update Facility" }).click();

    await expect(page).toHaveURL(/\/facilities$/);
    await expect(toast(page, "success")).toContainText("Facility updated successfully!");
    const card = cardOf(page, "Maple Grove");
    await expect(card).toContainText("Memory Care · Salem, OR");
    await expect(card).toContainText("Available · 1 bed");
    await expect(card).toContainText("$4,000 - $6,500 / month");
    await expect(card.getByRole("list", { name: "Amenities" }).getByRole("listitem")).toHaveText([
      "Pet Friendly",
      "Chapel",
      "Garden",
    ]);
    await expect(card).toContainText("Renovated in 2025.");

    const [stored] = await facilitiesOf(agency);
    expect(stored).toMatchObject({
      name: "Maple Grove",
      type: "Memory Care",
      capacity: 45,
      current_occupancy: 44,
      available_beds: 1,
      contact_email: "dana@maplegrove.example",
      billing_email: "ap@maplegrove.example",
      amenities: ["Pet Friendly", "Chapel", "Garden"],
      specialties: ["Dementia Care", "Music Therapy"],
      accepts_insurance: false,
      is_active: true,
      notes: "Renovated in 2025.",
    });
    expect(Number(stored.max_cost)).toBe(6500);
    expect(Number(stored.rating)).toBe(4.5);

    // Opened again, the form shows what was saved.
    await page.goto(`/facilities/${facility.id}/edit`);
    await ready(page, js, "form");
    await expect(field(page, "Facility type")).toHaveValue("Memory Care");
    await expect(field(page, "Accepts insurance")).not.toBeChecked();
    await expect(amenities(page).getByRole("checkbox", { name: "WiFi", exact: true })).not.toBeChecked();
    for (const name of ["Pet Friendly", "Chapel", "Garden"]) {
      await expect(amenities(page).getByRole("checkbox", { name, exact: true })).toBeChecked();
    }
    await expect(field(page, "Other amenities")).toHaveValue("");
    await expect(field(page, "Billing email")).toHaveValue("ap@maplegrove.example");
    // The page shows where invoices go.
    await page.goto(`/facilities/${facility.id}`);
    await expect(page.getByRole("link", { name: "ap@maplegrove.example" })).toHaveAttribute(
      "href",
      "mailto:ap@maplegrove.example",
    );
  });
});

// ───────────────────────────── delete ─────────────────────────────

test.describe("deleting a facility", () => {
  test("Cancel keeps the facility; Delete removes it and goes back to the list", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: `Closing Soon ${token()}` });
    const keep = await insertFacility(agency, { name: "Staying Open" });

    await page.goto(`/facilities/${facility.id}`);
    await confirmDelete(page, js, deletion(facility), "Cancel");
    expect(await facilitiesOf(agency)).toHaveLength(2);

    await confirmDelete(page, js, deletion(facility), "Delete");
    await expect(page).toHaveURL(/\/facilities$/);
    await expect(toast(page, "success")).toContainText("Facility deleted successfully");
    await expect(cardNames(page)).toHaveText([keep.name]);
    expect((await facilitiesOf(agency)).map((f) => f.id)).toEqual([keep.id]);

    const response = await page.goto(`/facilities/${facility.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Facility not found.")).toBeVisible();
  });

  test("a facility with placements is not deleted; it can be marked inactive instead", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const facility = await insertFacility(agency, { name: "Busy Pines" });
    await insertPlacement(agency, await insertClient(agency), facility);

    await page.goto(`/facilities/${facility.id}`);
    await expect(page.getByText("1 placement, 1 active")).toBeVisible();
    await confirmDelete(page, js, deletion(facility), "Delete");

    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}/delete$`));
    const refused = page.getByRole("alert").filter({ hasText: "Busy Pines was not deleted" });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(
      "This facility has 1 placement, so it cannot be deleted. You can mark it inactive instead.",
    );
    await expect(toast(page, "error")).toContainText("Failed to delete facility");
    await expect(page.getByRole("link", { name: "Back to the facility" })).toHaveAttribute(
      "href",
      `/facilities/${facility.id}`,
    );
    expect(await facilitiesOf(agency)).toHaveLength(1);

    await page.getByRole("button", { name: "Mark as inactive" }).click();
    await expect(page).toHaveURL(new RegExp(`/facilities/${facility.id}$`));
    await expect(toast(page, "success")).toContainText("Facility marked inactive");
    await expect(page.getByRole("heading", { name: "Busy Pines" })).toBeVisible();
    await expect(page.getByText("Inactive", { exact: true }).first()).toBeVisible();
    const [stored] = await facilitiesOf(agency);
    expect(stored.is_active).toBe(false);

    // In the directory, the card says so.
    await page.goto("/facilities");
    await expect(cardOf(page, "Busy Pines")).toContainText("Inactive");
    await expect(cardOf(page, "Busy Pines")).not.toContainText(/\bActive\b/);

    // Refused again, there is no "Mark as inactive" any more.
    await page.goto(`/facilities/${facility.id}`);
    await confirmDelete(page, js, deletion(facility), "Delete");
    await expect(page.getByRole("alert").filter({ hasText: "Busy Pines was not deleted" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as inactive" })).toHaveCount(0);
    expect(await facilitiesOf(agency)).toHaveLength(1);
  });
});
