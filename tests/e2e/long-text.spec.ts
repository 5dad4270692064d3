// Real names are long: "Elizabeth Montgomery-Worthington", e-mails of 45 characters, facility
// names of a whole sentence, notes holding a URL. Every card, table cell, heading and detail
// field wraps or truncates them (with the full text still available), at phone and desktop
// widths: no page scrolls sideways and nothing spills out of its box.
import crypto from "node:crypto";
import { type Page } from "@playwright/test";
import { dbForE2E, expect, test } from "../support/e2e";
import {
  createAgency,
  createClient,
  createFacility,
  createPlacement,
  createTask,
  createUser,
} from "../support/factories";

const LONG = {
  first: "Elizabeth",
  last: "Montgomery-Worthington",
  email: "elizabeth.montgomery-worthington@gmail.com",
  // One word, no hyphen to break at.
  word: "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft",
  url: "https://records.example-hospital.org/patients/elizabeth-montgomery-worthington/discharge-summary-2026-11-20.pdf",
  facility: "The Montgomery-Worthington Memorial Assisted Living and Memory Care Residences of Greater Springfield",
};

/** An agency whose every record carries long values, and its coordinator (long too), signed in. */
async function longAgency(page: Page, loginAs: (email?: string) => Promise<unknown>) {
  const db = dbForE2E();
  const tag = crypto.randomBytes(4).toString("hex");
  const agency = await createAgency(db, { name: `Long Names ${tag}` });
  const email = `bartholomew.montgomery-worthington-fitzgerald.${tag}@senior-placement-partners.example.com`;
  const user = await createUser(db, {
    agencyId: agency.id,
    email,
    first_name: "Bartholomew",
    last_name: "Montgomery-Worthington-Fitzgerald",
    role: "coordinator",
  });
  const client = await createClient(db, {
    agencyId: agency.id,
    first_name: LONG.first,
    last_name: LONG.last,
    email: LONG.email,
    address_street: `12345 ${LONG.word} Boulevard, Apartment 1234`,
    address_city: "Rancho Santa Margarita",
    emergency_name: `Alexandra ${LONG.last}-${LONG.word}`,
    emergency_relationship: "Daughter-in-law and healthcare proxy",
    medical_conditions: [`Chronic ${LONG.word} syndrome`, "Hypertension"],
    medications: [LONG.word],
    medical_notes: `Discharge summary at ${LONG.url}`,
    preferred_location: `${LONG.word} Heights, near her daughter`,
    preferred_amenities: [LONG.word],
    created_by: user.id,
  });
  await db
    .insertInto("client_notes")
    .values({ agency_id: agency.id, client_id: client.id, author_id: user.id, content: `See ${LONG.url}` })
    .execute();
  const facility = await createFacility(db, {
    agencyId: agency.id,
    name: LONG.facility,
    license_number: `LIC-${LONG.word.toUpperCase()}`,
    address_street: `98765 ${LONG.word} Parkway`,
    address_city: "Rancho Santa Margarita",
    contact_name: `Maximilian ${LONG.word}`,
    contact_email: `admissions.${LONG.word.toLowerCase()}@example-senior-living.com`,
    amenities: [LONG.word, "WiFi", "Meals Included"],
    specialties: [`${LONG.word} Care`],
    notes: `Brochure: ${LONG.url}`,
  });
  const placement = await createPlacement(db, {
    agencyId: agency.id,
    client_id: client.id,
    facility_id: facility.id,
    agent_id: user.id,
    notes: `Contract: ${LONG.url}`,
    move_in_date: "2026-12-01",
  });
  await createTask(db, {
    agencyId: agency.id,
    client_id: client.id,
    assigned_to: user.id,
    title: `Call ${LONG.first} ${LONG.last} about ${LONG.word}`,
  });
  await loginAs(email);
  return { client, facility, placement };
}

/**
 * What spills: the page's sideways scroll, boxes whose content overflows, truncated text without
 * its full text, and controls that are (or may grow) wider than the box they sit in. A control's
 * own text is left out: the browser cuts it at the control's edge (a select shows the start of a
 * long option), and how far it reaches depends on the fonts a machine has.
 */
