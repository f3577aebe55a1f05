/**
 * The archive a production deploy builds equals the one the tests check. A deploy has the CMA best track plus the
 * Zhejiang archive that `sources fetch` downloads through `TyphoonList/{year}` and `TyphoonInfo/{tfid}`; the tests
 * build from the real zj files (the run's shared build, test/global-setup.ts). Here the service is replayed on
 * loopback from those very files (helpers/zj-service-replay.ts, in the live service's shape), fetched with
 * fetchZjArchive into a fresh folder beside the same cma-bst/, built with the same other agencies' tracks, and
 * compared with the shared build: the same storms, Chinese names, landfalls, wind circles and tracks, storm by storm.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { NAMES_FILE } from '../../src/config/paths.ts';
import { archiveReport, type ArchiveReport } from '../../src/archive/archive-report.ts';
import { buildArchive } from '../../src/archive/build-archive.ts';
import { startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import type { Typhoon, WindCircle } from '../../src/model/typhoon-schemas.ts';
import { fetchZjArchive, FIRST_ZJ_YEAR, type ZjFetchReport } from '../../src/sources/fetch-zj.ts';
import type { LoadedSources } from '../../src/sources/read-sources.ts';
import { readArchiveSources } from '../../src/archive/read-archive-sources.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { renderArchive } from '../helpers/rendered-archive.ts';
import { awaitSharedBuild } from '../helpers/shared-build.ts';
import { agenciesFor } from '../helpers/sources.ts';
import { zjServiceReplay, type ZjServiceReplay } from '../helpers/zj-service-replay.ts';

const LAST_YEAR = 2025;
const YEARS = Array.from({ length: LAST_YEAR - FIRST_ZJ_YEAR + 1 }, (_, i) => FIRST_ZJ_YEAR + i);

describeRealData('archive', 'the Zhejiang archive fetched from the service builds the archive the tests check', (sources) => {
  let mock: MockUpstream;
  let dest: string;
  let replay: ZjServiceReplay;
  let fetchReport: ZjFetchReport;
  let fetched: LoadedSources;
  const built = {} as Record<'real' | 'fetched', Typhoon[]>;
  const reports = {} as Record<'real' | 'fetched', ArchiveReport>;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    let t = performance.now();
    const lap = (what: string) => {
      timings[what] = Math.round(performance.now() - t);
      t = performance.now();
    };
    replay = await zjServiceReplay(path.join(sources, 'zj'), YEARS);
    mock = await startMockUpstream({ recordedDir: undefined });
    for (const [year, items] of replay.lists) mock.setPayload(`zj/TyphoonList/${year}`, JSON.stringify(items));
    for (const [tfid, info] of replay.infos) mock.setPayload(`zj/TyphoonInfo/${tfid}`, JSON.stringify(info));
    lap('replay');

    dest = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-zj-equivalence-'));
    const client = createUpstreamClient({ retries: 0 });
    fetchReport = await fetchZjArchive({
      upstreams: { zjBase: mock.zjBase, client },
      destDir: dest,
      delayMs: 0,
      concurrency: 16, // the loopback replay answers at once: more in flight, fewer turns of the event loop
      // The default seasons (1945 to the current Beijing year) with the archive's last season as the current one.
      now: new Date(`${LAST_YEAR}-12-31T00:00:00Z`),
    });
    await fs.symlink(path.join(sources, 'cma-bst'), path.join(dest, 'cma-bst'), 'dir');
    lap('fetch');

    fetched = await readArchiveSources(dest, NAMES_FILE, { agenciesDir: agenciesFor(sources) });
    built.fetched = buildArchive(fetched).typhoons;
    reports.fetched = archiveReport(built.fetched, fetched.demo);
    lap('build');
    console.log(
      `zj fetch equivalence: ${JSON.stringify(timings)} ms; ${replay.infos.size} TyphoonInfo answers, ${mock.requests()} requests`,
    );
  }, 300_000); // 12–15 s of CPU on an idle machine

  // The shared build is made while the work above runs: waited for after it.
  awaitSharedBuild(sources);
  beforeAll(async () => {
    const shared = await renderArchive(sources);
    built.real = [...shared.details.values()];
    reports.real = shared.data(DATA_FILES.archiveReport);
  }, 60_000);

  afterAll(async () => {
    await mock?.close();
    if (dest) await fs.remove(dest);
  });

  it('fetches every season and every non-empty archive file, skipping and failing nothing', () => {
    expect(replay.empty).toEqual(['195433.json', '195637.json', '195836.json', '196118.json', '197319.json']);
    expect(fetchReport.years).toEqual(YEARS);
    expect(fetchReport.failed).toEqual([]);
    expect(fetchReport.skipped).toEqual([]);
    expect(fetchReport.written).toEqual([...replay.infos.keys()].sort());
    expect(fetched.problems).toEqual([]);
    // Each non-empty archive file read back as the storm it holds (the CMA files are the same ones, linked).
    expect(fetched.zj.map((s) => s.tfbh)).toEqual([...replay.infos.keys()]);
  });

  it('gives the same archive report (storms, Chinese names, landfalls, wind circles, 1945–1948, years)', () => {
    expect(reports.real).toMatchObject({ demo: false, storms: 2642, firstYear: 1945, lastYear: LAST_YEAR, before1949: 93 });
    expect(reports.fetched).toEqual(reports.real);
  });

  it('gives every storm the same names, landfalls, wind circles and track', () => {
    const fetchedByCode = new Map(built.fetched.map((t) => [t.code, t]));
    const realCodes = new Set(built.real.map((t) => t.code));
    const mismatches: string[] = [];
    for (const t of built.fetched) if (!realCodes.has(t.code)) mismatches.push(`${t.code}: only in the fetched archive`);

    // 0 and null quadrants both mean "no radius there" to the service (a "0" in "NE|SE|NW|SW" reads as missing).
    const circle = (c: WindCircle | null) => (c ? [c.ne, c.se, c.sw, c.nw].map((v) => v || null) : null);
    const circles = (t: Typhoon) => t.points.filter((p) => p.radius7 || p.radius10 || p.radius12);
    const track = (t: Typhoon) =>
      t.points.map((p) => [p.time, p.lat, p.lng, p.speed, p.pressure, p.grade, p.power, p.moveDir, p.moveSpeed]);
    const differ = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

    for (const real of built.real) {
      const fetched = fetchedByCode.get(real.code);
      if (!fetched) {
        mismatches.push(`${real.code} (zj ${real.zjId}): missing from the fetched archive`);
        continue;
      }
      const say = (what: string, a: unknown, b: unknown) =>
        mismatches.push(`${real.code} ${what}: real ${JSON.stringify(a)}, fetched ${JSON.stringify(b)}`);
      for (const key of ['zjId', 'name', 'enname', 'year'] as const) if (real[key] !== fetched[key]) say(key, real[key], fetched[key]);
      if (real.land.length !== fetched.land.length) say('land.length', real.land.length, fetched.land.length);
      const lands = (t: Typhoon) => t.land.map((l) => [l.time, l.position]);
      if (differ(lands(real), lands(fetched))) say('landfalls', lands(real), lands(fetched));
      if (circles(real).length !== circles(fetched).length) say('points with wind circles', circles(real).length, circles(fetched).length);
      const radii = (t: Typhoon) => circles(t).map((p) => [p.time, circle(p.radius7), circle(p.radius10), circle(p.radius12)]);
      const [rr, fr] = [radii(real), radii(fetched)];
      const radiusAt = rr.findIndex((r, i) => differ(r, fr[i]));
      if (radiusAt >= 0) say(`wind circles from ${rr[radiusAt]?.[0]}`, rr[radiusAt], fr[radiusAt]);
      const [rt, ft] = [track(real), track(fetched)];
      if (rt.length !== ft.length) say('points', rt.length, ft.length);
      const at = rt.findIndex((p, i) => differ(p, ft[i]));
      if (at >= 0) say(`track point ${at}`, rt[at], ft[at]);
    }
    expect({ mismatches: mismatches.length, first20: mismatches.slice(0, 20) }).toEqual({ mismatches: 0, first20: [] });
  });
});
