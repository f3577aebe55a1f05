/**
 * The GeoJSON read by a real GIS reader, GDAL's ogrinfo (Debian's gdal-bin; .ci/run installs it): every feature
 * read without an error or a warning, every geometry valid by GEOS (ST_IsValid through GDAL's SQLite dialect) and
 * of the type the file says. Real-archive storms with wind circles (YAGI 202411, HAIYAN 201330, DORA 202308 across
 * the antimeridian) from the shared build, and an active storm's GeoJSON (forecasts and cones) from the mock
 * upstream. Skipped loudly where ogrinfo is missing; an error in CI.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typhoonGeoJson } from '../../src/archive/geojson.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { startMockUpstream } from '../helpers/mock.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { awaitSharedBuild, sharedPublicDir } from '../helpers/shared-build.ts';

const available = spawnSync('ogrinfo', ['--version']).status === 0;
if (!available && process.env.CI) throw new Error('no ogrinfo: .ci/run installs gdal-bin');
if (!available) console.warn('\n*** SKIPPED GeoJSON GDAL suite: install gdal-bin (ogrinfo) to run it ***\n');

let scratch = '';
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-gdal-'));
});
afterAll(() => fs.remove(scratch));

const ogrinfo = (...args: string[]) => {
  const run = spawnSync('ogrinfo', ['-ro', '-q', ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: run.status, out: run.stdout, err: run.stderr };
};

/** Feature count by upper-case geometry type, as the GeoJSON says. */
function typesIn(doc: { features: { geometry: { type: string } }[] }): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { geometry } of doc.features) counts[geometry.type.toUpperCase()] = (counts[geometry.type.toUpperCase()] ?? 0) + 1;
  return counts;
}

/** Reads a GeoJSON text with ogrinfo and checks it as the module comment says. */
function expectGdalReads(name: string, text: string) {
  const doc = JSON.parse(text) as { features: { geometry: { type: string } }[] };
  const file = path.join(scratch, `${name}.geojson`);
  fs.writeFileSync(file, text);

  const all = ogrinfo('-al', file);
  expect(all.status, all.err).toBe(0);
  expect(all.err).toBe('');
  expect(all.out).not.toMatch(/^(ERROR|Warning) \d+:/m);
  expect(all.out.split('\n').filter((line) => line.startsWith(`OGRFeature(${name}):`))).toHaveLength(doc.features.length);

  const sql = `SELECT GeometryType(geometry) AS type, count(*) AS n, sum(ST_IsValid(geometry)) AS valid FROM "${name}" GROUP BY type`;
  const checked = ogrinfo(file, '-dialect', 'SQLite', '-sql', sql);
  expect(checked.status, checked.err).toBe(0);
  expect(checked.err).toBe('');
  const rows = [...checked.out.matchAll(/type \(String\) = (\w+)\s+n \(Integer\) = (\d+)\s+valid \(Integer\) = (\d+)/g)];
  expect(Object.fromEntries(rows.map(([, type, n]) => [type, Number(n)]))).toEqual(typesIn(doc));
  for (const [, type, n, valid] of rows) expect(valid, `${name}: invalid ${type}`).toBe(n);
  return doc;
}

describe.runIf(available)('GeoJSON read by GDAL', () => {
  describeRealData('archive', 'real-archive storms with wind circles', () => {
    awaitSharedBuild();
    it.each([
      ['202411', 'YAGI'],
      ['201330', 'HAIYAN'],
      ['202308', 'DORA, across the antimeridian'],
    ])('%s %s', async (code) => {
      const doc = expectGdalReads(`s${code}`, fs.readFileSync(path.join(await sharedPublicDir(), 'api', 'geojson', code), 'utf8'));
      expect(typesIn(doc).POLYGON).toBeGreaterThan(10);
      if (code === '202308') expect(typesIn(doc).MULTIPOLYGON).toBeGreaterThan(0);
    });
  });

  it('an active storm from the mock upstream: wind circles, forecasts and their cones', async () => {
    const mock = await startMockUpstream();
    try {
      const store = fileStore(path.join(scratch, 'live'));
      await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) }, store);
      const active = (await readLiveView(store, new Date())).typhoons.find((t) => t.code === '202699');
      expect(active).toBeDefined();
      const doc = expectGdalReads('active202699', JSON.stringify(typhoonGeoJson(active as NonNullable<typeof active>)));
      const kinds = (doc.features as unknown as { properties: { kind: string } }[]).map((f) => f.properties.kind);
      expect(kinds.filter((kind) => kind === 'forecast-cone')).toHaveLength(5);
      expect(kinds.filter((kind) => kind === 'wind-circle').length).toBeGreaterThan(3);
    } finally {
      await mock.close();
    }
  });
});
