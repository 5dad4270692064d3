import { dbForE2E, expect, field, serverToday, test, toast, token } from "../support/e2e";
import { changeAs, insertClient, insertFacility, insertPlacement } from "../support/e2e-data";
import { createUser } from "../support/factories";

// Tours and the family's disclosure (issue 36): a tour scheduled from the client's page (reached
// from the placement's "No tour recorded"), its outcome recorded, and the placement's tour line;
// the disclosure recorded from the client's page, its reminder gone. With and without
// JavaScript: every part is a plain form.

test.describe("tours and the disclosure", () => {
  test("a tour scheduled from the placement's link, completed, is the placement's tour line", async ({
    page,
    agency,
  }) => {
    const client = await insertClient(agency);
    const facility = await insertFacility(agency, { name: `Maple Grove ${token()}` });
    const placement = await insertPlacement(agency, client, facility);
    const me = `${agency.firstName} ${agency.lastName}`;

    await page.goto(`/placements/${placement.id}`);
    const line = page.locator("#tour");
    await expect(line).toContainText("No tour recorded.");
    await expect(line).toContainText("No disclosure");
    await line.getByRole("link", { name: "Schedule a tour" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}\\?tourFacility=${facility.id}#tours$`));

    const card = page.locator("#tours");
    await expect(card.getByText("No tours yet.")).toBeVisible();
    const form = card.getByRole("form", { name: "Schedule a tour" });
    // The time is missing: the form says so, keeping what was typed.
    await field(form, "Date").fill("2026-10-03");
    await field(form, "Family attending").fill("Maria (daughter)");
    await form.getByRole("button", { name: "Schedule tour" }).click();
    await expect(form.getByText("Please enter the tour's time, such as 14:30")).toBeVisible();
    await expect(field(form, "Family attending")).toHaveValue("Maria (daughter)");
    await expect(form.getByRole("checkbox", { name: me })).toBeChecked();

    await field(form, "Time").fill("14:30");
    await form.getByRole("button", { name: "Schedule tour" }).click();
    await expect(toast(page, "success")).toContainText("Tour scheduled");
    const tours = card.getByRole("list", { name: "Tours of this client" }).getByRole("listitem");
    await expect(tours).toHaveCount(1);
    await expect(tours.first()).toContainText(facility.name);
    await expect(tours.first()).toContainText("Scheduled");
    await expect(tours.first()).toContainText(`Oct 3, 2026, 2:30 PM · with ${me}`);
    await expect(tours.first()).toContainText("Family: Maria (daughter)");

    const outcome = tours.first().getByRole("form", { name: `Outcome of the tour of ${facility.name}` });
    await field(outcome, "Outcome").selectOption("Completed");
    await field(outcome, "Outcome notes").fill("Loved the garden");
    await outcome.getByRole("button", { name: "Record outcome" }).click();
    await expect(toast(page, "success")).toContainText("Tour outcome recorded");
    await expect(tours.first().locator(".badge")).toHaveText("Completed");
    await expect(tours.first()).toContainText("Outcome: Loved the garden");
    await expect(page.locator("#timeline")).toContainText(`Toured: ${facility.name}`);

    await page.goto(`/placements/${placement.id}`);
    await expect(line.getByRole("link", { name: `Toured Oct 3, 2026 with ${me}` })).toBeVisible();

    // The facility's page lists it among its past tours.
    await page.goto(`/facilities/${facility.id}`);
    const past = page.locator("#tours").getByRole("region", { name: "Past tours" });
    await expect(past.getByRole("listitem")).toHaveCount(1);
    await expect(past.getByRole("listitem").first()).toContainText(client.name);
    await expect(past.getByRole("listitem").first()).toContainText("Completed");
    await expect(page.locator("#tours").getByText("No tours planned.")).toBeVisible();
  });

  test("an outcome recorded after someone else recorded one comes back as typed, names them; recording again works", async ({
    page,
    agency,
  }, testInfo) => {
    const client = await insertClient(agency);
    const facility = await insertFacility(agency, { name: `Cedar Court ${token()}` });
    const db = dbForE2E();
    const dana = await createUser(db, { agencyId: agency.agencyId, first_name: "Dana", last_name: "Ruiz" });
    const tour = await db
      .insertInto("tours")
      .values({
        agency_id: agency.agencyId,
        client_id: client.id,
        facility_id: facility.id,
        scheduled_at: new Date("2026-10-03T18:30:00Z"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await page.goto(`/clients/${client.id}`);
    const item = page.locator(`#tour-${tour.id}`);
    const outcome = item.getByRole("form", { name: `Outcome of the tour of ${facility.name}` });
    await field(outcome, "Outcome").selectOption("Completed");
    await field(outcome, "Outcome notes").fill("Loved the garden");
    // Meanwhile Dana records that the family did not come.
    await changeAs(dana, "tours", tour.id, { outcome: "No-show", outcome_notes: "Family stuck in traffic" });
    await outcome.getByRole("button", { name: "Record outcome" }).click();

    const notice = outcome.getByRole("alert").filter({ hasText: "Dana Ruiz changed this tour" });
    await expect(notice).toContainText(/^Dana Ruiz changed this tour at \d{1,2}:\d{2} [AP]M, after you opened it\./);
    await expect(notice).toContainText("Your changes are below and were not saved.");
    await expect(notice.getByRole("link", { name: "Review their version" })).toHaveAttribute(
      "href",
      `/clients/${client.id}#tour-${tour.id}`,
    );
    await expect(field(outcome, "Outcome")).toHaveValue("Completed");
    await expect(field(outcome, "Outcome notes")).toHaveValue("Loved the garden");
    await expect(item).toContainText("Outcome: Family stuck in traffic");
    await page.setViewportSize({ width: 1280, height: 900 });
    await item.screenshot({ path: testInfo.outputPath("stale-tour-outcome-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await item.screenshot({ path: testInfo.outputPath("stale-tour-outcome-390.png") });

    await outcome.getByRole("button", { name: "Record outcome" }).click();
    await expect(toast(page, "success")).toContainText("Tour outcome recorded");
    await expect(item.locator(".badge")).toHaveText("Completed");
    await expect(item).toContainText("Outcome: Loved the garden");
    await expect(item.getByRole("alert")).toHaveCount(0);
  });

  test("any facility is found for a tour: typed with JavaScript, by a search step without", async ({
    page,
    agency,
    javaScriptEnabled,
  }) => {
    const client = await insertClient(agency);
    const facility = await insertFacility(agency, { name: `Cedar Court ${token()}` });
    await page.goto(`/clients/${client.id}`);
    const form = page.locator("#tours").getByRole("form", { name: "Schedule a tour" });
    if (javaScriptEnabled) {
      const picker = form.getByRole("combobox", { name: /Facility/ });
      await picker.fill(facility.name.slice(0, 8));
      await page.getByRole("option", { name: new RegExp(facility.name) }).click();
    } else {
      await form.getByLabel("Search facilities").fill(facility.name);
      await form.getByRole("button", { name: "Search facilities" }).click();
      await expect(form.getByText(`1 facility matches "${facility.name}"`)).toBeVisible();
      await field(form, "Facility").selectOption(facility.id);
    }
    await field(form, "Time").fill("09:00");
    await form.getByRole("button", { name: "Schedule tour" }).click();
    await expect(toast(page, "success")).toContainText("Tour scheduled");
    await expect(page.locator("#tours").getByRole("list", { name: "Tours of this client" })).toContainText(
      facility.name,
    );
  });

  test("the disclosure's reminder until it is recorded", async ({ page, agency }) => {
    const client = await insertClient(agency);
    await page.goto(`/clients/${client.id}`);
    const notice = page.getByRole("alert").filter({ hasText: "Disclosure not recorded" });
    await expect(notice).toBeVisible();
    await notice.getByRole("link", { name: "Record the disclosure" }).click();

    const card = page.locator("#disclosure");
    await expect(card).toContainText("Not given");
    await expect(field(card, "Date given")).toHaveValue(serverToday());
    await field(card, "Date given").fill("2999-01-01");
    await field(card, "How").selectOption("E-mail");
    await card.getByRole("button", { name: "Record disclosure" }).click();
    await expect(card.getByText("This date is in the future: enter the day the family received it")).toBeVisible();

    await field(card, "Date given").fill("2026-10-01");
    await card.getByRole("button", { name: "Record disclosure" }).click();
    await expect(toast(page, "success")).toContainText("Disclosure recorded");
    await expect(card).toContainText("Given");
    await expect(card).toContainText("Oct 1, 2026 · E-mail");
    await expect(page.getByRole("alert").filter({ hasText: "Disclosure not recorded" })).toHaveCount(0);
  });

  test("a disclosure recorded after someone else recorded one comes back as typed, names them; saving again works", async ({
    page,
    agency,
  }, testInfo) => {
    const client = await insertClient(agency);
    const db = dbForE2E();
    const dana = await createUser(db, { agencyId: agency.agencyId, first_name: "Dana", last_name: "Ruiz" });

    await page.goto(`/clients/${client.id}`);
    const card = page.locator("#disclosure");
    await expect(card).toContainText("Not given");
    await field(card, "Date given").fill("2026-10-02");
    await field(card, "How").selectOption("In person");
    // Meanwhile Dana records that the family had it by e-mail the day before.
    await db
      .insertInto("client_disclosures")
      .values({
        agency_id: agency.agencyId,
        client_id: client.id,
        disclosed_on: "2026-10-01",
        method: "E-mail",
        recorded_by: dana.id,
        updated_by: dana.id,
      })
      .execute();
    await card.getByRole("button", { name: "Record disclosure" }).click();

    const notice = card.getByRole("alert").filter({ hasText: "Dana Ruiz changed this disclosure" });
    await expect(notice).toContainText(
      /^Dana Ruiz changed this disclosure at \d{1,2}:\d{2} [AP]M, after you opened it\./,
    );
    await expect(notice).toContainText("Your changes are below and were not saved.");
    await expect(notice.getByRole("link", { name: "Review their version" })).toHaveAttribute(
      "href",
      `/clients/${client.id}#disclosure`,
    );
    await expect(field(card, "Date given")).toHaveValue("2026-10-02");
    await expect(field(card, "How")).toHaveValue("In person");
    await expect(card).toContainText("Oct 1, 2026 · E-mail");
    await expect(card).toContainText("recorded by Dana Ruiz");
    await page.setViewportSize({ width: 1280, height: 900 });
    await card.screenshot({ path: testInfo.outputPath("stale-disclosure-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: testInfo.outputPath("stale-disclosure-390.png") });

    await card.getByRole("button", { name: "Save disclosure" }).click();
    await expect(toast(page, "success")).toContainText("Disclosure recorded");
    await expect(card).toContainText("Oct 2, 2026 · In person");
    await expect(card).toContainText(`recorded by ${agency.firstName} ${agency.lastName}`);
    await expect(card.getByRole("alert")).toHaveCount(0);
  });
});
