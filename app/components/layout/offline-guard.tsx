import { useBlocker } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../ui/button";
import { ErrorPanel } from "../ui/error-panel";

const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

/**
 * With JavaScript, a link or a form followed while the device is offline would fail half-way:
 * Remix, unable to load the next screen's code, reloads the page, and the browser shows its own
 * offline page (losing what was typed). Instead the navigation is held, and the app's "You're
 * Offline" panel says so over the page, which stays as it was; "Try again" goes on once the
 * connection is back. Without JavaScript the browser navigates by itself, as usual.
 */
export function OfflineGuard() {
  const blocker = useBlocker(isOffline);
  const [stillOffline, setStillOffline] = useState(false);
  const retry = useRef<HTMLButtonElement>(null);
  const latest = useRef(blocker);
  latest.current = blocker;
  const blocked = blocker.state === "blocked";

  useEffect(() => {
    if (!blocked) return;
    setStillOffline(false);
    retry.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") latest.current.reset?.();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [blocked]);

  if (!blocked) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-label="You're Offline" className="w-full max-w-md">
        <ErrorPanel
          type="offline"
          message={
            stillOffline
              ? "Still offline. This page and what you typed stay as they are; try again once you are connected."
              : undefined
          }
          className="shadow-xl"
        >
          <Button
            ref={retry}
            onClick={() => {
              if (isOffline()) setStillOffline(true);
              else blocker.proceed();
            }}
          >
            Try again
          </Button>
          <Button variant="outline" onClick={() => blocker.reset()}>
            Stay on this page
          </Button>
        </ErrorPanel>
      </div>
    </div>
  );
}
