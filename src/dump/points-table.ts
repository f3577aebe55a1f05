/**
 * The dump's points (points.csv, points.jsonl): each storm's own points, then the points of every agency track
 * linked to it, taken from the comparison the API answers with (src/archive/agency-comparison.ts), so the dump and
 * `/api/v1/typhoons/{code}/agencies` agree. Each row says whose analysis it is (`agency`), the file it came from
 * (`source`) and how its wind is averaged (`wind_period`); nothing is converted between averaging periods.
 * The archive's own columns (grade, wind circles, motion) are empty (CSV) or null (JSON) on the agencies' rows.
 * Columns are only ever added at the end, so a reader by position keeps working across schema versions.
 */
import { AGENCY_WIND_PERIODS, COMPARED_AGENCIES, type StormAgencies, type StormAgencyTrack } from '../model/agency-comparison-schemas.ts';
import type { TrackPoint, Typhoon, WindCircle } from '../model/typhoon-schemas.ts';
import type { Column } from './table.ts';

/** One row: a point of one agency's track of one storm. Its JSON Lines form is the object itself. */
export interface DumpPoint extends TrackPoint {
  code: string;
  agency: StormAgencyTrack['agency'];
  source: StormAgencyTrack['source'];
  windPeriod: StormAgencyTrack['windPeriod'];
  speedKt: number | null;
  category: string | null;
}

/** The archive's fields an agency's track does not have. */
const NOT_GIVEN_BY_AGENCIES = {
  strong: null,
  grade: null,
  power: null,
  moveDir: null,
  moveSpeed: null,
  radius7: null,
  radius10: null,
  radius12: null,
} as const;

/** The rows of one storm: its own track's first (the comparison's first track is it, point for point), then each linked agency's. */
export function stormPoints(storm: Typhoon, comparison: StormAgencies): DumpPoint[] {
  const [own, ...linked] = comparison.agencies as [StormAgencyTrack, ...StormAgencyTrack[]];
  const ownRows = storm.points.map((p, i) => ({
    code: storm.code,
    ...p,
    agency: own.agency,
    source: own.source,
    windPeriod: own.windPeriod,
    speedKt: own.points[i]?.speedKt ?? null,
    category: own.points[i]?.category ?? null,
  }));
  const agencyRows = linked.flatMap((track) =>
    track.points.map((p) => ({
      code: storm.code,
      time: p.time,
      lat: p.lat,
      lng: p.lng,
      ...NOT_GIVEN_BY_AGENCIES,
      speed: p.speed,
      pressure: p.pressure,
      agency: track.agency,
      source: track.source,
      windPeriod: track.windPeriod,
      speedKt: p.speedKt,
      category: p.category,
    })),
  );
  return [...ownRows, ...agencyRows];
}

/** A row of points.csv: the point and the storm's names. */
export interface PointsCsvRow {
  storm: Typhoon;
  point: DumpPoint;
}

const QUADRANTS = ['ne', 'se', 'sw', 'nw'] as const;
const FORCE = { r7: '7 (≥ 13.9 m/s)', r10: '10 (≥ 24.5 m/s)', r12: '12 (≥ 32.7 m/s)' } as const;
const RADIUS_FIELD = { r7: 'radius7', r10: 'radius10', r12: 'radius12' } as const;

const radiusColumns = (circle: keyof typeof FORCE): Column<PointsCsvRow>[] =>
  QUADRANTS.map((q) => ({
    name: `${circle}_${q}_km`,
    type: 'number',
    unit: 'km',
    description: `radius of force-${FORCE[circle]} winds in the ${q.toUpperCase()} quadrant, km (archive rows only, from the Zhejiang archive)`,
    value: ({ point }) => (point[RADIUS_FIELD[circle]] as WindCircle | null)?.[q] ?? null,
  }));

