import { text } from "./common";
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SEARCH_TOO_LONG, SEARCH_TOO_SHORT } from "./search.constants";

// The search page (/search?q=…) and the header's search box: what was typed. The texts and the
// kinds of record are in search.constants.ts, which the results page imports.

export * from "./search.constants";

/** What was typed in a search box, trimmed; too short or too long says so. */
export const SearchTermSchema = text()
  .trim()
  .min(SEARCH_MIN_LENGTH, SEARCH_TOO_SHORT)
  .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG);
