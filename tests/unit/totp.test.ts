import { generateTOTP, verifyTOTP } from "@epic-web/totp";
import { describe, expect, it } from "vitest";
import { totpAt } from "../support/totp";

// The tests' own authenticator (tests/support/totp.ts) against RFC 6238's test vector and the
// library the app uses: a code it makes is one the app accepts.

describe("totpAt, the tests' authenticator app", () => {
  it("gives RFC 6238's SHA-1 codes (last six digits)", () => {
    // The RFC's secret, "12345678901234567890" in ASCII, as base32.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpAt(secret, 59_000)).toBe("287082");
    expect(totpAt(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpAt(secret, 20_000_000_000_000)).toBe("353130");
  });

  it("agrees with the app's library now, and the next step's code is one step ahead", async () => {
    const { secret, otp } = await generateTOTP({ period: 30, digits: 6, algorithm: "SHA-1" });
    expect(totpAt(secret)).toBe(otp);
    const next = totpAt(secret, Date.now() + 30_000);
    const verified = await verifyTOTP({ otp: next, secret, period: 30, digits: 6, algorithm: "SHA-1", window: 1 });
    expect(verified).toEqual({ delta: 1 });
  });
});
