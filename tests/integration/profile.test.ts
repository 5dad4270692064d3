// The profile page (/profile): the signed-in user's own name, e-mail and password. A new e-mail
// and a new password need the current password; a wrong one counts as a failed sign-in; a new
// password ends every other session and API token, and the session in use stays.
import { beforeEach, describe, expect, it } from "vitest";
import { createSession, getSessionUser } from "~/models/session.server";
import { verifyLogin } from "~/models/user.server";
import { loader as appLoader } from "~/routes/_app";
import { action as loginAction } from "~/routes/_auth.login";
import * as profileRoute from "~/routes/_app.profile";
import { action as profileAction, loader as profileLoader } from "~/routes/_app.profile";
import { INVALID_PASSWORD_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from "~/schemas/auth";
import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  EMAIL_TAKEN,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from "~/schemas/profile";
import { type Json, signInNewAgency } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser, DEFAULT_PASSWORD, type TestUser } from "../support/factories";
import { args, formPost, get, pageHeaders, settle } from "../support/http";

const db = testDb();
const LIMITS = { idleMinutes: 30, absoluteHours: 12 };
const NEW_PASSWORD = "Brighter@2027";

let user: TestUser;
let cookie: string;
let token: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, cookie, token } = await signInNewAgency(db, {
    email: "dana@example.com",
    first_name: "Dana",
    last_name: "Morgan",
  }));
});

interface Answer {
  status: number;
  location: string | null;
  body: {
    result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
    checks?: { met: boolean[]; match: boolean } | null;
  } | null;
  text: string;
  headers: Headers;
}

async function post(fields: Record<string, string>, as = cookie): Promise<Answer> {
  const response = await settle(profileAction(args(formPost("/profile", fields, as))));
  const text = response.status === 302 ? "" : await response.text();
  return {
    status: response.status,
    location: response.headers.get("Location"),
    body: text ? (JSON.parse(text) as Answer["body"]) : null,
    text,
    headers: response.headers,
  };
}

const details = (fields: Record<string, string> = {}) =>
  post({ intent: "profile", firstName: "Dana", lastName: "Morgan", email: "dana@example.com", ...fields });

const newPassword = (fields: Record<string, string> = {}) =>
  post({
    intent: "password",
    currentPassword: DEFAULT_PASSWORD,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...fields,
  });

const errors = (answer: Answer) => answer.body?.result?.error ?? {};

async function stored() {
  return db
    .selectFrom("users")
    .select(["first_name", "last_name", "email", "password_hash"])
    .where("id", "=", user.id)
    .executeTakeFirstOrThrow();
}

async function outbox() {
  return db.selectFrom("email_outbox").select(["kind", "to_address", "text_body"]).orderBy("created_at").execute();
}

