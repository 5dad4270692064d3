import { describe, expect, it } from "vitest";
import { addDays, dayIn, daysBetween, isTimeZone, relativeDay } from "~/utils/days";
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
