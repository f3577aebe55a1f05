/**
 * Checks of the values the Zhejiang archive adds to a storm (landfalls, wind circles) against the merged track.
 * A value that fails is LEFT OUT of the record, never copied, and listed in the data-quality report the build
 * prints and publishes (`api/_data/data-quality.json`): `{ generatedFrom, counts, problems }`, each problem
 * `{ code, file, field, value, rule, action }`. These are faults of single values in files that are otherwise
 * sound, so they do not stop the build; faults of whole files (unreadable, empty, a storm CMA lacks) do, and are
 * found in src/sources/read-sources.ts. The report also lists every value the build corrects: English names CMA
 * misspells (src/archive/correct-names.ts, with the evidence) and the 1945–1948 winds the Zhejiang archive
 * converted from JTWC's knots with the decimals cut (src/archive/jtwc-winds.ts), and every storm the crosswalk
 * could not link to another agency's record without guessing (`crosswalk-*`, src/archive/crosswalk.ts), and every
 * name or place the parsers left out because it failed the upstream-text check (`name-unlisted`,
 * `text-markup-or-link`, `text-implausible`; src/model/upstream-text.ts), its value shown inert.
 *
 * Tolerances, from the real archive (1945–2025, the set CI gives: 606 landfall records on 534 storms, 176,776
 * radius values; measured against the merged track the API serves):
 *
 * - Landfall time within the storm's life, from 12 h before its first track point to 12 h after its last.
 *   The track is 6-hourly, so a landfall just past the last point is possible: the largest lags of sound records
 *   are 3.0 h (202306 KHANUN in Liaoning, after CMA's last point) and 2.5 h (201610 LIONROCK near Vladivostok).
 *   Two 6-hourly steps keep those and catch the faults: 199018 lands 14 h after CMA's DOT entry ends (the
 *   landfall belongs to the time of its secondary entry `Dot(-)1`), and 201305, 201331 and 201522 are dated a
 *   year before their storm (a mistyped year).
 * - Landfall position within 300 km of the track (great-circle distance to the nearest point or segment). 602
 *   of the 605 records with coordinates in range lie within 125 km; the next two land where CMA's track has
 *   already ended (201610 LIONROCK's remnant near Vladivostok, 287 km, 2.5 h after CMA's last point; 199018 DOT
 *   at Kinmen, 245 km, left out anyway for its time). Beyond 300 km lies only 201326 WIPHA (333 km: "southeast
 *   coast of Honshu" written as the round 42.0°N 142.0°E, which is Hokkaido's coast, while WIPHA passed off
 *   Honshu's east coast), besides 201509's swapped pair. No landfall lies before its storm's first point but
 *   the three dated a year early.
 * - Coordinates: |lat| ≤ 90 and |lng| ≤ 180 after the 0–360°E scale is converted. A latitude above 90 that is
 *   a valid longitude, or a pair that lies near the track only when swapped, is reported as "lat/lng swapped".
 * - Landfalls in time order: the records of 12 storms are not (e.g. 201409 RAMMASUN lists Guangxi before
 *   Xuwen). The order is judged after what fails is left out, so 201305 (out of order only through its landfall
 *   dated a year early) needs no reordering; the other 11 are put in time order and each reordering is listed.
 * - Wind radii: force 7 ≤ 1,500 km, force 10 ≤ 1,000 km, force 12 ≤ 600 km. In the archive the largest
 *   force-7 radius but one fault is 1,150 km (99.9 % are ≤ 600 km); the largest gale radius ever measured
 *   (TIP 1979) is about 1,100 km. The fault is 200918 MELOR's 3,380 km on two points. Force 10 peaks at 600 km
 *   (99.9 % ≤ 280 km) and force 12 at 150 km: the bounds keep the same margin over what was observed.
 *   A circle with a quadrant beyond the bound is left out whole (the point's radius for that force is null).
 */
