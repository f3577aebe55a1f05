/**
 * Parser for NHC's HURDAT2 text files (`hurdat2-1851-2025-02272026.txt`, `hurdat2-nepac-1949-2025-02272026.txt`;
 * NHC's format description, docs/data/formats.md#hurdat2). Pure: text in, storms and problems out.
 *
 * - A header line (`AL092021, IDA, 40,`: basin + ATCF number + year, name, number of entries) is followed by that
 *   many data lines (`20210829, 1655, L, HU, 29.1N, 90.2W, 130, 931, …`). Fields are comma-separated and padded
 *   with spaces; both are trimmed.
 * - Data lines have 21 fields: date, time (UTC), record identifier, status, latitude, longitude, wind (kt, 1-minute),
 *   pressure (mb), 34/50/64-kt radii NE, SE, SW, NW (nm), radius of maximum wind (nm). Files written before 2022
 *   end the line with a comma where the radius of maximum wind now is: the same 21 fields, the last one blank.
 * - Missing values: wind -99, pressure, radii and radius of maximum wind -999, and blanks. A radius of 0 is a value
 *   (no winds of that strength in that quadrant).
 *
 * Nothing wrong is copied: a line without a real time or position, or with the wrong number of fields, is left
 * out; a value outside its format (a status the format does not list, a wind that is not a number) is left out
 * (null); each is reported with its line. A storm whose header is not one (a basin other than AL, EP, CP), or
 * whose number of data lines is not the header's, is left out whole, reported at its header: the file is damaged
 * there, and part of a track would be published as the whole of it.
 */
import { HURDAT2_RECORDS, HURDAT2_STATUSES, type Hurdat2Point, type Hurdat2Storm } from '../../model/hurdat2-schemas.ts';
import type { FileProblem, FileRejection } from '../../model/parse-problems.ts';
import { toUtcIso, utcDate } from '../../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../../model/upstream-text.ts';
import { checkPosition, increasingPoints, PRESSURE_RANGE_HPA, WIND_MAX_KT, type PointRow } from '../agencies/agency-points.ts';

export interface Hurdat2ParseResult {
  storms: Hurdat2Storm[];
  /** Every problem, with the file (as given) and line, in line order. */
  problems: FileProblem[];
  /** Names left out by the cyclone-name check (src/model/upstream-text.ts). */
  rejected: FileRejection[];
}

const HEADER_ID = /^([A-Z]{2})(\d{2})(\d{4})$/;
const DATE = /^\d{8}$/;
const TIME = /^(\d{2})(\d{2})$/;
const LATITUDE = /^(\d{1,2}(?:\.\d+)?)([NS])$/;
const LONGITUDE = /^(\d{1,3}(?:\.\d+)?)([EW])$/;
const INTEGER = /^-?\d+$/;
const DATA_FIELDS = 21;
/** Data-line fields of the radii (34 kt NE, SE, SW, NW; 50 kt …; 64 kt …) and of the radius of maximum wind. */
const RADII_FROM = 8;
const RMW_FIELD = 20;
const QUADRANTS = ['ne', 'se', 'sw', 'nw'] as const;
/** Radii and the radius of maximum wind: NHC's largest 34-kt radii are under 700 nm; 999 is the ATCF field's width. */
const RADIUS_RANGE_NM = [0, 999] as const;

interface OpenStorm {
  /** Null when the header was refused: its data lines are counted and left out. */
  storm: Omit<Hurdat2Storm, 'points'> | null;
  announced: number;
  dataLines: number;
  rows: PointRow<Hurdat2Point>[];
}

