// An agency that requires two-factor sign-in, through the routes: an admin can require it only
// with their own on; a user without it is taken from the password to its set-up (no session until
// a code confirms it, then the recovery codes and a session at once); no one can turn it off; the
// API's password sign-in refuses such an account; another agency is unaffected.
import { generateTOTP } from "@epic-web/totp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmTwoFactor, startTwoFactorSetup, twoFactorState } from "~/models/two-factor.server";
import { action as apiLoginAction } from "~/routes/api.auth.login";
import { action as loginAction } from "~/routes/_auth.login";
import { action as profileAction } from "~/routes/_app.profile";
import { action as agencyAction, loader as agencyPage } from "~/routes/_app.settings.agency";
import * as codeRoute from "~/routes/_auth.login_.two-factor";
import * as setupRoute from "~/routes/_auth.login_.two-factor_.setup";
import { TWO_FACTOR_SETUP_API_REFUSED } from "~/schemas/auth";
import { TWO_FACTOR_REQUIRED, WRONG_TWO_FACTOR_CODE } from "~/schemas/profile";
import { TURN_ON_YOUR_OWN_FIRST } from "~/schemas/staff";
import { type Json, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, DEFAULT_PASSWORD, type TestUser } from "../support/factories";
import { apiRequest, args, cookiesFrom, formPost, get, settle } from "../support/http";

const db = testDb();
let agencyId: string;
let user: TestUser;
let step = 0;
/**
 * The tests' clock, set before anything (a session, a sign-in's cookie) is made: the real time
 * (the database's clock judges sessions), 5 s into a 30-second step.
 */
const START = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;

