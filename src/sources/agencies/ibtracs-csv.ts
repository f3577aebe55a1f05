/**
 * Parser for IBTrACS v04 CSV of every basin (`ibtracs.<basin>.list.v04r01.csv`, `ibtracs.ACTIVE.list.v04r01.csv`,
 * and v04r00; NOAA NCEI's column documentation; docs/data/formats.md#ibtracs). Pure: text in, storms out.
 *
 * - Line 1 names the columns, line 2 gives their units; data from line 3, one row per time (3-hourly, with
 *   interpolated rows between the agencies' 6-hourly ones), rows of a storm together. A missing value is a single
 *   space. Columns are found by name: v04r01 inserts 11 KMA_* columns that v04r00 lacks, and exports of the list
 *   may keep only some columns (SID, ISO_TIME, LAT and LON are needed). The units of every position, wind and
 *   pressure column and of SEASON are checked on line 2 (`degrees_north`, `degrees_east`, `kts`, `mb`, `Year`).
 * - ISO_TIME is UTC; LON is −180…180; winds are kt with each agency's own averaging period (USA 1 minute, New Delhi
 *   3, CMA 2, Tokyo, HKO, KMA, La Réunion, BoM, Nadi and Wellington 10; WMO_WIND the responsible WMO agency's, no
 *   adjustment); pressures mb (= hPa). A wind or pressure of 0 is not given (JMA's and CMA's "not analysed").
 * - Exports through a spreadsheet (the HDX copy of the ALL list) write ISO_TIME as `M/D/YY H:MM` from 1900 on,
 *   BASIN and NATURE as words (`South Indian`, `Not reported`): both are read, the two-digit year placed in the
 *   century nearest the SID's year (a storm's first fix gives the SID its year, so its rows are within a year of it).
 * - The CSV has no JMA, CMA or HKO storm number: USA_ATCF_ID is the only agency id beside the SID.
 * - NAME is free text, checked as a cyclone name (src/model/upstream-text.ts): one that fails is left out (null)
 *   and returned in `rejected`.
 * The WP file holds every storm since 1884 (about 240,000 rows): rows are reduced to the few columns used as they
 * are read, so the 174-field arrays never pile up. NCEI's files quote nothing, and are split at their commas; a
 * file with a quote goes through csv-parse.
 */
import { parse } from 'csv-parse/sync';
import {
  IBTRACS_BASINS,
  IBTRACS_NATURES,
  type IbtracsBasin,
  type IbtracsNature,
  type IbtracsPoint,
  type IbtracsTrack,
} from '../../model/agency-track-schemas.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { parseLocalTimestamp, toUtcIso, utcDate } from '../../model/time.ts';
import { checkCycloneName, keep, type TextRejection } from '../../model/upstream-text.ts';
import { checkIntensity, checkPosition, fieldNumber, increasingPoints, type AgencyParseResult, type PointRow } from './agency-points.ts';

const REQUIRED = ['SID', 'ISO_TIME', 'LAT', 'LON'] as const;

type Version = 'v04r00' | 'v04r01';

/**
 * Each agency's columns: <prefix>_LAT, _LON, _WIND, _PRES, its category column, and its character in IFLAG, which
 * v04r01 lengthens by KMA's, inserted 5th.
 */
const AGENCY_COLUMNS = {
  usa: { prefix: 'USA', grade: 'USA_STATUS', flag: { v04r00: 0, v04r01: 0 } },
  tokyo: { prefix: 'TOKYO', grade: 'TOKYO_GRADE', flag: { v04r00: 1, v04r01: 1 } },
  cma: { prefix: 'CMA', grade: 'CMA_CAT', flag: { v04r00: 2, v04r01: 2 } },
  hko: { prefix: 'HKO', grade: 'HKO_CAT', flag: { v04r00: 3, v04r01: 3 } },
  kma: { prefix: 'KMA', grade: 'KMA_CAT', flag: { v04r00: null, v04r01: 4 } },
  newdelhi: { prefix: 'NEWDELHI', grade: 'NEWDELHI_GRADE', flag: { v04r00: 4, v04r01: 5 } },
  reunion: { prefix: 'REUNION', grade: 'REUNION_TYPE', flag: { v04r00: 5, v04r01: 6 } },
  bom: { prefix: 'BOM', grade: 'BOM_TYPE', flag: { v04r00: 6, v04r01: 7 } },
  nadi: { prefix: 'NADI', grade: 'NADI_CAT', flag: { v04r00: 7, v04r01: 8 } },
  wellington: { prefix: 'WELLINGTON', grade: null, flag: { v04r00: 8, v04r01: 9 } },
} as const;
type FixAgency = keyof typeof AGENCY_COLUMNS;

