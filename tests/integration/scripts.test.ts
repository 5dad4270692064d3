// The command-line scripts as an operator runs them: `npm run user:create` on a fresh install and
// `npm run db:seed -- --help`, which must explain itself without touching the database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { verifyLogin } from "~/models/user.server";
import { resetDb, testDatabaseUrl, testDb } from "../support/db";
import { createAgency } from "../support/factories";

const db = testDb();
const TSX = path.resolve("node_modules/.bin/tsx");
const PASSWORD = "Strong@2026x";

beforeEach(() => resetDb(db));

/** Runs a script with the test database; never throws, answers its exit status and output. */
async function run(script: string, args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [script, ...args], {
      env: { ...process.env, DATABASE_URL: testDatabaseUrl(), NODE_ENV: "test" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const userCreate = (...args: string[]) => run("scripts/user-create.ts", args);

describe("npm run user:create", () => {
  it("on a fresh install says how to make the first agency, then makes it with its first admin", async () => {
    const refused = await userCreate("--email", "ann@sunrise.example", "--role", "admin", "--password", PASSWORD);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('No agency yet: add --agency-name "Your Agency"');
    expect(await db.selectFrom("users").select("id").execute()).toEqual([]);

    const made = await userCreate(
      ...["--email", "ann@sunrise.example", "--role", "admin", "--password", PASSWORD],
      ...["--agency-name", "Sunrise Placement"],
    );
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Created admin ann@sunrise.example in Sunrise Placement.");
    const user = await verifyLogin(db, "ann@sunrise.example", PASSWORD);
    const agency = await db.selectFrom("agencies").select(["id", "name"]).executeTakeFirstOrThrow();
    expect(user?.agencyId).toBe(agency.id);
    expect(agency.name).toBe("Sunrise Placement");
  });

  it("adds to the existing agency by default, or to the one named by id", async () => {
    const first = await createAgency(db, { name: "First" });
    const second = await createAgency(db, { name: "Second" });
    await userCreate("--email", "jo@first.example", "--role", "agent", "--password", PASSWORD);
    await userCreate("--email", "al@second.example", "--role", "agent", "--password", PASSWORD, "--agency", second.id);
    const users = await db.selectFrom("users").select(["email", "agency_id"]).orderBy("email").execute();
    expect(users).toEqual([
      { email: "al@second.example", agency_id: second.id },
      { email: "jo@first.example", agency_id: first.id },
    ]);
  });

  it("--phone stores the number in its normal form, and refuses one that is not a phone number", async () => {
    await createAgency(db, { name: "First" });
    const refused = await userCreate(
      ...["--email", "jo@first.example", "--role", "agent", "--password", PASSWORD, "--phone", "555-1234"],
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--phone: Please enter a valid phone number");
    const made = await userCreate(
      ...["--email", "jo@first.example", "--role", "agent", "--password", PASSWORD, "--phone", "(555) 201-3300"],
    );
    expect(made.code).toBe(0);
    expect(await db.selectFrom("users").select("phone").execute()).toEqual([{ phone: "+15552013300" }]);
  });

  it("explains itself with --help, and refuses what it cannot read with the usage", async () => {
    const help = await userCreate("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run user:create");
    expect(help.stdout).toContain("--agency-name");

    for (const args of [["--bogus"], ["--email", "x@y.example", "--role", "agent", "--agency", "nope"]]) {
      const refused = await userCreate(...args);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/Usage: npm run user:create|--agency must be/);
    }
    expect(await db.selectFrom("agencies").select("id").execute()).toEqual([]);
  });
});

describe("npm run db:seed", () => {
  it("--help explains itself and leaves the database alone; an unknown size is refused", async () => {
    await createAgency(db, { name: "Kept" });
    const help = await run("db/seed.ts", ["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run db:seed -- [--size demo|large]");
    const refused = await run("db/seed.ts", ["--size", "huge"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--size must be "demo" or "large", not "huge"');
    expect(await db.selectFrom("agencies").select("name").execute()).toEqual([{ name: "Kept" }]);
  });
});
