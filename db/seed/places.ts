import { zipPoint, zipTable } from "../../app/utils/zip-codes.server";
import type { Rng } from "./random";

// Real places for the seeds: each town or city with its real ZIP codes, from the same offline
// package the app measures distances with, so that the miles matching reports are true.

export interface Place {
  city: string;
  state: string;
  /** The place's real ZIP codes, in order. */
  zips: readonly string[];
}

export function placesOf(towns: readonly { city: string; state: string }[]): Place[] {
  return towns.map(({ city, state }) => {
    const zips = zipTable()
      .lookupByName(city, state)
      .filter((z) => z.country === "US")
      .map((z) => z.zip)
      .sort();
    if (zips.length === 0) throw new Error(`The ZIP package knows no ZIP code of ${city}, ${state}`);
    return { city, state, zips };
  });
}

/** One of the place's ZIP codes, sometimes with a ZIP+4 suffix. */
export function pickZip(rng: Rng, place: Place, plusFour: boolean): string {
  const base = rng.pick(place.zips);
  return plusFour ? `${base}-${String(rng.int(1, 9999)).padStart(4, "0")}` : base;
}

/** The coordinates a facility keeps for its ZIP code (as the app computes them on save). */
export function coordinatesOf(zip: string): { latitude: number | null; longitude: number | null } {
  const point = zipPoint(zip);
  return { latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}
