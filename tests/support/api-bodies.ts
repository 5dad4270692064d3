// The smallest bodies the API accepts for a new client and a new facility (every required field,
// nothing else), for tests that vary one part of a valid body; and the placement form as a
// browser posts it.

export const validClientBody = () => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "(503) 555-0100",
  dateOfBirth: "1940-05-01",
  emergencyContact: { name: "Byron", relationship: "Son", phone: "(503) 555-0101" },
});

export const validFacilityBody = () => ({
  name: "Oak House",
  licenseNumber: "LIC-1",
  type: "Assisted Living",
  capacity: 20,
  address: { street: "1 Main St", city: "Portland", state: "OR", zip: "97201" },
  contact: { name: "Sam", phone: "(503) 555-0102" },
  minCost: 3000,
});

/**
 * The placement form as a browser without JavaScript posts it: every field (a checklist box only
 * when ticked: none here, but every checklist date), with the chosen client, facility and agent.
 */
export const placementFormFields = (
  chosen: { clientId: string; facilityId: string; agentId: string },
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  ...chosen,
  status: "In Progress",
  priority: "Medium",
  startDate: "2026-12-10",
  moveInDate: "",
  endDate: "",
  monthlyRate: "",
  depositAmount: "",
  paymentMethod: "",
  contractSignedDate: "",
  depositPaidDate: "",
  insuranceVerifiedDate: "",
  medicalRecordsTransferredDate: "",
  familyNotifiedDate: "",
  notes: "",
  ...overrides,
});
