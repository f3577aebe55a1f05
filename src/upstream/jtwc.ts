/**
 * JTWC products (docs/data/formats.md#jtwc-products): the RSS index, the per-storm `.tcw` (JMV 3.0) file and
 * the warning text. The RSS HTML is malformed (`<b>` never closed), so it is read with regular expressions.
 * Times are UTC; `DDHHMMZ` groups take their month and year from the file's own full time stamp.
 * Storm names (the RSS title's parenthesis, the .tcw header) are checked as cyclone names
 * (src/model/upstream-text.ts): one that fails is left out (null) and added to `rejected`. The rest of the RSS
 * title and the warning's remarks are not kept.
 */
import { nonZeroOrNull } from '../model/numbers.ts';
import { dayTimeNear, MONTH_ABBREVIATIONS, utcDate } from '../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../model/upstream-text.ts';
import { atcfLatitude, atcfLongitude, type Quadrants } from './atcf.ts';

export interface JtwcRssStorm {
  /** Product id: basin + number + two-digit year, e.g. `wp1726`, `sh0626`. */
  productId: string;
  /** ATCF id, e.g. `wp172026`. */
  atcfId: string;
  name: string | null;
  kind: 'warning' | 'tcfa';
  tcwFile: string | null;
  warningFile: string | null;
}

/**
 * One block per storm: a title ending in `</b><br>` and a `<ul>` of product links. The opening tags are not
 * reliable (a region item stacks all its `<p><b>` at the start), so blocks are found by their ends.
 */
export function parseJtwcRss(xml: string, rejected: TextRejection[], century = 2000): JtwcRssStorm[] {
  const storms: JtwcRssStorm[] = [];
  for (const [, rawTitle, block] of xml.matchAll(/([^<>\n]+)<\/b><br>([\s\S]*?)<\/ul>/g)) {
    const title = rawTitle?.replace(/\s+/g, ' ').trim();
    const links = [...(block ?? '').matchAll(/products\/([a-z]{2}\d{4})(web\.txt|\.tcw)/g)];
    const productId = links[0]?.[1];
    if (!title || !productId) continue;
    const files = new Set(links.map((m) => `${m[1]}${m[2]}`));
    const atcfId = `${productId.slice(0, 4)}${century + Number(productId.slice(4, 6))}`;
    storms.push({
      productId,
      atcfId,
      name: keep(checkCycloneName(/\(([^)]+)\)/.exec(title)?.[1]), rejected, { field: 'title', storm: atcfId })?.toUpperCase() ?? null,
      kind: /Formation Alert/i.test(title) ? 'tcfa' : 'warning',
      tcwFile: files.has(`${productId}.tcw`) ? `${productId}.tcw` : null,
      warningFile: files.has(`${productId}web.txt`) ? `${productId}web.txt` : null,
    });
  }
  return storms;
}

export interface JtwcFix {
  time: Date;
  lat: number;
  lng: number;
  windKt: number | null;
  radiiNm: Partial<Record<34 | 50 | 64, Quadrants>>;
}

export interface JtwcTcw {
  kind: 'warning' | 'alert';
  baseTime: Date;
  /**
   * When JTWC issued it: the date-time group of the WMO heading (`WTXS31 PGTW 311500`), its month and year those
   * nearest the base time; null when the file has no heading.
   */
  issuedAt: Date | null;
  name: string | null;
  /** The warning's number (`WARNING NR 041`, the header line's third field); null when not given. */
  warningNumber: number | null;
  directionDeg: number | null;
  speedKt: number | null;
  /** Tnnn lines: tau 0 is the warning position, the others the forecast. */
  taus: (JtwcFix & { tau: number })[];
  /**
   * The Tnnn lines that do not read (no position, or a wind that is not a number), by line number and tau, e.g.
   * `line 7 (T036)`: they are not in `taus`, and a warning with any is no whole forecast (src/forecasts/jtwc-issuances.ts).
   */
  unreadableTaus: string[];
  /** Track history, one point per time (the file repeats times up to three times). */
  history: JtwcFix[];
}

const fromStamp = (stamp: string) =>
  utcDate(Number(stamp.slice(0, 4)), Number(stamp.slice(4, 6)), Number(stamp.slice(6, 8)), Number(stamp.slice(8, 10)));

function tauRadii(line: string): Partial<Record<34 | 50 | 64, Quadrants>> {
  const out: Partial<Record<34 | 50 | 64, Quadrants>> = {};
  for (const m of line.matchAll(/R0?(34|50|64) (\d{3}) NE QD (\d{3}) SE QD (\d{3}) SW QD (\d{3}) NW QD/g)) {
    out[Number(m[1]) as 34 | 50 | 64] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  }
  return out;
}

