/**
 * GeoJSON read by a real GIS reader, GDAL's ogrinfo (Debian's gdal-bin; .ci/run installs it): every feature read
 * without an error or a warning, every geometry valid by GEOS (ST_IsValid through GDAL's SQLite dialect) and of
 * the type the file says. Shared by the GDAL suites over the mock upstream (test/contract) and the real archive
 * (test/real-data).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, expect } from 'vitest';

/** Whether ogrinfo runs here: a suite is skipped loudly where it is missing, and fails in CI. */
export function ogrinfoAvailable(): boolean {
  const available = spawnSync('ogrinfo', ['--version']).status === 0;
  if (!available && process.env.CI) throw new Error('no ogrinfo: .ci/run installs gdal-bin');
  if (!available) console.warn('*** SKIPPED GeoJSON GDAL suite: install gdal-bin (ogrinfo) to run it ***');
  return available;
}

/** The calling file's scratch folder, for the files ogrinfo reads: made before its tests, removed after them. */
export let scratch = '';
export function useGdalScratch(): void {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-gdal-'));
  });
  afterAll(() => fs.remove(scratch));
}

const ogrinfo = (...args: string[]) => {
  const run = spawnSync('ogrinfo', ['-ro', '-q', ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: run.status, out: run.stdout, err: run.stderr };
};

/** Feature count by upper-case geometry type, as the GeoJSON says. */
export function typesIn(doc: { features: { geometry: { type: string } }[] }): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { geometry } of doc.features) counts[geometry.type.toUpperCase()] = (counts[geometry.type.toUpperCase()] ?? 0) + 1;
  return counts;
}

/** Reads a GeoJSON text with ogrinfo and checks it as the module comment says. */
export function expectGdalReads(name: string, text: string) {
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
