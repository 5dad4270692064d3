import { expect, test, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement } from "../support/e2e-data";
import { formatPhone } from "../../app/utils/phone";
import { expectNoSidewaysScroll } from "../support/e2e-steps";

// The header's search box and the search page (/search?q=…), with and without JavaScript.

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };

test.describe("search", () => {
  test("Enter in the header's box shows the results grouped by kind, and every link opens its record or list", async ({
    page,
    agency,
  }) => {
    const word = token(8);
    const client = await insertClient(agency, {
      first_name: "Ruth",
      last_name: `${word}son`,
      tracker_status: "Target",
      care_level: "memory",
    });
    await insertClient(agency, { first_name: "Not", last_name: "Found" });
    const facility = await insertFacility(agency, {
      name: `${word} Manor`,
      type: "Memory Care",
      address_city: "Salem",
      address_state: "OR",
    });
    const elsewhere = await insertFacility(agency, { name: "Oak Hollow" });
    const placement = await insertPlacement(agency, client, elsewhere, { status: "Confirmed" });

    await page.setViewportSize(DESKTOP);
    await page.goto("/dashboard");
    const box = page.getByRole("banner").getByRole("searchbox", { name: "Search" });
    await expect(box).toHaveAttribute("placeholder", "Search everything...");
    await box.fill(word);
    await box.press("Enter");

    await expect(page).toHaveURL(`/search?q=${word}`);
    await expect(page.getByRole("banner").getByRole("heading", { name: "Search" })).toBeVisible();
    // The header's box keeps what was searched, and so does the page's.
    await expect(box).toHaveValue(word);
    await expect(page.getByLabel("Search clients, facilities, placements, tasks and documents")).toHaveValue(word);

    const clients = page.getByRole("region", { name: /^Clients/ });
    const facilities = page.getByRole("region", { name: /^Facilities/ });
    const placements = page.getByRole("region", { name: /^Placements/ });
    await expect(clients.getByRole("heading")).toHaveText("Clients · 1 client");
    await expect(facilities.getByRole("heading")).toHaveText("Facilities · 1 facility");
    await expect(placements.getByRole("heading")).toHaveText("Placements · 1 placement");
    await expect(clients.getByRole("listitem")).toHaveCount(1);
    await expect(clients.getByRole("listitem")).toContainText("Target");
    await expect(clients.getByRole("listitem")).toContainText(
      `Memory Care · ${formatPhone(client.phone)} · ${client.email}`,
    );
    await expect(facilities.getByRole("listitem")).toContainText("Memory Care · Salem, OR");
    await expect(placements.getByRole("listitem")).toContainText("Confirmed");
    await expect(placements.getByRole("listitem")).toContainText("Starts Mar 1, 2026");

    await clients.getByRole("link", { name: client.name }).click();
    await expect(page).toHaveURL(`/clients/${client.id}`);
    await expect(page.getByRole("heading", { name: client.name })).toBeVisible();
    await page.goBack();

    await facilities.getByRole("link", { name: facility.name }).click();
    await expect(page).toHaveURL(`/facilities/${facility.id}`);
    await page.goBack();

    await placements.getByRole("link", { name: `${client.name} → Oak Hollow` }).click();
    await expect(page).toHaveURL(`/placements/${placement.id}`);
    await page.goBack();

    // "See all" opens each list with the same search.
    await clients.getByRole("link", { name: "See all clients" }).click();
    await expect(page).toHaveURL(`/clients?search=${word}`);
    await expect(page.getByTestId("client-card")).toHaveCount(1);
    await expect(page.getByTestId("client-card")).toContainText(client.name);
    await page.goBack();
    await facilities.getByRole("link", { name: "See all facilities" }).click();
    await expect(page).toHaveURL(`/facilities?search=${word}`);
    await expect(page.getByTestId("facility-card")).toContainText(facility.name);
    await page.goBack();
    await placements.getByRole("link", { name: "See all placements" }).click();
    await expect(page).toHaveURL(`/placements?search=${word}`);
    // The list's own row (the results page, on its way out, links the client too).
    await expect(page.getByTestId("placement-row").getByRole("link", { name: client.name, exact: true })).toBeVisible();
  });

  test("on a phone the search icon opens the search page, which searches on its own", async ({ page, agency }) => {
    const word = token(8);
    const client = await insertClient(agency, {
      first_name: "Elizabeth",
      last_name: `Montgomery-Worthington${word}`,
      email: `elizabeth.montgomery-worthington.${word}@gmail.com`,
    });
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard");
    const header = page.getByRole("banner");
    await expect(header.getByRole("searchbox")).toBeHidden();
    await header.getByRole("link", { name: "Search" }).click();

    await expect(page).toHaveURL("/search");
    await expect(page.getByText("Search everything at once")).toBeVisible();
    const box = page.getByLabel("Search clients, facilities, placements, tasks and documents");
    await box.fill(word);
    await box.press("Enter");

    await expect(page).toHaveURL(`/search?q=${word}`);
    const clients = page.getByRole("region", { name: /^Clients/ });
    await expect(clients.getByRole("link", { name: client.name })).toBeVisible();
    await expect(page.getByRole("region", { name: /^Facilities/ })).toContainText(`No facilities match “${word}”.`);
    await expectNoSidewaysScroll(page);
    await clients.getByRole("link", { name: client.name }).click();
    await expect(page).toHaveURL(`/clients/${client.id}`);
  });

  test("says when a search is too short, and when nothing matches", async ({ page, agency: _agency }) => {
    await page.goto("/search?q=a");
    await expect(page.getByRole("alert")).toHaveText("Type at least 2 characters to search.");
    await expect(page.getByRole("region")).toHaveCount(0);

    const box = page.getByLabel("Search clients, facilities, placements, tasks and documents");
    await box.fill("zqxwv");
    await box.press("Enter");
    await expect(page.getByRole("heading", { name: "No results for “zqxwv”" })).toBeVisible();
    await expect(page.getByText("Check the spelling, or search for part of a word.")).toBeVisible();
  });
});
