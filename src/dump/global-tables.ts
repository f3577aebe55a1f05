/**
 * The dump's archive of every basin (global-storms.csv, global-points.csv, global-landfalls.csv): every record of
 * the global history the build makes (src/archive/global/: HURDAT2's, IBTrACS's and the north-western Pacific's
 * CMA records, one per storm), the same values `/api/v1/global/storms/{id}` answers, flattened: one row per record,
 * per track entry, per landfall the record marks. Times are UTC (`Z`), winds in kt as the record writes them and
 * in m/s, each row stating the record's averaging period; nothing is converted between periods.
 * Columns are only ever added at the end, so a reader by position keeps working across schema versions.
 */
import {
  ARCHIVE_BASINS,
  ARCHIVE_WIND_PERIODS,
  INTENSITY_CLASSES,
  STAGES,
  type ArchivedLandfall,
  type ArchivedPoint,
  type ArchivedStorm,
} from '../model/global-archive-schemas.ts';
import type { WindCircle } from '../model/typhoon-schemas.ts';
import type { Column } from './table.ts';

/** A row of a table of entries: the entry and its record. */
export interface EntryRow<E> {
  storm: ArchivedStorm;
  entry: E;
}

/** Every track entry of the records, in archive order (the records by start, each one's entries in time order). */
export function* globalPointRows(storms: readonly ArchivedStorm[]): Generator<EntryRow<ArchivedPoint>> {
  for (const storm of storms) for (const entry of storm.points) yield { storm, entry };
}

/** Every landfall the records mark, in archive order. */
export function* globalLandfallRows(storms: readonly ArchivedStorm[]): Generator<EntryRow<ArchivedLandfall>> {
  for (const storm of storms) for (const entry of storm.land) yield { storm, entry };
}

const ID = {
  name: 'id',
  type: 'string',
  description:
    "the record's id in this API (/api/v1/global/storms/{id}): nhc-<ATCF id>, ibtracs-<SID>, cma-<code>; the key to global-storms.csv",
} as const;

const WIND_PERIOD_DESCRIPTION =
  'averaging period of the winds: 1min (HURDAT2; the US agency in the South Atlantic; the north-western Pacific 1945-1948), ' +
  "2min (CMA), 3min (RSMC New Delhi), 10min (La Réunion, Australia, Nadi, Wellington); empty when the record's winds change period " +
  '(a storm handed from one WMO agency to another) or none is known. Nothing is converted between periods';

/** The columns every table of entries has: the record, the time and place, the stage and the intensity. */
function entryColumns<E extends ArchivedPoint | ArchivedLandfall>(what: string): Column<EntryRow<E>>[] {
  return [
    { ...ID, value: ({ storm }) => storm.id },
    { name: 'time', type: 'datetime', description: `time of the ${what}, ISO 8601 in UTC (Z)`, value: ({ entry }) => entry.time },
    {
      name: 'lat',
      type: 'number',
      unit: 'degrees north',
      description: 'latitude of the centre, degrees north',
      value: ({ entry }) => entry.lat,
    },
    {
      name: 'lng',
      type: 'number',
      unit: 'degrees east',
      description: 'longitude of the centre, degrees east, −180…180',
      value: ({ entry }) => entry.lng,
    },
    {
      name: 'status',
      type: 'string',
      description:
        "the record's own stage code: HURDAT2's status (TD, TS, HU, EX, SD, SS, LO, WV, DB), IBTrACS's NATURE (DS, TS, ET, SS, NR, MX), CMA's grade (TD, TS, STS, TY, STY, SuperTY, ET)",
      value: ({ entry }) => entry.status,
    },
    {
      name: 'stage',
      type: 'string',
      values: STAGES,
      description:
        'the stage in common words: tropical (TD, TS, HU; IBTrACS TS; CMA grades but ET), subtropical (SD, SS), extratropical (EX, ET), ' +
        'disturbance (DB, DS), low (LO), wave (WV), mixed (MX: the agencies contradict each other); empty when not given or not reported (NR)',
      value: ({ entry }) => entry.stage,
    },
  ];
}

/** Wind, its period and the pressure: the same columns in the tables of entries. */
function intensityColumns<E extends ArchivedPoint | ArchivedLandfall>(): Column<EntryRow<E>>[] {
  return [
    {
      name: 'wind_kt',
      type: 'number',
      unit: 'kt',
      description:
        "maximum sustained wind, kt, as the record writes it, averaged over wind_period (CMA's, which CMA writes in m/s, converted: 1 m/s = 3600/1852 kt, one decimal)",
      value: ({ entry }) => entry.windKt,
    },
    {
      name: 'wind_ms',
      type: 'number',
      unit: 'm/s',
      description: "the same wind, m/s (1 kt = 1852/3600 m/s exactly, one decimal; CMA's as CMA writes it), over wind_period",
      value: ({ entry }) => entry.speed,
    },
    {
      name: 'wind_period',
      type: 'string',
      values: ARCHIVE_WIND_PERIODS,
      description: `${WIND_PERIOD_DESCRIPTION} (the record's, as in global-storms.csv)`,
      value: ({ storm }) => storm.windPeriod,
    },
    { name: 'pressure_hpa', type: 'number', unit: 'hPa', description: 'central pressure, hPa', value: ({ entry }) => entry.pressure },
  ];
}

