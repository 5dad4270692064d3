import fs from "node:fs";
import path from "node:path";
import type { Insertable } from "kysely";
import type { AccessLevel, RelatedType, ResourcesTable, ResourceVersionsTable } from "../../app/utils/db-types";
import { AGENCY_ID, STAFF, fullName } from "./common";
import type { DemoClient, DemoFacility } from "./demo-directory";
import { addDays, dateOnly, type Rng, seedUuid, timeBetween } from "./random";

// A handful of documents in the resource library. The rows point at real files written into
// the upload directory, so Download works on the demo data.

interface Document {
  originalName: string;
  extension: "pdf" | "txt";
  title: string;
  lines: string[];
  category: string;
  description: string;
  access: AccessLevel;
  confidential: boolean;
  tags: string[];
  related: [RelatedType, string];
  expiresInDays: number | null;
}

/** A minimal, valid one-page PDF (Helvetica text, correct xref offsets). ASCII text only. */
export function tinyPdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = [`/F1 16 Tf (${escape(title)}) Tj`, "/F1 11 Tf", ...lines.map((l) => `T* (${escape(l)}) Tj`)];
  const stream = ["BT", "72 720 Td", "18 TL", ...text, "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");

/** Three clients' papers: a physician's summary, an insurance card, a care plan. */
function clientDocuments(clients: readonly DemoClient[]): Document[] {
  const memoryClient = clients.find((c) => c.careLevel === "memory" && c.status !== "New Client") ?? clients[0];
  const placedClient = clients.find((c) => c.status === "Placed") ?? clients[1];
  const activeClient = clients.find((c) => c.status === "Active Client") ?? clients[2];
  return [
    {
      originalName: `Medical_Summary_${fileSafe(memoryClient.name)}.pdf`,
      extension: "pdf",
      title: "Physician Summary",
      lines: [
        `Patient: ${memoryClient.name}`,
        "Diagnoses and current medications attached.",
        "Recommended level of care: memory care.",
      ],
      category: "Medical Records",
      description: "Physician's summary and medication list from the last visit.",
      access: "restricted",
      confidential: true,
      tags: ["medical", "physician"],
      related: ["Client", memoryClient.id],
      expiresInDays: null,
    },
    {
      originalName: `Medicare_Card_${fileSafe(placedClient.name)}.pdf`,
      extension: "pdf",
      title: "Insurance Card (copy)",
      lines: [`Member: ${placedClient.name}`, "Medicare Part A and Part B", "Copy made with the member's consent."],
      category: "Insurance Documents",
      description: "Copy of the Medicare card, front and back.",
      access: "restricted",
      confidential: true,
      tags: ["insurance", "medicare"],
      related: ["Client", placedClient.id],
      expiresInDays: 300,
    },
    {
      originalName: `Care_Plan_${fileSafe(activeClient.name)}.txt`,
      extension: "txt",
      title: `Care plan: ${activeClient.name}`,
      lines: [
        "Mobility: walker, one assist for transfers.",
        "Medication management: yes.",
        "Diet: low sodium.",
        "Review in 30 days.",
      ],
      category: "Care Plans",
      description: "Draft care plan agreed with the family.",
      access: "internal",
      confidential: false,
      tags: ["care plan"],
      related: ["Client", activeClient.id],
      expiresInDays: null,
    },
  ];
}

