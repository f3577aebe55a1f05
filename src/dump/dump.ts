/**
 * The offline dump for researchers: one zip (made with fflate) holding every storm as JSON, all points as CSV
 * (csv-stringify) and as JSON Lines (the archive's track and every linked agency's, one row per point: see
 * points-table.ts), the crosswalk to the other agencies' ids (crosswalk-table.ts), the tracks as GeoJSON, a
 * manifest (schema version, counts, source files with their checksums, generation time), the licence and
 * attribution text with every column described, and SHA256SUMS over all of it, so `sha256sum -c SHA256SUMS`
 * verifies an unpacked copy.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { compareArchive } from '../archive/agency-comparison.ts';
import { datasetOf } from '../archive/archive-report.ts';
import { archiveAttribution } from '../archive/attribution.ts';
import type { Crosswalk } from '../archive/crosswalk.ts';
import { trackFeature } from '../archive/geojson.ts';
import { COMPARED_AGENCIES, type StormAgencies } from '../model/agency-comparison-schemas.ts';
import { AGENCY_SOURCES } from '../model/agency-track-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { CROSSWALK_CSV_COLUMNS, crosswalkJsonLine, crosswalkRows } from './crosswalk-table.ts';
import { POINTS_CSV_COLUMNS, POINTS_JSONL_KEYS, pointJsonLine, stormPoints, type DumpPoint } from './points-table.ts';
import { describeColumns, tableCsv, tableSchema } from './table.ts';

export const DUMP_SCHEMA_VERSION = 4;
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
};

export interface SourceFileVersion {
  file: string;
  sha256: string;
}

function licenceText(comparisons: Iterable<StormAgencies>): string {
  return `Typhoon API offline dump, schema version ${DUMP_SCHEMA_VERSION}

Units: wind speed m/s averaged over each row's wind_period: 2 minutes for CMA's best track, 1 minute for the
1945-1948 storms, whose winds are JTWC's (each storm's windPeriod in storms/*.json), 10 minutes for JMA and HKO,
1 minute for JTWC; nothing is converted between averaging periods (1- and 10-minute winds of one storm differ by
about 12%). Pressure hPa, wind-circle radii km per quadrant, motion km/h.
Times: ISO 8601 with +08:00 (Beijing time). Missing values are empty (CSV) or null (JSON).
The data is for reference only; official releases prevail.

Attribution required by the sources:
${archiveAttribution(false, comparisons)
  .map((a) => `- ${a.credit}${a.url ? ` (${a.url})` : ''}${a.cite.map((c) => `\n  Cite: ${c}`).join('')}`)
  .join('\n')}

CMA's terms: free use with credit to tcdata.typhoon.org.cn and citation of both papers above.
The Zhejiang data states no licence; attribution is required in every use.

Files:
- storms/<code>.json: each storm's detail record, as /api/v1/typhoons/{code} gives it (ids included).
- points.csv: one row per point; each storm's own track first, then every linked agency's. Columns, in order:
${describeColumns(POINTS_CSV_COLUMNS)}
- points.jsonl: the same rows as JSON, keys ${POINTS_JSONL_KEYS.join(', ')} (wind circles as {ne, se, sw, nw} km).
- crosswalk.csv: one row per storm, linked or not. Columns, in order:
${describeColumns(CROSSWALK_CSV_COLUMNS)}
- crosswalk.jsonl: the same, one object per storm: {code, ids, links: [{agency, id, method, agreeingFixes, sharedFixes, medianDistanceKm}]} (id null where not known).
- tracks.geojson: every storm's track as a GeoJSON feature: a LineString (a MultiLineString where it crosses 180°), a Point for a storm of one fix.
- datapackage.json: the same description of points.csv and crosswalk.csv, machine-readable (Frictionless Data Package,
  Table Schema): each column's type (ids and codes are text), unit and meaning; an empty field is a missing value.
- manifest.json: schema version, whether it is the demo archive, counts, the source files with their SHA-256;
  SHA256SUMS: checksums of every file.

Changes in schema ${DUMP_SCHEMA_VERSION}: ${DUMP_SCHEMA_CHANGES[DUMP_SCHEMA_VERSION]}.
`;
}

/**
 * datapackage.json: the two CSV tables as a Frictionless Tabular Data Package (https://specs.frictionlessdata.io/),
 * their Table Schemas generated from the same column lists the CSV is written from, so that pandas, R or the
 * frictionless tools read ids as text, numbers as numbers and empty fields as missing.
 */
