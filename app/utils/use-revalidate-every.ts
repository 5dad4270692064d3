import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Reloads the page's data every `ms` while the tab is visible (a hidden tab does not poll; it
 * catches up as soon as it is shown again). Without JavaScript nothing happens: the page is as
 * fresh as its last load.
 */
export function useRevalidateEvery(ms: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== "visible" || state !== "idle") return;
      last = Date.now();
      revalidate();
    };
    const timer = window.setInterval(refresh, ms);
    const onVisible = () => {
      if (Date.now() - last >= ms) refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [ms, revalidate, state]);
}
