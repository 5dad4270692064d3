import { describe, expect, it } from "vitest";
import { can, PERMISSION_MESSAGES, PERMISSIONS, type Permission } from "~/utils/permissions";
import { ROLES } from "~/utils/vocabulary";

// DESIGN.md §12: admin ⊃ coordinator ⊃ agent. The table is the rule, written out once more here so
// that a change to a permission is a change to this test too.
const EXPECTED: Record<Permission, Record<(typeof ROLES)[number], boolean>> = {
  "records.delete": { agent: false, coordinator: true, admin: true },
  "lists.export": { agent: false, coordinator: true, admin: true },
  "records.import": { agent: false, coordinator: true, admin: true },
  "reports.view": { agent: false, coordinator: true, admin: true },
  "tasks.assignOthers": { agent: false, coordinator: true, admin: true },
  "documents.restricted": { agent: false, coordinator: true, admin: true },
  "staff.manage": { agent: false, coordinator: false, admin: true },
  "agency.settings": { agent: false, coordinator: false, admin: true },
  "audit.view": { agent: false, coordinator: false, admin: true },
  "audit.clientHistory": { agent: false, coordinator: true, admin: true },
  "fees.manage": { agent: false, coordinator: true, admin: true },
  "invoices.manage": { agent: false, coordinator: true, admin: true },
};

describe("permissions", () => {
  it("every permission is in the table, with a refusal message", () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(PERMISSION_MESSAGES[permission]).toMatch(/^Only /);
    }
  });

  for (const permission of Object.keys(EXPECTED) as Permission[]) {
    for (const role of ROLES) {
      it(`${role} ${EXPECTED[permission][role] ? "may" : "may not"} ${permission}`, () => {
        expect(can(role, permission)).toBe(EXPECTED[permission][role]);
      });
    }
  }

  it("each role can do all its junior's can (admin ⊃ coordinator ⊃ agent)", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      if (can("agent", permission)) expect(can("coordinator", permission)).toBe(true);
      if (can("coordinator", permission)) expect(can("admin", permission)).toBe(true);
    }
  });

  it("no role, or one it does not know, counts as an agent", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(undefined, permission)).toBe(can("agent", permission));
      expect(can("owner", permission)).toBe(can("agent", permission));
    }
  });
});
