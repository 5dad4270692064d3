import crypto from "node:crypto";
import readline from "node:readline/promises";
import { parseArgs } from "node:util";
import * as z from "zod";
import { migrateToLatest } from "../db/migrate";
import { database } from "../app/utils/db.server";
import { createUser } from "../app/models/user.server";
import { createAgency, findAgency } from "../app/models/agency.server";
import { NewPasswordSchema, PASSWORD_RULES } from "../app/schemas/auth";
import { optionalPhoneNumber } from "../app/schemas/common";
import { PHONE_MESSAGE } from "../app/utils/phone";

// npm run user:create -- --email jo@agency.com --role agent [--first Jo --last Smith] [--phone …] [--password …]

const USAGE = `Usage: npm run user:create -- --email <email> --role <admin|coordinator|agent> [options]

Creates a staff account. Options:
  --first <name>, --last <name>   the user's name (default: from the e-mail)
  --phone <number>                the user's phone, e.g. "(555) 201-3300" (stored as +15552013300)
  --password <password>           else asked for (on a terminal) or generated and printed
  --agency <id>                   the agency to add the user to (default: the oldest one)
  --agency-name <name>            create a new agency with this name for the user
                                  (the first account of a fresh install)
  --help                          this text`;

/** Exits with the usage (status 2) when the arguments are not understood. */
function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        role: { type: "string" },
        first: { type: "string" },
        last: { type: "string" },
        phone: { type: "string" },
        password: { type: "string" },
        agency: { type: "string" },
        "agency-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
}

function generatePassword(): string {
  // Random, then one of each required class so it always meets the five rules.
  return `${crypto.randomBytes(12).toString("base64url")}Aa1!`;
}

async function askPassword(): Promise<string | undefined> {
  if (!process.stdin.isTTY) return undefined;
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question("Password (leave empty to generate one): ");
  rl.close();
  return answer.trim() || undefined;
}

async function main() {
  const values = readArgs();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const agencyName = values["agency-name"]?.trim();
  if (agencyName !== undefined && (agencyName.length < 1 || agencyName.length > 200)) {
    console.error("--agency-name must be 1 to 200 characters.");
    process.exit(2);
  }
  if (values.agency !== undefined && !z.uuid().safeParse(values.agency).success) {
    console.error("--agency must be an agency's id (a UUID).");
    process.exit(2);
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  const role = z.enum(["admin", "coordinator", "agent"]).safeParse(values.role);
  if (!email.success || !role.success) {
    console.error(USAGE);
    process.exit(2);
  }
  const phone = optionalPhoneNumber.safeParse(values.phone);
  if (!phone.success) {
    console.error(`--phone: ${PHONE_MESSAGE}, such as "(555) 201-3300" or, outside the US, "+44 20 7946 0958".`);
    process.exit(2);
  }
  let password = values.password ?? (await askPassword());
  let generated = false;
  if (!password) {
    password = generatePassword();
    generated = true;
  }
  if (!NewPasswordSchema.safeParse(password).success) {
    console.error("The password must meet all five rules:");
    for (const rule of PASSWORD_RULES) console.error(`  - ${rule.text}`);
    process.exit(2);
  }

  const handle = database();
  try {
    await migrateToLatest(handle.db);
    const agency = agencyName ? await createAgency(handle.db, agencyName) : await findAgency(handle.db, values.agency);
    if (!agency) {
      throw new Error(
        values.agency
          ? `No agency with the id ${values.agency}.`
          : 'No agency yet: add --agency-name "Your Agency" to create it with this account.',
      );
    }
    const localPart = email.data.split("@")[0];
    const user = await createUser(handle.db, {
      agencyId: agency.id,
      email: email.data,
      password,
      role: role.data,
      firstName: values.first ?? localPart.charAt(0).toUpperCase() + localPart.slice(1),
      lastName: values.last ?? "",
      phone: phone.data,
    });
    console.log(`Created ${user.role} ${user.email} in ${agency.name}.`);
    if (generated) console.log(`Generated password: ${password}`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.includes("users_agency_id_email_key") ? "A user with that e-mail already exists." : message);
  process.exit(1);
});