const QUADRANTS = ['ne', 'se', 'sw', 'nw'] as const;
const RADIUS_FIELD = { r34: 'radius34', r50: 'radius50', r64: 'radius64' } as const;

const radiusColumns = (threshold: keyof typeof RADIUS_FIELD): Column<EntryRow<ArchivedPoint>>[] =>
  QUADRANTS.map((q) => ({
    name: `${threshold}_${q}_km`,
    type: 'number',
    unit: 'km',
    description:
      `radius of ${threshold.slice(1)}-kt winds in the ${q.toUpperCase()} quadrant, km (HURDAT2's, from 2004, converted from nautical miles, ` +
      "1 nm = 1.852 km, whole km); empty when not given (IBTrACS's records and the CMA archive's, whose wind circles are in points.csv)",
    value: ({ entry }) => (entry[RADIUS_FIELD[threshold]] as WindCircle | null)?.[q] ?? null,
  }));

/** global-points.csv, in order. */
export const GLOBAL_POINTS_COLUMNS: Column<EntryRow<ArchivedPoint>>[] = [
  ...entryColumns<ArchivedPoint>('the entry'),
  {
    name: 'record',
    type: 'string',
    description: "HURDAT2's record identifier: L landfall, C, G, I, P, R, S, T, W (see the HURDAT2 format); empty otherwise",
    value: ({ entry }) => entry.record,
  },
  ...intensityColumns<ArchivedPoint>(),
  ...radiusColumns('r34'),
  ...radiusColumns('r50'),
  ...radiusColumns('r64'),
  {
    name: 'rmw_km',
    type: 'number',
    unit: 'km',
    description: 'radius of maximum wind, km (HURDAT2 from 2021, converted from nautical miles, whole km); empty when not given',
    value: ({ entry }) => entry.rmw,
  },
];

/** global-landfalls.csv, in order. */
export const GLOBAL_LANDFALLS_COLUMNS: Column<EntryRow<ArchivedLandfall>>[] = [
  ...entryColumns<ArchivedLandfall>('the landfall'),
  ...intensityColumns<ArchivedLandfall>(),
  {
    name: 'place',
    type: 'string',
    description:
      "where, in English, as the record names it (the north-western Pacific's landfalls); empty where the record names none (HURDAT2)",
    value: ({ entry }) => entry.place,
  },
];

const SOURCES = ['hurdat2', 'ibtracs', 'cma'] as const;

