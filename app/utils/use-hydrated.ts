import { useEffect, useState } from "react";

let hydrated = false;

/** False during the server render and the first client render; true once scripts run. */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}
