import { describe, expect, it } from "vitest";
import { type ChecklistField, PLACEMENT_CHECKLIST, placementProgress } from "~/utils/vocabulary";

const none = Object.fromEntries(PLACEMENT_CHECKLIST.map((s) => [s.field, false])) as Record<ChecklistField, boolean>;
const all = Object.fromEntries(PLACEMENT_CHECKLIST.map((s) => [s.field, true])) as Record<ChecklistField, boolean>;

describe("placementProgress: the six steps, one figure everywhere", () => {
  it("counts each of the five checklist steps and the move-in date as one sixth, rounded", () => {
    expect(placementProgress(none, null)).toBe(0);
    expect(placementProgress({ ...none, contractSigned: true }, null)).toBe(17);
    expect(placementProgress(none, "2026-12-01")).toBe(17);
    expect(placementProgress({ ...none, medicalRecordsTransferred: true, familyNotified: true }, null)).toBe(33);
    expect(placementProgress({ ...none, contractSigned: true, depositPaid: true, insuranceVerified: true }, null)).toBe(
      50,
    );
    expect(placementProgress({ ...all, familyNotified: false }, "2026-12-01")).toBe(83);
    expect(placementProgress(all, null)).toBe(83);
    expect(placementProgress(all, "2026-12-01")).toBe(100);
  });
});
