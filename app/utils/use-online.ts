import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the device says it is connected (`navigator.onLine`), kept up to date by its online and
 * offline events; true on the server and until hydration.
 *
 * Links that prefetch on hover use it to stop while offline: Remix reloads the page when it cannot
 * load a route's code, and offline that reload ends on the browser's own error page, losing what
 * was typed (components/layout/offline-guard.tsx holds the navigation itself).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
