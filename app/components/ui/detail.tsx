import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { formatPhone, phoneHref } from "~/utils/phone";
import { type AreaName, areaOf, backText } from "../layout/area";
import { Badge } from "./badge";
import { ButtonLink, buttonClasses } from "./button";
import { TitledCard } from "./card";
import { ConfirmLink } from "./dialog";
import { ArrowLeftIcon, EditIcon, TrashIcon } from "./icons";

// The pieces of a detail page: its frame and columns, read-only fields (a label over its value, a
// value that is a list, a phone or e-mail that dials or writes), the cards that hold them, the way
// back and the record's actions.

/**
 * A record's page (a client, a facility …): the way back to its list, with the record's `actions`
 * on its right when the record's header does not hold them, then the header and the cards.
 */
export function RecordPage({ area, actions, children }: { area: AreaName; actions?: ReactNode; children: ReactNode }) {
  const list = areaOf(area);
  const back = <BackLink to={list.path}>{backText(list)}</BackLink>;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {back}
          {actions}
        </div>
      ) : (
        back
      )}
      {children}
    </div>
  );
}

/** A record page's cards: the main ones (`children`), and `side` in a column of its own on a wide screen. */
export function RecordColumns({ side, children }: { side: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">{children}</div>
      <div className="space-y-6">{side}</div>
    </div>
  );
}

export function Item({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children || <span className="text-slate-500">Not given</span>}</dd>
    </div>
  );
}

/** Fields as label and value pairs, in order. */
export function Items({ pairs }: { pairs: [string, ReactNode][] }) {
  return pairs.map(([label, value]) => (
    <Item key={label} label={label}>
      {value}
    </Item>
  ));
}

export function Chips({ values, empty }: { values: string[]; empty: string }) {
  if (values.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li key={value}>
          <Badge wrap>{value}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** A titled card of read-only fields (`Item`s), or of free text with its line breaks kept (notes). */
export function DetailCard({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <TitledCard title={title}>
      {text === undefined ? (
        <dl className="space-y-4 p-5">{children}</dl>
      ) : (
        <p className="p-5 text-sm whitespace-pre-line text-slate-700">{text}</p>
      )}
    </TitledCard>
  );
}

/**
 * A phone number (stored form: shown as "(555) 123-4567", dialled as tel:+15551234567) or an
 * e-mail address that dials or writes.
 */
export function ContactLink({
  phone,
  email,
  className,
  unstyled,
}: {
  phone?: string;
  email?: string;
  className?: string;
  /** Styled by the list around it (a card's facts), not here. */
  unstyled?: boolean;
}) {
  return (
    <a
      href={phone ? phoneHref(phone) : `mailto:${email}`}
      className={unstyled ? undefined : cn("text-brand-700 hover:underline", email && "break-all", className)}
    >
      {phone ? formatPhone(phone) : email}
    </a>
  );
}

/** A field whose value is a phone number or an e-mail address (`ContactLink`). */
export function ContactItem({ label, phone, email }: { label: string; phone?: string; email?: string }) {
  return (
    <Item label={label}>
      <ContactLink phone={phone} email={email} />
    </Item>
  );
}

/** The way back to a list, over a detail page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
      <ArrowLeftIcon className="h-4 w-4" /> {children}
    </Link>
  );
}

/**
 * A record's Edit and Delete buttons, after its other actions (`children`); Delete asks first (a
 * dialog, or a page without JavaScript).
 */
export function RecordActions({
  path,
  editLabel = "Edit",
  confirmTitle,
  confirmMessage,
  canDelete = true,
  children,
}: {
  /** The record's page, e.g. `/clients/{id}`. */
  path: string;
  /** False for a role that may not delete it (`useCan("records.delete")`): no Delete button. */
  canDelete?: boolean;
  editLabel?: string;
  confirmTitle: string;
  confirmMessage: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {children}
      <ButtonLink to={`${path}/edit`} variant="outline">
        <EditIcon className="h-4 w-4" /> {editLabel}
      </ButtonLink>
      {canDelete ? (
        <ConfirmLink
          href={`${path}/delete`}
          action={`${path}/delete`}
          className={buttonClasses("danger")}
          label={
            <>
              <TrashIcon className="h-4 w-4" /> Delete
            </>
          }
          title={confirmTitle}
          message={confirmMessage}
        />
      ) : null}
    </div>
  );
}

/** A titled card of a list shown as chips (amenities, specialties). */
export function ChipsCard({ title, values, empty }: { title: string; values: string[]; empty: string }) {
  return (
    <TitledCard title={title}>
      <div className="p-5">
        <Chips values={values} empty={empty} />
      </div>
    </TitledCard>
  );
}
