/** Unit conversions for the US agencies' data: knots, nautical miles, hemisphere-lettered coordinates. */

export const KT_TO_MS = 0.514444;
export const NM_TO_KM = 1.852;

/** Knots → m/s, one decimal; null stays null, 0 (unknown in ATCF) becomes null. */
export const knotsToMs = (kt: number | null) => (kt === null || kt <= 0 ? null : Math.round(kt * KT_TO_MS * 10) / 10);
/** Knots → km/h, whole numbers. */
export const knotsToKmh = (kt: number | null) => (kt === null || kt < 0 ? null : Math.round(kt * NM_TO_KM));
/** Nautical miles → km, whole numbers; 0 and negatives (ATCF "none" / "missing") stay as given or null. */
export const nmToKm = (nm: number | null) => (nm === null || nm < 0 ? null : Math.round(nm * NM_TO_KM));

/** `132N` / `087N` / `59S` (tenths of a degree) → signed degrees. */
export function atcfLatitude(text: string): number | null {
  const m = /^(\d{1,4})([NS])$/.exec(text.trim());
  return m ? (Number(m[1]) / 10) * (m[2] === 'S' ? -1 : 1) : null;
}

/** `1277E` / `757W` / `1760W` (tenths) → −180…180. */
export function atcfLongitude(text: string): number | null {
  const m = /^(\d{1,5})([EW])$/.exec(text.trim());
  if (!m) return null;
  const value = (Number(m[1]) / 10) * (m[2] === 'W' ? -1 : 1);
  return value > 180 ? Math.round((value - 360) * 10) / 10 : value < -180 ? Math.round((value + 360) * 10) / 10 : value;
}

/** 16-point compass code of a bearing in degrees. */
export function compassFromDegrees(degrees: number | null): string | null {
  if (degrees === null || !Number.isFinite(degrees) || degrees < 0) return null;
  const points = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];
  return points[Math.round((degrees % 360) / 22.5) % 16] as string;
}
