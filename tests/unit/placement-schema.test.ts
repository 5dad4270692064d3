import { describe, expect, it } from "vitest";
import { PlacementListQuerySchema, PlacementSchema } from "~/schemas/placement";
import { isIsoDate } from "~/schemas/common";

const ID = "4f1c2a6e-8b1d-4c4e-9a51-0d2b9c1e7f10";
const valid = { clientId: ID, facilityId: ID, status: "In Progress", priority: "Medium", startDate: "2026-11-01" };

function errorsOf(input: unknown): Record<string, string> {
  const result = PlacementSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("PlacementSchema", () => {
  it("names the five required fields with the spec's messages", () => {
    expect(errorsOf({})).toEqual({
      clientId: "Client is required",
      facilityId: "Facility is required",
      status: "Status is required",
      priority: "Priority is required",
      startDate: "Start date is required",
    });
    expect(errorsOf({ ...valid, clientId: "", facilityId: "nope", startDate: "" })).toEqual({
      clientId: "Client is required",
      facilityId: "Facility is required",
      startDate: "Start date is required",
    });
  });

  it("keeps a checklist date only when its box is ticked", () => {
    const result = PlacementSchema.parse({
      ...valid,
      contractSigned: "on",
      contractSignedDate: "2026-11-03",
      depositPaid: "off",
      depositPaidDate: "2026-11-04",
      insuranceVerified: true,
    });
    expect(result.checklist.contractSigned).toEqual({ done: true, date: "2026-11-03" });
    expect(result.checklist.depositPaid).toEqual({ done: false, date: null });
    expect(result.checklist.insuranceVerified).toEqual({ done: true, date: null });
    expect(result.checklist.familyNotified).toEqual({ done: false, date: null });
  });

  it("maps aliases, rounds money to cents and empties absent optional fields", () => {
    const result = PlacementSchema.parse({
      ...valid,
      status: "confirmed",
      priority: "urgent",
      monthlyRate: 4250.129,
      endDate: "",
      paymentMethod: "",
    });
    expect(result).toMatchObject({
      status: "Confirmed",
      priority: "Urgent",
      monthlyRate: 4250.13,
      endDate: null,
      paymentMethod: null,
      agentId: null,
    });
  });

  it("refuses bad values", () => {
    expect(
      errorsOf({ ...valid, status: "Lost", monthlyRate: -1, paymentMethod: "Cash", moveInDate: "soon" }),
    ).toMatchObject({
      status: expect.stringContaining('Invalid status "Lost"'),
      monthlyRate: "Monthly rate cannot be negative",
      paymentMethod: expect.stringContaining("Payment method must be one of"),
      moveInDate: "Move-in date must be a valid date",
    });
  });
});

describe("PlacementSchema: the dates in their order", () => {
  const dates = (startDate: string, moveInDate: string | null, endDate: string | null) =>
    errorsOf({ ...valid, startDate, moveInDate, endDate });

  it("allows the same day, later days, and no end or move-in date", () => {
    expect(dates("2026-12-10", "2026-12-10", "2026-12-10")).toEqual({});
    expect(dates("2026-12-10", "2026-12-11", "2027-06-30")).toEqual({});
    expect(dates("2026-12-10", null, null)).toEqual({});
    expect(dates("2026-12-10", "", "")).toEqual({});
    expect(dates("2026-12-10", null, "2026-12-10")).toEqual({});
    expect(PlacementSchema.parse({ ...valid, endDate: "", moveInDate: "" })).toMatchObject({
      endDate: null,
      moveInDate: null,
    });
  });

  it("refuses an end before the start, a day earlier or a year", () => {
    expect(dates("2026-12-10", null, "2026-12-09")).toEqual({ endDate: "End date cannot be before the start date" });
    expect(dates("2026-12-10", null, "2025-12-31")).toEqual({ endDate: "End date cannot be before the start date" });
  });

  it("refuses a move-in before the start, and an end before the move-in", () => {
    expect(dates("2026-12-10", "2026-12-09", null)).toEqual({
      moveInDate: "Move-in date cannot be before the start date",
    });
    expect(dates("2026-12-10", "2026-12-20", "2026-12-15")).toEqual({
      endDate: "End date cannot be before the move-in date",
    });
  });

  it("says one thing per field: the issue's example, start 2026-12-10, end 2026-01-01, move-in 2025-01-01", () => {
    expect(dates("2026-12-10", "2025-01-01", "2026-01-01")).toEqual({
      moveInDate: "Move-in date cannot be before the start date",
      endDate: "End date cannot be before the start date",
    });
    const result = PlacementSchema.safeParse({ ...valid, startDate: "2026-12-10", endDate: "2026-01-01" });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      "End date cannot be before the start date",
    ]);
  });

  it("checks the order while other fields fail too, so every message shows at once", () => {
    expect(errorsOf({ startDate: "2026-12-10", endDate: "2026-01-01" })).toEqual({
      clientId: "Client is required",
      facilityId: "Facility is required",
      status: "Status is required",
      priority: "Priority is required",
      endDate: "End date cannot be before the start date",
    });
    expect(errorsOf({ ...valid, clientId: "", moveInDate: "2026-12-20", endDate: "2026-12-15" })).toEqual({
      clientId: "Client is required",
      endDate: "End date cannot be before the move-in date",
    });
  });

  it("compares no date that is itself refused: that date's own message only", () => {
    expect(dates("2026-12-10", null, "2026-02-30")).toEqual({ endDate: "End date must be a valid date" });
    expect(dates("soon", "2026-01-01", "2025-01-01")).toEqual({
      startDate: "Start date must be a valid date",
      endDate: "End date cannot be before the move-in date",
    });
    expect(dates("", null, "2025-01-01")).toEqual({ startDate: "Start date is required" });
  });
});

describe("PlacementListQuerySchema", () => {
  it("has 10 a page and reads the facility and client filters", () => {
    expect(PlacementListQuerySchema.parse({ facilityId: ID, status: "in-progress" })).toMatchObject({
      facilityId: ID,
      status: "In Progress",
      limit: 10,
      page: 1,
    });
    expect(PlacementListQuerySchema.safeParse({ facilityId: "12" }).success).toBe(false);
  });
});

describe("isIsoDate", () => {
  it.each([
    ["2026-11-23", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-04-31", false],
    ["2026-13-01", false],
    ["0000-01-01", false],
    ["26-11-23", false],
    ["2026-11-23T00:00", false],
  ])("%s → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
    if (!expected)
      expect(errorsOf({ ...valid, startDate: value })).toEqual({ startDate: "Start date must be a valid date" });
  });
});