describe("profile page", () => {
  it("shows the signed-in user's name and e-mail, and that two-factor sign-in is off", async () => {
    const response = await settle(profileLoader(args(get("/profile", cookie))));
    expect(await response.json()).toEqual({
      profile: { firstName: "Dana", lastName: "Morgan", email: "dana@example.com" },
      twoFactor: { state: "off", setup: null, unusedCodes: 0, required: false },
    });
  });

  it("sends a visitor who is not signed in to sign in", async () => {
    const response = await settle(profileLoader(args(get("/profile"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("name and e-mail", () => {
  it("saves a new name without the password, back on the page with a toast", async () => {
    const answer = await details({ firstName: " Danielle ", lastName: "Morgan-Reyes" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/profile");
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);
    expect(await stored()).toMatchObject({ first_name: "Danielle", last_name: "Morgan-Reyes" });
    // The shell shows the new name.
    const shell = (await (await settle(appLoader(args(get("/profile", cookie))))).json()) as Json;
    expect(shell.user).toMatchObject({ firstName: "Danielle", lastName: "Morgan-Reyes" });
  });

  it("says what is missing or wrong next to each field", async () => {
    const answer = await details({ firstName: "", lastName: " ", email: "not-an-email" });
    expect(answer.status).toBe(400);
    expect(errors(answer)).toMatchObject({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Please enter a valid email address"],
    });
  });

  it("asks for the current password before a new e-mail, refuses a wrong one, and saves it with the right one", async () => {
    const without = await details({ email: "dana.new@example.com" });
    expect(without.status).toBe(400);
    expect(errors(without)).toEqual({ currentPassword: [EMAIL_CHANGE_NEEDS_PASSWORD] });
    expect(EMAIL_CHANGE_NEEDS_PASSWORD).toBe("Enter your current password to change your email");

    const wrong = await details({ email: "dana.new@example.com", currentPassword: "Wrong@1234" });
    expect(wrong.status).toBe(400);
    expect(errors(wrong)).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
    expect(WRONG_CURRENT_PASSWORD).toBe("Current password is incorrect");
    expect((await stored()).email).toBe("dana@example.com");
    // The password typed is never sent back.
    expect(wrong.text).not.toContain("Wrong@1234");

    const right = await details({ email: "Dana.New@Example.com", currentPassword: DEFAULT_PASSWORD });
    expect(right.status).toBe(302);
    expect((await stored()).email).toBe("dana.new@example.com");
    // The old address is told, in case it was not them.
    const notice = (await outbox()).find((m) => m.kind === "email-changed");
    expect(notice).toMatchObject({ to_address: "dana@example.com" });
    expect(notice?.text_body).toContain("changed from dana@example.com to dana.new@example.com");
    // Sign-in now takes the new address.
    expect(await verifyLogin(db, "dana.new@example.com", DEFAULT_PASSWORD)).toMatchObject({ id: user.id });
  });

  it("the same e-mail in another case is no change, and needs no password", async () => {
    const answer = await details({ email: "DANA@example.com" });
    expect(answer.status).toBe(302);
    expect(await outbox()).toEqual([]);
  });

  it("refuses an e-mail another account of the agency has, in any case", async () => {
    await createUser(db, { agencyId: user.agency_id, email: "sam@example.com" });
    const answer = await details({ email: "SAM@example.com", currentPassword: DEFAULT_PASSWORD });
    expect(answer.status).toBe(409);
    expect(errors(answer)).toEqual({ email: [EMAIL_TAKEN] });
    expect(EMAIL_TAKEN).toBe("Another account in your agency already uses this email");
    expect((await stored()).email).toBe("dana@example.com");
    // What was typed stays in the form, but the password.
    expect(answer.body?.result?.initialValue).toMatchObject({ email: "SAM@example.com", firstName: "Dana" });
    expect(answer.text).not.toContain(DEFAULT_PASSWORD);
  });

  it("accepts an e-mail that only another agency's account has", async () => {
    const elsewhere = await createAgency(db);
    await createUser(db, { agencyId: elsewhere.id, email: "shared@example.com" });
    const answer = await details({ email: "shared@example.com", currentPassword: DEFAULT_PASSWORD });
    expect(answer.status).toBe(302);
    expect((await stored()).email).toBe("shared@example.com");
  });
});

describe("change password", () => {
  it("sets the new password, ends every other session and API token, and keeps this one", async () => {
    const otherBrowser = await createSession(db, {
      user: { id: user.id, agencyId: user.agency_id },
      kind: "browser",
      limits: LIMITS,
    });
    const someoneElse = await createUser(db, { agencyId: user.agency_id });
    const theirs = await createSession(db, {
      user: { id: someoneElse.id, agencyId: someoneElse.agency_id },
      kind: "browser",
      limits: LIMITS,
    });

    const answer = await newPassword();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/profile");
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);

    expect(await verifyLogin(db, "dana@example.com", NEW_PASSWORD)).toMatchObject({ id: user.id });
    expect(await verifyLogin(db, "dana@example.com", DEFAULT_PASSWORD)).toBeNull();
    // The other browser and the API token are signed out; this browser is not.
    expect(await getSessionUser(db, otherBrowser.token, "browser", LIMITS)).toBeNull();
    expect(await getSessionUser(db, token, "api", LIMITS)).toBeNull();
    const here = await settle(appLoader(args(get("/dashboard", cookie))));
    expect(here.status).toBe(200);
    // Another user's sessions are not touched.
    expect(await getSessionUser(db, theirs.token, "browser", LIMITS)).toMatchObject({ id: someoneElse.id });
    const sessions = await db.selectFrom("sessions").select("user_id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(1);
    // The user is told by e-mail.
    const notice = (await outbox()).find((m) => m.kind === "password-changed");
    expect(notice).toMatchObject({ to_address: "dana@example.com" });
    expect(notice?.text_body).toContain("every other signed-in session was ended");
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const before = (await stored()).password_hash;
    const answer = await newPassword({ currentPassword: "Wrong@1234" });
    expect(answer.status).toBe(400);
    expect(errors(answer)).toEqual({ currentPassword: [WRONG_CURRENT_PASSWORD] });
    expect((await stored()).password_hash).toBe(before);
    expect(await getSessionUser(db, token, "api", LIMITS)).toMatchObject({ id: user.id });
    for (const secret of ["Wrong@1234", NEW_PASSWORD]) expect(answer.text).not.toContain(secret);
  });

  it("checks the five rules, the confirmation and the current password, with the checklist as the server found it", async () => {
    const weak = await newPassword({ password: "short", confirmPassword: "short" });
    expect(weak.status).toBe(400);
    expect(errors(weak)).toMatchObject({ password: [INVALID_PASSWORD_MESSAGE] });
    expect(INVALID_PASSWORD_MESSAGE).toBe("Please ensure your password meets all requirements.");
    // length, upper, lower, digit, special
    expect(weak.body?.checks).toEqual({ met: [false, false, true, false, false], match: true });

    const mismatch = await newPassword({ confirmPassword: "Brighter@2028" });
    expect(errors(mismatch)).toEqual({ confirmPassword: [PASSWORD_MISMATCH_MESSAGE] });
    expect(mismatch.body?.checks).toEqual({ met: [true, true, true, true, true], match: false });

    const missing = await newPassword({ currentPassword: "" });
    expect(errors(missing)).toMatchObject({ currentPassword: [CURRENT_PASSWORD_REQUIRED] });
    expect(CURRENT_PASSWORD_REQUIRED).toBe("Current password is required");

    const same = await newPassword({ password: DEFAULT_PASSWORD, confirmPassword: DEFAULT_PASSWORD });
    expect(errors(same)).toEqual({ password: [SAME_PASSWORD] });

    for (const answer of [weak, mismatch, missing, same]) {
      expect(answer.body?.result?.initialValue).toEqual({ intent: "password" });
    }
    expect(await verifyLogin(db, "dana@example.com", DEFAULT_PASSWORD)).toMatchObject({ id: user.id });
  });

  it("counts wrong current passwords as failed sign-ins: after five, both wait", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await newPassword({ currentPassword: `Wrong@${i}000` })).status).toBe(400);
    }
    const blocked = await newPassword();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Also on the page a browser without JavaScript shows.
    expect(pageHeaders(profileRoute, blocked).get("Retry-After")).toBe(blocked.headers.get("Retry-After"));
    expect(blocked.body?.result?.error?.[""]).toEqual([
      "Too many failed password attempts. Please wait 15 minutes and try again.",
    ]);
    // Even the right password waits, and so does signing in to the account.
    const signIn = await settle(
      loginAction(args(formPost("/login", { email: "dana@example.com", password: DEFAULT_PASSWORD }))),
    );
    expect(signIn.status).toBe(429);
    expect(await verifyLogin(db, "dana@example.com", NEW_PASSWORD)).toBeNull();
  });

  it("the right current password clears the count of wrong ones", async () => {
    for (let i = 0; i < 4; i++) await newPassword({ currentPassword: `Wrong@${i}000` });
    expect((await newPassword()).status).toBe(302);
    for (let i = 0; i < 4; i++)
      await newPassword({
        currentPassword: `Wrong@${i}000`,
        password: "Another@2028",
        confirmPassword: "Another@2028",
      });
    expect(
      (await newPassword({ currentPassword: NEW_PASSWORD, password: "Another@2028", confirmPassword: "Another@2028" }))
        .status,
    ).toBe(302);
  });
});
