/** The build on the hand-written sample: output, exclusion of active storms, and no half-written public/. */
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { BuildError, buildSite } from '../build/build-site.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';

const scratch = () => fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-build-'));

describe('buildSite', () => {
  it('renders both families and skips an unchanged rebuild only while the output is intact', async () => {
    const publicDir = path.join(await scratch(), 'public');
    const report = await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    expect(report).toMatchObject({ skipped: false, storms: 6, archive: { storms: 6, demo: false, before1949: 1 } });
    expect(await fs.pathExists(path.join(publicDir, 'api/v1/typhoons/194501.json'))).toBe(true);
    const redirects = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    expect(redirects).toContain('/api/typhoons/194501 /api/typhoons/194501.json 200');
    const year = await fs.readJson(path.join(publicDir, 'api/history/2024.json'));
    expect(year.typhoons.map((t: { code: string }) => t.code)).toEqual(['202411', '202414', '202414-1', '2024C14']);
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(true);
    // Output removed or edited behind the build's back: the next plain build notices and rebuilds.
    await fs.remove(path.join(publicDir, 'api'));
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(false);
    await fs.writeFile(path.join(publicDir, 'api/history/2024.json'), JSON.stringify({ edited: true }));
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(false);
    expect((await fs.readJson(path.join(publicDir, 'api/history/2024.json'))).year).toBe(2024);
  });

  it('gives byte-identical output for the same inputs, with static ts values that are release times', async () => {
    const [a, b] = [path.join(await scratch(), 'public'), path.join(await scratch(), 'public')];
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir: a, force: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir: b, force: true });
    const files = (await fg('**/*', { cwd: a, dot: true })).sort();
    expect(files.length).toBeGreaterThan(50);
    expect((await fg('**/*', { cwd: b, dot: true })).sort()).toEqual(files);
    for (const file of files) expect((await fs.readFile(path.join(b, file))).equals(await fs.readFile(path.join(a, file))), file).toBe(true);
    // YAGI's CMA header was released on 2025-03-01: that is its ts, whatever the build time.
    expect((await fs.readJson(path.join(a, 'api/v1/typhoons/202411.json'))).ts).toBe(Date.parse('2025-03-01T00:00:00+08:00'));
  });

  it('labels every archive answer of the demo archive, and a production build refuses a poorer archive', async () => {
    const root = await scratch();
    const demo = path.join(root, 'demo');
    await fs.copy(FIXTURE_SOURCES, demo);
    await fs.writeFile(path.join(demo, 'DEMO'), 'demo\n');
    const publicDir = path.join(root, 'public');
    const baseline = (await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true })).archive;
    const error = await buildSite({ sourcesDir: demo, publicDir, force: true, baseline }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    expect((error as BuildError).problems.join('\n')).toMatch(/demo archive/);
    const withoutZj = path.join(root, 'cma-only');
    await fs.copy(path.join(FIXTURE_SOURCES, 'cma-bst'), path.join(withoutZj, 'cma-bst'));
    const poorer = await buildSite({ sourcesDir: withoutZj, publicDir, force: true, baseline }).catch((e: unknown) => e);
    expect((poorer as BuildError).problems.join('\n')).toMatch(/Chinese name.*\n?.*|landfalls/);
    expect((await fs.readJson(path.join(publicDir, 'api/_data/archive-report.json'))).demo).toBe(false);
    await buildSite({ sourcesDir: demo, publicDir, force: true, baseline, allowPoorer: true });
    const years = await fs.readJson(path.join(publicDir, 'api/v1/history/years.json'));
    expect(years.data.attribution[0]).toMatchObject({ source: 'demo' });
  });

  it('stops on a broken source with every problem named, and leaves the previous output untouched', async () => {
    const root = await scratch();
    const publicDir = path.join(root, 'public');
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    const before = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    const broken = path.join(root, 'sources');
    await fs.copy(FIXTURE_SOURCES, broken);
    await fs.appendFile(path.join(broken, 'cma-bst', 'CH1949BST.txt'), '66666 0000    2 0002 0000 0 6 Short 20110729\r\n1949020100 1  60 1395 1004      15\r\n');
    await fs.writeFile(path.join(broken, 'zj', '202414.json'), '[{"tfbh":"202414"');
    const error = await buildSite({ sourcesDir: broken, publicDir, force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    const problems = (error as BuildError).problems.join('\n');
    expect(problems).toMatch(/CH1949BST\.txt:\d+: header at line \d+ promises 2 data lines/);
    expect(problems).toMatch(/202414\.json:1: not JSON/);
    expect(await fs.readFile(path.join(publicDir, '_redirects'), 'utf8')).toBe(before);
  });
});
