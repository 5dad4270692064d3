// Word lists for the seeds: people, places and medical vocabulary. Shared by the demo set
// (picked with the PRNG) and the large set (inlined into SQL as ARRAY[...] literals).

/** Given names common among Americans born 1925–1957 (the clients). */
export const SENIOR_FEMALE_NAMES = [
  "Dorothy",
  "Margaret",
  "Betty",
  "Helen",
  "Ruth",
  "Virginia",
  "Shirley",
  "Barbara",
  "Patricia",
  "Joan",
  "Frances",
  "Evelyn",
  "Mildred",
  "Jean",
  "Marilyn",
  "Lois",
  "Gloria",
  "Eleanor",
  "Alice",
  "Carol",
  "Phyllis",
  "Norma",
  "Rose",
  "Irene",
  "Beverly",
  "Marjorie",
  "June",
  "Lorraine",
  "Audrey",
  "Bernice",
] as const;

export const SENIOR_MALE_NAMES = [
  "Robert",
  "James",
  "William",
  "Richard",
  "Donald",
  "Harold",
  "Walter",
  "Charles",
  "Kenneth",
  "Raymond",
  "George",
  "Frank",
  "Eugene",
  "Ralph",
  "Howard",
  "Arthur",
  "Albert",
  "Herbert",
  "Leonard",
  "Earl",
  "Stanley",
  "Gerald",
  "Lawrence",
  "Roy",
  "Norman",
  "Harry",
  "Clarence",
  "Ernest",
  "Louis",
  "Carl",
] as const;

/** Given names of their children's generation (emergency contacts, facility staff). */
export const ADULT_FEMALE_NAMES = [
  "Jennifer",
  "Lisa",
  "Karen",
  "Susan",
  "Laura",
  "Michelle",
  "Amy",
  "Angela",
  "Melissa",
  "Rebecca",
  "Heather",
  "Stephanie",
  "Nicole",
  "Rachel",
  "Amanda",
] as const;

export const ADULT_MALE_NAMES = [
  "Michael",
  "David",
  "Mark",
  "Brian",
  "Steven",
  "Kevin",
  "Jeffrey",
  "Scott",
  "Timothy",
  "Daniel",
  "Christopher",
  "Matthew",
  "Jason",
  "Eric",
  "Gregory",
] as const;

export const LAST_NAMES = [
  "Anderson",
  "Bennett",
  "Brooks",
  "Campbell",
  "Carter",
  "Collins",
  "Cooper",
  "Davis",
  "Edwards",
  "Evans",
  "Fisher",
  "Foster",
  "Garcia",
  "Gordon",
  "Graham",
  "Hayes",
  "Henderson",
  "Hughes",
  "Jenkins",
  "Johnson",
  "Kelly",
  "Kennedy",
  "Lawson",
  "Martinez",
  "McCarthy",
  "Mitchell",
  "Morales",
  "Murphy",
  "Nguyen",
  "Olson",
  "Parker",
  "Patel",
  "Peterson",
  "Powell",
  "Ramirez",
  "Reynolds",
  "Richardson",
  "Rivera",
  "Robinson",
  "Russell",
  "Sanders",
  "Schmidt",
  "Sullivan",
  "Thompson",
  "Turner",
  "Walsh",
  "Washington",
  "Watson",
  "Williams",
  "Wright",
] as const;

export interface Relationship {
  label: string;
  /** The relative's sex when the word implies one; "spouse" is the client's opposite. */
  sex: "F" | "M" | "spouse" | null;
  /** Children, grandsons and spouses usually share the client's last name. */
  sameLastName: boolean;
}

export const RELATIONSHIPS: readonly Relationship[] = [
  { label: "Daughter", sex: "F", sameLastName: false },
  { label: "Son", sex: "M", sameLastName: true },
  { label: "Daughter", sex: "F", sameLastName: true },
  { label: "Son", sex: "M", sameLastName: true },
  { label: "Spouse", sex: "spouse", sameLastName: true },
  { label: "Niece", sex: "F", sameLastName: false },
  { label: "Nephew", sex: "M", sameLastName: false },
  { label: "Granddaughter", sex: "F", sameLastName: false },
  { label: "Grandson", sex: "M", sameLastName: true },
  { label: "Sister", sex: "F", sameLastName: false },
  { label: "Brother", sex: "M", sameLastName: true },
  { label: "Friend", sex: null, sameLastName: false },
  { label: "Power of Attorney", sex: null, sameLastName: false },
];

export const STREET_NAMES = [
  "Oak",
  "Maple",
  "Cedar",
  "Pine",
  "Elm",
  "Willow",
  "Birch",
  "Walnut",
  "Chestnut",
  "Magnolia",
  "Sycamore",
  "Hickory",
  "Park",
  "Lake",
  "Hill",
  "Church",
  "Washington",
  "Lincoln",
  "Jefferson",
  "Madison",
  "Franklin",
  "Highland",
  "Sunset",
  "Meadow",
  "River",
  "Spring",
  "Valley",
  "Ridge",
  "Forest",
  "Main",
] as const;

export const STREET_SUFFIXES = [
  "Street",
  "Avenue",
  "Drive",
  "Lane",
  "Road",
  "Court",
  "Boulevard",
  "Way",
  "Place",
  "Terrace",
] as const;

export interface City {
  city: string;
  state: string;
  /** The first three digits of the city's ZIP codes. */
  zip3: string;
}

