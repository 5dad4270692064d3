// Valid fields of the entity forms, as a browser without JavaScript posts them (names with dots),
// for tests that post a form with one part changed: formPost(path, clientFormFields({ phone: "" }), cookie).

export const clientFormFields = (overrides: Record<string, string> = {}) => ({
  firstName: "Walter",
  lastName: "Brennan",
  email: "walter@example.com",
  phone: "555-222-3333",
  dateOfBirth: "1938-07-25",
  "emergencyContact.name": "June Brennan",
  "emergencyContact.relationship": "Wife",
  "emergencyContact.phone": "555-222-4444",
  careLevel: "skilled",
  trackerStatus: "Target",
  ...overrides,
});

export const facilityFormFields = (overrides: Record<string, string> = {}) => ({
  name: "Oak Hollow",
  licenseNumber: "OR-AL-1",
  type: "Assisted Living",
  capacity: "40",
  currentOccupancy: "12",
  "address.street": "12 Oak St",
  "address.city": "Portland",
  "address.state": "OR",
  "address.zip": "97201",
  "contact.name": "Ann Oak",
  "contact.phone": "503-555-0101",
  minCost: "3500",
  maxCost: "5000",
  ...overrides,
});

/**
 * The task form as a browser without JavaScript posts it (its Enter button, the picker's search
 * boxes and the checklist's "add items" box included), assigned to `assignedTo`.
 */
export const taskFormFields = (assignedTo: string, overrides: Record<string, string> = {}) => ({
  intent: "enter",
  title: "Call the daughter back",
  description: "",
  type: "Other",
  estimatedHours: "",
  clientId: "",
  clientSearch: "",
  clientSearched: "",
  newItems: "",
  priority: "Medium",
  status: "New Client",
  dueDate: "2026-12-01",
  assignedTo,
  ...overrides,
});