import path from 'node:path';
import { distanceToTrackKm, type Position } from '../model/geo.ts';
import type { FileRejection } from '../model/parse-problems.ts';
import type { TrackPoint, WindCircle } from '../model/typhoon-schemas.ts';
import { LEFT_OUT, reportedValue } from '../model/upstream-text.ts';
import { toBeijingIso } from '../model/time.ts';
import { CMA_FILE_PATTERN } from '../sources/read-sources.ts';
import type { ZjLandfall, ZjStorm } from '../sources/zj-archive.ts';

export const DATA_QUALITY_CODES = [
  'landfall-before-track',
  'landfall-after-track',
  'landfall-off-track',
  'landfall-latlng-swapped',
  'landfall-out-of-range',
  'landfalls-out-of-order',
  'radius-implausible',
  'zj-matched-by-number',
  'zj-after-last-cma-year',
  'enname-corrected',
  'wind-reconverted',
  'crosswalk-ambiguous',
  'crosswalk-conflict',
  'name-unlisted',
  'text-markup-or-link',
  'text-implausible',
] as const;
export type DataQualityCode = (typeof DATA_QUALITY_CODES)[number];

export interface DataQualityProblem {
  code: DataQualityCode;
  /** The source file, relative to the sources folder: `zj/201522.json`, `cma-bst/CH1997BST.txt`. */
  file: string;
  /** Where in the file, with the snake_case key names: `land[0].land_time`, `points[12].radius7`. */
  field: string;
  /** The value as read (times in Beijing time, longitudes on the −180…180 scale). */
  value: unknown;
  /** The rule it breaks, with the tolerance. */
  rule: string;
  /** What the build did with it. */
  action: string;
}

export interface DataQualityReport {
  /** What was checked: the source years and files (no path, no build time: the same data gives the same bytes). */
  generatedFrom: string;
  /** Problems per code. */
  counts: Partial<Record<DataQualityCode, number>>;
  problems: DataQualityProblem[];
}

export const LANDFALL_TIME_TOLERANCE_HOURS = 12;
export const LANDFALL_DISTANCE_KM = 300;
export const RADIUS_BOUNDS_KM = { radius7: 1500, radius10: 1000, radius12: 600 } as const;

const HOUR = 3600_000;
/** The same calendar time n years later (earlier for negative n). */
const shiftYears = (date: Date, n: number) => {
  const shifted = new Date(date.getTime());
  shifted.setUTCFullYear(shifted.getUTCFullYear() + n);
  return shifted.getTime();
};
const km = (n: number) => `${Math.round(n).toLocaleString('en-US')} km`;

export const zjFile = (tfbh: string) => `zj/${tfbh}.json`;

const inRange = (p: Position) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
const swapped = (p: Position): Position => ({ lat: p.lng, lng: p.lat });

/** What is wrong with a landfall's position, if anything: out of range, off the track, or lat/lng swapped. */
function positionFault(land: ZjLandfall, track: readonly Position[]): { code: DataQualityCode; rule: string } | null {
  const position = { lat: land.lat, lng: land.lng };
  if (!inRange(position)) {
    const flipped = inRange(swapped(position));
    return {
      code: flipped ? 'landfall-latlng-swapped' : 'landfall-out-of-range',
      rule: flipped
        ? `|lat| ≤ 90 and |lng| ≤ 180: lat ${land.lat} is out of range but valid as the longitude; lat/lng swapped (swapped, the point is ${km(distanceToTrackKm(swapped(position), track))} from the track)`
        : '|lat| ≤ 90 and |lng| ≤ 180 (longitudes 0–360°E are converted first)',
    };
  }
  const distance = distanceToTrackKm(position, track);
  if (distance <= LANDFALL_DISTANCE_KM) return null;
  const flipped = inRange(swapped(position)) && distanceToTrackKm(swapped(position), track) <= LANDFALL_DISTANCE_KM;
  return {
    code: flipped ? 'landfall-latlng-swapped' : 'landfall-off-track',
    rule: flipped
      ? `a landfall lies within ${km(LANDFALL_DISTANCE_KM)} of the track; this one is ${km(distance)} from it and lies near it only with lat/lng swapped`
      : `a landfall lies within ${km(LANDFALL_DISTANCE_KM)} of the track (great-circle distance to its nearest point or segment); this one is ${km(distance)} from it${land.position ? ` ("${land.position}")` : ''}`,
  };
}