/** global-storms.csv, in order. */
export const GLOBAL_STORMS_COLUMNS: Column<ArchivedStorm>[] = [
  {
    ...ID,
    description: "the record's id in this API (/api/v1/global/storms/{id}): nhc-<ATCF id>, ibtracs-<SID>, cma-<code>",
    value: (s) => s.id,
  },
  {
    name: 'source',
    type: 'string',
    values: SOURCES,
    description:
      "whose record it is: hurdat2 (NHC's HURDAT2: the North Atlantic, the eastern North and Central Pacific), ibtracs (NCEI's IBTrACS v04, the WMO agency's track: " +
      "the North and South Indian, South Pacific, South Atlantic), cma (the north-western Pacific archive: CMA's best track with the Zhejiang archive)",
    value: (s) => s.source,
  },
  {
    name: 'source_id',
    type: 'string',
    description: "the record's own id: HURDAT2's ATCF id (AL122005), IBTrACS's SID (2019246N12125), the north-western Pacific code",
    value: (s) => s.sourceId,
  },
  {
    name: 'code',
    type: 'string',
    description:
      "a cma record's north-western Pacific code, the key to points.csv, crosswalk.csv and storms/<code>.json; empty for the others",
    value: (s) => s.code,
  },
  { name: 'name', type: 'string', description: 'name as the record writes it, upper case; empty when unnamed', value: (s) => s.name },
  {
    name: 'name_zh',
    type: 'string',
    description: 'Chinese name where the record has one (the north-western Pacific)',
    value: (s) => s.nameZh,
  },
  {
    name: 'year',
    type: 'integer',
    description:
      "season: HURDAT2's year (the ATCF id's); IBTrACS's SEASON (southern hemisphere: the July-June season, named after its end); the north-western Pacific code's",
    value: (s) => s.year,
  },
  {
    name: 'basin',
    type: 'string',
    values: ARCHIVE_BASINS,
    description:
      "the basin where it formed (IBTrACS's codes): NA North Atlantic, EP eastern North and Central Pacific, WP western North Pacific, NI North Indian, SI South Indian, SP South Pacific, SA South Atlantic",
    value: (s) => s.basin,
  },
  {
    name: 'basins',
    type: 'string',
    description: 'every basin its track entered, in order, separated by spaces',
    value: (s) => s.basins.join(' '),
  },
  {
    name: 'provisional',
    type: 'boolean',
    description:
      "true for a track not reanalysed yet (IBTrACS's PROVISIONAL tracks; a north-western Pacific storm after CMA's last best-track year); false for HURDAT2",
    value: (s) => s.provisional,
  },
  { name: 'wind_period', type: 'string', values: ARCHIVE_WIND_PERIODS, description: WIND_PERIOD_DESCRIPTION, value: (s) => s.windPeriod },
  {
    name: 'wind_agency',
    type: 'string',
    description:
      "whose winds the record gives: nhc (HURDAT2), the WMO agencies' in IBTrACS (newdelhi, reunion, bom, nadi, wellington; joined by / when the storm was handed over), " +
      'usa (the US agency, where the basin has no WMO agency), cma, jtwc (the north-western Pacific 1945-1948); empty when none',
    value: (s) => s.windAgency,
  },
  { name: 'start_time', type: 'datetime', description: 'first entry, ISO 8601 in UTC (Z)', value: (s) => s.startTime },
  { name: 'end_time', type: 'datetime', description: 'last entry, ISO 8601 in UTC (Z)', value: (s) => s.endTime },
  {
    name: 'max_wind_kt',
    type: 'number',
    unit: 'kt',
    description: 'highest wind of the track, kt, over wind_period',
    value: (s) => s.maxWindKt,
  },
  { name: 'max_wind_ms', type: 'number', unit: 'm/s', description: 'the same, m/s', value: (s) => s.maxSpeed },
  { name: 'max_wind_time', type: 'datetime', description: 'first time of the highest wind, UTC', value: (s) => s.maxWindTime },
  { name: 'min_pressure_hpa', type: 'number', unit: 'hPa', description: 'lowest central pressure, hPa', value: (s) => s.minPressure },
  { name: 'min_pressure_time', type: 'datetime', description: 'first time of the lowest pressure, UTC', value: (s) => s.minPressureTime },
  {
    name: 'intensity',
    type: 'string',
    values: INTENSITY_CLASSES,
    description:
      "strongest class reached as a tropical or subtropical cyclone on the record's own winds: storm ≥ 34 kt, hurricane (typhoon, severe cyclone) ≥ 64 kt, major ≥ 96 kt; " +
      "the thresholds apply to the record's wind_period",
    value: (s) => s.intensity,
  },
  {
    name: 'ace',
    type: 'number',
    unit: '10^4 kt^2',
    description:
      "accumulated cyclone energy, 10^4 kt^2: 00/06/12/18 UTC entries ≥ 34 kt in a tropical or subtropical stage, on the record's own winds",
    value: (s) => s.ace,
  },
  {
    name: 'land_recorded',
    type: 'boolean',
    description:
      'whether the record marks landfalls: HURDAT2 true (marked for the continental United States in 1851-1970 and from 1991, elsewhere 1951-1970 and from 1991: ' +
      "no landfall in other years is not 'no landfall'); IBTrACS false; the north-western Pacific as its own record says",
    value: (s) => s.landRecorded,
  },
  {
    name: 'landfalls',
    type: 'integer',
    description: 'landfalls the record marks (global-landfalls.csv lists them)',
    value: (s) => s.land.length,
  },
  {
    name: 'global_id',
    type: 'string',
    description:
      'the same storm in the global cyclones (/api/v1/global/typhoons/{id}): nhc-<ATCF id>, jtwc-<ATCF id>; empty when none is known',
    value: (s) => s.links.global,
  },
  {
    name: 'atcf',
    type: 'string',
    description:
      "ATCF id, lower case (al122005): HURDAT2's own; IBTrACS's USA_ATCF_ID when the record has exactly one; a cma record's JTWC id",
    value: (s) => s.links.atcf,
  },
  {
    name: 'ibtracs',
    type: 'string',
    description: "IBTrACS SID of the same storm (a HURDAT2 storm's by its USA_ATCF_ID in the IBTrACS files read)",
    value: (s) => s.links.ibtracs,
  },
  {
    name: 'agencies',
    type: 'string',
    description:
      "a cma record's agencies whose tracks are side by side in points.csv (cma, jma, jtwc, hko), separated by spaces; empty for the others",
    value: (s) => s.agencies.join(' ') || null,
  },
  { name: 'points', type: 'integer', description: 'entries of the track (its rows in global-points.csv)', value: (s) => s.points.length },
];
