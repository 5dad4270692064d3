import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ClientRecord } from "~/models/clients.server";
import { amountRange } from "~/utils/format";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";
import { Badge, clientStatusTone } from "../ui/badge";
import { CardNote } from "../ui/card";
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

/**
 * A client's card in the list. A page shows twenty, so its parts are short classes
 * (`client-card…` in tailwind.css) rather than their utilities on every card.
 */
export function ClientCard({ client }: { client: CardClient }) {
  const medical = medicalSummary(client);
  const name = `${client.firstName} ${client.lastName}`;
  return (
    <div className="client-card" data-testid="client-card">
      <div className="client-card-head">
        <div className="min-w-0">
          {/* A long name wraps (inside a word if it must), next to the status badge. */}
          <h3>
            <Link to={`/clients/${client.id}`} discover="none">
              {name}
            </Link>
          </h3>
          <p>{CARE_LEVEL_LABELS[client.careLevel]}</p>
        </div>
        <Badge tone={clientStatusTone(client.trackerStatus)}>{client.trackerStatus}</Badge>
      </div>
      <dl className="client-card-facts">
        <Fact icon={<MailIcon className="" />} label="Email" className="truncate" title={client.email}>
          <ContactLink email={client.email} unstyled />
        </Fact>
        <Fact icon={<PhoneIcon className="" />} label="Phone">
          <ContactLink phone={client.phone} unstyled />
        </Fact>
        <Fact
          icon={<DollarIcon className="" />}
          label="Budget"
          className={client.budgetMin || client.budgetMax ? "budget" : "muted"}
        >
          {budgetText(client.budgetMin, client.budgetMax)}
        </Fact>
      </dl>
      {medical ? <CardNote className="client-card-note" text={medical} /> : null}
    </div>
  );
}

/** One line of the card's facts: the icon and its label (read only by screen readers), then the value. */
function Fact({
  icon,
  label,
  className,
  title,
  children,
}: {
  icon: ReactNode;
  label: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>
        {icon}
        <span>{label}</span>
      </dt>
      <dd className={className} title={title}>
        {children}
      </dd>
    </div>
  );
}
