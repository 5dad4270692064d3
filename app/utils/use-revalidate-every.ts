import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Reloads the page's data every `ms` while the tab is visible (a hidden tab does not poll; it
 * catches up as soon as it is shown again). Without JavaScript nothing happens: the page is as
 * fresh as its last load. The timer and the time of the last refresh outlive re-renders, so a
 * render while hidden does not postpone the catch-up. While it runs, `<html data-refresh-every>`
 * holds `ms`, so browser automation can tell that the page refreshes itself.
 */
export function useRevalidateEvery(ms: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const last = useRef(0);
  useEffect(() => {
    last.current = Date.now();
    const refresh = () => {
      // Offline, the page keeps what it shows (a failed refresh would replace it with an error).
      if (document.visibilityState !== "visible" || latest.current.state !== "idle" || !navigator.onLine) return;
      last.current = Date.now();
      latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, ms);
    const onVisible = () => {
      if (Date.now() - last.current >= ms) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    document.documentElement.dataset.refreshEvery = String(ms);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      delete document.documentElement.dataset.refreshEvery;
    };
  }, [ms]);
}
