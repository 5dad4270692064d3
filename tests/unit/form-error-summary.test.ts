import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormErrorBanner } from "~/components/ui/form";

// Every form sums its errors up the same way (issue 35: the clients' wording, not "Validation
// errors: …" on some): "Please fix the errors below" and how many fields need attention.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const banner = (
  form: { errors?: string[]; allErrors: Record<string, string[]> },
  extra?: { path: string; msg: string }[],
) => text(renderToStaticMarkup(createElement(FormErrorBanner, { form, extra })));

describe("the error summary over a form", () => {
  it("counts the fields that need attention, the server's own problems among them", () => {
    expect(banner({ allErrors: { title: ["Title is required"] } })).toBe(
      "Please fix the errors below One field needs your attention.",
    );
    const three = { allErrors: { clientId: ["Client is required"], startDate: ["x", "y"] } };
    expect(banner(three, [{ path: "facilityId", msg: "Facility not found" }])).toBe(
      "Please fix the errors below 3 fields need your attention.",
    );
    // A field the server also refused counts once.
    expect(banner(three, [{ path: "clientId", msg: "Client not found" }])).toContain("2 fields need your attention.");
  });

  it("says the form's own errors instead, and nothing when there is nothing to fix", () => {
    expect(banner({ errors: ["The content of fake.pdf is not a PDF"], allErrors: { "": ["…"] } })).toBe(
      "The content of fake.pdf is not a PDF",
    );
    expect(banner({ allErrors: {} })).toBe("");
  });

  it("is the one every entity form uses", () => {
    expect(fs.readFileSync(path.resolve("app/components/ui/form.tsx"), "utf8")).toContain(
      "banner = <FormErrorBanner form={form} />",
    );
    const forms = [
      "clients/client-form.tsx",
      "facilities/facility-form.tsx",
      "placements/placement-form.tsx",
      "tasks/task-form.tsx",
      "resources/upload-form.tsx",
      "resources/resource-edit-page.tsx",
    ];
    for (const file of forms) {
      const source = fs.readFileSync(path.resolve("app/components", file), "utf8");
      // RecordForm's banner is FormErrorBanner unless the form gives its own, which then holds it.
      const recordFormBanner = source.includes("<RecordForm") && !source.includes("banner=");
      expect(recordFormBanner || source.includes("<FormErrorBanner"), file).toBe(true);
      expect(source, file).not.toContain("Validation errors");
    }
  });
});
