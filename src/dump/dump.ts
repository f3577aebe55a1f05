/**
 * The offline dump for researchers: one zip (made with fflate) holding every storm as JSON, all points as CSV
 * (csv-stringify) and as JSON Lines, the tracks as GeoJSON, a manifest (schema version, counts per year, source
 * files with their checksums, generation time), the licence and attribution text, and SHA256SUMS over all of
 * it, so `sha256sum -c SHA256SUMS` verifies an unpacked copy.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { zipSync } from 'fflate';
import { ARCHIVE_ATTRIBUTION } from '../archive/attribution.ts';
import { trackFeature } from '../archive/geojson.ts';
import type { Typhoon, WindCircle } from '../model/schemas.ts';

export const DUMP_SCHEMA_VERSION = 1;
export const DUMP_ROOT = 'typhoon-archive';

export interface SourceFileVersion {
  file: string;
  sha256: string;
}

const QUADRANTS = ['ne', 'se', 'sw', 'nw'] as const;
const radiusColumns = (name: string) => QUADRANTS.map((q) => `${name}_${q}_km`);
const radiusValues = (circle: WindCircle | null) => QUADRANTS.map((q) => circle?.[q] ?? '');

const CSV_COLUMNS = [
  'code', 'name', 'enname', 'year', 'time', 'lat', 'lng', 'grade', 'strong', 'power', 'speed_ms', 'pressure_hpa', 'move_dir', 'move_speed_kmh',
  ...radiusColumns('r7'), ...radiusColumns('r10'), ...radiusColumns('r12'),
];

function pointsCsv(typhoons: readonly Typhoon[]): string {
  const rows = typhoons.flatMap((t) =>
    t.points.map((p) => [
      t.code, t.name ?? '', t.enname ?? '', t.year, p.time, p.lat, p.lng, p.grade ?? '', p.strong ?? '', p.power ?? '', p.speed ?? '', p.pressure ?? '',
      p.moveDir ?? '', p.moveSpeed ?? '', ...radiusValues(p.radius7), ...radiusValues(p.radius10), ...radiusValues(p.radius12),
    ]),
  );
  return stringify(rows, { header: true, columns: CSV_COLUMNS });
}

const LICENCE = `Typhoon API offline dump

Units: wind speed m/s, 2-minute mean (CMA); 1-minute for the 1945-1948 storms, whose winds are JTWC's
(each storm's windPeriod in storms/*.json); pressure hPa, wind-circle radii km per quadrant, motion km/h.
Times: ISO 8601 with +08:00 (Beijing time). Missing values are empty (CSV) or null (JSON).
The data is for reference only; official releases prevail.

Attribution required by the sources:
${ARCHIVE_ATTRIBUTION.map((a) => `- ${a.credit}${a.url ? ` (${a.url})` : ''}${a.cite.map((c) => `\n  Cite: ${c}`).join('')}`).join('\n')}

CMA's terms: free use with credit to tcdata.typhoon.org.cn and citation of both papers above.
The Zhejiang data states no licence; attribution is required in every use.
`;

export interface DumpInput {
  typhoons: readonly Typhoon[];
  sources: readonly SourceFileVersion[];
  /** The data version the dump is of (newest release time), so that the same data gives the same bytes. */
  generatedAt: Date;
}

/** The dump as zip bytes, plus its manifest (entries sorted, file times fixed: the same input gives the same bytes). */
export function buildDump({ typhoons, sources, generatedAt }: DumpInput): { zip: Uint8Array; manifest: Record<string, unknown> } {
  const files = new Map<string, string>();
  for (const t of typhoons) files.set(`storms/${t.code}.json`, JSON.stringify(t));
  files.set('points.csv', pointsCsv(typhoons));
  files.set('points.jsonl', typhoons.flatMap((t) => t.points.map((p) => JSON.stringify({ code: t.code, ...p }))).join('\n') + '\n');
  files.set('tracks.geojson', JSON.stringify({
    type: 'FeatureCollection',
    features: typhoons.flatMap((t) => trackFeature(t) ?? []),
  }));
  const perYear: Record<string, number> = {};
  for (const t of typhoons) perYear[t.year] = (perYear[t.year] ?? 0) + 1;
  const manifest = {
    schemaVersion: DUMP_SCHEMA_VERSION,
    generatedAt: generatedAt.toISOString(),
    storms: typhoons.length,
    points: typhoons.reduce((n, t) => n + t.points.length, 0),
    countsPerYear: perYear,
    sources,
    files: ['storms/*.json', 'points.csv', 'points.jsonl', 'tracks.geojson', 'LICENSE-AND-ATTRIBUTION.txt', 'SHA256SUMS'],
  };
  files.set('manifest.json', JSON.stringify(manifest, null, 2));
  files.set('LICENSE-AND-ATTRIBUTION.txt', LICENCE);
  const sums = [...files].sort(([a], [b]) => a.localeCompare(b)).map(([name, text]) => `${createHash('sha256').update(text).digest('hex')}  ${name}`);
  files.set('SHA256SUMS', sums.join('\n') + '\n');
  const mtime = new Date(Date.UTC(2000, 0, 1));
  const entries = Object.fromEntries([...files].sort(([a], [b]) => a.localeCompare(b)).map(([name, text]) => [`${DUMP_ROOT}/${name}`, [new TextEncoder().encode(text), { mtime }]]));
  return { zip: zipSync(entries as Parameters<typeof zipSync>[0], { level: 6 }), manifest };
}
