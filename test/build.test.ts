/** The build on the hand-written sample: output, exclusion of active storms, and no half-written public/. */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { BuildError, buildSite } from '../build/build-site.ts';
import { FIXTURE_SOURCES } from './helpers/sources.ts';

const scratch = () => fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-build-'));

describe('buildSite', () => {
  it('renders both families, leaves storms active at build time out, and skips an unchanged rebuild', async () => {
    const publicDir = path.join(await scratch(), 'public');
    const report = await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true, activeCodes: new Set(['202411']) });
    expect(report).toMatchObject({ skipped: false, storms: 6 });
    expect(await fs.pathExists(path.join(publicDir, 'api/v1/typhoons/194501.json'))).toBe(true);
    expect(await fs.pathExists(path.join(publicDir, 'api/typhoons/202411.json'))).toBe(false);
    const redirects = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    expect(redirects).not.toContain('/api/typhoons/202411 ');
    expect(redirects).toContain('/api/typhoons/194501 /api/typhoons/194501.json 200');
    const year = await fs.readJson(path.join(publicDir, 'api/history/2024.json'));
    expect(year.typhoons.map((t: { code: string }) => t.code)).toEqual(['202411', '202414', '202414-1', '2024C14']);
    const again = await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, activeCodes: new Set(['202411']) });
    expect(again.skipped).toBe(true);
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