/** points.csv, in order. Schema 1 ended at r12_nw_km; schema 2 added agency … category. */
export const POINTS_CSV_COLUMNS: Column<PointsCsvRow>[] = [
  {
    name: 'code',
    type: 'string',
    description: "the storm's code in this API (= ids.cma); the key to storms/<code>.json and crosswalk.csv",
    value: ({ storm }) => storm.code,
  },
  { name: 'name', type: 'string', description: 'Chinese name', value: ({ storm }) => storm.name },
  { name: 'enname', type: 'string', description: 'English name', value: ({ storm }) => storm.enname },
  { name: 'year', type: 'integer', description: "the storm's year", value: ({ storm }) => storm.year },
  { name: 'time', type: 'datetime', description: 'ISO 8601 with +08:00 (Beijing time)', value: ({ point }) => point.time },
  { name: 'lat', type: 'number', unit: 'degrees north', description: 'latitude, degrees north', value: ({ point }) => point.lat },
  { name: 'lng', type: 'number', unit: 'degrees east', description: 'longitude, degrees east, −180…180', value: ({ point }) => point.lng },
  {
    name: 'grade',
    type: 'string',
    description: "grade code of the archive (TD, TS, STS, TY, STY, SuperTY, ET); archive rows only (an agency's own scale is in category)",
    value: ({ point }) => point.grade,
  },
  { name: 'strong', type: 'string', description: 'Chinese grade name; archive rows only', value: ({ point }) => point.strong },
  {
    name: 'power',
    type: 'integer',
    unit: 'Beaufort force',
    description: 'Beaufort force of the wind (GB/T 28591-2012); archive rows only',
    value: ({ point }) => point.power,
  },
  {
    name: 'speed_ms',
    type: 'number',
    unit: 'm/s',
    description: 'maximum sustained wind, m/s, averaged over wind_period (agencies: converted from speed_kt, 1 kt = 1852/3600 m/s, to 0.1)',
    value: ({ point }) => point.speed,
  },
  { name: 'pressure_hpa', type: 'number', unit: 'hPa', description: 'central pressure, hPa', value: ({ point }) => point.pressure },
  {
    name: 'move_dir',
    type: 'string',
    description: 'direction of motion, 16-point compass code; archive rows only',
    value: ({ point }) => point.moveDir,
  },
  {
    name: 'move_speed_kmh',
    type: 'number',
    unit: 'km/h',
    description: 'speed of motion, km/h; archive rows only',
    value: ({ point }) => point.moveSpeed,
  },
  ...radiusColumns('r7'),
  ...radiusColumns('r10'),
  ...radiusColumns('r12'),
  {
    name: 'agency',
    type: 'string',
    values: COMPARED_AGENCIES,
    description: "whose analysis the row is: cma, jma, jtwc or hko (the archive's own rows are cma's, jtwc's for 1945-1948)",
    value: ({ point }) => point.agency,
  },
  {
    name: 'source',
    type: 'string',
    description:
      'the file it was read from: cma-bst, zj (Zhejiang archive), jma-bst, jtwc-bdeck, hko-bst, ibtracs (IBTrACS columns for the agency)',
    value: ({ point }) => point.source,
  },
  {
    name: 'wind_period',
    type: 'string',
    values: AGENCY_WIND_PERIODS,
    description:
      "averaging period of this row's speed_ms and speed_kt: 2min (CMA's best track), 1min (JTWC, also the archive's 1945-1948 rows), " +
      '10min (JMA, HKO); nothing is converted between periods (1- and 10-minute winds of one storm differ by about 12%)',
    value: ({ point }) => point.windPeriod,
  },
  {
    name: 'speed_kt',
    type: 'number',
    unit: 'kt',
    description: 'the wind in kt exactly as the agency wrote it; empty on the archive rows (CMA writes m/s)',
    value: ({ point }) => point.speedKt,
  },
  {
    name: 'category',
    type: 'string',
    description:
      "the agency's own category as written (archive rows: the grade code; JMA grade 2-9; JTWC TD, TS, TY, ST, EX, ...; HKO TD ... SuperT)",
    value: ({ point }) => point.category,
  },
];

/** The keys of every points.jsonl object, in order (the API's names: see TrackPoint and AgencyTrackPoint in /api/openapi.json). */
export const POINTS_JSONL_KEYS: readonly (keyof DumpPoint)[] = [
  'code',
  'time',
  'lat',
  'lng',
  'strong',
  'grade',
  'power',
  'speed',
  'pressure',
  'moveDir',
  'moveSpeed',
  'radius7',
  'radius10',
  'radius12',
  'agency',
  'source',
  'windPeriod',
  'speedKt',
  'category',
];

/** One JSON Lines line, its keys in POINTS_JSONL_KEYS order whatever order the row was built in. */
export const pointJsonLine = (point: DumpPoint): string =>
  JSON.stringify(Object.fromEntries(POINTS_JSONL_KEYS.map((key) => [key, point[key]])));
