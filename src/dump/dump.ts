/**
 * The offline dump for researchers: one zip (made with fflate) holding every north-western Pacific storm as JSON,
 * all their points as CSV (csv-stringify) and as JSON Lines (the archive's track and every linked agency's, one
 * row per point: see points-table.ts), the crosswalk to the other agencies' ids (crosswalk-table.ts), the tracks as
 * GeoJSON; the archive of every basin (global-tables.ts: every record of the global history, its entries and its
 * landfalls as CSV, the records as JSON Lines, their tracks as GeoJSON, what their files had wrong); a manifest
 * (schema version, counts, source files with their checksums, generation time), a Frictionless Data Package typing
 * every CSV, the licence and attribution text with every column described, and SHA256SUMS over all of it, so
 * `sha256sum -c SHA256SUMS` verifies an unpacked copy.
 *
 * Each file is written into the zip as it is made, in chunks (the largest tables are tens of MB at the official
 * files' sizes), so the dump never holds its files whole in memory: only the archives it is made from and the zip.
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import { datasetOf } from '../archive/archive-report.ts';
import { archiveAttribution, globalAttribution } from '../archive/attribution.ts';
import type { CrosswalkLink } from '../archive/crosswalk.ts';
import { trackFeature } from '../archive/geojson.ts';
import { archivedTrackFeature } from '../archive/global/archived-geojson.ts';
import type { GlobalArchiveReport, GlobalDataQuality } from '../archive/global/global-report.ts';
import { COMPARED_AGENCIES, type StormAgencies } from '../model/agency-comparison-schemas.ts';
import { AGENCY_SOURCES } from '../model/agency-track-schemas.ts';
import { ARCHIVE_BASINS, type ArchivedStorm } from '../model/global-archive-schemas.ts';
import type { Attribution, Typhoon } from '../model/typhoon-schemas.ts';
import { CROSSWALK_CSV_COLUMNS, crosswalkJsonLine, crosswalkRows } from './crosswalk-table.ts';
import {
  GLOBAL_LANDFALLS_COLUMNS,
  GLOBAL_POINTS_COLUMNS,
  GLOBAL_STORMS_COLUMNS,
  globalLandfallRows,
  globalPointRows,
} from './global-tables.ts';
import { POINTS_CSV_COLUMNS, POINTS_JSONL_KEYS, pointJsonLine, stormPoints, type DumpPoint } from './points-table.ts';
import { describeColumns, tableCsv, tableSchema } from './table.ts';

export const DUMP_SCHEMA_VERSION = 5;
export const DUMP_ROOT = 'typhoon-archive';

/** What each schema version changed, in the manifest and the licence text. */
export const DUMP_SCHEMA_CHANGES: Record<number, string> = {
  2:
    'points.csv and points.jsonl also hold the points of every other agency track linked to a storm (JMA, JTWC, HKO), after its own, ' +
    'with the new columns agency, source, wind_period, speed_kt and category (JSON: agency, source, windPeriod, speedKt, category) at the end; ' +
    'manifest.points counts all those rows (pointsByAgency splits them); crosswalk.csv and crosswalk.jsonl are new; ' +
    "the other agencies' files are listed in sources, and credited when their data is in the dump",
  3:
    "crosswalk.csv and crosswalk.jsonl: a JMA, JTWC or HKO link's figures (agreeing and shared fixes, median distance) measure the agency's track that points.csv holds, " +
    "however its id was found (schema 2 gave them for track matches alone, and for a track taken from IBTrACS gave the IBTrACS record's own figures); " +
    "a track taken from IBTrACS's columns without the agency's id is a link too (method ibtracs, id empty or null); " +
    'tracks.geojson holds every storm, a storm of one fix as a Point (schema 2 left such storms out)',
  4:
    "datapackage.json is new: a Frictionless Data Package describing points.csv and crosswalk.csv (each column's type, unit and meaning, ids as text, empty as missing); " +
    'manifest.dataset says which archive the dump holds ({kind: demo|real, storms}), as the v1 answers do',
  5:
    'the archive of every basin is new: global-storms.csv (one row per record: HURDAT2, IBTrACS and the north-western Pacific CMA records), ' +
    'global-points.csv (one row per track entry, UTC, wind in kt and m/s with its averaging period, pressure, stage, 34/50/64-kt radii, HURDAT2 record identifiers), ' +
    'global-landfalls.csv, global-storms.jsonl (each record whole, as /api/v1/global/storms/{id}), global-tracks.geojson and global-data-quality.json; ' +
    'datapackage.json types the three new tables (a boolean type for provisional and land_recorded); manifest.global says which basins were loaded and counts them; ' +
    "the other basins' files are listed in sources as global-sources/<file> and credited; generatedAt (the data version) is the newest of the " +
    "north-western Pacific archive's release and the other basins' newest fix, as the global answers' ts; SHA256SUMS is the zip's last entry and files are in code-point order",
};