/** Moves the clock on one TOTP step, and returns the app's code for `secret` now. */
async function nextCode(secret: string): Promise<string> {
  step += 1;
  vi.setSystemTime(START + step * 30_000);
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

/** Turns two-factor sign-in on for a user, as the profile does. */
async function turnOn(who: { id: string; agency_id: string }) {
  const ctx = { userId: who.id, agencyId: who.agency_id };
  const { secret } = (await startTwoFactorSetup(db, ctx))!;
  await confirmTwoFactor(db, ctx, await nextCode(secret));
}

const requireIt = (id: string) =>
  db.updateTable("agencies").set({ require_two_factor: true }).where("id", "=", id).execute();

const sessionCount = async () =>
  Number((await db.selectFrom("sessions").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

async function password(fields: Record<string, string> = {}) {
  const response = await settle(
    loginAction(args(formPost("/login", { email: user.email, password: DEFAULT_PASSWORD, ...fields }))),
  );
  return { response, cookie: cookiesFrom(response) };
}

const setupPage = async (cookie?: string) => settle(setupRoute.loader(args(get("/login/two-factor/setup", cookie))));
const confirm = (cookie: string, code: string) =>
  settle(setupRoute.action(args(formPost("/login/two-factor/setup", { code }, cookie))));

beforeEach(async () => {
  await resetDb(db);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  step = 0;
  agencyId = (await createAgency(db)).id;
  user = await createUser(db, { agencyId, email: "lena@example.com" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("signing in where the agency requires two-factor sign-in", () => {
  it("takes a user without it from the password to its set-up, with no session yet", async () => {
    await requireIt(agencyId);
    const { response, cookie } = await password();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login/two-factor/setup");
    expect(response.headers.get("Set-Cookie")).not.toMatch(/__session/);
    expect(await sessionCount()).toBe(0);

    // The code step sends such a sign-in to the set-up; the set-up needs the cookie.
    const codeStep = await settle(codeRoute.loader(args(get("/login/two-factor", cookie))));
    expect(codeStep.headers.get("Location")).toBe("/login/two-factor/setup");
    expect((await setupPage()).headers.get("Location")).toBe("/login");

    const first = (await (await setupPage(cookie)).json()) as Json;
    expect(first.setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(first.setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    // A reload shows the same secret: an app that scanned it still works.
    expect(((await (await setupPage(cookie)).json()) as Json).setup.secret).toBe(first.setup.secret);
    expect(await twoFactorState(db, user.id)).toBe("pending");
  });

  it("a wrong code is refused; the right one turns it on, signs in and shows the recovery codes once", async () => {
    await requireIt(agencyId);
    const { cookie } = await password({ redirectTo: "/clients" });
    const { setup } = (await (await setupPage(cookie)).json()) as Json;

    const wrong = await confirm(cookie, "000000");
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Json).result.error.code).toEqual([WRONG_TWO_FACTOR_CODE]);
    expect(await sessionCount()).toBe(0);
    expect(await twoFactorState(db, user.id)).toBe("pending");

    const right = await confirm(cookie, await nextCode(setup.secret));
    expect(right.status).toBe(200);
    const { done } = (await right.json()) as Json;
    expect(done.recoveryCodes).toHaveLength(10);
    expect(done.continueTo).toBe("/clients");
    const cookies = right.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/__session=[^;]+;/);
    expect(cookies).toMatch(/__two_factor=;/);
    expect(await sessionCount()).toBe(1);
    expect(await twoFactorState(db, user.id)).toBe("on");
    const entries = await db.selectFrom("audit_events").select(["action", "actor_id"]).orderBy("created_at").execute();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(["two_factor_on", "sign_in"]));
    expect(entries.filter((e) => e.action === "two_factor_on")).toEqual([
      { action: "two_factor_on", actor_id: user.id },
    ]);

    // The answer to the same form's page no longer sets anything up, and the next sign-in asks for a code.
    expect(((await (await setupPage(cookie)).json()) as Json).setup).toBeNull();
    const again = await password();
    expect(again.response.headers.get("Location")).toBe("/login/two-factor");
  });

  it("counts wrong set-up codes against the sign-in limits", async () => {
    await requireIt(agencyId);
    const { cookie } = await password();
    await setupPage(cookie);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await confirm(cookie, "000000")).status);
    expect(answers.at(-1)).toBe(429);
  });

  it("a user who has it on signs in with a code as before; another agency is unaffected", async () => {
    await requireIt(agencyId);
    await turnOn(user);
    expect((await password()).response.headers.get("Location")).toBe("/login/two-factor");
    const elsewhere = await createUser(db, { agencyId: (await createAgency(db)).id });
    const response = await settle(
      loginAction(args(formPost("/login", { email: elsewhere.email, password: DEFAULT_PASSWORD }))),
    );
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("the API's password sign-in refuses an account that must set it up, and points to tokens", async () => {
    await requireIt(agencyId);
    const response = await settle(
      apiLoginAction(args(apiRequest("/api/auth/login", { body: { email: user.email, password: DEFAULT_PASSWORD } }))),
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as Json).message).toBe(TWO_FACTOR_SETUP_API_REFUSED);
    expect(await sessionCount()).toBe(0);
  });

  it("no one can turn it off while the agency requires it", async () => {
    const signedIn = await signInUser(db, agencyId, { role: "agent" });
    await turnOn(signedIn.user);
    await requireIt(agencyId);
    const off = await settle(
      profileAction(
        args(formPost("/profile", { intent: "two-factor-off", currentPassword: DEFAULT_PASSWORD }, signedIn.cookie)),
      ),
    );
    expect(off.status).toBe(400);
    expect(((await off.json()) as Json).result.error[""]).toEqual([TWO_FACTOR_REQUIRED]);
    expect(await twoFactorState(db, signedIn.user.id)).toBe("on");
  });
});

describe("the agency setting", () => {
  const save = (cookie: string, fields: Record<string, string>) =>
    settle(
      agencyAction(
        args(formPost("/settings/agency", { name: "Harbor", timeZone: "America/Chicago", ...fields }, cookie)),
      ),
    );
  const required = async () =>
    (await db.selectFrom("agencies").select("require_two_factor").where("id", "=", agencyId).executeTakeFirstOrThrow())
      .require_two_factor;

  it("is refused while the admin saving it has two-factor off, and saved (audited) once it is on", async () => {
    const admin = await signInUser(db, agencyId, { role: "admin" });
    const colleague = await signInUser(db, agencyId, { role: "agent" });
    const elsewhere = await signInNewAgency(db);
    const refused = await save(admin.cookie, { requireTwoFactor: "on" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).result.error.requireTwoFactor).toEqual([TURN_ON_YOUR_OWN_FIRST]);
    expect(await required()).toBe(false);

    await turnOn(admin.user);
    expect((await save(admin.cookie, { requireTwoFactor: "on" })).status).toBe(302);
    expect(await required()).toBe(true);
    const page = (await (await settle(agencyPage(args(get("/settings/agency", admin.cookie))))).json()) as Json;
    expect(page.agency.requireTwoFactor).toBe(true);
    const entry = await db
      .selectFrom("audit_events")
      .select(["action", "entity_type", "details"])
      .where("entity_type", "=", "agency")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    // The colleague without it is signed out (screen and API), to go through the new rule; the
    // admin, who has it, and another agency's user are not.
    expect(entry.details).toMatchObject({ fields: expect.arrayContaining(["require_two_factor"]), sessionsEnded: 2 });
    const open = await db.selectFrom("sessions").select("user_id").distinct().execute();
    expect(open.map((row) => row.user_id).sort()).toEqual([admin.user.id, elsewhere.user.id].sort());
    expect(colleague.user.id).not.toBe(admin.user.id);

    // An unticked box turns it off.
    expect((await save(admin.cookie, {})).status).toBe(302);
    expect(await required()).toBe(false);
  });
});
