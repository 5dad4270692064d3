import { describe, expect, it } from "vitest";
import { capitalize, formatCount, formatDate, formatUsd, shortUserAgent } from "~/utils/format";

describe("capitalize", () => {
  it("upper-cases the first letter only", () => {
    expect(capitalize("coordinator")).toBe("Coordinator");
    expect(capitalize("new client")).toBe("New client");
  });

  it("leaves an empty string alone", () => {
    expect(capitalize("")).toBe("");
  });
});

describe("formatUsd", () => {
  it("shows whole US dollars with thousands separators", () => {
    expect(formatUsd(3500)).toBe("$3,500");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(1234567)).toBe("$1,234,567");
  });

  it("reads numeric strings (Postgres numeric) and rounds to the dollar", () => {
    expect(formatUsd("4250.00")).toBe("$4,250");
    expect(formatUsd("1234.56")).toBe("$1,235");
  });

  it("shows nothing for a missing or unreadable amount", () => {
    expect(formatUsd(null)).toBe("");
    expect(formatUsd(undefined)).toBe("");
    expect(formatUsd("not a number")).toBe("");
  });
});

describe("formatCount", () => {
  it("groups thousands", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(12500)).toBe("12,500");
  });
});

describe("formatDate", () => {
  it('shows a "YYYY-MM-DD" date as the calendar day it names', () => {
    expect(formatDate("2026-11-22")).toBe("Nov 22, 2026");
    expect(formatDate("2024-01-01")).toBe("Jan 1, 2024");
  });

  it("names the twelve months in three letters", () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(`2026-${String(m + 1).padStart(2, "0")}-15`));
    expect(months).toEqual(
      ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map((m) => `${m} 15, 2026`),
    );
  });

  it("shows a timestamp by its UTC day, or by its day in the agency's time zone", () => {
    expect(formatDate(new Date("2025-03-09T23:30:00Z"))).toBe("Mar 9, 2025");
    expect(formatDate("2025-03-09T23:30:00.000Z")).toBe("Mar 9, 2025");
    // 11:30 PM in Chicago is the next day in UTC; 1 AM UTC is still the day before in New York.
    expect(formatDate("2025-03-10T04:30:00.000Z", "America/Chicago")).toBe("Mar 9, 2025");
    expect(formatDate(new Date("2025-03-10T01:00:00Z"), "America/New_York")).toBe("Mar 9, 2025");
    expect(formatDate("2025-03-10T01:00:00Z", "Asia/Tokyo")).toBe("Mar 10, 2025");
    // A calendar day stays the day it names in any zone.
    expect(formatDate("2025-03-10", "America/Los_Angeles")).toBe("Mar 10, 2025");
  });

  it("shows nothing for a missing or invalid date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("shortUserAgent", () => {
  it("names the browser, its major version and the system", () => {
    expect(
      shortUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome 126 on Windows");
    expect(
      shortUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
      ),
    ).toBe("Edge 126 on Windows");
    expect(shortUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0")).toBe(
      "Firefox 140 on Linux",
    );
    expect(
      shortUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17 on iOS");
  });

  it("keeps another program's own name, cut short, and says nothing for none", () => {
    expect(shortUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(shortUserAgent("x".repeat(60))).toBe(`${"x".repeat(40)}…`);
    expect(shortUserAgent(null)).toBe("");
  });
});