export interface SourceFileVersion {
  file: string;
  sha256: string;
}

/** The archive of every basin of the same build (src/archive/global/), with what it says of itself. */
export interface GlobalDumpInput {
  /** Every record, the north-western Pacific's CMA records among them, in archive order. */
  storms: readonly ArchivedStorm[];
  /** Which basins were read (coverage), which archive it is, its data version. */
  report: GlobalArchiveReport;
  /** What the other basins' files had wrong: values left out, names refused, links not made. */
  quality: GlobalDataQuality;
}

export interface DumpInput {
  typhoons: readonly Typhoon[];
  /** The crosswalk's links of the same build (src/archive/crosswalk.ts). */
  links: readonly CrosswalkLink[];
  /** Each storm's agencies side by side (compareArchive of the same build): the agencies' rows of points.csv. */
  comparisons: ReadonlyMap<string, StormAgencies>;
  global: GlobalDumpInput;
  sources: readonly SourceFileVersion[];
  /** Built from the demo archive (demo/archive). */
  demo: boolean;
  /** The data version the dump is of, so that the same data gives the same bytes. */
  generatedAt: Date;
}

/** One file of the dump: its name under DUMP_ROOT and its text, made in chunks when it is read. */
export interface DumpEntry {
  name: string;
  text: () => Iterable<string>;
}

/** The credits of everything the dump holds, each once: the north-western Pacific archive's and its agencies', then the other basins' records'. */
function dumpAttribution({ comparisons, global }: DumpInput): Attribution {
  const credits = [
    ...archiveAttribution(false, comparisons.values()),
    ...globalAttribution(false, new Set(global.storms.map((s) => s.source))),
  ];
  return credits.filter((credit, i) => credits.findIndex((c) => c.source === credit.source) === i);
}

/** What the global tables hold, basin by basin: records read, or not loaded (never "no storms"). */
function coverageText({ coverage }: GlobalArchiveReport): string {
  const basins = coverage.basins
    .map(
      (b) =>
        `  ${b.basin} ${b.name}: ${b.loaded ? `${b.storms} records (${b.record})` : 'not loaded (its files were not read): not "no storms"'}`,
    )
    .join('\n');
  const none = coverage.otherBasins
    ? ''
    : "\nThe other basins' files (HURDAT2, IBTrACS) were not given to this dump: the global tables hold the north-western Pacific's records alone.";
  return `${basins}${none}`;
}

