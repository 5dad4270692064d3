import { Link } from "@remix-run/react";
import type { AgreementRecord } from "~/models/agreements.server";
import { formatDate } from "~/utils/format";
import { feeTermsText, refundText } from "~/utils/referral-fee";
import { useCan } from "../layout/use-can";
import { Badge } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { TitledCard } from "../ui/card";
import { Item } from "../ui/detail";
import { PlusIcon } from "../ui/icons";

/** The facility page's referral agreements: the one in force in full, the others in a line each. */
export function AgreementsCard({ facilityId, agreements }: { facilityId: string; agreements: AgreementRecord[] }) {
  const canManage = useCan("fees.manage");
  const current = agreements.find((a) => a.inForce) ?? null;
  const others = agreements.filter((a) => a !== current);
  const editHref = (a: AgreementRecord) => `/facilities/${facilityId}/agreements/${a.id}/edit`;
  return (
    <TitledCard title="Referral agreement" id="agreements">
      <div className="space-y-4 p-5">
        {current ? (
          <div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone="green">In force</Badge>
              {canManage ? (
                <Link to={editHref(current)} className="text-sm font-medium text-brand-700 hover:underline">
                  Edit or end<span className="sr-only"> the agreement in force</span>
                </Link>
              ) : null}
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Item label="Fee">{feeTermsText(current)}</Item>
              <Item label="Payment terms">{current.paymentTermsDays} days after move-in</Item>
              <Item label="Refund">{refundText(current)}</Item>
              <Item label="Tour window">
                {current.tourWindowMonths ? `${current.tourWindowMonths} months after the first tour` : "None"}
              </Item>
              <Item label="Dates">
                {formatDate(current.startDate)} – {current.endDate ? formatDate(current.endDate) : "no end date"}
              </Item>
              <Item label="Signed agreement">
                {current.document ? (
                  <Link to={`/resources/${current.document.id}`} className="text-brand-700 hover:underline">
                    {current.document.name}
                  </Link>
                ) : (
                  "Not attached"
                )}
              </Item>
              {current.notes ? (
                <Item label="Notes" className="sm:col-span-2">
                  {current.notes}
                </Item>
              ) : null}
            </dl>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            No agreement in force. A client who moves in now earns no referral fee.
          </p>
        )}
        {others.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium text-slate-900">Other agreements</h3>
            <ul className="mt-2 divide-y divide-slate-100 text-sm">
              {others.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {formatDate(a.startDate)} – {a.endDate ? formatDate(a.endDate) : "no end date"}: {feeTermsText(a)}
                  </span>
                  {canManage ? (
                    <Link to={editHref(a)} className="font-medium text-brand-700 hover:underline">
                      Edit<span className="sr-only"> the agreement from {formatDate(a.startDate)}</span>
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {canManage ? <AddAgreement facilityId={facilityId} /> : null}
      </div>
    </TitledCard>
  );
}

/** The way to add an agreement, and what saving one does to the fees. */
function AddAgreement({ facilityId }: { facilityId: string }) {
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">
        Adding or changing an agreement works out again the fees it decides that are not on an invoice yet. Invoiced
        fees keep the figure they were billed at.
      </p>
      <ButtonLink to={`/facilities/${facilityId}/agreements/new`} variant="outline" className="w-full sm:w-auto">
        <PlusIcon className="h-4 w-4" /> Add agreement
      </ButtonLink>
    </div>
  );
}
