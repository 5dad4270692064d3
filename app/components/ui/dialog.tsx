import { Form, useNavigation } from "@remix-run/react";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { isPlainClick } from "~/utils/events";
import { Button, buttonClasses } from "./button";
import { AlertIcon, InfoIcon, XIcon } from "./icons";

/*
 * Dialogs and progressive enhancement (docs/architecture.md, "Progressive enhancement")
 * ---------------------------------------------------
 * A modal needs JavaScript, so nothing may exist only inside one:
 *
 * - Confirmations (delete): render `<ConfirmLink href="/clients/42/delete" …>`. Without JavaScript
 *   it is a plain link to a server confirmation page (a route that renders `<ConfirmPanel>` and
 *   posts the same form). Once hydrated, the click is intercepted and a `<ConfirmDialog>` opens
 *   instead, posting the very same form, so the action cannot tell the difference.
 * - Dialogs reachable by URL (forgot password, details): derive `open` from the URL
 *   (`?dialog=forgot`), pass `closeHref` (the URL without it) and make `onClose` navigate there.
 *   The server then renders the dialog already open, as an overlay with a working close link;
 *   once scripts run it is upgraded to a real modal (focus trap, Escape, backdrop click).
 * - Purely local dialogs (`open` from `useState`) are fine for things that also exist elsewhere
 *   without JavaScript.
 */

export type DialogSize = "sm" | "md" | "lg";

const widths: Record<DialogSize, string> = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl" };

export interface DialogProps {
  open: boolean;
  /** Called when the dialog asks to close (Escape, backdrop click, close button). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** An icon (or any element) shown left of the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned on a light strip (stacked on phones). */
  footer?: ReactNode;
  size?: DialogSize;
  /** Where the close button leads without JavaScript, for dialogs opened by URL. */
  closeHref?: string;
  /** Hides the × button (keep a Cancel button in the footer then). */
  hideCloseButton?: boolean;
  /** False while something must finish: Escape and backdrop clicks are ignored. Default true. */
  dismissible?: boolean;
  id?: string;
  className?: string;
}

/**
 * A modal on the native `<dialog>`: `showModal()` gives the focus trap, inertness of the page and
 * Escape for free. Escape and a click on the backdrop close it; focus goes back to the element that
 * opened it. Mark the element that should receive focus first with `data-autofocus`.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  icon,
  children,
  footer,
  size = "md",
  closeHref,
  hideCloseButton = false,
  dismissible = true,
  id,
  className,
}: DialogProps) {
  const { ref, requestClose, handlers } = useModalDialog(open, onClose, dismissible);
  // The `open` attribute is only for the server render (a dialog opened by URL); React must never
  // toggle it afterwards, or it would fight showModal()/close().
  const [serverOpen] = useState(open);
  const hydrated = useHydrated();
  const titleId = useId();
  const descriptionId = useId();

  return (
    <>
      {open && !hydrated ? <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50" /> : null}
      <dialog
        ref={ref}
        id={id}
        open={serverOpen || undefined}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        {...handlers}
        className={cn(
          "fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto",
          "rounded-xl border border-slate-200 bg-white p-0 text-left text-slate-900 shadow-xl",
          "backdrop:bg-slate-900/50 backdrop:backdrop-blur-[1px]",
          widths[size],
          className,
        )}
      >
        <div className="p-5 sm:p-6">
          <div className="flex items-start gap-4">
            {icon ? <div className="shrink-0">{icon}</div> : null}
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            {hideCloseButton ? null : <CloseControl onClick={requestClose} href={closeHref} />}
          </div>
          {children ? <div className="mt-4 text-sm text-slate-700">{children}</div> : null}
        </div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 rounded-b-xl border-t border-slate-100 bg-slate-50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            {footer}
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/**
 * The native dialog's life: shown as a modal while `open` (one the server rendered open is
 * upgraded), focus back to its opener once closed, Escape and a click on the backdrop asking
 * `onClose` (unless not `dismissible`). Gives the dialog's ref and handlers, and `requestClose`
 * for a close button.
 */