function licenceText(input: DumpInput): string {
  return `Typhoon API offline dump, schema version ${DUMP_SCHEMA_VERSION}

Units, north-western Pacific (storms/, points.*, crosswalk.*, tracks.geojson): wind speed m/s averaged over each
row's wind_period: 2 minutes for CMA's best track, 1 minute for the 1945-1948 storms, whose winds are JTWC's (each
storm's windPeriod in storms/*.json), 10 minutes for JMA and HKO, 1 minute for JTWC; nothing is converted between
averaging periods (1- and 10-minute winds of one storm differ by about 12%). Pressure hPa, wind-circle radii km per
quadrant, motion km/h. Times: ISO 8601 with +08:00 (Beijing time).
Units, every basin (global-*): wind in kt as each record writes it and in m/s (1 kt = 1852/3600 m/s), averaged over
the record's wind_period (1 minute HURDAT2 and the US agency, 3 minutes RSMC New Delhi, 10 minutes La Réunion,
Australia, Nadi and Wellington, 2 minutes CMA), never converted between periods; pressure hPa; 34/50/64-kt wind
radii and the radius of maximum wind km (HURDAT2's nautical miles, 1 nm = 1.852 km). Times: ISO 8601 in UTC (Z).
Missing values are empty (CSV) or null (JSON).
The data is for reference only; official releases prevail.

Attribution required by the sources:
${dumpAttribution(input)
  .map((a) => `- ${a.credit}${a.url ? ` (${a.url})` : ''}${a.cite.map((c) => `\n  Cite: ${c}`).join('')}`)
  .join('\n')}

CMA's terms: free use with credit to tcdata.typhoon.org.cn and citation of both papers above.
The Zhejiang data states no licence; attribution is required in every use.

Basins of the archive of every basin (global-*), each storm counted in the basin where it formed:
${coverageText(input.global.report)}

Files:
- storms/<code>.json: each north-western Pacific storm's detail record, as /api/v1/typhoons/{code} gives it (ids included).
- points.csv: one row per point; each storm's own track first, then every linked agency's. Columns, in order:
${describeColumns(POINTS_CSV_COLUMNS)}
- points.jsonl: the same rows as JSON, keys ${POINTS_JSONL_KEYS.join(', ')} (wind circles as {ne, se, sw, nw} km).
- crosswalk.csv: one row per north-western Pacific storm, linked or not. Columns, in order:
${describeColumns(CROSSWALK_CSV_COLUMNS)}
- crosswalk.jsonl: the same, one object per storm: {code, ids, links: [{agency, id, method, agreeingFixes, sharedFixes, medianDistanceKm}]} (id null where not known).
- tracks.geojson: every north-western Pacific storm's track as a GeoJSON feature: a LineString (a MultiLineString where it crosses 180°), a Point for a storm of one fix.
- global-storms.csv: one row per record of the archive of every basin (the north-western Pacific's CMA records among them). Columns, in order:
${describeColumns(GLOBAL_STORMS_COLUMNS)}
- global-points.csv: one row per entry of those records' tracks, in the records' order. Columns, in order:
${describeColumns(GLOBAL_POINTS_COLUMNS)}
- global-landfalls.csv: one row per landfall a record marks (HURDAT2's L entries, the CMA archive's landfalls). Columns, in order:
${describeColumns(GLOBAL_LANDFALLS_COLUMNS)}
- global-storms.jsonl: each record whole, one a line, as /api/v1/global/storms/{id} gives it (without its attribution).
- global-tracks.geojson: every record's track as a GeoJSON feature, as tracks.geojson draws them, its properties the record's (code is the id).
- global-data-quality.json: what the other basins' files had wrong, left out of the records: {files, problems, rejected, notes}.
- datapackage.json: the same description of every CSV, machine-readable (Frictionless Data Package,
  Table Schema): each column's type (ids and codes are text), unit and meaning; an empty field is a missing value.
- manifest.json: schema version, whether it is the demo archive, counts, the source files with their SHA-256;
  SHA256SUMS: checksums of every file.

Changes in schema ${DUMP_SCHEMA_VERSION}: ${DUMP_SCHEMA_CHANGES[DUMP_SCHEMA_VERSION]}.
`;
}

/**
 * datapackage.json: the CSV tables as a Frictionless Tabular Data Package (https://specs.frictionlessdata.io/),
 * their Table Schemas generated from the same column lists the CSV is written from, so that pandas, R or the
 * frictionless tools read ids as text, numbers as numbers and empty fields as missing.
 */
