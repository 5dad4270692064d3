import { describe, expect, it } from "vitest";
import { ClientSchema } from "~/schemas/client";
import { optionalPhoneNumber } from "~/schemas/common";
import { FacilitySchema } from "~/schemas/facility";
import { formatPhone, normalizePhone, phoneHref } from "~/utils/phone";
import { validClientBody, validFacilityBody } from "../support/api-bodies";

describe("normalizePhone: one stored form however the number is typed", () => {
  it.each([
    "555 123 4567",
    "5551234567",
    "(555) 123-4567",
    "555-123-4567",
    "555.123.4567",
    "555/123-4567",
    "1 555 123 4567",
    "1-555-123-4567",
    "15551234567",
    "+1 555 123 4567",
    "+1 (555) 123-4567",
    "+15551234567",
    "  (555)123-4567  ",
    "011 1 555 123 4567",
  ])("%s is +15551234567", (typed) => {
    expect(normalizePhone(typed)).toBe("+15551234567");
  });

  it.each([
    ["(555) 123-4567 x12", "+15551234567;ext=12"],
    ["555-123-4567 ext. 12", "+15551234567;ext=12"],
    ["555-123-4567 Ext 12", "+15551234567;ext=12"],
    ["555 123 4567 extension 12", "+15551234567;ext=12"],
    ["555 123 4567 #12", "+15551234567;ext=12"],
    ["555 123 4567, 12", "+15551234567;ext=12"],
    ["+15551234567;ext=12", "+15551234567;ext=12"],
  ])("keeps an extension: %s is %s", (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it.each([
    ["+44 20 7946 0958", "+442079460958"],
    ["+49 (30) 901820", "+4930901820"],
    ["0044 20 7946 0958", "+442079460958"],
    ["011 44 20 7946 0958", "+442079460958"],
    ["+44 20 7946 0958 ext 7", "+442079460958;ext=7"],
  ])("keeps another country's number written with its code: %s is %s", (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it.each([
    ["", "empty"],
    ["555", "too short"],
    ["555-1234", "seven digits: no area code"],
    ["055 123 4567", "an area code starting with 0"],
    ["155 123 4567", "an area code starting with 1"],
    ["555 123 45678", "eleven digits not starting with 1"],
    ["2 555 123 4567", "eleven digits starting with 2"],
    ["+1 555 123 456", "+1 and nine digits"],
    ["+44 12", "a country code and too few digits"],
    ["+0 123 456 789", "a country code starting with 0"],
    ["+1234567890123456", "more than 15 digits"],
    ["555-CALL-NOW", "letters"],
    ["555 123 4567 ext. 1234567", "an extension of seven digits"],
    ["55+5 123 4567", "a + inside"],
  ])("refuses %s (%s)", (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});

describe("formatPhone and phoneHref: one display format, a dialable link", () => {
  it.each([
    ["+15551234567", "(555) 123-4567", "tel:+15551234567"],
    ["+15551234567;ext=12", "(555) 123-4567 ext. 12", "tel:+15551234567;ext=12"],
    ["+442079460958", "+442079460958", "tel:+442079460958"],
    ["+442079460958;ext=7", "+442079460958 ext. 7", "tel:+442079460958;ext=7"],
    // Older values the migration could not read stay as they are; the link dials their digits.
    ["555-1234", "555-1234", "tel:5551234"],
    ["call the front desk", "call the front desk", "tel:"],
  ])("%s shows as %s and dials %s", (stored, shown, href) => {
    expect(formatPhone(stored)).toBe(shown);
    expect(phoneHref(stored)).toBe(href);
  });

  it("a shown number reads back as the stored one", () => {
    for (const stored of ["+15551234567", "+15551234567;ext=12", "+442079460958"]) {
      expect(normalizePhone(formatPhone(stored))).toBe(stored);
    }
  });
});

describe("the schemas store the normal form", () => {
  it("a client's phone and emergency phone", () => {
    const client = ClientSchema.parse({
      ...validClientBody(),
      phone: "555 123 4567",
      emergencyContact: { name: "Byron", relationship: "Son", phone: "1-555-987-6543" },
    });
    expect(client.phone).toBe("+15551234567");
    expect(client.emergencyContact.phone).toBe("+15559876543");
  });

  it("a facility's contact phone", () => {
    const facility = FacilitySchema.parse({
      ...validFacilityBody(),
      contact: { name: "Sam", phone: "(503) 555-0102 x4" },
    });
    expect(facility.contact.phone).toBe("+15035550102;ext=4");
  });

  it("says what is wrong in the spec's words", () => {
    const messages = (input: Record<string, unknown>) =>
      ClientSchema.safeParse({ ...validClientBody(), ...input }).error?.issues.map((i) => [
        i.path.join("."),
        i.message,
      ]);
    expect(messages({ phone: "" })).toEqual([["phone", "Phone is required"]]);
    expect(messages({ phone: "555-1234" })).toEqual([["phone", "Please enter a valid phone number"]]);
    expect(messages({ emergencyContact: { name: "Byron", relationship: "Son", phone: "12" } })).toEqual([
      ["emergencyContact.phone", "Please enter a valid phone number"],
    ]);
    const facility = FacilitySchema.safeParse({ ...validFacilityBody(), contact: { name: "Sam", phone: "555" } });
    expect(facility.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["contact.phone", "Please enter a valid phone number"],
    ]);
  });

  it("an optional phone (a user's) is null when empty", () => {
    expect(optionalPhoneNumber.parse(undefined)).toBeNull();
    expect(optionalPhoneNumber.parse("  ")).toBeNull();
    expect(optionalPhoneNumber.parse("555.201.3300")).toBe("+15552013300");
    expect(optionalPhoneNumber.safeParse("12").error?.issues[0].message).toBe("Please enter a valid phone number");
  });
});
