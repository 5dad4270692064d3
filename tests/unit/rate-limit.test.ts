import { describe, expect, it } from "vitest";
import { minutesText, RateLimiter } from "~/utils/rate-limit.server";

describe("RateLimiter", () => {
  it("allows up to the limit in a window, then says how long to wait", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("k", rule)).toBe(0);
      limiter.hit("k", rule);
    }
    expect(limiter.retryAfter("k", rule)).toBe(60);
    now += 30_000;
    expect(limiter.retryAfter("k", rule)).toBe(30);
    expect(limiter.retryAfter("other", rule)).toBe(0);
    now += 30_001;
    expect(limiter.retryAfter("k", rule)).toBe(0);
  });

  it("forgets a key on reset", () => {
    const limiter = new RateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    limiter.hit("k", rule);
    expect(limiter.retryAfter("k", rule)).toBe(1);
    limiter.reset("k");
    expect(limiter.retryAfter("k", rule)).toBe(0);
  });

  it("words the wait in whole minutes", () => {
    expect(minutesText(1)).toBe("1 minute");
    expect(minutesText(61)).toBe("2 minutes");
    expect(minutesText(900)).toBe("15 minutes");
  });
});
