// The API's one-text encoding of a client's medical information (docs/vocabularies.md, "Medical notes on the API"): one line per
// entry, "Medical Condition: …", "Medication: …" and "Notes: …". The database keeps the three
// apart (so conditions and medications can be searched); the API speaks the encoding.

export interface MedicalInfo {
  conditions: string[];
  medications: string[];
  notes: string;
}

const CONDITION = "Medical Condition: ";
const MEDICATION = "Medication: ";
const NOTES = "Notes: ";

export function encodeMedicalNotes(info: MedicalInfo): string {
  const lines = [
    ...info.conditions.map((c) => `${CONDITION}${c}`),
    ...info.medications.map((m) => `${MEDICATION}${m}`),
  ];
  if (info.notes.trim()) lines.push(`${NOTES}${info.notes.trim()}`);
  return lines.join("\n");
}

/**
 * Reads the encoding back. Lines after a "Notes: " line that carry no prefix continue the notes
 * (notes may span lines); text with no prefix at all is taken as notes.
 */
export function decodeMedicalNotes(text: string): MedicalInfo {
  const info: MedicalInfo = { conditions: [], medications: [], notes: "" };
  const notes: string[] = [];
  let inNotes = false;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line.startsWith(CONDITION.trim())) {
      inNotes = false;
      const value = line.slice(CONDITION.trim().length).trim();
      if (value) info.conditions.push(value);
    } else if (line.startsWith(MEDICATION.trim())) {
      inNotes = false;
      const value = line.slice(MEDICATION.trim().length).trim();
      if (value) info.medications.push(value);
    } else if (line.startsWith(NOTES.trim())) {
      inNotes = true;
      notes.push(line.slice(NOTES.trim().length).trim());
    } else if (inNotes || line) {
      inNotes = true;
      notes.push(raw.trimEnd());
    }
  }
  info.notes = notes.join("\n").trim();
  return info;
}

/** Trimmed, non-empty, without duplicates (case-insensitive), in the order given; commas split entries. */
export function cleanEntries(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values.flatMap((v) => v.split(","))) {
    const entry = value.trim().replace(/\s+/g, " ");
    if (!entry || seen.has(entry.toLowerCase())) continue;
    seen.add(entry.toLowerCase());
    result.push(entry);
  }
  return result;
}
