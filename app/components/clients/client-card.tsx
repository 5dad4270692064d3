import { Link } from "@remix-run/react";
import type { ClientRecord } from "~/models/clients.server";
import { cn } from "~/utils/cn";
import { amountRange, truncate } from "~/utils/format";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";
import { Badge, clientStatusTone } from "../ui/badge";
import { Card } from "../ui/card";
import { ContactLink } from "../ui/detail";
import { DollarIcon, MailIcon, PhoneIcon } from "../ui/icons";

/** The range text, else what the budget holds, else "Budget not specified" (docs/screens.md). */
export function budgetText(min: number | null, max: number | null): string {
  return amountRange(min, max) ?? "Budget not specified";
}

/** What the card shows of the medical information: conditions, then the notes. */
export function medicalSummary(client: Pick<ClientRecord, "medicalConditions" | "medicalNotes">): string {
  return [client.medicalConditions.join(", "), client.medicalNotes ?? ""].filter(Boolean).join(". ");
}

type CardClient = ReturnType<typeof toClientCard>;

/** What a card shows, and nothing more (a list page sends only this to the browser). */
export function toClientCard(client: ClientRecord) {
  return {
    id: client.id,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    trackerStatus: client.trackerStatus,
    careLevel: client.careLevel,
    budgetMin: client.budgetMin,
    budgetMax: client.budgetMax,
    medicalConditions: client.medicalConditions,
    medicalNotes: client.medicalNotes,
  };
}

export function ClientCard({ client }: { client: CardClient }) {
  const medical = medicalSummary(client);
  return (
    <Card className="flex min-w-0 flex-col p-5 transition-shadow hover:shadow-md" data-testid="client-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* A long name wraps (inside a word if it must), next to the status badge. */}
          <h3 className="text-base font-semibold text-slate-900">
            <Link to={`/clients/${client.id}`} className="hover:text-brand-700 focus:outline-none">
              {client.firstName} {client.lastName}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">{CARE_LEVEL_LABELS[client.careLevel]}</p>
        </div>
        <Badge tone={clientStatusTone(client.trackerStatus)} className="shrink-0">
          {client.trackerStatus}
        </Badge>
      </div>
      <dl className="mt-4 space-y-1.5 text-sm">
        <div className="flex items-center gap-2 text-slate-600">
          <dt className="sr-only">Email</dt>
          <MailIcon className="h-4 w-4 shrink-0 text-slate-400" />
          <dd className="truncate" title={client.email}>
            <ContactLink email={client.email} />
          </dd>
        </div>
        <div className="flex items-center gap-2 text-slate-600">
          <dt className="sr-only">Phone</dt>
          <PhoneIcon className="h-4 w-4 shrink-0 text-slate-400" />
          <dd>
            <ContactLink phone={client.phone} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">Budget</dt>
          <DollarIcon className="h-4 w-4 shrink-0 text-slate-400" />
          <dd className={cn(client.budgetMin || client.budgetMax ? "font-medium text-slate-900" : "text-slate-500")}>
            {budgetText(client.budgetMin, client.budgetMax)}
          </dd>
        </div>
      </dl>
      {medical ? (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600" title={medical}>
          {truncate(medical)}
        </p>
      ) : null}
    </Card>
  );
}
