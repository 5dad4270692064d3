import { Link } from "@remix-run/react";
import type { PlacementRecord } from "~/models/placements.server";
import { formatDate } from "~/utils/format";
import { formatFee } from "~/utils/referral-fee";
import { useCan } from "../layout/use-can";
import { TitledCard } from "../ui/card";
import { Item } from "../ui/detail";

const link = "font-medium text-brand-700 hover:underline";

/** The placement's referral fee: how it was worked out and when it is due, or why there is none. */
export function ReferralFeeCard({ placement: p }: { placement: PlacementRecord }) {
  const canManage = useCan("fees.manage");
  const fee = p.referralFee;
  const facilityHref = `/facilities/${p.facility.id}#agreements`;
  if (!fee) {
    return (
      <TitledCard title="Referral fee" id="referral-fee">
        <p className="p-5 text-sm text-slate-600">
          Worked out when the client moves in (the placement marked Completed).
        </p>
      </TitledCard>
    );
  }
  return (
    <TitledCard title="Referral fee" id="referral-fee">
      <div className="space-y-4 p-5">
        <dl className="space-y-4">
          {fee.cents !== null ? <Item label="Fee">{formatFee(fee.cents)}</Item> : null}
          <Item label={fee.cents !== null ? "How" : "No fee"}>{fee.basis}</Item>
          {fee.dueDate ? <Item label="Due">{formatDate(fee.dueDate)}</Item> : null}
          {fee.movedInOn ? <Item label="Moved in">{formatDate(fee.movedInOn)}</Item> : null}
          {fee.editReason ? <Item label="Changed by hand">{fee.editReason}</Item> : null}
          {fee.credit ? (
            <Item label="Credit after move-out">
              {fee.credit.cents !== null ? `${formatFee(fee.credit.cents)}: ` : ""}
              {fee.credit.basis}
            </Item>
          ) : null}
        </dl>
        {fee.agreementId === null && fee.editReason === null ? (
          <p className="text-sm">
            <Link to={facilityHref} className={link}>
              Add an agreement on {p.facility.name}
            </Link>
          </p>
        ) : null}
        {canManage ? (
          <p className="text-sm">
            <Link to={`/placements/${p.id}/fee`} className={link}>
              Change the fee<span className="sr-only"> of this placement</span>
            </Link>
          </p>
        ) : null}
      </div>
    </TitledCard>
  );
}
