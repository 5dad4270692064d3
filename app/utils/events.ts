import type { MouseEvent } from "react";

/**
 * A plain left click nobody handled yet: not a modified one (a new tab or window, a download),
 * which a link's own behaviour must be left to.
 */
export function isPlainClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
