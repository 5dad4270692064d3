import type { ReactNode } from "react";
import { cn } from "~/utils/cn";
import { AlertCircleIcon, AlertIcon, CheckCircleIcon, InfoIcon } from "./icons";

export type AlertTone = "info" | "success" | "warning" | "error";

const styles: Record<AlertTone, { box: string; icon: string; title: string; body: string; Icon: typeof InfoIcon }> = {
  info: {
    box: "border-blue-200 bg-blue-50",
    icon: "text-blue-600",
    title: "text-blue-900",
    body: "text-blue-800",
    Icon: InfoIcon,
  },
  success: {
    box: "border-emerald-200 bg-emerald-50",
    icon: "text-emerald-600",
    title: "text-emerald-900",
    body: "text-emerald-800",
    Icon: CheckCircleIcon,
  },
  warning: {
    box: "border-amber-200 bg-amber-50",
    icon: "text-amber-600",
    title: "text-amber-900",
    body: "text-amber-800",
    Icon: AlertIcon,
  },
  error: {
    box: "border-red-200 bg-red-50",
    icon: "text-red-600",
    title: "text-red-900",
    body: "text-red-800",
    Icon: AlertCircleIcon,
  },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A link or small button on the right (wraps below on phones). */
  action?: ReactNode;
  className?: string;
}

/**
 * An inline banner inside the page (not a toast). Errors and warnings use role="alert",
 * so a banner rendered after a failed submit is announced.
 */
export function Alert({ tone = "info", title, children, action, className }: AlertProps) {
  const s = styles[tone];
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      data-alert-tone={tone}
      className={cn("flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start", s.box, className)}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <s.Icon className={cn("mt-0.5 h-5 w-5 shrink-0", s.icon)} />
        <div className="min-w-0 text-sm">
          {title ? <p className={cn("font-semibold", s.title)}>{title}</p> : null}
          {children ? <div className={cn(title ? "mt-1" : undefined, s.body)}>{children}</div> : null}
        </div>
      </div>
      {action ? <div className="shrink-0 pl-8 sm:pl-0">{action}</div> : null}
    </div>
  );
}