/** `.tcw` (JMV 3.0). An ALERT (formation alert) has no track: it yields only its base time (parseJtwcTcfa in ./jtwc-tcfa.ts reads the whole alert). */
export function parseJtwcTcw(text: string, rejected: TextRejection[]): JtwcTcw {
  const lines = text.split(/\r?\n/);
  // The WARNING/ALERT header follows the WMO heading, which a TCFA file lacks.
  const at = lines.slice(0, 3).findIndex((l) => /^(WARNING|ALERT)\b/.test(l.trim()));
  if (at === -1) throw new Error('.tcw: no WARNING or ALERT header in the first lines');
  const heading = at > 0 ? /^[A-Z]{4}\d{2} [A-Z]{4} (\d{2})(\d{2})(\d{2})\b/.exec(lines[at - 1]?.trim() ?? '') : null;
  const issuedNear = (baseTime: Date) =>
    heading ? dayTimeNear(Number(heading[1]), Number(heading[2]), Number(heading[3]), baseTime) : null;
  if (/^ALERT\b/.test(lines[at]?.trim() ?? '')) {
    const baseTime = fromStamp((lines[at + 1] ?? '').trim());
    if (!baseTime) throw new Error('TCFA .tcw: no base time after the ALERT header');
    return {
      kind: 'alert',
      baseTime,
      issuedAt: issuedNear(baseTime),
      name: null,
      warningNumber: null,
      directionDeg: null,
      speedKt: null,
      taus: [],
      unreadableTaus: [],
      history: [],
    };
  }
  const header = (lines[at + 1] ?? '').trim().split(/\s+/);
  const baseTime = fromStamp(header[0] ?? '');
  if (!baseTime) throw new Error('.tcw: no base time after the WARNING header');
  // Line 3: time, id, name, warning number, active storms, direction, speed, fix method (1 or 2 tokens), accuracy.
  const taus: JtwcTcw['taus'] = [];
  const unreadableTaus: string[] = [];
  lines.forEach((l, i) => {
    if (!/^T\d{3} /.test(l)) return;
    const [t, lat, lng, wind] = l.trim().split(/\s+/);
    const tau = Number(t?.slice(1));
    const fix = { lat: atcfLatitude(lat ?? ''), lng: atcfLongitude(lng ?? '') };
    // A line that does not read is told, never dropped: the forecast without it would pass as whole.
    if (fix.lat === null || fix.lng === null || !/^\d{3}$/.test(wind ?? '')) {
      unreadableTaus.push(`line ${i + 1} (${t})`);
      return;
    }
    const time = new Date(baseTime.getTime() + tau * 3600_000);
    taus.push({ tau, time, lat: fix.lat, lng: fix.lng, windKt: nonZeroOrNull(wind), radiiNm: tauRadii(l) });
  });
  return {
    kind: 'warning',
    baseTime,
    issuedAt: issuedNear(baseTime),
    name:
      header[2] && !/^\d+$/.test(header[2])
        ? (keep(checkCycloneName(header[2]), rejected, { field: 'name', line: at + 2 })?.toUpperCase() ?? null)
        : null,
    warningNumber: /^\d{3}$/.test(header[3] ?? '') ? Number(header[3]) : null,
    directionDeg: Number(header[5]) >= 0 ? Number(header[5]) : null,
    speedKt: Number(header[6]) >= 0 ? Number(header[6]) : null,
    taus,
    unreadableTaus,
    history: tcwHistory(lines, baseTime),
  };
}

/**
 * The track history at the end of a `.tcw` (warning or formation alert): lines `NNYYMMDDHH lat lon wind`, one fix
 * per time (the file repeats a time up to three times), in time order. The two-digit year takes the century of
 * the file's base time.
 */
export function tcwHistory(lines: readonly string[], baseTime: Date): JtwcFix[] {
  const century = Math.floor(baseTime.getUTCFullYear() / 100) * 100;
  const byTime = new Map<number, JtwcFix>();
  for (const l of lines) {
    // `NNYYMMDDHH lat lon wind`; the latitude is right-aligned in 4 columns, so one below 10° follows two
    // spaces (`1726081812  81N1551E  25`): split on any run of spaces, never on exactly one.
    const m = /^\d{2}(\d{2})(\d{2})(\d{2})(\d{2})\s+(\d{1,3}[NS])\s*(\d{3,4}[EW])\s+(\d+)/.exec(l.trim());
    if (!m) continue;
    const time = utcDate(century + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]));
    const lat = atcfLatitude(m[5] as string);
    const lng = atcfLongitude(m[6] as string);
    if (time && lat !== null && lng !== null) byTime.set(time.getTime(), { time, lat, lng, windKt: nonZeroOrNull(m[7]), radiiNm: {} });
  }
  return [...byTime.values()].sort((a, b) => a.time.getTime() - b.time.getTime());
}

/** From the warning text: the warning time, position, winds and the central pressure in REMARKS. */
export function parseJtwcWarning(
  text: string,
): { time: Date; lat: number; lng: number; windKt: number | null; pressure: number | null } | null {
  // Lines wrap anywhere in REMARKS, so every gap is \s+.
  const remark = /\b(\d{2})(\d{2})(\d{2})Z\s+POSITION\s+NEAR\s+[\d.]+[NS]\s+[\d.]+[EW]\.\s+(\d{2})([A-Z]{3})(\d{2})\./.exec(text);
  const position = /(\d{2})(\d{2})(\d{2})Z --- NEAR (\d+\.\d)([NS]) (\d+\.\d)([EW])/.exec(text);
  if (!position || !remark) return null;
  let month = MONTH_ABBREVIATIONS.indexOf(remark[5] as string) + 1;
  let year = 2000 + Number(remark[6]);
  // The warning time's day can belong to the month before the REMARKS date.
  if (Number(position[1]) > Number(remark[4])) {
    month -= 1;
    if (month === 0) [month, year] = [12, year - 1];
  }
  const time = utcDate(year, month, Number(position[1]), Number(position[2]), Number(position[3]));
  const wind = /MAX SUSTAINED WINDS - (\d+) KT/.exec(text);
  const pressure = /MINIMUM\s+CENTRAL\s+PRESSURE\s+AT\s+\d{6}Z\s+IS\s+(\d{3,4})\s+MB/.exec(text);
  if (!time) return null;
  return {
    time,
    lat: Number(position[4]) * (position[5] === 'S' ? -1 : 1),
    lng: Number(position[6]) * (position[7] === 'W' ? -1 : 1),
    windKt: wind ? Number(wind[1]) : null,
    pressure: pressure ? Number(pressure[1]) : null,
  };
}
