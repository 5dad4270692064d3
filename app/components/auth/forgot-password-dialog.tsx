import { Link, useFetcher } from "@remix-run/react";
import { type MouseEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import { Toaster } from "../layout/toaster";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FORGOT_PASSWORD_TEXT, ForgotPasswordForm, type ForgotPasswordData } from "./forgot-password-form";

/** The dialog closes itself this long after a successful request. */
export const FORGOT_DIALOG_CLOSE_MS = 3000;

/**
 * "Forgot your password?": a link to /forgot-password, which JavaScript turns into a dialog on the
 * sign-in screen, posting the same form to the same action. Place `link` where it belongs and
 * `dialog` outside any other form (a form inside a form would post the outer one's way).
 */
export function useForgotPasswordDialog(): { link: ReactNode; dialog: ReactNode } {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // A new form (empty e-mail, no message) each time the dialog opens.
  const [round, setRound] = useState(0);
  const close = useCallback(() => setOpen(false), []);
  const link = (
    <Link
      to="/forgot-password"
      className="text-sm font-medium text-brand-700 hover:underline"
      onClick={(event: MouseEvent) => {
        if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        setRound((r) => r + 1);
        setOpen(true);
      }}
    >
      Forgot your password?
    </Link>
  );
  const dialog = hydrated && round > 0 ? <ForgotPasswordDialog key={round} open={open} onClose={close} /> : null;
  return { link, dialog };
}

function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<ForgotPasswordData>();
  const data = fetcher.data;
  const sent = data?.status === "sent";

  useEffect(() => {
    if (!sent || !open) return;
    const timer = setTimeout(onClose, FORGOT_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent, open, onClose]);

  return (
    <>
      <Dialog open={open} onClose={onClose} title="Reset Password" description={FORGOT_PASSWORD_TEXT} hideCloseButton>
        {/* Only while open: a closed dialog keeps no second "Email address" field on the page. */}
        {open ? (
          <div className="mt-5">
            <ForgotPasswordForm
              FormElement={fetcher.Form}
              data={data}
              submitting={fetcher.state === "submitting"}
              cancel={
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
              }
              close={
                <Button variant="outline" onClick={onClose}>
                  Close
                </Button>
              }
            />
          </div>
        ) : null}
      </Dialog>
      <Toaster toasts={[data?.toast]} />
    </>
  );
}