function dataPackage({ demo, typhoons, global, generatedAt }: DumpInput) {
  const storms = typhoons.length;
  const csv = { profile: 'tabular-data-resource', format: 'csv', mediatype: 'text/csv', encoding: 'utf-8' } as const;
  const records = global.storms.length;
  const otherBasins = global.report.coverage.basins.filter((b) => b.loaded && b.record !== 'cma').map((b) => b.basin);
  const globalDemo = !demo && global.report.dataset.kind === 'demo';
  const byId = { fields: 'id', reference: { resource: 'global-storms', fields: 'id' } };
  return {
    profile: 'tabular-data-package',
    name: demo ? 'typhoon-archive-demo' : 'typhoon-archive',
    title: demo
      ? `Typhoon API demo archive (${storms} storms), not the full record`
      : 'Typhoon API archive: north-western Pacific tropical cyclones and the archive of every basin',
    description:
      (demo
        ? `DEMO: built from the project's demo archive (${storms} storms, their tracks abridged by hand), for demonstration only, not for research: not the full record. `
        : `Every archived north-western Pacific tropical cyclone (${storms} storms) with the tracks of the other agencies linked to it. `) +
      (otherBasins.length
        ? `The archive of every basin: ${records} records, the other basins' (${otherBasins.join(', ')}) from NHC's HURDAT2 and NCEI's IBTrACS beside the north-western Pacific's${globalDemo ? " (DEMO: the demo's other basins, not the real record)" : ''}. `
        : "The archive of every basin holds the north-western Pacific's records alone: the other basins' files were not given to this dump. ") +
      "Winds are averaged over each row's wind_period and never converted between periods. " +
      'Times are ISO 8601 with their offset (+08:00 in the north-western Pacific tables, Z in the global ones). An empty field is a missing value. ' +
      'Credits and terms: LICENSE-AND-ATTRIBUTION.txt.',
    version: `${DUMP_SCHEMA_VERSION}.0.0`,
    created: generatedAt.toISOString(),
    dataset: datasetOf({ demo, storms }),
    licenses: [{ path: 'LICENSE-AND-ATTRIBUTION.txt', title: 'Credits and terms required by the sources' }],
    resources: [
      {
        name: 'points',
        path: 'points.csv',
        ...csv,
        description: "One row per point: each north-western Pacific storm's own track first, then every linked agency's",
        schema: {
          ...tableSchema(POINTS_CSV_COLUMNS),
          foreignKeys: [{ fields: 'code', reference: { resource: 'crosswalk', fields: 'code' } }],
        },
      },
      {
        name: 'crosswalk',
        path: 'crosswalk.csv',
        ...csv,
        description:
          "One row per archived north-western Pacific storm, linked or not: its ids in the other agencies' records and how each link was found",
        schema: { ...tableSchema(CROSSWALK_CSV_COLUMNS), primaryKey: 'code' },
      },
      {
        name: 'global-storms',
        path: 'global-storms.csv',
        ...csv,
        description:
          "One row per record of the archive of every basin: HURDAT2's, IBTrACS's and the north-western Pacific's CMA records, one per storm",
        schema: { ...tableSchema(GLOBAL_STORMS_COLUMNS), primaryKey: 'id' },
      },
      {
        name: 'global-points',
        path: 'global-points.csv',
        ...csv,
        description: "One row per entry of each record's track, in UTC, with the record's wind in kt and m/s and its averaging period",
        schema: { ...tableSchema(GLOBAL_POINTS_COLUMNS), foreignKeys: [byId] },
      },
      {
        name: 'global-landfalls',
        path: 'global-landfalls.csv',
        ...csv,
        description: 'One row per landfall a record marks (HURDAT2 L entries, the CMA archive landfalls)',
        schema: { ...tableSchema(GLOBAL_LANDFALLS_COLUMNS), foreignKeys: [byId] },
      },
    ],
  };
}

/** Counts by the basin where each record formed, every basin listed. */
function perBasin(storms: readonly ArchivedStorm[], count: (s: ArchivedStorm) => number): Record<string, number> {
  const counts = Object.fromEntries(ARCHIVE_BASINS.map((basin) => [basin, 0]));
  for (const s of storms) counts[s.basin] = (counts[s.basin] as number) + count(s);
  return counts;
}

/** Lines of JSON, one a chunk (buildDump gathers chunks before it compresses them). */
function* jsonLines<T>(items: Iterable<T>, line: (item: T) => string): Generator<string> {
  for (const item of items) yield `${line(item)}\n`;
}

/** A FeatureCollection, feature by feature: the same text as JSON.stringify({ type, features }). */
function* featureCollection<T>(items: readonly T[], feature: (item: T) => unknown): Generator<string> {
  yield '{"type":"FeatureCollection","features":[';
  for (const [i, item] of items.entries()) yield `${i ? ',' : ''}${JSON.stringify(feature(item))}`;
  yield ']}';
}

/**
 * The dump's files (under DUMP_ROOT) but SHA256SUMS, each made when it is read, and its manifest (exported for the
 * real-data suite, which reads the files it checks without zipping the whole dump).
 */
