/** The offline dump on the hand-written sample: its checksums verify with sha256sum -c; its parts agree. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { DUMP_ROOT } from '../src/dump/dump.ts';
import { datedDump, STABLE_DUMP, writeDump } from '../src/dump/write-dump.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';

describe('writeDump', () => {
  it('writes a stable and a dated zip whose SHA256SUMS verify with sha256sum -c', async () => {
    const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-dump-'));
    const report = await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    // Dated by the data (the newest CMA release date, 2025-03-01), not by the clock.
    expect(report.files.map((f) => path.basename(f))).toEqual([STABLE_DUMP, 'typhoon-archive-2025-03-01.zip']);
    expect(datedDump(report.version)).toBe('typhoon-archive-2025-03-01.zip');
    const first = await fs.readFile(path.join(outDir, STABLE_DUMP));
    await writeDump({ sourcesDir: FIXTURE_SOURCES, outDir });
    expect((await fs.readFile(path.join(outDir, STABLE_DUMP))).equals(first)).toBe(true);

    const entries = unzipSync(await fs.readFile(path.join(outDir, STABLE_DUMP)));
    const unpacked = path.join(outDir, 'unpacked');
    for (const [name, bytes] of Object.entries(entries)) await fs.outputFile(path.join(unpacked, name), bytes);
    const root = path.join(unpacked, DUMP_ROOT);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: root, encoding: 'utf8' })).toMatch(/points\.csv: OK/);

    const manifest = await fs.readJson(path.join(root, 'manifest.json'));
    expect(manifest).toMatchObject({ schemaVersion: 1, storms: 6, generatedAt: '2025-02-28T16:00:00.000Z', countsPerYear: { 1945: 1, 1949: 1, 2024: 4 } });
    expect(manifest.sources.map((s: { file: string }) => s.file)).toContain('cma-bst/CH2024BST.txt');
    const csvRows = (await fs.readFile(path.join(root, 'points.csv'), 'utf8')).trim().split('\n');
    const jsonl = (await fs.readFile(path.join(root, 'points.jsonl'), 'utf8')).trim().split('\n');
    expect(csvRows.length - 1).toBe(manifest.points);
    expect(jsonl.length).toBe(manifest.points);
    expect(csvRows[0]).toMatch(/^code,name,enname,year,time,lat,lng,grade,strong,power,speed_ms,pressure_hpa/);
    expect((await fs.readJson(path.join(root, 'tracks.geojson'))).type).toBe('FeatureCollection');
    expect(await fs.readFile(path.join(root, 'LICENSE-AND-ATTRIBUTION.txt'), 'utf8')).toContain('tcdata.typhoon.org.cn');
    expect((await fs.readdir(path.join(root, 'storms'))).length).toBe(6);
    await fs.remove(outDir);
  });
});