/** Three facilities' papers: a brochure, a licence that expires soon, an overdue inspection. */
function facilityDocuments(now: Date, facilities: readonly DemoFacility[]): Document[] {
  const [brochure, licensed, inspected] = facilities.filter((f) => f.isActive);
  const year = now.getFullYear();
  return [
    {
      originalName: `${fileSafe(brochure.name)}_Brochure_${year}.pdf`,
      extension: "pdf",
      title: brochure.name,
      lines: ["Community brochure", "Floor plans, dining and activities calendar.", "Pricing sheet on the last page."],
      category: "Facility Brochures",
      description: "Current brochure and pricing sheet.",
      access: "public",
      confidential: false,
      tags: ["brochure", "pricing"],
      related: ["Facility", brochure.id],
      expiresInDays: null,
    },
    {
      originalName: `License_${licensed.licenseNumber}.pdf`,
      extension: "pdf",
      title: "State License",
      lines: [`Licensee: ${licensed.name}`, `License number: ${licensed.licenseNumber}`, `Type: ${licensed.type}`],
      category: "Licenses",
      description: "State operating license; renewal due soon.",
      access: "internal",
      confidential: false,
      tags: ["license", "compliance"],
      related: ["Facility", licensed.id],
      expiresInDays: 20,
    },
    {
      originalName: `Inspection_Report_${year - 1}_${fileSafe(inspected.name)}.txt`,
      extension: "txt",
      title: `Inspection report: ${inspected.name}`,
      lines: [
        "Annual state inspection.",
        "No deficiencies in medication handling.",
        "One minor finding: kitchen log incomplete (corrected).",
      ],
      category: "Inspection Reports",
      description: "Last annual inspection; a new one is overdue.",
      access: "internal",
      confidential: false,
      tags: ["inspection", "compliance"],
      related: ["Facility", inspected.id],
      expiresInDays: -10,
    },
  ];
}

function documents(now: Date, clients: readonly DemoClient[], facilities: readonly DemoFacility[]): Document[] {
  const [summary, card, plan] = clientDocuments(clients);
  const [brochure, license, inspection] = facilityDocuments(now, facilities);
  return [summary, card, brochure, license, plan, inspection];
}

/** Builds the rows and writes the files they point at (seed-1.pdf, seed-2.pdf, ...). */
export function buildResources(
  rng: Rng,
  now: Date,
  clients: readonly DemoClient[],
  facilities: readonly DemoFacility[],
  uploadDir: string,
) {
  fs.mkdirSync(uploadDir, { recursive: true });
  const rows: Insertable<ResourcesTable>[] = [];
  const versionRows: Insertable<ResourceVersionsTable>[] = [];

  documents(now, clients, facilities).forEach((doc, i) => {
    const id = seedUuid("resource", i + 1);
    const fileName = `seed-${i + 1}.${doc.extension}`;
    const body =
      doc.extension === "pdf"
        ? tinyPdf(doc.title, doc.lines)
        : Buffer.from(`${doc.title}\n\n${doc.lines.join("\n")}\n`, "utf8");
    fs.writeFileSync(path.join(uploadDir, fileName), body);

    const uploader = rng.pick(STAFF);
    const createdAt = timeBetween(rng, addDays(now, -60), addDays(now, -2));
    const downloads = rng.int(0, 12);
    const mimeType = doc.extension === "pdf" ? "application/pdf" : "text/plain";
    rows.push({
      id,
      agency_id: AGENCY_ID,
      original_name: doc.originalName,
      file_name: fileName,
      mime_type: mimeType,
      size_bytes: body.length,
      version: 1,
      download_count: downloads,
      last_downloaded_at: downloads > 0 ? timeBetween(rng, createdAt, now) : null,
      description: doc.description,
      category: doc.category,
      is_confidential: doc.confidential,
      access_level: doc.access,
      tags: doc.tags,
      related_type: doc.related[0],
      related_id: doc.related[1],
      expiration_date: doc.expiresInDays === null ? null : dateOnly(addDays(now, doc.expiresInDays)),
      metadata: doc.extension === "pdf" ? { pages: 1, author: fullName(uploader) } : {},
      uploaded_by: uploader.id,
      created_at: createdAt,
      updated_at: createdAt,
    });
    versionRows.push({
      id: seedUuid("resource-version", i + 1),
      agency_id: AGENCY_ID,
      resource_id: id,
      version_number: 1,
      file_name: fileName,
      original_name: doc.originalName,
      mime_type: mimeType,
      size_bytes: body.length,
      change_log: "Initial upload",
      uploaded_by: uploader.id,
      uploaded_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    });
  });
  return { rows, versionRows };
}
