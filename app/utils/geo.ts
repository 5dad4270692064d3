// Distances on the Earth's surface, for matching clients with facilities (browser-safe).

export interface LatLng {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
/** Miles in a degree of latitude (and of longitude at the equator). */
export const MILES_PER_DEGREE_LATITUDE = 69.05;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle miles between two points (haversine). */
export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The latitude and longitude ranges that hold every point within `miles` of `center` (a little
 * more: a box, not a circle), for an index to narrow a search before distances are computed.
 */
export function boxAround(
  center: LatLng,
  miles: number,
): { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number } {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  // A degree of longitude shrinks towards the poles; the box's widest latitude decides.
  const widest = Math.min(89, Math.abs(center.latitude) + dLat);
  const dLng = miles / (MILES_PER_DEGREE_LATITUDE * Math.cos(radians(widest)));
  return {
    minLatitude: center.latitude - dLat,
    maxLatitude: center.latitude + dLat,
    minLongitude: center.longitude - dLng,
    maxLongitude: center.longitude + dLng,
  };
}