export interface CheckedLandfalls {
  /** The landfalls that pass, in time order. */
  land: ZjLandfall[];
  problems: DataQualityProblem[];
}

/** Checks a zj storm's landfalls against the merged track it joins; what fails is left out. */
export function checkLandfalls(zj: ZjStorm, track: readonly Pick<TrackPoint, 'time' | 'lat' | 'lng'>[]): CheckedLandfalls {
  const file = zjFile(zj.tfbh);
  const problems: DataQualityProblem[] = [];
  if (zj.land.length === 0 || track.length === 0) return { land: [...zj.land], problems };
  const first = track[0] as Pick<TrackPoint, 'time'>;
  const last = track[track.length - 1] as Pick<TrackPoint, 'time'>;
  const [start, end] = [Date.parse(first.time), Date.parse(last.time)];
  const tolerance = LANDFALL_TIME_TOLERANCE_HOURS * HOUR;
  const withinLife = (instant: number) => instant >= start - tolerance && instant <= end + tolerance;
  const leftOut = 'landfall left out of the record';

  const kept: { land: ZjLandfall; index: number }[] = [];
  zj.land.forEach((land, index) => {
    const at = `land[${index}]`;
    const position = { lat: land.lat, lng: land.lng };
    const before = problems.length;
    const instant = land.time.getTime();
    if (!withinLife(instant)) {
      const early = instant < start - tolerance;
      const yearOff = withinLife(shiftYears(land.time, early ? 1 : -1));
      problems.push({
        code: early ? 'landfall-before-track' : 'landfall-after-track',
        file,
        field: `${at}.land_time`,
        value: toBeijingIso(land.time),
        rule: early
          ? `a landfall is no earlier than ${LANDFALL_TIME_TOLERANCE_HOURS} h before the storm's first track point (${first.time}); this one is ${((start - instant) / HOUR).toFixed(1)} h before it`
          : `a landfall is no later than ${LANDFALL_TIME_TOLERANCE_HOURS} h after the storm's last track point (${last.time}); this one is ${((instant - end) / HOUR).toFixed(1)} h after it`,
        action: yearOff ? `${leftOut} (the date fits the storm one year ${early ? 'later' : 'earlier'}: a mistyped year?)` : leftOut,
      });
    }
    const fault = positionFault(land, track);
    if (fault) problems.push({ code: fault.code, file, field: `${at}.lat/lng`, value: position, rule: fault.rule, action: leftOut });
    if (problems.length === before) kept.push({ land, index });
  });

  const ordered = [...kept].sort((a, b) => a.land.time.getTime() - b.land.time.getTime());
  if (ordered.some((k, i) => k !== kept[i])) {
    problems.push({
      code: 'landfalls-out-of-order',
      file,
      field: 'land',
      value: kept.map((k) => toBeijingIso(k.land.time)),
      rule: 'landfalls are listed in time order',
      action: `put in time order: ${ordered.map((k) => `land[${k.index}]`).join(', ')}`,
    });
  }
  return { land: ordered.map((k) => k.land), problems };
}

export interface CheckedRadii {
  /** The storm with every implausible circle replaced by null (the same object when nothing failed). */
  storm: ZjStorm;
  problems: DataQualityProblem[];
}

/** Checks every wind circle of a zj storm against the bounds; a circle beyond them is left out (null). */
export function checkWindRadii(zj: ZjStorm): CheckedRadii {
  const problems: DataQualityProblem[] = [];
  const file = zjFile(zj.tfbh);
  let changed = false;
  const points = zj.points.map((point, index) => {
    let next = point;
    for (const key of ['radius7', 'radius10', 'radius12'] as const) {
      const circle: WindCircle | null = point[key];
      const bound = RADIUS_BOUNDS_KM[key];
      const values = circle ? Object.values(circle).filter((v): v is number => v !== null) : [];
      if (!values.some((v) => v > bound || v < 0)) continue;
      problems.push({
        code: 'radius-implausible',
        file,
        field: `points[${index}].${key}`,
        value: circle,
        rule: `a force-${key.slice(6)} wind radius is 0–${km(bound)} in every quadrant`,
        action: `${key} of the point at ${toBeijingIso(point.time)} left out (null)`,
      });
      next = { ...next, [key]: null };
      changed = true;
    }
    return next;
  });
  return { storm: changed ? { ...zj, points } : zj, problems };
}

