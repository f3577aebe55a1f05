/**
 * Direction of motion as a 16-point compass code. The Chinese sources write bearings in several orders
 * (archive `西北`, `北西北`, `西北偏西`; live service `北西`, `北北西`), sometimes in English (`WNW`, `ENE 2`).
 */

const CHINESE_POINT: Record<string, string> = { 北: 'N', 南: 'S', 东: 'E', 西: 'W' };
const COMPASS_16 = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

/** NE/NW/SE/SW from one north–south and one east–west letter, in any order. */
function intercardinal(a: string, b: string): string | null {
  const ns = [a, b].find((x) => x === 'N' || x === 'S');
  const ew = [a, b].find((x) => x === 'E' || x === 'W');
  return ns && ew ? ns + ew : null;
}

/** `北西北` → NNW, `西西北` → WNW, `西北` → NW, `偏北` → N, `西北偏西` → WNW; null for anything unreadable. */
export function compassFromText(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  const latin = trimmed.split(/\s+/)[0]?.toUpperCase() ?? '';
  if (COMPASS_16.includes(latin)) return latin;
  // `北偏西` is "north, towards west" = NNW: the first point counts twice.
  const single = /^(.)偏(.)$/.exec(trimmed);
  const chars = [...(single ? `${single[1]}${single[1]}${single[2]}` : trimmed.replace(/偏/g, ''))];
  const letters = chars.map((c) => CHINESE_POINT[c]);
  if (letters.length === 0 || letters.some((l) => l === undefined)) return null;
  const [a, b] = letters as string[];
  if (letters.length === 1) return a as string;
  if (letters.length === 2) return intercardinal(a as string, b as string);
  if (letters.length === 3) {
    // The letter written twice leads: 北西北 = N + NW, 西北西 = W + NW.
    const dominant = letters.find((l, i) => letters.indexOf(l) !== i);
    const other = letters.find((l) => l !== dominant);
    const pair = dominant && other ? intercardinal(dominant, other) : null;
    const code = pair ? dominant + pair : null;
    return code && COMPASS_16.includes(code) ? code : null;
  }
  return null;
}

/** 16-point compass code of a bearing in degrees (ATCF and NHC motion). */
export function compassFromDegrees(degrees: number | null): string | null {
  if (degrees === null || !Number.isFinite(degrees) || degrees < 0) return null;
  return COMPASS_16[Math.round((degrees % 360) / 22.5) % 16] as string;
}
