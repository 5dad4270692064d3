import { useState, type ReactNode } from "react";
import { cn } from "~/utils/cn";
import { AlertCircleIcon, InboxIcon, SearchIcon, ServerIcon, ShieldIcon, WifiOffIcon, AlertIcon } from "./icons";

export type ErrorPanelType = "network" | "notFound" | "permission" | "server" | "empty" | "offline" | "custom";

const PRESETS: Record<ErrorPanelType, { title: string; message: string; Icon: typeof InboxIcon; tone: string }> = {
  network: {
    title: "Connection Error",
    message: "We could not reach the server. Check your connection and try again.",
    Icon: AlertIcon,
    tone: "bg-amber-50 text-amber-600",
  },
  notFound: {
    title: "Not Found",
    message: "The page or record you are looking for does not exist or was removed.",
    Icon: SearchIcon,
    tone: "bg-slate-100 text-slate-500",
  },
  permission: {
    title: "Access Denied",
    message: "You do not have permission to see this.",
    Icon: ShieldIcon,
    tone: "bg-red-50 text-red-600",
  },
  server: {
    title: "Server Error",
    message: "Something went wrong on our side. Please try again in a moment.",
    Icon: ServerIcon,
    tone: "bg-red-50 text-red-600",
  },
  empty: {
    title: "No Data Available",
    message: "There is nothing to show here yet.",
    Icon: InboxIcon,
    tone: "bg-slate-100 text-slate-500",
  },
  offline: {
    title: "You're Offline",
    message: "Your device is not connected to the internet. Your work will be here when you reconnect.",
    Icon: WifiOffIcon,
    tone: "bg-slate-100 text-slate-600",
  },
  custom: {
    title: "Something Went Wrong",
    message: "An unexpected error occurred. Please try again.",
    Icon: AlertCircleIcon,
    tone: "bg-red-50 text-red-600",
  },
};

function makeErrorId() {
  return `ERR-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

/** The reusable error panel: seven types, each with its title and message (docs/architecture.md, "Errors"). */
export function ErrorPanel({
  type,
  title,
  message,
  children,
  className,
}: {
  type: ErrorPanelType;
  title?: string;
  message?: ReactNode;
  /** Actions: a retry button, a back link. */
  children?: ReactNode;
  className?: string;
}) {
  const preset = PRESETS[type];
  const [errorId] = useState(makeErrorId);
  return (
    <div
      role={type === "empty" ? "status" : "alert"}
      data-error-type={type}
      className={cn(
        "flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-10 text-center",
        className,
      )}
    >
      <div className={cn("mb-4 flex h-12 w-12 items-center justify-center rounded-full", preset.tone)}>
        <preset.Icon className="h-6 w-6" />
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{title ?? preset.title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{message ?? preset.message}</p>
      {type === "server" ? (
        <p className="mt-2 font-mono text-xs text-slate-500" suppressHydrationWarning>
          Error ID: {errorId}
        </p>
      ) : null}
      {children ? <div className="mt-5 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
    </div>
  );
}
