// Signing in with two-factor on, through the route actions: the password gives no session, only
// a five-minute cookie and the way to /login/two-factor; a code of the app or a recovery code
// finishes the sign-in (remember me and where to go carried through); wrong codes count against
// the sign-in limits; the API's password sign-in refuses such an account.
import { generateTOTP } from "@epic-web/totp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmTwoFactor, startTwoFactorSetup } from "~/models/two-factor.server";
import { action as apiLoginAction } from "~/routes/api.auth.login";
import { action as loginAction } from "~/routes/_auth.login";
import * as twoFactorRoute from "~/routes/_auth.login_.two-factor";
import {
  INVALID_RECOVERY_CODE,
  INVALID_TWO_FACTOR_CODE,
  SIGN_IN_TIMED_OUT,
  TWO_FACTOR_API_REFUSED,
} from "~/schemas/auth";
import { takeToast } from "~/services/session.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, DEFAULT_PASSWORD, type TestUser } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, get, pageHeaders, settle } from "../support/http";

const db = testDb();
let user: TestUser;
let secret: string;
let recoveryCodes: string[];
let step = 0;

/** Moves the clock on one TOTP step (a new code), and returns the app's code for now. */
async function nextCode(): Promise<string> {
  step += 1;
  vi.setSystemTime(new Date(Date.UTC(2026, 11, 7, 10, 0, 5) + step * 30_000));
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

beforeEach(async () => {
  await resetDb(db);
  vi.useFakeTimers({ toFake: ["Date"] });
  step = 0;
  const agency = await createAgency(db);
  user = await createUser(db, { agencyId: agency.id, email: "noor@example.com" });
  const ctx = { userId: user.id, agencyId: agency.id };
  secret = (await startTwoFactorSetup(db, ctx))!.secret;
  recoveryCodes = (await confirmTwoFactor(db, ctx, await nextCode()))!;
});

afterEach(() => {
  vi.useRealTimers();
});

const sessionCount = async () =>
  Number((await db.selectFrom("sessions").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

async function password(fields: Record<string, string> = {}, ip?: string) {
  const response = await settle(
    loginAction(args(formPost("/login", { email: user.email, password: DEFAULT_PASSWORD, ...fields }, undefined, ip))),
  );
  return { response, cookie: cookiesFrom(response) };
}

async function secondStep(cookie: string, fields: Record<string, string>, ip?: string) {
  return settle(twoFactorRoute.action(args(formPost("/login/two-factor", fields, cookie, ip))));
}

describe("the password step", () => {
  it("gives no session: a five-minute, signed, httpOnly cookie and the way to the second step", async () => {
    const { response } = await password();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    const [setCookie] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^__two_factor=/);
    expect(setCookie).toMatch(/Max-Age=300/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).not.toMatch(/__session/);
    expect(await sessionCount()).toBe(0);
  });

  it("a wrong password is refused as before", async () => {
    const { response } = await password({ password: "Wrong@1234" });
    expect(response.status).toBe(401);
  });

  it("the second step's page needs the cookie, and offers the recovery code by a plain link", async () => {
    const without = await settle(twoFactorRoute.loader(args(get("/login/two-factor"))));
    expect(without.headers.get("Location")).toBe("/login");
    const { cookie } = await password();
    const page = await settle(twoFactorRoute.loader(args(get("/login/two-factor?method=recovery", cookie))));
    expect(await page.json()).toEqual({ method: "recovery" });
  });
});

describe("the second step", () => {
  it("a code of the app signs in, with remember me and where they asked to go", async () => {
    const { cookie } = await password({ remember: "on", redirectTo: "/clients?status=active" });
    const response = await secondStep(cookie, { method: "app", code: await nextCode() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/clients?status=active");
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__session="))).toMatch(/Max-Age=43200/);
    expect(cookies.find((c) => c.startsWith("__two_factor="))).toMatch(/Max-Age=0/);
    expect(await sessionCount()).toBe(1);
    const signIn = await db.selectFrom("audit_events").selectAll().where("action", "=", "sign_in").execute();
    expect(signIn).toMatchObject([{ actor_id: user.id }]);
  });

  it("a wrong code, a used code and a used recovery code are refused", async () => {
    const { cookie } = await password();
    const wrong = await secondStep(cookie, { method: "app", code: "000000" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(INVALID_TWO_FACTOR_CODE);
    const code = await nextCode();
    expect((await secondStep(cookie, { method: "app", code })).status).toBe(302);
    expect((await secondStep((await password()).cookie, { method: "app", code })).status).toBe(401);

    expect((await secondStep(cookie, { method: "recovery", code: recoveryCodes[3] })).status).toBe(302);
    const again = await secondStep(cookie, { method: "recovery", code: recoveryCodes[3] });
    expect(again.status).toBe(401);
    expect(await again.text()).toContain(INVALID_RECOVERY_CODE);
    const failed = await db.selectFrom("audit_events").selectAll().where("action", "=", "sign_in_failed").execute();
    expect(failed.map((e) => e.details)).toEqual([
      { reason: "invalid_code" },
      ...Array(2).fill({ reason: "invalid_code" }),
    ]);
  });

  it("a cookie past its five minutes, or none, is sent back to the password", async () => {
    const { cookie } = await password();
    const code = await nextCode();
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await secondStep(cookie, { method: "app", code });
    expect(late.headers.get("Location")).toBe("/login");
    const forged = await secondStep(cookie.replace(/\.[^.;]+$/, ".forged"), { method: "app", code: "123456" });
    expect(forged.headers.get("Location")).toBe("/login");
    expect(await sessionCount()).toBe(0);
  });

  it("a code sent too late says so on the sign-in page; a visit without the cookie just goes there", async () => {
    const late = await secondStep("", { method: "app", code: "123456" });
    expect(late.headers.get("Location")).toBe("/login");
    const taken = async (response: Response) =>
      (await takeToast(new Request("http://localhost/", { headers: { Cookie: cookiesFrom(response) } }))).toast;
    expect(await taken(late)).toMatchObject({ title: "Login Failed", description: SIGN_IN_TIMED_OUT });
    const visit = await settle(twoFactorRoute.loader(args(get("/login/two-factor"))));
    expect(visit.headers.get("Location")).toBe("/login");
    expect(await taken(visit)).toBeNull();
  });

  it("wrong codes count against the account's sign-in limit: the sixth attempt waits, the password too", async () => {
    const { cookie } = await password();
    for (let i = 0; i < 4; i++) expect((await secondStep(cookie, { method: "app", code: "000000" })).status).toBe(401);
    // Typing the password again does not start the count again.
    const { cookie: again } = await password();
    expect((await secondStep(again, { method: "app", code: "000000" })).status).toBe(401);
    const limited = await secondStep(again, { method: "app", code: await nextCode() });
    expect(limited.status).toBe(429);
    expect(pageHeaders(twoFactorRoute, limited).get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("Too many failed sign-in attempts. Please wait 15 minutes");
    expect((await password()).response.status).toBe(429);
  });

  it("wrong codes count against the address's limit too (from many accounts' cookies)", async () => {
    const { cookie } = await password({}, "198.51.100.4");
    await db
      .insertInto("rate_limits")
      .values({ key: "login:address:198.51.100.4", count: 20, reset_at: new Date(Date.now() + 600_000) })
      .onConflict((oc) => oc.column("key").doUpdateSet({ count: 20 }))
      .execute();
    const limited = await secondStep(cookie, { method: "app", code: await nextCode() }, "198.51.100.4");
    expect(limited.status).toBe(429);
  });

  it("the right code clears the account's count", async () => {
    const { cookie } = await password();
    for (let i = 0; i < 3; i++) await secondStep(cookie, { method: "app", code: "000000" });
    expect((await secondStep(cookie, { method: "app", code: await nextCode() })).status).toBe(302);
    const left = await db.selectFrom("rate_limits").selectAll().where("key", "like", "login:account:%").execute();
    expect(left).toEqual([]);
  });
});

describe("the API", () => {
  it("refuses the password sign-in of an account with two-factor on, pointing to personal tokens", async () => {
    const response = await settle(
      apiLoginAction(args(apiRequest("/api/auth/login", { body: { email: user.email, password: DEFAULT_PASSWORD } }))),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(TWO_FACTOR_API_REFUSED);
    expect(TWO_FACTOR_API_REFUSED).toContain("/settings/tokens");
    expect(await sessionCount()).toBe(0);
  });
});