function dataPackage(demo: boolean, storms: number, generatedAt: Date) {
  const csv = { profile: 'tabular-data-resource', format: 'csv', mediatype: 'text/csv', encoding: 'utf-8' } as const;
  return {
    profile: 'tabular-data-package',
    name: demo ? 'typhoon-archive-demo' : 'typhoon-archive',
    title: demo
      ? `Typhoon API demo archive (${storms} storms), not the full record`
      : 'Typhoon API archive: north-western Pacific tropical cyclones',
    description:
      (demo
        ? `DEMO: built from the project's demo archive (${storms} storms, their tracks abridged by hand), for demonstration only, not for research: not the full record. `
        : `Every archived north-western Pacific tropical cyclone (${storms} storms) with the tracks of the other agencies linked to it. `) +
      "Winds are averaged over each row's wind_period (points.csv) and never converted between periods. " +
      'Times are ISO 8601 with their offset (+08:00). An empty field is a missing value. Credits and terms: LICENSE-AND-ATTRIBUTION.txt.',
    version: `${DUMP_SCHEMA_VERSION}.0.0`,
    created: generatedAt.toISOString(),
    dataset: datasetOf({ demo, storms }),
    licenses: [{ path: 'LICENSE-AND-ATTRIBUTION.txt', title: 'Credits and terms required by the sources' }],
    resources: [
      {
        name: 'points',
        path: 'points.csv',
        ...csv,
        description: "One row per point: each storm's own track first, then every linked agency's",
        schema: {
          ...tableSchema(POINTS_CSV_COLUMNS),
          foreignKeys: [{ fields: 'code', reference: { resource: 'crosswalk', fields: 'code' } }],
        },
      },
      {
        name: 'crosswalk',
        path: 'crosswalk.csv',
        ...csv,
        description: "One row per archived storm, linked or not: its ids in the other agencies' records and how each link was found",
        schema: { ...tableSchema(CROSSWALK_CSV_COLUMNS), primaryKey: 'code' },
      },
    ],
  };
}

export interface DumpInput {
  typhoons: readonly Typhoon[];
  /** The crosswalk of the same build (src/archive/crosswalk.ts): the ids' links and the linked agency tracks. */
  crosswalk: Pick<Crosswalk, 'links' | 'tracks'>;
  sources: readonly SourceFileVersion[];
  /** Built from the demo archive (demo/archive). */
  demo: boolean;
  /** The data version the dump is of (newest release time), so that the same data gives the same bytes. */
  generatedAt: Date;
}

/** The dump's files by name (under DUMP_ROOT), and its manifest (exported for the real-data suite, which reads them unzipped). */
export function dumpFiles({ typhoons, crosswalk, sources, demo, generatedAt }: DumpInput): {
  files: Map<string, string>;
  manifest: Record<string, unknown>;
} {
  const comparisons = compareArchive(typhoons, crosswalk, demo);
  const points: DumpPoint[] = typhoons.flatMap((t) => stormPoints(t, comparisons.get(t.code) as StormAgencies));
  const storms = new Map(typhoons.map((t) => [t.code, t]));
  const crosswalkTable = crosswalkRows(typhoons, crosswalk.links);

  const files = new Map<string, string>();
  for (const t of typhoons) files.set(`storms/${t.code}.json`, JSON.stringify(t));
  files.set(
    'points.csv',
    tableCsv(
      POINTS_CSV_COLUMNS,
      points.map((point) => ({ storm: storms.get(point.code) as Typhoon, point })),
    ),
  );
  files.set('points.jsonl', points.map(pointJsonLine).join('\n') + '\n');
  files.set('crosswalk.csv', tableCsv(CROSSWALK_CSV_COLUMNS, crosswalkTable));
  files.set('crosswalk.jsonl', crosswalkTable.map(crosswalkJsonLine).join('\n') + '\n');
  files.set(
    'tracks.geojson',
    JSON.stringify({
      type: 'FeatureCollection',
      features: typhoons.map(trackFeature),
    }),
  );
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
    sources,
    files: [
      'storms/*.json',
      'points.csv',
      'points.jsonl',
      'crosswalk.csv',
      'crosswalk.jsonl',
      'tracks.geojson',
      'datapackage.json',
      'LICENSE-AND-ATTRIBUTION.txt',
      'SHA256SUMS',
    ],
  };
  files.set('manifest.json', JSON.stringify(manifest, null, 2));
  files.set('datapackage.json', JSON.stringify(dataPackage(demo, typhoons.length, generatedAt), null, 2));
  files.set('LICENSE-AND-ATTRIBUTION.txt', licenceText(comparisons.values()));
  const sums = [...files]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, text]) => `${createHash('sha256').update(text).digest('hex')}  ${name}`);
  files.set('SHA256SUMS', sums.join('\n') + '\n');
  return { files, manifest };
}

/** The dump as zip bytes, plus its manifest (entries sorted, file times fixed: the same input gives the same bytes). */
export function buildDump(input: DumpInput): { zip: Uint8Array; manifest: Record<string, unknown> } {
  const { files, manifest } = dumpFiles(input);
  const mtime = new Date(Date.UTC(2000, 0, 1));
  const entries = Object.fromEntries(
    [...files]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, text]) => [`${DUMP_ROOT}/${name}`, [new TextEncoder().encode(text), { mtime }]]),
  );
  return { zip: zipSync(entries as Parameters<typeof zipSync>[0], { level: 6 }), manifest };
}
