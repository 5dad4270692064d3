import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { cn } from "~/utils/cn";
import { TOAST_DURATION_MS, TOAST_EXIT_MS, type Toast, type ToastType } from "~/utils/toast";
import { AlertCircleIcon, AlertIcon, CheckCircleIcon, InfoIcon, XIcon } from "../ui/icons";

const styles: Record<ToastType, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  success: { box: "border-emerald-200", icon: "text-emerald-600", Icon: CheckCircleIcon },
  error: { box: "border-red-200", icon: "text-red-600", Icon: AlertCircleIcon },
  warning: { box: "border-amber-200", icon: "text-amber-600", Icon: AlertIcon },
  info: { box: "border-blue-200", icon: "text-blue-600", Icon: InfoIcon },
};

/**
 * Toasts just under the header (4rem high): at the right from small screens up, where they leave
 * the header's user menu and bell free; across a phone's screen, where they cover the top of the
 * page for a moment rather than its last card; at the bottom left while a side panel is open,
 * whose close button is at the top right: see `.toaster` in tailwind.css). Rendered by the
 * server, so they show without JavaScript: they leave by themselves after 5 seconds (a CSS
 * animation) and can be closed by hand (a CSS-only checkbox). With JavaScript, React then
 * removes them.
 */
export function Toaster({ toasts }: { toasts: Array<Toast | null | undefined> }) {
  const list = toasts.filter((t): t is Toast => Boolean(t));
  if (list.length === 0) return null;
  return (
    <div
      className="toaster pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-end gap-3 p-2 sm:right-2 sm:left-auto sm:w-96"
      aria-live="polite"
    >
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

/**
 * The toast a script's navigation carries in its state (an upload sent by script goes on to the
 * document or the library itself: a flash cookie would wait for the next full page load).
 */
export function NavigationToast() {
  const { state } = useLocation();
  const toast = (state as { toast?: Toast } | null)?.toast;
  return toast ? <Toaster toasts={[toast]} key={toast.id} /> : null;
}

function ToastItem({ toast }: { toast: Toast }) {
  const [phase, setPhase] = useState<"shown" | "leaving" | "gone">("shown");
  const { box, icon, Icon } = styles[toast.type];

  useEffect(() => {
    // The CSS animation has faded it out by then (see --animate-toast-in).
    const timer = setTimeout(() => setPhase("gone"), TOAST_DURATION_MS + TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (phase !== "leaving") return;
    const timer = setTimeout(() => setPhase("gone"), TOAST_EXIT_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "gone") return null;
  const closeId = `toast-close-${toast.id}`;
  return (
    <div className="w-full">
      <input type="checkbox" id={closeId} className="peer sr-only" tabIndex={-1} aria-hidden="true" />
      <div
        role={toast.type === "error" ? "alert" : "status"}
        data-toast-type={toast.type}
        className={cn(
          "pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white p-4 shadow-lg peer-checked:hidden",
          box,
          phase === "leaving" ? "animate-toast-out" : "animate-toast-in",
        )}
      >
        <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", icon)} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
          {toast.description ? <p className="mt-0.5 text-sm text-slate-600">{toast.description}</p> : null}
        </div>
        <label
          htmlFor={closeId}
          className="-m-1 cursor-pointer rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          onClick={(event) => {
            event.preventDefault();
            setPhase("leaving");
          }}
        >
          <span className="sr-only">Close</span>
          <XIcon className="h-4 w-4" />
        </label>
      </div>
    </div>
  );
}
