import crypto from "node:crypto";

/** A URL-safe random secret of `bytes` random bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

// Secrets the app must read back (a TOTP secret) are encrypted with AES-256-GCM under a key
// derived from SESSION_SECRET with HKDF, so a copy of the database alone does not hold them.
// Changing SESSION_SECRET makes them unreadable (two-factor sign-in must then be set up again).

function secretKey(masterSecret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", masterSecret, "placement", purpose, 32));
}

/** "v1.<iv>.<tag>.<ciphertext>" (base64url parts): AES-256-GCM with a fresh 12-byte IV. */
export function encryptSecret(plain: string, masterSecret: string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", secretKey(masterSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain text of `encryptSecret`'s output; throws when it was altered or the key differs. */
export function decryptSecret(sealed: string, masterSecret: string, purpose: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Not an encrypted secret");
  const decipher = crypto.createDecipheriv(
    "aes-256-gcm",
    secretKey(masterSecret, purpose),
    Buffer.from(iv, "base64url"),
  );
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
