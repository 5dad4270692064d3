import { PASSWORD_RULES } from "~/schemas/auth";
import { cn } from "~/utils/cn";
import { CheckIcon, XIcon } from "../ui/icons";

/**
 * The five password requirements with their exact texts. `met` holds one result per rule, or is
 * null when nothing has been checked yet (the page before any typing or submit).
 */
export function PasswordChecklist({ met }: { met: readonly boolean[] | null }) {
  return (
    <ul
      className="space-y-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3"
      aria-label="Password requirements"
    >
      {PASSWORD_RULES.map((rule, i) => {
        const ok = met?.[i];
        return (
          <li
            key={rule.id}
            data-met={met ? String(Boolean(ok)) : undefined}
            className={cn(
              "flex items-center gap-2 text-sm",
              met === null ? "text-slate-600" : ok ? "text-emerald-700" : "text-slate-500",
            )}
          >
            {met === null ? (
              <span className="flex h-4 w-4 items-center justify-center" aria-hidden="true">
                <span className="h-1.5 w-1.5 rounded-full bg-slate-400" />
              </span>
            ) : ok ? (
              <CheckIcon className="h-4 w-4 shrink-0 text-emerald-600" />
            ) : (
              <XIcon className="h-4 w-4 shrink-0 text-red-500" />
            )}
            <span>{rule.text}</span>
            {met ? <span className="sr-only">{ok ? "(met)" : "(not met)"}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** "Passwords match" / "Passwords do not match"; nothing while there is nothing to compare. */
export function PasswordMatch({ match }: { match: boolean | null }) {
  if (match === null) return null;
  return (
    <p
      role="status"
      className={cn("mt-1.5 flex items-center gap-1.5 text-sm", match ? "text-emerald-700" : "text-red-600")}
    >
      {match ? <CheckIcon className="h-4 w-4" /> : <XIcon className="h-4 w-4" />}
      {match ? "Passwords match" : "Passwords do not match"}
    </p>
  );
}
