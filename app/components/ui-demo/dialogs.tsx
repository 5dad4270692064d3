import { Link, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { ConfirmLink, ConfirmPanel, Dialog } from "~/components/ui/dialog";
import { TrashIcon, UsersIcon } from "~/components/ui/icons";
import { DemoLabel, DemoSection, useDemoHref } from "./shared";

const CLIENT_NAME = "Eleanor Whitfield";
const DELETE_MESSAGE = `Are you sure you want to delete "${CLIENT_NAME}"? This cannot be undone.`;

/**
 * Two patterns: a details dialog whose state is in the URL (?dialog=details), so it opens without
 * JavaScript too; and a delete confirmation that is a link to a confirmation page (?confirm=delete)
 * until scripts run, then opens a ConfirmDialog in place. Both post/close the same way either way.
 */
export function DialogsDemo({ dialogOpen, confirmOpen }: { dialogOpen: boolean; confirmOpen: boolean }) {
  const href = useDemoHref();
  const navigate = useNavigate();
  const closeHref = href({ dialog: null }, "dialogs");
  const close = useCallback(
    () => navigate(closeHref, { preventScrollReset: true, replace: true }),
    [navigate, closeHref],
  );

  return (
    <DemoSection
      id="dialogs"
      title="Dialogs"
      description="Native <dialog>: Escape and a backdrop click close it, focus returns to the opener. Both work without JavaScript."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <DemoLabel>Dialog (state in the URL)</DemoLabel>
          <p className="mb-3 text-sm text-slate-600">
            Opens from <code className="rounded bg-slate-100 px-1 py-0.5 text-xs">?dialog=details</code>; without
            JavaScript the server renders it open with a close link.
          </p>
          <Link to={href({ dialog: "details" }, "dialogs")} preventScrollReset className={buttonClasses("primary")}>
            <UsersIcon className="h-4 w-4" /> View client details
          </Link>
        </div>
        <div>
          <DemoLabel>Confirm dialog (delete)</DemoLabel>
          <p className="mb-3 text-sm text-slate-600">
            A link to a confirmation page; with JavaScript it opens a dialog instead. Nothing is really deleted.
          </p>
          <ConfirmLink
            href={href({ confirm: "delete" }, "dialogs")}
            label={
              <>
                <TrashIcon className="h-4 w-4" /> Delete client
              </>
            }
            className={buttonClasses("danger")}
            title="Delete client?"
            message={DELETE_MESSAGE}
            confirmLabel="Delete"
            fields={{ intent: "delete-demo" }}
          />
        </div>
      </div>

      {confirmOpen ? (
        <ConfirmPanel
          title="Delete client?"
          message={DELETE_MESSAGE}
          cancelHref={href({ confirm: null }, "dialogs")}
          className="border-red-200"
        >
          <input type="hidden" name="intent" value="delete-demo" />
        </ConfirmPanel>
      ) : null}

      <DetailsDialog open={dialogOpen} onClose={close} closeHref={closeHref} />
    </DemoSection>
  );
}

/** The client details dialog, opened by the URL. */
function DetailsDialog({ open, onClose, closeHref }: { open: boolean; onClose: () => void; closeHref: string }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      closeHref={closeHref}
      title="Client details"
      description="A read-only summary, as the tasks list shows it."
      footer={
        <Link to={closeHref} preventScrollReset replace className={buttonClasses("outline")}>
          Close
        </Link>
      }
    >
      <dl className="divide-y divide-slate-100">
        {[
          ["Name", CLIENT_NAME],
          ["Care level", "Assisted living"],
          ["Budget", "$4,500 / month"],
          ["Preferred area", "Portland, OR"],
        ].map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">{term}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-500">Status</dt>
          <dd>
            <Badge tone="blue">Active Client</Badge>
          </dd>
        </div>
      </dl>
    </Dialog>
  );
}
