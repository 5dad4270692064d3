import type { LoaderFunctionArgs } from "@remix-run/node";
import { audit } from "~/models/audit.server";
import { invoicePdfOf } from "~/services/invoices.server";
import { requirePermission, requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

// GET /invoices/:id/pdf: the invoice as a PDF, drawn on the server (docs/decisions/011-invoice-pdf.md).

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  requirePermission(ctx, "invoices.manage");
  const pdf = await invoicePdfOf(db, ctx, params.id ?? "");
  invariantResponse(pdf, "Invoice not found.", { status: 404 });
  await audit(db, ctx, { action: "download", entity: "invoice", id: pdf.invoice.id });
  return new Response(new Uint8Array(pdf.body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