/** Averaging period (minutes) of WMO_WIND by WMO_AGENCY, from the column documentation. */
export const WMO_WIND_MINUTES: Readonly<Record<string, number>> = {
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

/** The units line's unit of each column the parser reads (a column's absence is not checked here). */
function expectedUnit(column: string): string | null {
  if (column === 'SEASON') return 'Year';
  if (column === 'LAT' || column.endsWith('_LAT')) return 'degrees_north';
  if (column === 'LON' || column.endsWith('_LON')) return 'degrees_east';
  if (column.endsWith('_WIND')) return 'kts';
  if (column.endsWith('_PRES')) return 'mb';
  return null;
}

/** Unnamed storms: NOT_NAMED in v04r00, UNNAMED in v04r01. */
const NO_NAME = new Set(['NOT_NAMED', 'UNNAMED', '']);

/** BASIN and NATURE as codes, whether the file writes the code or, as spreadsheet exports do, its words. */
const BASIN_CODES = new Map<string, IbtracsBasin>([
  ...IBTRACS_BASINS.map((code) => [code, code] as const),
  ['North Atlantic', 'NA'],
  ['Eastern North Pacific', 'EP'],
  ['Western North Pacific', 'WP'],
  ['North India', 'NI'],
  ['North Indian', 'NI'],
  ['South Indian', 'SI'],
  ['South Pacific', 'SP'],
  ['South Atlantic', 'SA'],
]);
const NATURE_CODES = new Map<string, IbtracsNature>([
  ...(Object.keys(IBTRACS_NATURES) as IbtracsNature[]).map((code) => [code, code] as const),
  ['Disturbance', 'DS'],
  ['Tropical', 'TS'],
  ['Extratropical', 'ET'],
  ['Subtropical', 'SS'],
  ['Not reported', 'NR'],
  ['Mixture(contradicting report from different agencies)', 'MX'],
]);

/**
 * A string a track keeps, as a copy of its own. A field split out of the file's text is a view of that text when it
 * is 13 characters or longer (V8's sliced strings: a SID is 13), and one kept would keep the whole file alive with
 * it, 74 MB for the South Indian list; flattening a concatenation makes a string apart.
 */
const own = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

/** `M/D/YY H:MM`, the spreadsheet form of ISO_TIME. */
const SPREADSHEET_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{2}) (\d{1,2}):(\d{2})$/;

/** An ISO_TIME as an instant: `YYYY-MM-DD HH:MM:SS`, or `M/D/YY H:MM` in the century nearest the SID's year. */
function rowTime(text: string, sidYear: number): Date | null {
  const sheet = SPREADSHEET_TIME.exec(text);
  if (!sheet) return parseLocalTimestamp(text, 'utc');
  const [month, day, yy, hour, minute] = sheet.slice(1).map(Number) as [number, number, number, number, number];
  const century = Math.round((sidYear - yy) / 100) * 100;
  return utcDate(century + yy, month, day, hour, minute);
}

/**
 * IBTrACS's SEASON where the file has no such column: the year of the SID (the storm's first fix), in the southern
 * hemisphere the next year from 1 July on (its seasons run July–June and are named after the year they end in).
 */
export function seasonOfSid(sid: string): number {
  const year = Number(sid.slice(0, 4));
  if (sid[7] !== 'S') return year;
  const firstFix = new Date(Date.UTC(year, 0, Number(sid.slice(4, 7))));
  return firstFix.getUTCMonth() >= 6 ? year + 1 : year;
}

