import { describe, expect, it } from "vitest";
import { addDays, dayIn, daysBetween, isLocalDateTime, isTimeZone, relativeDay, zonedTime } from "~/utils/days";
import { parseTimeZone } from "~/utils/env.server";

describe("days in a time zone", () => {
  it("is the agency's calendar day, not the server's", () => {
    const lateEvening = new Date("2026-11-25T04:30:00Z"); // 10:30 pm in Chicago, 11:30 pm in New York
    expect(dayIn("UTC", lateEvening)).toBe("2026-11-25");
    expect(dayIn("America/Chicago", lateEvening)).toBe("2026-11-24");
    expect(dayIn("America/New_York", lateEvening)).toBe("2026-11-24");
    expect(dayIn("America/New_York", new Date("2026-11-25T05:00:00Z"))).toBe("2026-11-25");
    expect(dayIn("Pacific/Auckland", new Date("2026-11-24T11:00:00Z"))).toBe("2026-11-25");
  });

  it("knows time zone names, and TIME_ZONE refuses what it does not know", () => {
    expect(isTimeZone("America/Denver")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(parseTimeZone(undefined)).toBe("America/New_York");
    expect(parseTimeZone(" Europe/Berlin ")).toBe("Europe/Berlin");
    expect(() => parseTimeZone("Mars/Olympus")).toThrow(/TIME_ZONE=Mars\/Olympus/);
  });

  it("counts whole days, also across a change to summer time", () => {
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-11-01", "2026-10-31")).toBe(-1);
    expect(daysBetween("2026-12-31", "2027-01-01")).toBe(1);
  });

  it("adds days across months, years and a change to summer time; daysBetween undoes it", () => {
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(addDays("2026-11-01", -1)).toBe("2026-10-31");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    for (const n of [-400, -1, 0, 1, 59, 366]) expect(daysBetween("2026-02-28", addDays("2026-02-28", n))).toBe(n);
  });

  it("says a due day relative to today", () => {
    const today = "2026-11-24";
    expect(relativeDay("2026-11-24", today)).toBe("Today");
    expect(relativeDay("2026-11-25", today)).toBe("Tomorrow");
    expect(relativeDay("2026-11-23", today)).toBe("Yesterday");
    expect(relativeDay("2026-11-27", today)).toBe("In 3 days");
    expect(relativeDay("2026-11-19", today)).toBe("5 days ago");
    expect(relativeDay("2027-01-01", today)).toBe("In 38 days");
  });

  it("says it in whole days across a change of the clocks, in the agency's zone", () => {
    // US summer time starts on 2026-03-08 and ends on 2026-11-01: those days have 23 and 25 hours.
    const beforeSpring = dayIn("America/Chicago", new Date("2026-03-08T05:30:00Z")); // 11:30 pm on the 7th
    expect(beforeSpring).toBe("2026-03-07");
    expect(relativeDay("2026-03-08", beforeSpring)).toBe("Tomorrow");
    expect(relativeDay("2026-03-09", beforeSpring)).toBe("In 2 days");
    const afterSpring = dayIn("America/Chicago", new Date("2026-03-09T04:30:00Z")); // 11:30 pm on the 8th (CDT)
    expect(afterSpring).toBe("2026-03-08");
    expect(relativeDay("2026-03-07", afterSpring)).toBe("Yesterday");
    const afterFall = dayIn("America/Chicago", new Date("2026-11-02T05:30:00Z")); // 11:30 pm on the 1st (CST)
    expect(afterFall).toBe("2026-11-01");
    expect(relativeDay("2026-10-31", afterFall)).toBe("Yesterday");
    expect(relativeDay("2026-10-25", afterFall)).toBe("7 days ago");
    expect(relativeDay("2026-11-08", afterFall)).toBe("In 7 days");
  });
});

describe("a wall-clock time in a zone (the client page's 'When it happened')", () => {
  it("accepts datetime-local values on days that exist, and refuses the rest", () => {
    expect(isLocalDateTime("2026-12-01T14:30")).toBe(true);
    expect(isLocalDateTime("2026-12-01 14:30:15")).toBe(true);
    expect(isLocalDateTime("2026-02-30T10:00")).toBe(false);
    expect(isLocalDateTime("2026-02-28T24:00")).toBe(false);
    expect(isLocalDateTime("yesterday at 3")).toBe(false);
  });

  it("reads it in the zone, across daylight-saving changes", () => {
    expect(zonedTime("2026-12-01T14:30", "America/New_York").toISOString()).toBe("2026-12-01T19:30:00.000Z");
    expect(zonedTime("2026-07-01T14:30", "America/New_York").toISOString()).toBe("2026-07-01T18:30:00.000Z");
    // Skipped by the clocks (spring forward): the hour after; repeated (fall back): the first.
    expect(zonedTime("2026-03-08T02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedTime("2026-11-01T01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedTime("2026-10-25T02:30", "Europe/Berlin").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedTime("2026-07-01T09:05", "Asia/Kolkata").toISOString()).toBe("2026-07-01T03:35:00.000Z");
  });
});
