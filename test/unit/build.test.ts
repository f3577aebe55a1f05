/** The build on the hand-written sample: output, exclusion of active storms, and no half-written public/. */
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { BUILD_ERROR_SHOWN, BuildError, buildSite } from '../../build/build-site.ts';
import { listBuilds } from '../../build/publish.ts';
import { fixtureSite } from '../helpers/fixture-site.ts';
import { FIXTURE_SOURCES } from '../helpers/sources.ts';

const scratch = () => fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-build-'));

describe('buildSite', () => {
  it('renders both families and skips an unchanged rebuild only while the output is intact', async () => {
    const publicDir = path.join(await scratch(), 'public');
    const report = await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    expect(report).toMatchObject({ skipped: false, storms: 6, archive: { storms: 6, demo: false, before1949: 1 } });
    // The URL is the file: no rule per answer.
    expect(await fs.pathExists(path.join(publicDir, 'api/v1/typhoons/194501'))).toBe(true);
    expect(await fs.pathExists(path.join(publicDir, 'api/geojson/194501'))).toBe(true);
    const redirects = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    expect(redirects).not.toContain('194501');
    const year = await fs.readJson(path.join(publicDir, 'api/history/2024'));
    expect(year.typhoons.map((t: { code: string }) => t.code)).toEqual(['202411', '202414', '202414-1', '2024C14']);
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(true);
    // Output removed or edited behind the build's back: the next plain build notices and rebuilds.
    await fs.remove(path.join(publicDir, 'api'));
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(false);
    await fs.writeFile(path.join(publicDir, 'api/history/2024'), JSON.stringify({ edited: true }));
    expect((await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir })).skipped).toBe(false);
    expect((await fs.readJson(path.join(publicDir, 'api/history/2024'))).year).toBe(2024);
  });

  it('gives byte-identical output for the same inputs, with static ts values that are release times', async () => {
    // The worker's build of the sample (helpers/fixture-site.ts: the same inputs and options, only read by the suites
    // that share it), made earlier in the worker or now, and one of our own after it.
    const a = await fixtureSite();
    const b = path.join(await scratch(), 'public');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir: b, force: true });
    const files = (await fg('**/*', { cwd: a, dot: true })).sort();
    expect(files.length).toBeGreaterThan(50);
    expect((await fg('**/*', { cwd: b, dot: true })).sort()).toEqual(files);
    for (const file of files)
      expect((await fs.readFile(path.join(b, file))).equals(await fs.readFile(path.join(a, file))), file).toBe(true);
    // YAGI's CMA header was released on 2025-03-01: that is its ts, whatever the build time.
    expect((await fs.readJson(path.join(a, 'api/v1/typhoons/202411'))).ts).toBe(Date.parse('2025-03-01T00:00:00+08:00'));
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
    // A refused build was written as it was rendered, then removed: only the published build is left.
    expect(await listBuilds(publicDir)).toHaveLength(1);
    await buildSite({ sourcesDir: demo, publicDir, force: true, baseline, allowPoorer: true });
    const years = await fs.readJson(path.join(publicDir, 'api/v1/history/years'));
    expect(years.data.attribution[0]).toMatchObject({ source: 'demo' });
  });

  it('stops on a broken source with every problem named, and leaves the previous output untouched', async () => {
    const root = await scratch();
    const publicDir = path.join(root, 'public');
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true });
    const before = await fs.readFile(path.join(publicDir, '_redirects'), 'utf8');
    const broken = path.join(root, 'sources');
    await fs.copy(FIXTURE_SOURCES, broken);
    await fs.appendFile(
      path.join(broken, 'cma-bst', 'CH1949BST.txt'),
      '66666 0000    2 0002 0000 0 6 Short 20110729\r\n1949020100 1  60 1395 1004      15\r\n',
    );
    await fs.writeFile(path.join(broken, 'zj', '202414.json'), '[{"tfbh":"202414"');
    const error = await buildSite({ sourcesDir: broken, publicDir, force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BuildError);
    const problems = (error as BuildError).problems.join('\n');
    expect(problems).toMatch(/CH1949BST\.txt:\d+: header at line \d+ promises 2 data lines/);
    expect(problems).toMatch(/202414\.json:1: not JSON/);
    expect(await fs.readFile(path.join(publicDir, '_redirects'), 'utf8')).toBe(before);
    expect(await listBuilds(publicDir)).toHaveLength(1);
  });

  /** A copy of the fixture sources with some files replaced (text or bytes), and the build's problems on it. */
  const problemsWith = async (files: Record<string, string | Buffer>) => {
    const root = await scratch();
    const sources = path.join(root, 'sources');
    await fs.copy(FIXTURE_SOURCES, sources);
    for (const [file, body] of Object.entries(files)) await fs.outputFile(path.join(sources, file), body);
    const error = await buildSite({ sourcesDir: sources, publicDir: path.join(root, 'public'), force: true, dryRun: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BuildError);
    return (error as BuildError).problems.map((p) => p.slice(sources.length + 1));
  };
  const ch2024 = () => fs.readFile(path.join(FIXTURE_SOURCES, 'cma-bst', 'CH2024BST.txt'), 'latin1');

  it('stops on an empty or header-less CMA year file, naming it and each zj storm it should hold', async () => {
    const empty = await problemsWith({ 'cma-bst/CH2024BST.txt': '' });
    expect(empty).toEqual([
      'cma-bst/CH2024BST.txt:1: the year file is empty: no storm entry for 2024 (every CMA year file holds at least one 66666 header)',
      expect.stringMatching(
        /^zj\/202411\.json:1: zj storm 202411 \(Yagi\) finds no CMA entry: cma-bst\/CH2024BST\.txt has no entry numbered 2411 .*CMA year file incomplete\?$/,
      ),
      expect.stringMatching(/^zj\/202414\.json:1: zj storm 202414 .*finds no CMA entry/),
    ]);
    const headerless = await problemsWith({
      'cma-bst/CH2024BST.txt': (await ch2024())
        .split('\r\n')
        .filter((l) => !l.startsWith('66666'))
        .join('\r\n'),
    });
    expect(headerless[0]).toMatch(/^cma-bst\/CH2024BST\.txt:1: no 66666 header line/);
    // One problem for the run of headerless lines, not one per line.
    expect(headerless.filter((p) => p.startsWith('cma-bst/'))).toHaveLength(2);
  });

  it('stops on a CMA year file cut at an entry boundary: the zj storm whose entry is gone names both files', async () => {
    const lines = (await ch2024()).split('\r\n');
    const problems = await problemsWith({ 'cma-bst/CH2024BST.txt': lines.slice(0, 5).join('\r\n') + '\r\n' }); // YAGI only
    expect(problems).toEqual([
      'zj/202414.json:1: zj storm 202414 (PULASAN) finds no CMA entry: cma-bst/CH2024BST.txt has no entry numbered 2414 and no entry sharing a point with it (same instant, within 0.3°): CMA year file incomplete?',
    ]);
  });

  it('reports bytes that are not ASCII in a CMA file or not UTF-8 in a zj file, with the line, and misnamed source files', async () => {
    const cmaText = (await ch2024()).replace('Bebinca(Pulasan)', 'Beb\u00efnca(Pulasan)');
    const column = (cmaText.split('\r\n')[5] as string).indexOf('\u00ef') + 1;
    // A zj file with a valid two-byte character, then F4 90 (F4 takes 80–8F next): the first bad byte is F4.
    const zj = await fs.readFile(path.join(FIXTURE_SOURCES, 'zj', '202411.json'));
    const at = zj.indexOf(Buffer.from('"name":"')) + 8;
    const broken = Buffer.concat([zj.subarray(0, at), Buffer.from([0xc4, 0xa6, 0xf4, 0x90]), zj.subarray(at)]);
    expect(at).toBeGreaterThan(8);
    const problems = await problemsWith({
      'cma-bst/CH2024BST.txt': Buffer.from(cmaText, 'latin1'),
      'zj/202411.json': broken,
      'zj/202415.JSON': '[]',
      'cma-bst/ch2023bst.txt': '',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `cma-bst/CH2024BST.txt:6: not ASCII: byte 0xEF at line 6, column ${column}; a CMA best-track file is plain ASCII`,
        `zj/202411.json:1: not valid UTF-8: byte 0xF4 at line 1, column ${at + 3} (byte offset ${at + 2}); save the file as UTF-8`,
        'zj/202415.JSON:1: is not read: a zj storm file is named YYYYNN.json (lower-case .json)',
        'cma-bst/ch2023bst.txt:1: is not read: a CMA year file is named CHYYYYBST.txt (upper-case CH and BST, lower-case .txt)',
      ]),
    );
  });

  it(`prints the first ${BUILD_ERROR_SHOWN} problems and says how many more, keeping every one in problems`, () => {
    const problems = Array.from({ length: 60 }, (_, i) => `content/news/broken-${i}.md:3: date: 2024-13-45 is not a calendar date`);
    const error = new BuildError(problems);
    expect(error.problems).toEqual(problems);
    expect(error.message).toMatch(/^The build found 60 problem\(s\):\n/);
    expect(error.message).toContain('broken-49.md');
    expect(error.message).not.toContain('broken-50.md');
    expect(error.message.endsWith('\n  … and 10 more')).toBe(true);
    expect(new BuildError(problems.slice(0, 50)).message).not.toContain('more');
  });

  it('publishes the data-quality report and logs its summary; the record no longer carries the failing value', async () => {
    const publicDir = path.join(await scratch(), 'public');
    const lines: string[] = [];
    await buildSite({ sourcesDir: FIXTURE_SOURCES, publicDir, force: true, log: (line) => lines.push(line) });
    const report = await fs.readJson(path.join(publicDir, 'api/_data/data-quality.json'));
    // The fixture's 202414 landfall (a parser sample: Chongwu, Fujian) lies far from PULASAN's invented track.
    expect(report).toEqual({
      // The sample's agencies (fixtures/sources/agencies) are read too.
      generatedFrom:
        "CMA best track 1949–2024 (2 year files), Zhejiang archive 1945–2024 (4 files); other agencies' files: jma 1, jtwc 1, hko 1",
      counts: { 'landfall-off-track': 1, 'wind-reconverted': 1 },
      problems: [
        expect.objectContaining({ code: 'wind-reconverted', file: 'zj/194501.json' }), // JTWC's knots converted again (test/unit/honest-records.test.ts)
        expect.objectContaining({
          code: 'landfall-off-track',
          file: 'zj/202414.json',
          field: 'land[0].lat/lng',
          action: 'landfall left out of the record',
        }),
      ],
    });
    expect(lines.join('\n')).toMatch(
      /Data quality: 2 source value\(s\) left out.*\n {2}- zj\/194501\.json .*\n {2}- zj\/202414\.json land\[0\]\.lat\/lng/,
    );
    expect((await fs.readJson(path.join(publicDir, 'api/v1/typhoons/202414'))).data.land).toEqual([]);
  });
});
