/**
 * Parser for IBTrACS v04 CSV (`ibtracs.WP.list.v04r01.csv`, `ibtracs.ACTIVE.list.v04r01.csv`, and v04r00;
 * NOAA NCEI's column documentation; docs/formats.md#ibtracs). Pure: text in, storms out.
 *
 * - Line 1 names the columns, line 2 gives their units; data from line 3, one row per time (3-hourly, with
 *   interpolated rows between the agencies' 6-hourly ones), rows of a storm together. A missing value is a single
 *   space. Columns are found by name: v04r01 inserts 11 KMA_* columns that v04r00 lacks.
 * - ISO_TIME is UTC; LON is −180…180; winds are kt with each agency's own averaging period (USA 1 minute, Tokyo
 *   and HKO 10, CMA 2; WMO_WIND the responsible WMO agency's, no adjustment); pressures mb (= hPa).
 * - The CSV has no JMA, CMA or HKO storm number: USA_ATCF_ID is the only agency id beside the SID.
 * - NAME is free text, checked as a cyclone name (src/model/upstream-text.ts): one that fails is left out (null)
 *   and returned in `rejected`.
 * The WP file holds every storm since 1884 (about 240,000 rows): rows are reduced to the few columns used as they
 * are read (csv-parse `on_record`), so the 174-field arrays never pile up.
 */
import { parse } from 'csv-parse/sync';
import type { IbtracsPoint, IbtracsTrack } from '../../model/agency-track-schemas.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { parseLocalTimestamp, toUtcIso } from '../../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../../model/upstream-text.ts';
import {
  checkGrade,
  checkIntensity,
  checkPosition,
  fieldNumber,
  increasingPoints,
  type AgencyParseResult,
  type PointRow,
} from './agency-points.ts';

const REQUIRED = [
  'SID',
  'SEASON',
  'BASIN',
  'NAME',
  'ISO_TIME',
  'NATURE',
  'LAT',
  'LON',
  'WMO_WIND',
  'WMO_PRES',
  'WMO_AGENCY',
  'TRACK_TYPE',
  'USA_ATCF_ID',
  'IFLAG',
] as const;

/** Each agency's columns: <prefix>_LAT, _LON, _WIND, _PRES and its category column. */
/** Each agency's columns: <prefix>_LAT, _LON, _WIND, _PRES, its category column, and its character in IFLAG. */
const AGENCY_COLUMNS = {
  usa: { prefix: 'USA', grade: 'USA_STATUS', flag: 0 },
  tokyo: { prefix: 'TOKYO', grade: 'TOKYO_GRADE', flag: 1 },
  cma: { prefix: 'CMA', grade: 'CMA_CAT', flag: 2 },
  hko: { prefix: 'HKO', grade: 'HKO_CAT', flag: 3 },
  kma: { prefix: 'KMA', grade: 'KMA_CAT', flag: 4 }, // v04r01 inserts KMA as IFLAG's 5th character
} as const;
type FixAgency = keyof typeof AGENCY_COLUMNS;

/** Averaging period (minutes) of WMO_WIND by WMO_AGENCY, from the column documentation. */
const WMO_WIND_MINUTES: Record<string, number> = {
  hurdat_atl: 1,
  hurdat_epa: 1,
  atcf: 1,
  cphc: 1,
  tokyo: 10,
  newdelhi: 3,
  reunion: 10,
  bom: 10,
  nadi: 10,
  wellington: 10,
};

/** Unnamed storms: NOT_NAMED in v04r00, UNNAMED in v04r01. */
const NO_NAME = new Set(['NOT_NAMED', 'UNNAMED', '']);

interface StormRows {
  header: Omit<IbtracsTrack, 'points' | 'windPeriodMinutes' | 'basins' | 'usaAtcfIds'>;
  basins: Set<string>;
  usaAtcfIds: Set<string>;
  wmoAgencies: Set<string>;
  rows: PointRow<IbtracsPoint>[];
}

class BadHeader extends Error {}

