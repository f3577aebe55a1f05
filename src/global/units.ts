/** ATCF and JTWC coordinates: tenths of a degree with a hemisphere letter. */

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