/** Real US cities with their state and ZIP prefix; 14 states. */
export const CITIES: readonly City[] = [
  { city: "Phoenix", state: "AZ", zip3: "850" },
  { city: "Scottsdale", state: "AZ", zip3: "852" },
  { city: "Tucson", state: "AZ", zip3: "857" },
  { city: "San Diego", state: "CA", zip3: "921" },
  { city: "Sacramento", state: "CA", zip3: "958" },
  { city: "Pasadena", state: "CA", zip3: "911" },
  { city: "Denver", state: "CO", zip3: "802" },
  { city: "Tampa", state: "FL", zip3: "336" },
  { city: "Orlando", state: "FL", zip3: "328" },
  { city: "Sarasota", state: "FL", zip3: "342" },
  { city: "Naples", state: "FL", zip3: "341" },
  { city: "Atlanta", state: "GA", zip3: "303" },
  { city: "Chicago", state: "IL", zip3: "606" },
  { city: "Boston", state: "MA", zip3: "021" },
  { city: "Charlotte", state: "NC", zip3: "282" },
  { city: "Raleigh", state: "NC", zip3: "276" },
  { city: "Columbus", state: "OH", zip3: "432" },
  { city: "Portland", state: "OR", zip3: "972" },
  { city: "Philadelphia", state: "PA", zip3: "191" },
  { city: "Pittsburgh", state: "PA", zip3: "152" },
  { city: "Nashville", state: "TN", zip3: "372" },
  { city: "Austin", state: "TX", zip3: "787" },
  { city: "Dallas", state: "TX", zip3: "752" },
  { city: "San Antonio", state: "TX", zip3: "782" },
  { city: "Houston", state: "TX", zip3: "770" },
  { city: "Seattle", state: "WA", zip3: "981" },
];

/** Conditions with the medications usually prescribed for them. */
export const CONDITIONS: readonly { name: string; medications: readonly string[] }[] = [
  { name: "Alzheimer's Disease", medications: ["Donepezil 10mg", "Memantine 10mg"] },
  { name: "Vascular Dementia", medications: ["Donepezil 5mg"] },
  { name: "Parkinson's Disease", medications: ["Carbidopa-Levodopa 25/100mg"] },
  { name: "Type 2 Diabetes", medications: ["Metformin 500mg", "Insulin Glargine 20 units"] },
  { name: "Hypertension", medications: ["Lisinopril 10mg", "Amlodipine 5mg"] },
  { name: "Congestive Heart Failure", medications: ["Furosemide 40mg", "Carvedilol 6.25mg"] },
  { name: "Atrial Fibrillation", medications: ["Apixaban 5mg", "Metoprolol 25mg"] },
  { name: "COPD", medications: ["Tiotropium 18mcg inhaler", "Albuterol inhaler"] },
  { name: "Osteoarthritis", medications: ["Acetaminophen 500mg", "Meloxicam 7.5mg"] },
  { name: "Osteoporosis", medications: ["Alendronate 70mg weekly", "Calcium + Vitamin D3"] },
  { name: "Chronic Kidney Disease", medications: ["Sodium Bicarbonate 650mg"] },
  { name: "History of Stroke", medications: ["Clopidogrel 75mg", "Atorvastatin 40mg"] },
  { name: "Macular Degeneration", medications: ["AREDS2 Vitamins"] },
  { name: "Depression", medications: ["Sertraline 50mg"] },
  { name: "Hypothyroidism", medications: ["Levothyroxine 50mcg"] },
  { name: "Hyperlipidemia", medications: ["Atorvastatin 20mg"] },
  { name: "Glaucoma", medications: ["Latanoprost 0.005% eye drops"] },
  { name: "Hearing Loss", medications: [] },
];

/** The conditions that call for memory care. */
export const DEMENTIA = ["Alzheimer's Disease", "Vascular Dementia"] as const;
/** Conditions that usually need skilled nursing. */
export const SKILLED_NEEDS = [
  "Congestive Heart Failure",
  "History of Stroke",
  "COPD",
  "Chronic Kidney Disease",
  "Parkinson's Disease",
] as const;

export const MEDICAL_NOTES = [
  "Uses a walker; fall risk at night.",
  "Needs help with bathing and dressing.",
  "Sundowning in the late afternoon; needs a secured unit.",
  "Diabetic diet; blood sugar checks twice daily.",
  "Hard of hearing: speak clearly and face the client.",
  "Wheelchair for distances; transfers with one assist.",
  "Recent hospital stay for pneumonia; finishing antibiotics.",
  "Prefers a ground-floor room; avoids stairs.",
  "Penicillin allergy.",
  "Oxygen 2L at night.",
  "Mild cognitive impairment; independent with daily activities.",
  "Incontinent at night; uses briefs.",
] as const;

/** The 20 preset amenities. */
export const AMENITIES = [
  "24/7 Nursing Care",
  "Physical Therapy",
  "Occupational Therapy",
  "Speech Therapy",
  "Memory Care Services",
  "Medication Management",
  "Meals Included",
  "Transportation Services",
  "Social Activities",
  "Exercise Programs",
  "Beauty/Barber Services",
  "Laundry Services",
  "Housekeeping",
  "WiFi",
  "Cable TV",
  "Private Rooms",
  "Semi-Private Rooms",
  "Outdoor Spaces",
  "Pet Friendly",
  "Respite Care",
] as const;

/** The 13 preset specialties. */
export const SPECIALTIES = [
  "Alzheimer's Care",
  "Dementia Care",
  "Parkinson's Care",
  "Stroke Recovery",
  "Cardiac Care",
  "Diabetes Management",
  "Wound Care",
  "Post-Surgical Care",
  "Rehabilitation",
  "Palliative Care",
  "Hospice Care",
  "Mental Health",
  "Substance Abuse Recovery",
] as const;

export const ROOM_TYPES = ["private", "semi-private", "shared", "studio", "one-bedroom"] as const;
export const PAYMENT_METHODS = ["Private Pay", "Insurance", "Medicaid", "Medicare", "VA Benefits", "Other"] as const;