interface StormRows {
  header: Omit<IbtracsTrack, 'points' | 'windPeriodMinutes' | 'basins' | 'usaAtcfIds'>;
  basins: Set<IbtracsBasin>;
  usaAtcfIds: Set<string>;
  wmoAgencies: Set<string>;
  rows: PointRow<IbtracsPoint>[];
}

class BadHeader extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a reader may leave unread, for speed (the archive of every basin reads only its records' storms, and their WMO and US columns). */
export interface IbtracsReadOptions {
  /** Only these storms (by SID) are read; the rows of the others are skipped unread, and not checked. */
  storms?: ReadonlySet<string>;
  /** Only these agencies' own columns are read (default: every agency the file has); a row is then split only as far as its last column read. */
  agencies?: readonly FixAgency[];
}

/** The columns a row is read for besides the agencies' own. */
const ROW_COLUMNS = [
  ...REQUIRED,
  'SEASON',
  'NAME',
  'BASIN',
  'NATURE',
  'WMO_WIND',
  'WMO_PRES',
  'WMO_AGENCY',
  'TRACK_TYPE',
  'IFLAG',
  'USA_ATCF_ID',
];

/** The first `count` fields of an unquoted CSV line, and how many fields it has in all (its commas, counted, plus one). */
function firstFields(line: string, count: number): { fields: string[]; width: number } {
  const fields: string[] = [];
  let start = 0;
  while (fields.length < count) {
    const comma = line.indexOf(',', start);
    if (comma < 0) {
      fields.push(line.slice(start));
      return { fields, width: fields.length };
    }
    fields.push(line.slice(start, comma));
    start = comma + 1;
  }
  let width = fields.length + 1;
  for (let comma = line.indexOf(',', start); comma >= 0; comma = line.indexOf(',', comma + 1)) width += 1;
  return { fields, width };
}

/**
 * `name` (the file's name) tells the version of an export without agency columns (`…v04r01.csv`); `options` leave
 * storms and columns unread.
 */
export function parseIbtracsCsv(text: string, name = '', options: IbtracsReadOptions = {}): AgencyParseResult<IbtracsTrack> {
  const problems: ParseProblem[] = [];
  const rejected: TextRejection[] = [];
  const storms = new Map<string, StormRows>();
  let column: Record<string, number> = {};
  let width = 0;
  let version: Version | null = null;
  /** The agencies whose columns the file has, from its header (of those asked for). */
  let agencies: FixAgency[] = [];
  /** How many fields of a row are read: every one, or as far as the last column read (options.agencies). */
  let readWidth = Infinity;
  const has = (name: string) => column[name] !== undefined;
  /** A row's SID, read alone (IBTrACS's lists have it first). */
  const sidOf = (line: string) => {
    const at = column.SID ?? 0;
    if (at > 0) return (firstFields(line, at + 1).fields[at] ?? '').trim();
    const comma = line.indexOf(',');
    return (comma < 0 ? line : line.slice(0, comma)).trim();
  };
  const at = (record: string[], name: string) => (column[name] === undefined ? '' : (record[column[name] as number] ?? '').trim());

  const fix = (record: string[], agency: FixAgency, line: number) => {
    const { prefix, grade, flag } = AGENCY_COLUMNS[agency];
    const cells = [`${prefix}_LAT`, `${prefix}_LON`, `${prefix}_WIND`, `${prefix}_PRES`, grade ?? ''].map((name) => at(record, name));
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
    const flagAt = version === null ? null : flag[version];
    return {
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      ...intensity,
      grade: cells[4] || null,
      original: has('IFLAG') && flagAt !== null ? at(record, 'IFLAG')[flagAt] === 'O' : null,
    };
  };

  const coded = <T extends string>(codes: ReadonlyMap<string, T>, record: string[], name: string, line: number): T | null => {
    const text = at(record, name);
    if (text === '') return null;
    const code = codes.get(text);
    if (code === undefined) problems.push({ line, message: `${name} "${text}" is not one IBTrACS documents: left out` });
    return code ?? null;
  };

  const row = (record: string[], line: number, fields = record.length) => {
    if (fields !== width) {
      problems.push({ line, message: `${fields} columns instead of ${width}: row left out` });
      return;
    }
    const sid = at(record, 'SID');
    const valid = /^\d{7}[NS]\d{5}$/.test(sid);
    const time = valid ? rowTime(at(record, 'ISO_TIME'), Number(sid.slice(0, 4))) : null;
    if (!valid || !time) {
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
    const fixes: IbtracsPoint['agencies'] = {};
    for (const agency of agencies) {
      const values = fix(record, agency, line);
      if (values) fixes[agency] = values;
    }
    const wmoAgency = at(record, 'WMO_AGENCY') || null;
    let storm = storms.get(sid);
    if (!storm) {
      const name = own(at(record, 'NAME'));
      const id = own(sid);
      const season = at(record, 'SEASON');
      storm = {
        header: {
          agency: 'ibtracs',
          id,
          sid: id,
          name: NO_NAME.has(name) ? null : keep(checkCycloneName(name), rejected, { field: 'NAME', storm: id, line }),
          version,
          season: /^\d{4}$/.test(season) ? Number(season) : seasonOfSid(sid),
          trackType: own(at(record, 'TRACK_TYPE')) || null,
        },
        basins: new Set(),
        usaAtcfIds: new Set(),
        wmoAgencies: new Set(),
        rows: [],
      };
      storms.set(id, storm);
    }
    const basin = coded(BASIN_CODES, record, 'BASIN', line);
    if (basin) storm.basins.add(basin);
    if (at(record, 'USA_ATCF_ID')) storm.usaAtcfIds.add(at(record, 'USA_ATCF_ID'));
    if (wmoAgency && wmo.windMs !== null) storm.wmoAgencies.add(wmoAgency);
    storm.rows.push({
      point: { time: toUtcIso(time), ...position, ...wmo, grade: coded(NATURE_CODES, record, 'NATURE', line), wmoAgency, agencies: fixes },
      line,
    });
  };

  const readHeader = (record: string[]) => {
    column = Object.fromEntries(record.map((name, i) => [name.trim(), i]));
    width = record.length;
    const missing = REQUIRED.filter((name) => !has(name));
    if (missing.length) throw new BadHeader(1, `not an IBTrACS v04 CSV: line 1 lacks ${missing.join(', ')}`);
    const present = (Object.keys(AGENCY_COLUMNS) as FixAgency[]).filter((agency) => has(`${AGENCY_COLUMNS[agency].prefix}_LAT`));
    agencies = present.filter((agency) => !options.agencies || options.agencies.includes(agency));
    const named = /v04r0[01]/.exec(name)?.[0] as Version | undefined;
    version = has('KMA_LAT') ? 'v04r01' : present.length > 0 ? 'v04r00' : (named ?? null);
    if (options.agencies) {
      const read = [
        ...ROW_COLUMNS,
        ...agencies.flatMap((a) => {
          const { prefix, grade } = AGENCY_COLUMNS[a];
          return [`${prefix}_LAT`, `${prefix}_LON`, `${prefix}_WIND`, `${prefix}_PRES`, grade ?? ''];
        }),
      ];
      readWidth = Math.max(...read.map((name) => column[name] ?? -1)) + 1;
    }
  };

  const readUnits = (record: string[]) => {
    const wrong = Object.entries(column).flatMap(([name, i]) => {
      const unit = expectedUnit(name);
      const written = (record[i] ?? '').trim();
      return unit !== null && written !== unit ? [`${name} in "${written}", not "${unit}"`] : [];
    });
    if (wrong.length) throw new BadHeader(2, `line 2 is not the IBTrACS units line: ${wrong.slice(0, 3).join('; ')}`);
  };

  const onRecord = (record: string[], line: number, fields = record.length) => {
    if (line === 1) readHeader(record);
    else if (line === 2) readUnits(record);
    else row(record, line, fields);
  };
  try {
    if (text.includes('"'))
      parse(text, {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        on_record: (record: string[], context) => {
          if (context.lines <= 2 || !options.storms || options.storms.has((record[column.SID ?? 0] ?? '').trim()))
            onRecord(record, context.lines);
          return null;
        },
      });
    // NCEI never quotes a field: without a quote in the file, every comma separates fields, and a plain split
    // reads the same records as csv-parse in a sixth of the time (the lists are up to 110 MB).
    else
      text
        .replace(/^\uFEFF/, '')
        .split('\n')
        .forEach((raw, i) => {
          const record = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
          if (record === '') return;
          if (i < 2 || readWidth === Infinity) {
            if (i < 2 || !options.storms || options.storms.has(sidOf(record))) onRecord(record.split(','), i + 1);
            return;
          }
          if (options.storms && !options.storms.has(sidOf(record))) return;
          const { fields, width: count } = firstFields(record, readWidth);
          onRecord(fields, i + 1, count);
        });
  } catch (error) {
    const line = error instanceof BadHeader ? error.line : ((error as { lines?: number }).lines ?? 1);
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

/** An IBTrACS storm as links and cross-checks need it (any basin): its SID, its USA_ATCF_IDs and the basins it entered, in order. */
export interface IbtracsLink {
  sid: string;
  usaAtcfIds: readonly string[];
  basins: readonly IbtracsBasin[];
}

/**
 * Every storm of a list as its link, read from three columns alone (SID, BASIN, USA_ATCF_ID): the archive of every
 * basin reads the lists of the basins it is not the record of (NA, EP and WP: about 200 MB) only for these, and
 * picks from each list the storms to read whole. A row without a valid SID, or with a BASIN IBTrACS does not
 * document, is reported and left out. A quoted file goes through the whole parser.
 */
export function scanIbtracsLinks(text: string, name = ''): { links: IbtracsLink[]; problems: ParseProblem[] } {
  const body = text.replace(/^\uFEFF/, '');
  if (body.includes('"')) {
    const parsed = parseIbtracsCsv(body, name);
    return { links: parsed.tracks.map((t) => ({ sid: t.id, usaAtcfIds: t.usaAtcfIds, basins: t.basins })), problems: parsed.problems };
  }
  const lines = body.split('\n');
  const header = (lines[0] ?? '')
    .replace(/\r$/, '')
    .split(',')
    .map((cell) => cell.trim());
  const [sidAt, basinAt, atcfAt] = ['SID', 'BASIN', 'USA_ATCF_ID'].map((column) => header.indexOf(column)) as [number, number, number];
  if (sidAt < 0) return { links: [], problems: [{ line: 1, message: 'not an IBTrACS v04 CSV: line 1 lacks SID' }] };
  const problems: ParseProblem[] = [];
  /** The field at column `at` of a line (empty past its end), found by walking its commas and sliced alone. */
  const cell = (line: string, at: number) => {
    if (at < 0) return '';
    let start = 0;
    for (let k = 0; k < at; k += 1) {
      start = line.indexOf(',', start) + 1;
      if (start === 0) return '';
    }
    const end = line.indexOf(',', start);
    return (end < 0 ? line.slice(start) : line.slice(start, end)).trim();
  };
  const storms = new Map<string, { basins: Set<IbtracsBasin>; atcf: Set<string> }>();
  for (let i = 2; i < lines.length; i += 1) {
    const raw = lines[i] as string;
    const record = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (record === '') continue;
    const sid = cell(record, sidAt);
    if (!/^\d{7}[NS]\d{5}$/.test(sid)) {
      problems.push({ line: i + 1, message: `SID "${sid}" is not valid: row left out` });
      continue;
    }
    let storm = storms.get(sid);
    if (!storm) storms.set(sid, (storm = { basins: new Set(), atcf: new Set() }));
    const basinText = cell(record, basinAt);
    const basin = BASIN_CODES.get(basinText);
    if (basin) storm.basins.add(basin);
    else if (basinText !== '') problems.push({ line: i + 1, message: `BASIN "${basinText}" is not one IBTrACS documents: left out` });
    const atcf = cell(record, atcfAt);
    if (atcf) storm.atcf.add(atcf);
  }
  return {
    links: [...storms].map(([sid, { basins, atcf }]) => ({ sid: own(sid), usaAtcfIds: [...atcf].map(own), basins: [...basins] })),
    problems,
  };
}
