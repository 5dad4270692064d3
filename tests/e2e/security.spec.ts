import { E2E_BASE_URL, expect, test } from "../support/e2e";

test.describe("security headers", () => {
  test("pages carry a nonce CSP, nosniff, a referrer policy and no-store @once", async ({ page, loginAs }) => {
    await loginAs("demo@example.com");
    const response = (await page.goto("/dashboard"))!;
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["x-powered-by"]).toBeUndefined();
    // Every inline script carries this request's nonce, and it changes per request.
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = await page.request.get("/dashboard");
    expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
  });

  test("the app works under its CSP (no blocked scripts)", async ({ page, loginAs, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "needs scripts");
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await loginAs("demo@example.com");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Clients" }).first().hover();
    expect(violations).toEqual([]);
  });

  test("API answers are JSON with no-store @once", async ({ request }) => {
    const response = await request.get("/api/auth/me");
    expect(response.status()).toBe(401);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual({ success: false, message: "Authentication required" });
  });

  test("cross-site form posts are refused @once", async ({ request }) => {
    const response = await request.post("/login", {
      form: { email: "demo@example.com", password: "Demo@1234" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("/healthz answers when the app and database do @once", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });
});

test.describe("what a client sends that the server refuses cleanly @once", () => {
  test("a sign-in link that would go to another site lands on the dashboard", async ({ page, spareAgentEmail }) => {
    await page.goto("/login?redirectTo=/%09/evil.example");
    await page.getByLabel("Email address").fill(spareAgentEmail);
    await page.getByLabel("Password", { exact: true }).fill("Demo@1234");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`);
  });

  test("bodies past the limits are refused with a 413", async ({ request }) => {
    const form = await request.post("/login", {
      form: { email: "someone@example.com", password: "a".repeat(2 * 1024 * 1024) },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(413);
    expect(await form.text()).toBe("What you sent is too large (at most 1 MB). Shorten it and try again.");

    const json = await request.post("/api/auth/login", {
      data: { email: "someone@example.com", password: "a".repeat(2 * 1024 * 1024) },
    });
    expect(json.status()).toBe(413);
    expect(await json.json()).toEqual({ success: false, message: "Request body too large: at most 256 KB" });
  });

  test("a screen refuses what is not a form with a 415", async ({ request }) => {
    const response = await request.post("/login", {
      data: { email: "someone@example.com", password: "x" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(415);
  });

  test("a NUL character in a search is a clear answer, not a dropped connection", async ({
    page,
    request,
    loginAs,
    spareAgentEmail,
  }) => {
    await loginAs();
    const exported = await page.request.get("/clients/export?search=%00");
    expect(exported.status()).toBe(400);
    expect(await exported.text()).toContain("This export's filters could not be read (search).");

    const login = await request.post("/api/auth/login", { data: { email: spareAgentEmail, password: "Demo@1234" } });
    const { token } = (await login.json()).data as { token: string };
    const listed = await request.get("/api/clients?search=%00", { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.status()).toBe(400);
    expect(await listed.json()).toMatchObject({ success: false, errors: [{ path: "search" }] });
  });
});
