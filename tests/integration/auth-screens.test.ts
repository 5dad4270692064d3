import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { loader as appLoader } from "~/routes/_app";
import * as loginRoute from "~/routes/_auth.login";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth.login";
import { action as logoutAction } from "~/routes/logout";
import { action as sidebarAction } from "~/routes/sidebar";
import { createAgency, createUser } from "../support/factories";
import { resetDb, testDb } from "../support/db";
import { args, cookiesFrom, formPost, get, pageHeaders, settle } from "../support/http";

const db = testDb();

async function signIn(fields: Record<string, string> = {}) {
  return settle(loginAction(args(formPost("/login", { email: "dana@example.com", password: "Test@1234", ...fields }))));
}

beforeEach(async () => {
  await resetDb(db);
  const agency = await createAgency(db);
  await createUser(db, { agencyId: agency.id, email: "dana@example.com", role: "coordinator" });
});

describe("sign-in form", () => {
  it("starts a session, flashes the welcome toast and goes to the dashboard", async () => {
    const response = await signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const setCookies = response.headers.getSetCookie();
    const session = setCookies.find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Max-Age/i); // not remembered: a browser-session cookie
    expect(setCookies.some((c) => c.startsWith("__toast="))).toBe(true);
    expect(await db.selectFrom("sessions").select("kind").execute()).toEqual([{ kind: "browser" }]);

    const layout = await settle(appLoader(args(get("/dashboard", cookiesFrom(response)))));
    expect(layout.status).toBe(200);
    const data = (await layout.json()) as { user: { email: string; role: string } };
    expect(data.user).toMatchObject({ email: "dana@example.com", role: "coordinator" });
  });

  it("keeps the cookie across browser restarts with Remember me", async () => {
    const response = await signIn({ remember: "on" });
    const session = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(session).toMatch(/Max-Age=43200/);
  });

  it("returns to a safe redirectTo only", async () => {
    expect((await signIn({ redirectTo: "/clients?status=Target" })).headers.get("Location")).toBe(
      "/clients?status=Target",
    );
    expect((await signIn({ redirectTo: "//evil.example" })).headers.get("Location")).toBe("/dashboard");
  });

  it("shows the same message for a wrong password and an unknown e-mail, once (on the form, no toast)", async () => {
    const wrong = await signIn({ password: "Nope@1234" });
    const unknown = await signIn({ email: "who@example.com" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = (await wrong.json()) as Record<string, unknown>;
    const b = (await unknown.json()) as Record<string, unknown>;
    expect(a.message).toBe("Invalid email or password");
    expect(b.message).toBe(a.message);
    expect(a).not.toHaveProperty("toast");
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(false);
  });

  it("reports missing fields next to them", async () => {
    const response = await settle(loginAction(args(formPost("/login", { email: "", password: "" }))));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.email).toEqual(["Email is required"]);
    expect(body.result.error.password).toEqual(["Password is required"]);
  });

  it("answers 429 with a clear message after too many failures", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn({ password: "Nope@1234" })).status).toBe(401);
    const blocked = await signIn();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Also on the page a browser without JavaScript shows.
    expect(pageHeaders(loginRoute, blocked).get("Retry-After")).toBe(blocked.headers.get("Retry-After"));
    const body = (await blocked.json()) as { message: string };
    expect(body.message).toMatch(/Too many failed sign-in attempts\. Please wait 15 minutes and try again\./);
  });
});

describe("guards", () => {
  it("send visitors to /login, remembering where they were going", async () => {
    const response = await settle(appLoader(args(get("/clients?page=2"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fclients%3Fpage%3D2");
    const dashboard = await settle(appLoader(args(get("/dashboard"))));
    expect(dashboard.headers.get("Location")).toBe("/login");
  });

  it("send signed-in users from /login to /dashboard", async () => {
    const cookie = cookiesFrom(await signIn());
    const response = await settle(loginLoader(args(get("/login", cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("end a session idle for longer than 30 minutes, and one past its absolute limit", async () => {
    const cookie = cookiesFrom(await signIn());
    await db
      .updateTable("sessions")
      .set({ last_used_at: sql<Date>`now() - interval '31 minutes'` })
      .execute();
    expect((await settle(appLoader(args(get("/dashboard", cookie))))).headers.get("Location")).toBe("/login");

    const fresh = cookiesFrom(await signIn());
    await db
      .updateTable("sessions")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await settle(appLoader(args(get("/dashboard", fresh))))).headers.get("Location")).toBe("/login");
  });

  it("refuse a forged session cookie", async () => {
    const response = await settle(appLoader(args(get("/dashboard", "__session=forged"))));
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("sign-out", () => {
  it("deletes the session row and clears the cookie", async () => {
    const cookie = cookiesFrom(await signIn());
    const response = await settle(logoutAction(args(formPost("/logout", {}, cookie))));
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().join()).toMatch(/__session=;.*Max-Age=0/);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(0);
    expect((await settle(appLoader(args(get("/dashboard", cookie))))).headers.get("Location")).toBe("/login");
  });
});

describe("sidebar", () => {
  it("keeps the collapsed state in a cookie and goes back", async () => {
    const response = await settle(
      sidebarAction(args(formPost("/sidebar", { collapsed: "1", redirectTo: "/clients" }))),
    );
    expect(response.headers.get("Location")).toBe("/clients");
    expect(response.headers.getSetCookie()[0]).toMatch(/^sidebar=.+Max-Age=31536000/);

    const cookie = `${cookiesFrom(await signIn())}; ${cookiesFrom(response)}`;
    const layout = await settle(appLoader(args(get("/dashboard", cookie))));
    expect(((await layout.json()) as { collapsed: boolean }).collapsed).toBe(true);

    const expand = await settle(
      sidebarAction(args(formPost("/sidebar", { collapsed: "0", redirectTo: "/dashboard" }))),
    );
    const expanded = await settle(
      appLoader(args(get("/dashboard", `${cookiesFrom(await signIn())}; ${cookiesFrom(expand)}`))),
    );
    expect(((await expanded.json()) as { collapsed: boolean }).collapsed).toBe(false);
  });
});
