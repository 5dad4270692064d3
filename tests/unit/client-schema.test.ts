import { describe, expect, it } from "vitest";
import { ClientListQuerySchema, ClientSchema } from "~/schemas/client";
import { parseAmountRange } from "~/schemas/common";
import { decodeMedicalNotes, encodeMedicalNotes } from "~/utils/medical-notes";

const valid = {
  firstName: "Eleanor",
  lastName: "Whitfield",
  email: "eleanor@example.com",
  phone: "(555) 123-4567",
  dateOfBirth: "1941-03-09",
  emergencyContact: { name: "Ruth Whitfield", relationship: "Daughter", phone: "555-987-6543" },
};

function errorsOf(input: unknown): Record<string, string> {
  const result = ClientSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("medical notes encoding", () => {
  it("round-trips conditions, medications and multi-line notes", () => {
    const info = {
      conditions: ["Diabetes", "COPD"],
      medications: ["Metformin 500mg"],
      notes: "Uses a walker.\nFall risk.",
    };
    const text = encodeMedicalNotes(info);
    expect(text).toBe(
      "Medical Condition: Diabetes\nMedical Condition: COPD\nMedication: Metformin 500mg\nNotes: Uses a walker.\nFall risk.",
    );
    expect(decodeMedicalNotes(text)).toEqual(info);
  });

  it("reads text without prefixes as notes", () => {
    expect(decodeMedicalNotes("Penicillin allergy")).toEqual({
      conditions: [],
      medications: [],
      notes: "Penicillin allergy",
    });
    expect(decodeMedicalNotes("")).toEqual({ conditions: [], medications: [], notes: "" });
  });
});

describe("ClientSchema", () => {
  it("accepts the required fields and fills the rest", () => {
    const result = ClientSchema.parse(valid);
    expect(result).toMatchObject({
      firstName: "Eleanor",
      gender: null,
      address: { street: null, city: null, state: null, zip: null },
      medicalConditions: [],
      medicalNotes: null,
      budgetMin: null,
      budgetMax: null,
      careLevel: undefined,
      trackerStatus: undefined,
    });
  });

  it("names every missing required field with its message", () => {
    expect(errorsOf({})).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone is required",
      dateOfBirth: "Date of birth is required",
      "emergencyContact.name": "Emergency contact name is required",
      "emergencyContact.relationship": "Relationship is required",
      "emergencyContact.phone": "Emergency contact phone is required",
    });
  });

  it("checks formats", () => {
    expect(
      errorsOf({
        ...valid,
        email: "nope",
        phone: "12",
        dateOfBirth: "2999-01-01",
        address: { state: "ZZ", zip: "1234" },
        budget: { min: 5000, max: 3000 },
        careLevel: "luxury",
      }),
    ).toEqual({
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      dateOfBirth: "Date of birth must be in the past",
      "address.state": "Please choose a US state",
      "address.zip": "Please enter a valid ZIP code",
      careLevel:
        'Invalid care level "luxury". Allowed values: independent, assisted, memory, skilled, memory-care, skilled-nursing',
      "budget.max": "Maximum budget must be greater than the minimum budget",
    });
  });

  it("upper-cases the state and cuts it to two letters, and maps aliases", () => {
    const result = ClientSchema.parse({
      ...valid,
      address: { state: "ore" },
      careLevel: "memory-care",
      trackerStatus: "follow-up",
    });
    expect(result.address.state).toBe("OR");
    expect(result.careLevel).toBe("memory");
    expect(result.trackerStatus).toBe("Follow-up");
  });

  it("merges the medicalNotes encoding with explicit lists, without duplicates", () => {
    const result = ClientSchema.parse({
      ...valid,
      medicalNotes: "Medical Condition: Diabetes\nMedication: Insulin\nNotes: Night checks",
      medicalConditions: ["diabetes", " COPD ", ""],
      medications: "Insulin, Metformin 500mg",
    });
    expect(result.medicalConditions).toEqual(["Diabetes", "COPD"]);
    expect(result.medications).toEqual(["Insulin", "Metformin 500mg"]);
    expect(result.medicalNotes).toBe("Night checks");
  });

  it("drops the empty 'other' box posted beside ticked entries", () => {
    const result = ClientSchema.parse({
      ...valid,
      medicalConditions: ["Hypertension", undefined],
      medications: [undefined],
    });
    expect(result.medicalConditions).toEqual(["Hypertension"]);
    expect(result.medications).toEqual([]);
  });

  it("reads the budget from financialInfo.budgetRange when no budget is given", () => {
    expect(parseAmountRange("$3,000 - $5,500")).toEqual({ min: 3000, max: 5500 });
    const result = ClientSchema.parse({ ...valid, financialInfo: { budgetRange: "$3,000 - $5,500" } });
    expect([result.budgetMin, result.budgetMax]).toEqual([3000, 5500]);
  });

  it("refuses unknown fields", () => {
    expect(errorsOf({ ...valid, salary: 1 })).toEqual({ "": 'Unrecognized key: "salary"' });
  });
});

describe("ClientListQuerySchema", () => {
  it("has the list's defaults", () => {
    expect(ClientListQuerySchema.parse({})).toEqual({
      search: undefined,
      status: undefined,
      careLevel: undefined,
      sort: { field: "updatedAt", direction: "desc" },
      page: 1,
      limit: 12,
    });
  });

  it("maps slugs, reads the sort direction and refuses what it does not know", () => {
    expect(
      ClientListQuerySchema.parse({ status: "new-client", careLevel: "skilled-nursing", sort: "lastName", page: "3" }),
    ).toMatchObject({
      status: "New Client",
      careLevel: "skilled",
      sort: { field: "lastName", direction: "asc" },
      page: 3,
    });
    const bad = ClientListQuerySchema.safeParse({
      status: "lost",
      sort: "-age",
      limit: "500",
      page: "0",
      color: "red",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message).join(" | ");
    expect(messages).toContain(
      'Invalid status "lost". Allowed values: New Client, Active Client, Target, Placed, Follow-up',
    );
    expect(messages).toContain('Invalid sort "-age"');
    expect(messages).toContain("limit must be a whole number from 1 to 100");
    expect(messages).toContain("page must be a whole number of 1 or more");
    expect(messages).toContain('Unrecognized key: "color"');
  });
});
