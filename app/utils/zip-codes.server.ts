import { createRequire } from "node:module";
import type * as Zipcodes from "zipcodes";
import type { LatLng } from "./geo";

// Where a ZIP code or a "City, ST" is, from the centroids of the `zipcodes` package: about
// 41,000 US ZIP codes with their city and state, shipped with the app (no network at run time).

let table: typeof Zipcodes | undefined;

/**
 * The `zipcodes` package, loaded on first use. Its table is a 5 MB JavaScript file that takes a
 * process about 70 MB of memory to load; a process that never places anything (the job runner
 * importing a client list, a server started on an already seeded database) does not pay it.
 */
export function zipTable(): typeof Zipcodes {
  table ??= createRequire(import.meta.url)("zipcodes") as typeof Zipcodes;
  return table;
}

const ZIP = /^(\d{5})(?:-\d{4})?$/;

/** The centroid of a US ZIP code ("02138" or "02138-1234"), or null when the package does not know it. */
export function zipPoint(zip: string | null | undefined): LatLng | null {
  const five = zip?.trim().match(ZIP)?.[1];
  if (!five) return null;
  const found = zipTable().lookup(five);
  if (!found || found.country !== "US") return null;
  return { latitude: found.latitude, longitude: found.longitude };
}

const places = new Map<string, LatLng | null>();

/** The middle of a city's ZIP codes. */
function cityPoint(city: string, state: string): LatLng | null {
  const key = `${city}|${state}`.toLowerCase();
  if (places.has(key)) return places.get(key)!;
  const zips = zipTable()
    .lookupByName(city, state)
    .filter((z) => z.country === "US");
  const point =
    zips.length === 0
      ? null
      : {
          latitude: zips.reduce((sum, z) => sum + z.latitude, 0) / zips.length,
          longitude: zips.reduce((sum, z) => sum + z.longitude, 0) / zips.length,
        };
  places.set(key, point);
  return point;
}

/**
 * A place as a client's preferred location is written: a ZIP code ("02138", also within a longer
 * text), or a city and state ("Cambridge, MA", "Cambridge MA", "Cambridge, Massachusetts").
 */
export function placePoint(text: string | null | undefined): LatLng | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const zip = trimmed.match(/\b\d{5}(?:-\d{4})?\b/)?.[0];
  if (zip) return zipPoint(zip);
  const comma = trimmed.lastIndexOf(",");
  if (comma > 0) return cityPoint(trimmed.slice(0, comma).trim(), trimmed.slice(comma + 1).trim());
  const state = trimmed.match(/^(.+?)\s+([A-Za-z]{2})$/);
  return state ? cityPoint(state[1], state[2]) : null;
}

/** Where a client's facilities are measured from: the preferred location, else the client's own ZIP. */
export function clientPoint(client: { preferredLocation: string | null; addressZip: string | null }): LatLng | null {
  return placePoint(client.preferredLocation) ?? zipPoint(client.addressZip);
}
