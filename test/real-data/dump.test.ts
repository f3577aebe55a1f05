/**
 * The dump of the real archive (TYPHOON_SOURCES and TYPHOON_AGENCY_SOURCES) against the run's shared build: every
 * storm in tracks.geojson, and the crosswalk saying of each agency track what the API says. The same checks on the
 * hand-written sample, and the rest of the dump's: test/unit/dump.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { trackFeature } from '../../src/archive/geojson.ts';
import { crosswalkJsonLine, crosswalkRows } from '../../src/dump/crosswalk-table.ts';
import { dumpFiles } from '../../src/dump/dump.ts';
import { apiAndDumpLinks, type CrosswalkLine, trackFeatures } from '../helpers/dump-contents.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { agenciesFor } from '../helpers/sources.ts';
import { readTyped, type TableSchema } from '../helpers/table-schema.ts';

describeRealData('archive', 'the dump of the real archive', (sourcesDir) => {
  /** The few files read here, as text, and the codes of storms/*.json. */
  const files = new Map<string, string>();
  const storms: string[] = [];
  let archive: ReturnType<typeof buildArchive>;
  let demo: boolean;
  beforeAll(async () => {
    const agenciesDir = agenciesFor(sourcesDir);
    if (!agenciesDir) throw new Error('the real dump checks need TYPHOON_AGENCY_SOURCES beside TYPHOON_SOURCES');
    // What the dump writes in tracks.geojson and crosswalk.jsonl, by the functions it writes them with (dumpFiles in
    // src/dump/dump.ts; the zip itself and the rest of its files: test/unit/dump.test.ts).
    const sources = await readArchiveSources(sourcesDir, NAMES_FILE, { agenciesDir });
    archive = buildArchive(sources);
    demo = sources.demo;
    const { typhoons, crosswalk } = archive;
    files.set('tracks.geojson', JSON.stringify({ type: 'FeatureCollection', features: typhoons.map(trackFeature) }));
    files.set('crosswalk.jsonl', crosswalkRows(typhoons, crosswalk.links).map(crosswalkJsonLine).join('\n'));
    files.set('manifest.json', JSON.stringify({ storms: typhoons.length }));
    storms.push(...typhoons.map((t) => t.code));
  });

  it('holds every storm in tracks.geojson, 197702-1 (a single fix) as a Point', async () => {
    const features = trackFeatures(files.get('tracks.geojson') as string);
    expect(storms.length).toBe(JSON.parse(files.get('manifest.json') as string).storms);
    expect([...features.keys()].sort()).toEqual(storms.sort());
    expect(features.get('197702-1')).toMatchObject({ geometry: { type: 'Point', coordinates: [110, 20] }, properties: { kind: 'track' } });
    expect([...features.values()].filter((f) => f.geometry.type === 'Point').map((f) => f.properties.code)).toEqual(['197702-1']);
  });

  it("says of every agency track what the API says of it, YAGI's and TAPAH's from IBTrACS included", async () => {
    const site = await renderArchive(sourcesDir);
    const years = [...new Set([...site.details.values()].map((t) => t.year))];
    const comparisons = years.flatMap((year) => Object.values(site.data(DATA_FILES.agencyComparison.of(year))));
    const crosswalk = (files.get('crosswalk.jsonl') as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CrosswalkLine);
    const pairs = apiAndDumpLinks(comparisons, crosswalk);
    expect(pairs.length).toBe(1953);
    expect(pairs.filter((p) => JSON.stringify(p.api) !== JSON.stringify(p.dump))).toEqual([]);
    // Measured from the raw files (see test/real-data/crosswalk.test.ts): not the IBTrACS records' 36/36 at 0 km and 12/12 at 21.7 km.
    const dumped = (track: string) => pairs.find((p) => p.track === track)?.dump;
    expect(dumped('202411 jtwc')).toEqual({
      id: 'wp122024',
      method: 'ibtracs',
      agreeingFixes: 31,
      sharedFixes: 31,
      medianDistanceKm: 11.1,
    });
    expect(dumped('202411 hko')).toEqual({ id: null, method: 'ibtracs', agreeingFixes: 34, sharedFixes: 34, medianDistanceKm: 10.7 });
    expect(dumped('202516 jtwc')).toEqual({ id: 'wp222025', method: 'ibtracs', agreeingFixes: 8, sharedFixes: 8, medianDistanceKm: 22.9 });
  });

  it('reads, every cell of points.csv and crosswalk.csv, as datapackage.json declares it; JMA numbers such as 0121 stay text', async () => {
    const { files: dumped } = dumpFiles({ ...archive, sources: [], demo, generatedAt: new Date(0) });
    const pkg = JSON.parse(dumped.get('datapackage.json') as string) as {
      dataset: { kind: string; storms: number };
      resources: { name: string; path: string; schema: TableSchema }[];
    };
    expect(pkg.dataset.kind).toBe('real');
    const tables = new Map(pkg.resources.map((r) => [r.name, readTyped(r.schema, dumped.get(r.path) as string)]));
    expect(tables.get('points')?.faults.slice(0, 10)).toEqual([]);
    expect(tables.get('crosswalk')?.faults.slice(0, 10)).toEqual([]);
    const jma = (tables.get('crosswalk')?.rows ?? []).map((r) => r.jma).filter((id) => id !== null);
    expect(jma.length).toBeGreaterThan(1000);
    expect(jma.every((id) => typeof id === 'string' && /^\d{4}$/.test(id))).toBe(true);
    expect(jma).toContain('0121');
  });
});
