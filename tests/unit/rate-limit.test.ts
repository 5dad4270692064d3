import { describe, expect, it } from "vitest";
import { minutesText } from "~/utils/rate-limit.server";

describe("minutesText", () => {
  it("words the wait in whole minutes", () => {
    expect(minutesText(1)).toBe("1 minute");
    expect(minutesText(61)).toBe("2 minutes");
    expect(minutesText(900)).toBe("15 minutes");
  });
});