/**
 * A name or place a parser left out (src/model/upstream-text.ts) as a report entry: a name missing from the names
 * table, text carrying markup or a link, or text that is not its kind's shape. The value is shown inert (every
 * character but letters, digits and spaces as `\u{…}`), so the report carries no markup or link either.
 * `prefix` places the file in the sources folder (`agencies/` for other agencies' files).
 */
export function rejectedTextProblem(rejection: FileRejection, prefix = ''): DataQualityProblem {
  const { reason, kind, field, line, storm } = rejection;
  const where = line !== null && !rejection.file.startsWith('zj/') ? `line ${line}: ${field}` : field;
  return {
    code: reason === 'unlisted' ? 'name-unlisted' : reason === 'markup' || reason === 'link' ? 'text-markup-or-link' : 'text-implausible',
    file: `${prefix}${rejection.file}`,
    field: where,
    value: reportedValue(rejection.value),
    rule: rejection.rule,
    action: `${LEFT_OUT[kind]}${storm ? ` for ${storm}` : ''}`,
  };
}

/** What the report was generated from: the years and files of each source, without a path or a time. */
export function describeGeneratedFrom(
  files: readonly string[],
  demo: boolean,
  agencyFiles: Readonly<Record<string, readonly string[]>> = {},
): string {
  const cmaYears = files.map((f) => Number(CMA_FILE_PATTERN.exec(path.posix.basename(f))?.[1])).filter((y) => y > 0);
  const zjFiles = files.filter((f) => f.startsWith('zj/'));
  const zjYears = zjFiles.map((f) => Number(path.posix.basename(f).slice(0, 4))).filter((y) => y > 0);
  const span = (years: number[]) => (years.length ? `${Math.min(...years)}–${Math.max(...years)}` : 'none');
  const agencies = Object.entries(agencyFiles)
    .filter(([, list]) => list.length)
    .map(([agency, list]) => `${agency} ${list.length}`);
  const others = agencies.length ? `; other agencies' files: ${agencies.join(', ')}` : '';
  return `${demo ? 'DEMO archive: ' : ''}CMA best track ${span(cmaYears)} (${cmaYears.length} year files), Zhejiang archive ${span(zjYears)} (${zjFiles.length} files)${others}`;
}

/** The report: problems sorted by file (each file's in the order found), with counts per code. */
export function dataQualityReport(
  sources: { files: readonly string[]; demo: boolean; agencies?: { files: Readonly<Record<string, readonly string[]>> } },
  problems: readonly DataQualityProblem[],
): DataQualityReport {
  const sorted = [...problems].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const counts: Partial<Record<DataQualityCode, number>> = {};
  for (const code of DATA_QUALITY_CODES) {
    const n = sorted.filter((p) => p.code === code).length;
    if (n) counts[code] = n;
  }
  return { generatedFrom: describeGeneratedFrom(sources.files, sources.demo, sources.agencies?.files), counts, problems: sorted };
}

/** One problem on one line, for the build log. */
export const formatDataQualityProblem = (p: DataQualityProblem) =>
  `${p.file} ${p.field} = ${JSON.stringify(p.value)}: ${p.code}; ${p.action}`;

/** The build's log: a summary line, then the first few problems. */
export function summarizeDataQuality(report: DataQualityReport, file: string, shown = 5): string {
  const total = report.problems.length;
  if (total === 0) return `Data quality: every zj landfall and wind circle passed its checks, nothing corrected (${file})`;
  const byCode = Object.entries(report.counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const lines = [`Data quality: ${total} source value(s) left out, corrected, reordered or noted (${byCode}); all of them in ${file}`];
  lines.push(...report.problems.slice(0, shown).map((p) => `  - ${formatDataQualityProblem(p)}`));
  if (total > shown) lines.push(`  … and ${total - shown} more`);
  return lines.join('\n');
}
