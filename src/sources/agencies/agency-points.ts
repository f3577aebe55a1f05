/**
 * The value checks every agency parser shares: a row becomes a track point only with a real time and a
 * position on the globe; a wind or pressure outside what the atmosphere allows is reported and left out (null),
 * never copied. Blank fields are missing values, not problems; text that is not a number is a problem.
 */
import type { AgencyPoint } from '../../model/agency-track-schemas.ts';
import { normaliseLongitude } from '../../model/geo.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { checkCode, type TextRejection } from '../../model/upstream-text.ts';
import { toUtcIso } from '../../model/time.ts';
import { knotsToMs } from '../../model/units.ts';

/**
 * What every agency parser returns: the storms it could read, every problem with its line, and the names it left
 * out because they fail the cyclone-name check (src/model/upstream-text.ts).
 */
export interface AgencyParseResult<T> {
  tracks: T[];
  problems: ParseProblem[];
  rejected: TextRejection[];
}

/** Bounds of a believable best-track value: the records are 870 hPa and about 185 kt (1-minute). */
export const PRESSURE_RANGE_HPA: readonly [number, number] = [850, 1100];
export const WIND_MAX_KT = 250;

/**
 * A field as a number, divided by `unit` (10 for tenths of a degree): blank is null; anything else that is not a
 * number is reported (what, as written) and null.
 */
export function fieldNumber(text: string | undefined, what: string, line: number, problems: ParseProblem[], unit = 1): number | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (Number.isFinite(value)) return value / unit;
  problems.push({ line, message: `${what} "${trimmed}" is not a number: left out` });
  return null;
}

export interface Intensity {
  /** The wind as the agency wrote it, kt (null when not given). */
  windKt: number | null;
  windMs: number | null;
  pressureHpa: number | null;
}

/** Wind (kt; 0 = not given, as JMA's `000` and ATCF's 0) and pressure (hPa; 0 = not given) checked and converted. */
export function checkIntensity(
  windKt: number | null,
  pressure: number | null,
  line: number,
  problems: ParseProblem[],
  who = '',
): Intensity {
  let wind = windKt;
  if (wind !== null && (wind < 0 || wind > WIND_MAX_KT)) {
    problems.push({ line, message: `${who}wind ${wind} kt is outside 0–${WIND_MAX_KT} kt: left out` });
    wind = null;
  }
  let hpa = pressure === 0 ? null : pressure;
  if (hpa !== null && (hpa < PRESSURE_RANGE_HPA[0] || hpa > PRESSURE_RANGE_HPA[1])) {
    problems.push({ line, message: `${who}pressure ${hpa} hPa is outside ${PRESSURE_RANGE_HPA.join('–')} hPa: left out` });
    hpa = null;
  }
  const given = wind === null || wind <= 0 ? null : wind;
  return { windKt: given, windMs: knotsToMs(given), pressureHpa: hpa };
}

/** A position: latitude within ±90, longitude within −180…360 (0–360 °E in some sources), returned as −180…180; else null, reported. */
export function checkPosition(
  lat: number | null,
  lng: number | null,
  line: number,
  problems: ParseProblem[],
  who = '',
): { lat: number; lng: number } | null {
  if (lat === null || lng === null) {
    problems.push({
      line,
      message: `${who}position incomplete (latitude ${lat ?? 'missing'}, longitude ${lng ?? 'missing'}): row left out`,
    });
    return null;
  }
  if (Math.abs(lat) > 90 || lng < -180 || lng > 360) {
    problems.push({ line, message: `${who}position ${lat}, ${lng} is not on the globe: row left out` });
    return null;
  }
  return { lat, lng: normaliseLongitude(lng) };
}

export interface RawPoint {
  time: Date | null;
  lat: number | null;
  lng: number | null;
  windKt: number | null;
  pressure: number | null;
  grade: string | null;
}

/** An agency's grade or category code (JMA `5`, HKO `SuperT`, IBTrACS `TS`), or null (reported) when it is not a code. */
export function checkGrade(grade: string | null, line: number, problems: ParseProblem[]): string | null {
  const checked = checkCode(grade);
  if (checked.rejection) problems.push({ line, message: `grade ${JSON.stringify(grade?.slice(0, 40))} is not a code: left out` });
  return checked.value;
}

/** A row as a track point, or null (reported) when it has no real time or position. */
export function checkPoint(raw: RawPoint, line: number, problems: ParseProblem[]): AgencyPoint | null {
  if (!raw.time) {
    problems.push({ line, message: 'not a real date and time: row left out' });
    return null;
  }
  const position = checkPosition(raw.lat, raw.lng, line, problems);
  if (!position) return null;
  return {
    time: toUtcIso(raw.time),
    ...position,
    ...checkIntensity(raw.windKt, raw.pressure, line, problems),
    grade: checkGrade(raw.grade, line, problems),
  };
}

/** A track point with the line it was read from. */
export interface PointRow<P extends { time: string } = AgencyPoint> {
  point: P;
  line: number;
}

/** The points in file order, each later than the one before; a point that is not is reported and left out. */
export function increasingPoints<P extends { time: string }>(rows: readonly PointRow<P>[], problems: ParseProblem[]): P[] {
  const points: P[] = [];
  for (const { point, line } of rows) {
    const last = points[points.length - 1];
    if (last && point.time <= last.time) {
      problems.push({ line, message: `time ${point.time} does not follow ${last.time}: row left out` });
      continue;
    }
    points.push(point);
  }
  return points;
}
