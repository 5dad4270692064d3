import argon2 from "argon2";

/**
 * argon2id with the package's defaults (64 MiB, 3 passes, 4 lanes): a quarter of a second of
 * both cores on a small server, on purpose. Under vitest (NODE_ENV=test) the smallest cost
 * argon2 allows instead: the unit and integration tests sign in thousands of times and test
 * what a password does, not what it costs; the browser tests and the fault suite run the
 * production build, and hash at full cost. A hash records its own cost, so one made either way
 * verifies either way.
 */
const OPTIONS =
  process.env.NODE_ENV === "test"
    ? ({ type: argon2.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 } as const)
    : ({ type: argon2.argon2id } as const);

// Verified against when the e-mail is unknown, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argon2.hash("not-a-real-password", OPTIONS);
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
