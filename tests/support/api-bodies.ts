// The smallest bodies the API accepts for a new client and a new facility (every required field,
// nothing else), for tests that vary one part of a valid body.

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
