import type { MouseEvent } from "react";

/**
 * A plain left click nobody handled yet: not a modified one (a new tab or window, a download),
 * which a link's own behaviour must be left to.
 */
export function isPlainClick(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/**
 * A plain click on a link with a behaviour of its own (`data-action="delete"`…) inside an item of
 * a list (`row`, a selector such as "[data-task]"): the action, the link and the item; null for
 * any other click. One listener on the list serves every row's links.
 */
export function clickedRowAction(
  event: MouseEvent,
  row: string,
): { action: string; link: HTMLAnchorElement; item: HTMLElement } | null {
  if (!isPlainClick(event)) return null;
  const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-action]");
  const item = link?.closest<HTMLElement>(row);
  if (!link || !item) return null;
  return { action: link.dataset.action ?? "", link, item };
}
