// The profile page's "Two-factor sign-in" card, through the route: "Turn on" shows the QR code
// and the secret, a code confirms it and the recovery codes come back that once, "Turn off"
// needs the current password.
import { generateTOTP } from "@epic-web/totp";
import { beforeEach, describe, expect, it } from "vitest";
import { twoFactorState } from "~/models/two-factor.server";
import { action as profileAction, loader as profileLoader } from "~/routes/_app.profile";
import { action as memberAction, loader as memberPage } from "~/routes/_app.settings.users.$id";
import { WRONG_CURRENT_PASSWORD, WRONG_TWO_FACTOR_CODE } from "~/schemas/profile";
import { type Json, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { DEFAULT_PASSWORD, type TestUser } from "../support/factories";
import { args, formPost, get, settle } from "../support/http";

const db = testDb();
let user: TestUser;
let cookie: string;

beforeEach(async () => {
  await resetDb(db);
  ({ user, cookie } = await signInNewAgency(db));
});

const post = (fields: Record<string, string>) => settle(profileAction(args(formPost("/profile", fields, cookie))));

async function card(): Promise<Json> {
  const response = await settle(profileLoader(args(get("/profile", cookie))));
  return ((await response.json()) as Json).twoFactor as Json;
}

const codeFor = async (secret: string) =>
  (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;

describe("the profile's two-factor card", () => {
  it("is off, then shows the QR code and the secret, then is on with ten recovery codes shown once", async () => {
    expect(await card()).toEqual({ state: "off", setup: null, unusedCodes: 0, required: false });
    const start = await post({ intent: "two-factor-start" });
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/profile#two-factor");
    const pending = await card();
    expect(pending.state).toBe("pending");
    expect(pending.setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pending.setup.qrCode.split(",")[1], "base64").toString()).toContain("<svg");
    expect(pending.setup.secret).toMatch(/^[A-Z2-7]{16,}$/);

    const wrong = await post({ intent: "two-factor-confirm", code: "000000" });
    expect(wrong.status).toBe(400);
    const wrongBody = (await wrong.json()) as Json;
    expect(wrongBody.result.error.code).toEqual([WRONG_TWO_FACTOR_CODE]);
    expect(wrongBody.recoveryCodes).toBeUndefined();

    const right = await post({ intent: "two-factor-confirm", code: await codeFor(pending.setup.secret) });
    expect(right.status).toBe(200);
    const { recoveryCodes } = (await right.json()) as Json;
    expect(recoveryCodes).toHaveLength(10);
    expect(await card()).toEqual({ state: "on", setup: null, unusedCodes: 10, required: false });
    expect(JSON.stringify(await card())).not.toContain(recoveryCodes[0]);
  });

  it("turns off only with the current password", async () => {
    await post({ intent: "two-factor-start" });
    const { setup } = await card();
    await post({ intent: "two-factor-confirm", code: await codeFor(setup.secret) });

    const refused = await post({ intent: "two-factor-off", currentPassword: "Wrong@1234" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Json).result.error.currentPassword).toEqual([WRONG_CURRENT_PASSWORD]);
    expect(await twoFactorState(db, user.id)).toBe("on");

    const done = await post({ intent: "two-factor-off", currentPassword: DEFAULT_PASSWORD });
    expect(done.status).toBe(302);
    expect(await twoFactorState(db, user.id)).toBe("off");
    const off = await db.selectFrom("audit_events").select("actor_id").where("action", "=", "two_factor_off").execute();
    expect(off).toEqual([{ actor_id: user.id }]);
  });
});

describe("an admin's reset", () => {
  it("turns a staff member's second factor off from their page, audited with the admin as actor", async () => {
    await post({ intent: "two-factor-start" });
    await post({ intent: "two-factor-confirm", code: await codeFor((await card()).setup.secret) });
    const admin = await signInUser(db, user.agency_id, { role: "admin" });
    const params = { id: user.id };
    const page = await settle(memberPage(args(get(`/settings/users/${user.id}`, admin.cookie), params)));
    expect(((await page.json()) as Json).twoFactorOn).toBe(true);

    const reset = () =>
      settle(
        memberAction(
          args(formPost(`/settings/users/${user.id}`, { intent: "reset-two-factor" }, admin.cookie), params),
        ),
      );
    expect((await reset()).status).toBe(302);
    expect(await twoFactorState(db, user.id)).toBe("off");
    const entries = await db.selectFrom("audit_events").selectAll().where("action", "=", "two_factor_reset").execute();
    expect(entries).toMatchObject([{ actor_id: admin.user.id, entity_type: "user", entity_id: user.id }]);
    // Nothing left to reset: said so, and no second entry.
    expect((await reset()).status).toBe(409);
  });

  it("is an admin's only (staff.manage)", async () => {
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    const refused = await settle(
      memberAction(
        args(formPost(`/settings/users/${user.id}`, { intent: "reset-two-factor" }, agent.cookie), { id: user.id }),
      ),
    );
    expect(refused.status).toBe(403);
  });
});