function useModalDialog(open: boolean, onClose: () => void, dismissible: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);
  const pressedOnBackdrop = useRef(false);
  // Closed by the user while the parent still says open (e.g. its URL change is on the way):
  // don't reopen until `open` goes false and true again.
  const dismissed = useRef(false);
  const [modal, setModal] = useState(false);

  useEffect(() => {
    openRef.current = open;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) dismissed.current = false;
    if (open && !modal && !dismissed.current) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body) opener.current = active;
      if (dialog.open) dialog.close(); // server-rendered, non-modal: upgrade it
      if (typeof dialog.showModal === "function") {
        dialog.showModal();
        setModal(true);
      } else {
        dialog.setAttribute("open", "");
      }
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, modal]);

  function handleClose() {
    const dialog = ref.current;
    if (dialog?.open) return; // the close() of the upgrade above, already reopened
    setModal(false);
    const el = opener.current;
    opener.current = null;
    if (el?.isConnected) el.focus();
    if (openRef.current) {
      dismissed.current = true;
      onCloseRef.current();
    }
  }

  function requestClose() {
    const dialog = ref.current;
    if (dialog?.open) dialog.close();
    else onCloseRef.current();
  }

  function handleBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // The content fills the dialog box, so a click whose target is the dialog itself hit the backdrop.
    if (event.target === event.currentTarget && pressedOnBackdrop.current && dismissible) requestClose();
    pressedOnBackdrop.current = false;
  }

  return {
    ref,
    requestClose,
    handlers: {
      onClose: handleClose,
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        if (!dismissible) event.preventDefault();
      },
      onMouseDown: (event: MouseEvent<HTMLDialogElement>) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      },
      onClick: handleBackdropClick,
    },
  };
}

/** The × of a dialog: a button with JavaScript, else a link to `href` (a dialog opened by URL) or nothing. */
function CloseControl({ onClick, href }: { onClick: () => void; href?: string }) {
  const hydrated = useHydrated();
  const closeClass =
    "-m-1.5 shrink-0 rounded-lg p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600";
  if (hydrated) {
    return (
      <button type="button" onClick={onClick} className={closeClass}>
        <span className="sr-only">Close</span>
        <XIcon className="h-5 w-5" />
      </button>
    );
  }
  if (!href) return null;
  return (
    <a href={href} className={closeClass}>
      <span className="sr-only">Close</span>
      <XIcon className="h-5 w-5" />
    </a>
  );
}

export type ConfirmTone = "danger" | "primary";

function ConfirmIcon({ tone }: { tone: ConfirmTone }) {
  return (
    <span
      className={cn(
        "flex h-10 w-10 items-center justify-center rounded-full",
        tone === "danger" ? "bg-red-50 text-red-600" : "bg-brand-50 text-brand-600",
      )}
    >
      {tone === "danger" ? <AlertIcon className="h-5 w-5" /> : <InfoIcon className="h-5 w-5" />}
    </span>
  );
}

export interface ConfirmFormProps {
  title: ReactNode;
  /** e.g. `Are you sure you want to delete "Care plan.pdf"?` */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  /** Only GET and POST work without JavaScript; put the verb in a hidden `intent` field. */
  method?: "post" | "get";
  /** The route that handles the submit; defaults to the current one. */
  action?: string;
  /** Hidden inputs posted with the form (`<input type="hidden" name="intent" value="delete" />`). */
  children?: ReactNode;
}

export interface ConfirmDialogProps extends ConfirmFormProps {
  open: boolean;
  onClose: () => void;
  /** For a confirmation opened by URL: where Cancel leads without JavaScript. */
  closeHref?: string;
}

/**
 * A confirmation (usually a delete) as a modal that submits a real form. The confirm button shows a
 * spinner while the request runs; the dialog closes once the navigation settles.
 */