export function parseIbtracsCsv(text: string): AgencyParseResult<IbtracsTrack> {
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  const storms = new Map<string, StormRows>();
  let column: Record<string, number> = {};
  let width = 0;
  let version = '';
  const at = (record: string[], name: string) => (column[name] === undefined ? '' : (record[column[name] as number] ?? '').trim());

  const fix = (record: string[], agency: FixAgency, line: number) => {
    const { prefix, grade, flag } = AGENCY_COLUMNS[agency];
    const cells = [`${prefix}_LAT`, `${prefix}_LON`, `${prefix}_WIND`, `${prefix}_PRES`, grade].map((name) => at(record, name));
    if (cells.every((cell) => cell === '')) return undefined;
    const who = `${prefix}_: `;
    const [lat, lng] = [fieldNumber(cells[0], `${prefix}_LAT`, line, problems), fieldNumber(cells[1], `${prefix}_LON`, line, problems)];
    const position = lat === null && lng === null ? null : checkPosition(lat, lng, line, problems, who);
    const intensity = checkIntensity(
      fieldNumber(cells[2], `${prefix}_WIND`, line, problems),
      fieldNumber(cells[3], `${prefix}_PRES`, line, problems),
      line,
      problems,
      who,
    );
    return {
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      ...intensity,
      grade: cells[4] || null,
      original: at(record, 'IFLAG')[flag] === 'O',
    };
  };

  const row = (record: string[], line: number) => {
    if (record.length !== width) {
      problems.push({ line, message: `${record.length} columns instead of ${width}: row left out` });
      return;
    }
    const sid = at(record, 'SID');
    const time = parseLocalTimestamp(at(record, 'ISO_TIME'), 'utc');
    if (!/^\d{7}[NS]\d{5}$/.test(sid) || !time) {
      problems.push({ line, message: `SID "${sid}" or ISO_TIME "${at(record, 'ISO_TIME')}" is not valid: row left out` });
      return;
    }
    const position = checkPosition(
      fieldNumber(at(record, 'LAT'), 'LAT', line, problems),
      fieldNumber(at(record, 'LON'), 'LON', line, problems),
      line,
      problems,
    );
    if (!position) return;
    const wmo = checkIntensity(
      fieldNumber(at(record, 'WMO_WIND'), 'WMO_WIND', line, problems),
      fieldNumber(at(record, 'WMO_PRES'), 'WMO_PRES', line, problems),
      line,
      problems,
      'WMO_: ',
    );
    const agencies: IbtracsPoint['agencies'] = {};
    for (const agency of Object.keys(AGENCY_COLUMNS) as FixAgency[]) {
      const values = fix(record, agency, line);
      if (values) agencies[agency] = values;
    }
    const wmoAgency = at(record, 'WMO_AGENCY') || null;
    let storm = storms.get(sid);
    if (!storm) {
      const name = at(record, 'NAME');
      storm = {
        header: {
          agency: 'ibtracs',
          id: sid,
          sid,
          name: NO_NAME.has(name) ? null : keep(checkCycloneName(name), rejected, { field: 'NAME', storm: sid, line }),
          version,
          season: Number(at(record, 'SEASON')),
          trackType: at(record, 'TRACK_TYPE'),
        },
        basins: new Set(),
        usaAtcfIds: new Set(),
        wmoAgencies: new Set(),
        rows: [],
      };
      storms.set(sid, storm);
    }
    storm.basins.add(at(record, 'BASIN'));
    if (at(record, 'USA_ATCF_ID')) storm.usaAtcfIds.add(at(record, 'USA_ATCF_ID'));
    if (wmoAgency && wmo.windMs !== null) storm.wmoAgencies.add(wmoAgency);
    storm.rows.push({
      point: {
        time: toUtcIso(time),
        ...position,
        ...wmo,
        grade: checkGrade(at(record, 'NATURE') || null, line, problems),
        wmoAgency,
        agencies,
      },
      line,
    });
  };

  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], context) => {
        const line = context.lines;
        if (line === 1) {
          column = Object.fromEntries(record.map((name, i) => [name.trim(), i]));
          width = record.length;
          const missing = REQUIRED.filter((name) => column[name] === undefined);
          if (missing.length) throw new BadHeader(`not an IBTrACS v04 CSV: line 1 lacks ${missing.join(', ')}`);
          version = column.KMA_LAT === undefined ? 'v04r00' : 'v04r01';
        } else if (line === 2) {
          if (record[column.SEASON as number] !== 'Year')
            throw new BadHeader('line 2 is not the IBTrACS units line (SEASON should be "Year")');
        } else row(record, line);
        return null;
      },
    });
  } catch (error) {
    const line = error instanceof BadHeader ? 1 : ((error as { lines?: number }).lines ?? 1);
    return {
      tracks: [],
      problems: [...problems, { line, message: error instanceof BadHeader ? error.message : `not CSV: ${(error as Error).message}` }],
      rejected,
    };
  }

  const tracks: IbtracsTrack[] = [...storms.values()].map((storm) => {
    const periods = new Set([...storm.wmoAgencies].map((agency) => WMO_WIND_MINUTES[agency] ?? null));
    return {
      ...storm.header,
      windPeriodMinutes: periods.size === 1 ? ([...periods][0] as number | null) : null,
      basins: [...storm.basins],
      usaAtcfIds: [...storm.usaAtcfIds],
      points: increasingPoints(storm.rows, problems),
    };
  });
  return { tracks, problems: problems.sort((a, b) => a.line - b.line), rejected };
}