export function parseHurdat2(text: string, file: string): Hurdat2ParseResult {
  const problems: FileProblem[] = [];
  const rejected: TextRejection[] = [];
  const storms: Hurdat2Storm[] = [];
  const seen = new Set<string>();
  const report = (line: number, message: string) => problems.push({ file, line, message });
  let open: OpenStorm | null = null;

  const close = () => {
    if (!open?.storm) return;
    const { storm, announced, dataLines, rows } = open;
    if (dataLines !== announced) {
      report(storm.line, `${storm.id}: the header announces ${announced} data lines, ${dataLines} follow: storm left out`);
      return;
    }
    const lineProblems: { line: number; message: string }[] = [];
    const points = increasingPoints(rows, lineProblems);
    for (const p of lineProblems) report(p.line, p.message);
    if (points.length === 0) report(storm.line, `${storm.id}: no readable data line: storm left out`);
    else if (seen.has(storm.id)) report(storm.line, `${storm.id} appears a second time in the file: left out`);
    else {
      seen.add(storm.id);
      storms.push({ ...storm, points });
    }
  };

  const header = (fields: string[], line: number): OpenStorm => {
    const [id = '', rawName = '', count = '', ...rest] = fields;
    const match = HEADER_ID.exec(id);
    const refused = (why: string): OpenStorm => {
      report(line, `header "${fields.join(',')}": ${why}: storm left out with its data lines`);
      return { storm: null, announced: 0, dataLines: 0, rows: [] };
    };
    if (!match) return refused('the first field is not basin, number and year (AL092021)');
    const [basin, number, year] = match.slice(1) as [string, string, string];
    if (basin !== 'AL' && basin !== 'EP' && basin !== 'CP') return refused(`basin ${basin} is not AL, EP or CP`);
    if (!/^\d+$/.test(count) || rest.some((field) => field !== '')) return refused('not "id, name, number of entries,"');
    const name = rawName === 'UNNAMED' ? null : keep(checkCycloneName(rawName), rejected, { field: 'name', storm: id, line });
    return {
      storm: { id, basin, number: Number(number), year: Number(year), name, line, windPeriodMinutes: 1 },
      announced: Number(count),
      dataLines: 0,
      rows: [],
    };
  };

  /** A whole-number field: its value; null for blank or its missing-value code; else null, reported. */
  const integer = (field: string, what: string, missing: string, [min, max]: readonly [number, number], line: number) => {
    if (field === '' || field === missing) return null;
    const n = Number(field);
    if (INTEGER.test(field) && n >= min && n <= max) return n;
    report(line, `${what} "${field}" is not a whole number within ${min}–${max} (missing is ${missing}): left out`);
    return null;
  };

  const dataLine = (fields: string[], line: number): Hurdat2Point | null => {
    // 20 fields: a line of the layout before 2022 without its final comma.
    if (fields.length !== DATA_FIELDS && fields.length !== DATA_FIELDS - 1) {
      report(line, `${fields.length} fields instead of ${DATA_FIELDS}: line left out`);
      return null;
    }
    const [date = '', clock = '', record = '', status = '', latText = '', lngText = '', wind = '', pressure = ''] = fields;
    const hm = TIME.exec(clock);
    const instant =
      DATE.test(date) && hm
        ? utcDate(Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8)), Number(hm[1]), Number(hm[2]))
        : null;
    if (!instant) {
      report(line, `date "${date}" and time "${clock}" are not a real UTC time: line left out`);
      return null;
    }
    const lat = LATITUDE.exec(latText);
    const lng = LONGITUDE.exec(lngText);
    const lineProblems: { line: number; message: string }[] = [];
    const position =
      lat && lng
        ? checkPosition(Number(lat[1]) * (lat[2] === 'S' ? -1 : 1), Number(lng[1]) * (lng[2] === 'W' ? -1 : 1), line, lineProblems)
        : null;
    for (const p of lineProblems) report(p.line, p.message);
    if (!position) {
      if (!(lat && lng)) report(line, `position "${latText}", "${lngText}" is not degrees with a hemisphere (29.1N, 90.2W): line left out`);
      return null;
    }
    const code = <T extends string>(value: string, codes: Record<T, string>, what: string): T | null => {
      if (value === '') return null;
      if (Object.hasOwn(codes, value)) return value as T;
      report(line, `${what} "${value}" is not one of ${Object.keys(codes).join(', ')}: left out`);
      return null;
    };
    const radius = (i: number) => integer(fields[i] ?? '', 'wind radius (nm)', '-999', RADIUS_RANGE_NM, line);
    const threshold = (first: number) => {
      const quadrants = Object.fromEntries(QUADRANTS.map((q, k) => [q, radius(first + k)])) as Record<
        (typeof QUADRANTS)[number],
        number | null
      >;
      return Object.values(quadrants).every((r) => r === null) ? null : quadrants;
    };
    return {
      time: toUtcIso(instant),
      line,
      record: code(record, HURDAT2_RECORDS, 'record identifier'),
      status: code(status, HURDAT2_STATUSES, 'status'),
      lat: position.lat,
      lng: position.lng,
      windKt: integer(wind, 'wind (kt)', '-99', [0, WIND_MAX_KT], line),
      pressureHpa: integer(pressure, 'pressure (mb)', '-999', PRESSURE_RANGE_HPA, line),
      radiiNm: { kt34: threshold(RADII_FROM), kt50: threshold(RADII_FROM + 4), kt64: threshold(RADII_FROM + 8) },
      rmwNm: integer(fields[RMW_FIELD] ?? '', 'radius of maximum wind (nm)', '-999', RADIUS_RANGE_NM, line),
    };
  };

  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop(); // the final newline ends the last line; it does not start another
  lines.forEach((raw, i) => {
    const line = i + 1;
    const fields = raw
      .replace(/\r$/, '')
      .split(',')
      .map((field) => field.trim());
    const first = fields[0] ?? '';
    if (fields.every((field) => field === '')) report(line, 'empty line');
    // A header's shape (3 fields and the final comma) starting with a letter is a header, even a broken one: the
    // data lines after it are its own, never the previous storm's.
    else if (HEADER_ID.test(first) || ((fields.length === 3 || fields.length === 4) && /^[A-Z]/.test(first))) {
      close();
      open = header(fields, line);
    } else if (DATE.test(first)) {
      if (!open) report(line, 'data line before any header: left out');
      else {
        open.dataLines += 1;
        const point = open.storm && dataLine(fields, line);
        if (point) open.rows.push({ point, line });
      }
    } else report(line, 'neither a header line (AL092021, NAME, 40,) nor a data line (a YYYYMMDD date first): left out');
  });
  close();
  return {
    storms,
    problems: problems.sort((a, b) => a.line - b.line),
    rejected: rejected.map((r) => ({ file, ...r })),
  };
}