export function ConfirmDialog({
  open,
  onClose,
  closeHref,
  title,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  tone = "danger",
  method = "post",
  action,
  children,
}: ConfirmDialogProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [submitted, setSubmitted] = useState(false);
  const pending = submitted && navigation.state !== "idle";

  useEffect(() => {
    if (submitted && navigation.state === "idle") {
      setSubmitted(false);
      onClose();
    }
  }, [submitted, navigation.state, onClose]);

  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!pending}
      closeHref={closeHref}
      title={title}
      description={message}
      icon={<ConfirmIcon tone={tone} />}
      size="sm"
      hideCloseButton
      footer={
        <>
          <Form id={formId} method={method} action={action} onSubmit={() => setSubmitted(true)} className="hidden">
            {children}
          </Form>
          {hydrated || !closeHref ? (
            <Button variant="outline" onClick={onClose} disabled={pending} data-autofocus>
              {cancelLabel}
            </Button>
          ) : (
            <a href={closeHref} className={buttonClasses("outline")}>
              {cancelLabel}
            </a>
          )}
          <Button type="submit" form={formId} variant={tone === "danger" ? "danger" : "primary"} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/**
 * The same confirmation as a page section, for the server confirmation page that a `ConfirmLink`
 * leads to without JavaScript. Cancel is a link back.
 */
export function ConfirmPanel({
  title,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  cancelHref,
  tone = "danger",
  method = "post",
  action,
  children,
  className,
}: ConfirmFormProps & { cancelHref: string; className?: string }) {
  const titleId = useId();
  const navigation = useNavigation();
  const [submitted, setSubmitted] = useState(false);
  const pending = submitted && navigation.state !== "idle";
  return (
    <section
      aria-labelledby={titleId}
      className={cn("overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm", className)}
    >
      <div className="flex items-start gap-4 p-5 sm:p-6">
        <ConfirmIcon tone={tone} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {message ? <p className="mt-1 text-sm text-slate-600">{message}</p> : null}
        </div>
      </div>
      <Form
        method={method}
        action={action}
        onSubmit={() => setSubmitted(true)}
        className="flex flex-col-reverse gap-2 border-t border-slate-100 bg-slate-50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
      >
        {children}
        <a href={cancelHref} className={buttonClasses("outline")}>
          {cancelLabel}
        </a>
        <Button type="submit" variant={tone === "danger" ? "danger" : "primary"} loading={pending}>
          {confirmLabel}
        </Button>
      </Form>
    </section>
  );
}

export interface ConfirmLinkProps
  extends ConfirmFormProps, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "title" | "children" | "onClick"> {
  /** The server confirmation page, used when JavaScript is off (or the link is opened in a new tab). */
  href: string;
  /** The link's content (e.g. an icon and "Delete"). Style it with `buttonClasses(...)` if wanted. */
  label: ReactNode;
  /** Hidden inputs for the dialog's form, as name → value. */
  fields?: Record<string, string | number>;
}

/**
 * A link to a server confirmation page that, once JavaScript runs, opens a `ConfirmDialog`
 * in place instead. Modified clicks (new tab, new window) still follow the link.
 */
export function ConfirmLink({
  href,
  label,
  fields,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone,
  method,
  action,
  children,
  ...anchorProps
}: ConfirmLinkProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const closeDialog = useCallback(() => setOpen(false), []);
  return (
    <>
      <a
        href={href}
        aria-haspopup={hydrated ? "dialog" : undefined}
        {...anchorProps}
        onClick={(event) => {
          if (!hydrated || !isPlainClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      {hydrated ? (
        <ConfirmDialog
          open={open}
          onClose={closeDialog}
          title={title}
          message={message}
          confirmLabel={confirmLabel}
          cancelLabel={cancelLabel}
          tone={tone}
          method={method}
          action={action}
        >
          {fields
            ? Object.entries(fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={String(value)} />
              ))
            : null}
          {children}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