async function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} class="${el.getAttribute("class") ?? ""}"> "${(el.textContent ?? "").trim().slice(0, 60)}"`;
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);
    }
    const controls = "input, select, textarea";
    for (const el of document.querySelectorAll("body *")) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.display === "contents" || style.display === "none") continue;
      if (el.clientWidth === 0 || el.closest(".sr-only")) continue;
      if (el.matches(controls)) {
        // The rule itself: bounded by its box, and free to shrink in a flex or grid row.
        if (!el.matches("[type=checkbox], [type=radio]") && (style.maxWidth === "none" || style.minWidth === "auto")) {
          problems.push(
            `may grow past its box (max-width ${style.maxWidth}, min-width ${style.minWidth}): ${name(el)}`,
          );
        }
        const box = el.getBoundingClientRect();
        const parent = el.parentElement!;
        const frame = parent.getBoundingClientRect();
        const p = getComputedStyle(parent);
        const left = frame.left + parseFloat(p.borderLeftWidth) + parseFloat(p.paddingLeft);
        const right = frame.right - parseFloat(p.borderRightWidth) - parseFloat(p.paddingRight);
        if (box.left < left - 1 || box.right > right + 1) {
          problems.push(`${Math.round(box.width)} px wide in a ${Math.round(right - left)} px box: ${name(el)}`);
        }
        continue;
      }
      const truncated = style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth + 1;
      if (truncated) {
        if (!el.closest("[title]") && !el.closest("a[href]"))
          problems.push(`truncated, full text unavailable: ${name(el)}`);
        continue;
      }
      if (style.overflowX === "visible" && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`content spills out (${el.scrollWidth} > ${el.clientWidth}): ${name(el)}`);
      }
    }
    return problems;
  });
}

/**
 * Gives every control content wider than any screen, whatever the font: a select an option of
 * 150 wide letters (chosen), a text box as much text. A control must still fit its box, and the
 * page must not widen: the rule holds for any font, not only for this machine's.
 */
async function fillControlsBeyondAnyScreen(page: Page) {
  await page.evaluate(() => {
    const wide = "W".repeat(150);
    for (const select of document.querySelectorAll("select")) {
      select.add(new Option(wide, wide, true, true));
    }
    const text =
      "input:not([type]), input[type=text], input[type=search], input[type=email], input[type=tel], input[type=url], input[type=password], textarea";
    for (const box of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(text)) {
      box.value = wide;
    }
  });
}

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 850 },
] as const;

for (const size of WIDTHS) {
  test.describe(`long names at ${size.name} width (${size.width} px) @once`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("every list and detail page wraps or truncates them", async ({ page, loginAs }) => {
      test.slow(); // twenty pages, each measured twice
      const { client, facility, placement } = await longAgency(page, loginAs);
      const pages = [
        "/dashboard",
        "/clients",
        `/clients?search=${encodeURIComponent(LONG.last)}`,
        `/clients/${client.id}`,
        `/clients/${client.id}/edit`,
        "/facilities",
        `/facilities/${facility.id}`,
        `/facilities/${facility.id}/edit`,
        "/placements",
        `/placements/${placement.id}`,
        `/placements/${placement.id}/edit`,
        `/placements/new?clientId=${client.id}&facilityId=${facility.id}`,
        "/tasks",
        "/tasks/new",
        "/resources",
        `/search?q=${encodeURIComponent(LONG.last)}`,
        "/profile",
      ];
      const problems: Record<string, string[]> = {};
      for (const path of pages) {
        await page.goto(path);
        await expect(page.locator("main#main")).toBeVisible();
        const found = await layoutProblems(page);
        if (found.length > 0) problems[path] = found;
        await fillControlsBeyondAnyScreen(page);
        const filled = await layoutProblems(page);
        if (filled.length > 0) problems[`${path}, its controls filled beyond any screen`] = filled;
      }
      expect(problems).toEqual({});
    });

    test("the client's card keeps its status badge in sight, the whole name, and the e-mail in full (tooltip and link)", async ({
      page,
      loginAs,
    }) => {
      await longAgency(page, loginAs);
      await page.goto("/clients");
      const card = page.getByTestId("client-card");
      const badge = card.getByText("New Client", { exact: true });
      await expect(badge).toBeVisible();
      const cardBox = (await card.boundingBox())!;
      const badgeBox = (await badge.boundingBox())!;
      expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(size.width);
      await expect(card.getByRole("link", { name: `${LONG.first} ${LONG.last}` })).toBeVisible();
      await expect(card.locator(`[title="${LONG.email}"], a[href="mailto:${LONG.email}"]`).first()).toBeVisible();
    });
  });
}