export function dumpEntries(input: DumpInput): { entries: DumpEntry[]; manifest: Record<string, unknown> } {
  const { typhoons, links, comparisons, global, sources, demo, generatedAt } = input;
  const points: DumpPoint[] = typhoons.flatMap((t) => stormPoints(t, comparisons.get(t.code) as StormAgencies));
  const storms = new Map(typhoons.map((t) => [t.code, t]));
  const crosswalkTable = crosswalkRows(typhoons, links);
  const perYear: Record<string, number> = {};
  for (const t of typhoons) perYear[t.year] = (perYear[t.year] ?? 0) + 1;
  const manifest = {
    schemaVersion: DUMP_SCHEMA_VERSION,
    schemaChanges: DUMP_SCHEMA_CHANGES,
    generatedAt: generatedAt.toISOString(),
    dataset: datasetOf({ demo, storms: typhoons.length }),
    storms: typhoons.length,
    points: points.length,
    pointsByAgency: Object.fromEntries(COMPARED_AGENCIES.map((agency) => [agency, points.filter((p) => p.agency === agency).length])),
    linkedStorms: Object.fromEntries(AGENCY_SOURCES.map((agency) => [agency, typhoons.filter((t) => t.ids[agency] !== null).length])),
    countsPerYear: perYear,
    global: {
      dataset: global.report.dataset,
      coverage: global.report.coverage,
      records: global.storms.length,
      points: global.storms.reduce((n, s) => n + s.points.length, 0),
      landfalls: global.storms.reduce((n, s) => n + s.land.length, 0),
      recordsByBasin: perBasin(global.storms, () => 1),
      pointsByBasin: perBasin(global.storms, (s) => s.points.length),
      leftOut: { problems: global.quality.problems.length, rejected: global.quality.rejected.length, notes: global.quality.notes.length },
    },
    sources,
    files: [
      'storms/*.json',
      'points.csv',
      'points.jsonl',
      'crosswalk.csv',
      'crosswalk.jsonl',
      'tracks.geojson',
      'global-storms.csv',
      'global-points.csv',
      'global-landfalls.csv',
      'global-storms.jsonl',
      'global-tracks.geojson',
      'global-data-quality.json',
      'datapackage.json',
      'LICENSE-AND-ATTRIBUTION.txt',
      'SHA256SUMS',
    ],
  };
  const entries: DumpEntry[] = [
    ...typhoons.map((t) => ({ name: `storms/${t.code}.json`, text: () => [JSON.stringify(t)] })),
    {
      name: 'points.csv',
      text: () =>
        tableCsv(
          POINTS_CSV_COLUMNS,
          points.map((point) => ({ storm: storms.get(point.code) as Typhoon, point })),
        ),
    },
    { name: 'points.jsonl', text: () => jsonLines(points, pointJsonLine) },
    { name: 'crosswalk.csv', text: () => tableCsv(CROSSWALK_CSV_COLUMNS, crosswalkTable) },
    { name: 'crosswalk.jsonl', text: () => jsonLines(crosswalkTable, crosswalkJsonLine) },
    { name: 'tracks.geojson', text: () => featureCollection(typhoons, trackFeature) },
    { name: 'global-storms.csv', text: () => tableCsv(GLOBAL_STORMS_COLUMNS, global.storms) },
    { name: 'global-points.csv', text: () => tableCsv(GLOBAL_POINTS_COLUMNS, globalPointRows(global.storms)) },
    { name: 'global-landfalls.csv', text: () => tableCsv(GLOBAL_LANDFALLS_COLUMNS, globalLandfallRows(global.storms)) },
    { name: 'global-storms.jsonl', text: () => jsonLines(global.storms, (s) => JSON.stringify(s)) },
    { name: 'global-tracks.geojson', text: () => featureCollection(global.storms, archivedTrackFeature) },
    { name: 'global-data-quality.json', text: () => [JSON.stringify(global.quality, null, 2)] },
    { name: 'manifest.json', text: () => [JSON.stringify(manifest, null, 2)] },
    { name: 'datapackage.json', text: () => [JSON.stringify(dataPackage(input), null, 2)] },
    { name: 'LICENSE-AND-ATTRIBUTION.txt', text: () => [licenceText(input)] },
  ];
  return { entries, manifest };
}

/** Text gathered into chunks of this many characters or more before it is compressed (fflate's window is 64 KB). */
const CHUNK = 1 << 16;
/** Every entry's time: fixed, so that the same input gives the same bytes. */
const MTIME = new Date(Date.UTC(2000, 0, 1));

/**
 * The dump as zip bytes, plus its manifest. Each file is deflated as its chunks are made, in code-point order of
 * names, and hashed on the way; SHA256SUMS, the sums of all of them, comes last. Names and times are fixed and
 * the chunks are the data's, so the same input gives the same bytes.
 */
export function buildDump(input: DumpInput): { zip: Uint8Array; manifest: Record<string, unknown> } {
  const { entries, manifest } = dumpEntries(input);
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const encoder = new TextEncoder();
  const add = (name: string, chunks: Iterable<string>): string => {
    const file = new ZipDeflate(`${DUMP_ROOT}/${name}`, { level: 6 });
    file.mtime = MTIME;
    zip.add(file);
    const hash = createHash('sha256');
    const push = (text: string, final: boolean) => {
      const bytes = encoder.encode(text);
      hash.update(bytes);
      file.push(bytes, final);
    };
    let pending = '';
    for (const chunk of chunks) {
      pending += chunk;
      if (pending.length >= CHUNK) {
        push(pending, false);
        pending = '';
      }
    }
    push(pending, true);
    return hash.digest('hex');
  };
  const sums = [...entries]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((entry) => `${add(entry.name, entry.text())}  ${entry.name}`);
  add('SHA256SUMS', [`${sums.join('\n')}\n`]);
  zip.end();
  return { zip: Buffer.concat(parts), manifest };
}
