/**
 * The scheduled run keeps every official forecast it reads (src/forecasts/forecast-store.ts): the mock upstream's
 * payloads (the demo storm's Zhejiang and NMC answers and JMA's own forecast document of it, NHC's a-deck of MELISSA,
 * JTWC's warning of ANGGREK) replayed as
 * the demo storm's life grows, with upstream faults, lost and damaged store writes, runs stopped before they kept
 * anything and restarts (a fresh store over the same folder): every issuance any payload held is stored once, none
 * is lost, the amendments are numbered, and times later than the fetch are left out and recorded.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { readStormForecasts, recordForecasts, storedForecastStorms, type StormForecasts } from '../../src/forecasts/forecast-store.ts';
import { jmaIssuance } from '../../src/forecasts/jma-issuances.ts';
import { jtwcTcwIssuance } from '../../src/forecasts/jtwc-issuances.ts';
import { nmcIssuances } from '../../src/forecasts/nmc-issuances.ts';
import { zjIssuances } from '../../src/forecasts/zj-issuances.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { issuanceKey, type IssuanceDraft } from '../../src/model/issuance-key.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { readTextQuality } from '../../src/store/text-quality.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { stripJsonp } from '../../src/upstream/client.ts';
import { normalizeZjInfo, parseZjTime } from '../../src/upstream/zj-service.ts';
import { readCyclone } from '../../src/global/global-store.ts';
import { readSnapshot } from '../../src/live/snapshot.ts';
import { FUTURE_TOLERANCE_MS } from '../../src/model/freshness.ts';
import { parseJmaTyphoonDocument } from '../../src/upstream/jma-xml.ts';
import { parseJtwcTcw } from '../../src/upstream/jtwc.ts';
import { manualClock, noWait } from '../helpers/clock.ts';
import { check } from '../helpers/live-payloads.ts';
import { captureLogs } from '../helpers/logs.ts';
import { MOCK_NOW, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';

const logs = captureLogs();
const MINUTE = 60_000;
const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, file), 'utf8');
type RawInfo = { points: { time: string }[]; land: unknown[] };

let mock: MockUpstream;
let dir = '';
let info: RawInfo;
let nmcView: { typhoon: unknown[][] };

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  info = JSON.parse(own('zj/TyphoonInfo_202699.json'));
  nmcView = JSON.parse(stripJsonp(own('nmc/view_9000000.jsonp')));
});
afterAll(() => mock.close());
beforeEach(async () => {
  mock.setFault(null);
  for (const [route, file] of [
    ['zj/TyphoonInfo/202699', 'zj/TyphoonInfo_202699.json'],
    ['nmc/view_9000000', 'nmc/view_9000000.jsonp'],
  ])
    mock.setPayload(route as string, own(file as string));
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-forecast-capture-'));
  return () => fs.remove(dir);
});

/** A run on a clock of its own that stands still; an upstream's retries do not wait (on the machine's timers or any other). */
const run = (store: KeyValueStore, now: Date) =>
  runScheduledRefresh({ store, upstreams: mock.addresses, llm: null, clock: manualClock(), sleep: noWait, now });

/** The keys of the drafts issued by the fetch (`at`, within the tolerance every source time has). */
const keysOf = (drafts: readonly (IssuanceDraft | null)[], at: Date) =>
  drafts.flatMap((d) => (d && Date.parse(d.initialTime) <= at.getTime() + FUTURE_TOLERANCE_MS ? [issuanceKey(d)] : []));

/** JMA's own forecast of the demo storm (its VPTW60 document, which the warnings part reads), kept once its time has come. */
const JMA_FILE = '20260822155000_0_VPTW60_010000.xml';
const jmaOwn = (at: Date) => {
  const document = parseJmaTyphoonDocument(own(`jma/${JMA_FILE}`), 'VPTW60').document;
  const storm = { id: '202699', code: '202699', atcfId: null, name: 'MANGKHUT' };
  return keysOf([jmaIssuance({ file: JMA_FILE, document, unreadTimes: 0 }, storm, at)], at);
};

/** The issuances of the mock's payloads as they stand, read straight from them (not through the run). */
function offered(zj: unknown, nmc: unknown, at: Date) {
  return {
    '202699': [...keysOf(zjIssuances(zj, at, check()), at), ...keysOf(nmcIssuances(nmc, at, check()), at), ...jmaOwn(at)],
    al132025: keysOf(
      adeckIssuances(parseAtcfDeck(own('nhc/aal132025.dat')).records, { atcfId: 'al132025', channel: 'live', file: null, seenAt: at }),
      at,
    ),
    sh062024: keysOf(
      [jtwcTcwIssuance(parseJtwcTcw(own('jtwc/sh0624.tcw'), []), { atcfId: 'sh062024', file: 'sh0624.tcw', seenAt: at })],
      at,
    ),
  };
}

async function stored(store: KeyValueStore, id: string): Promise<StormForecasts> {
  const read = await readStormForecasts(store, id);
  if (read.state !== 'ok') throw new Error(`forecasts/${id}: ${read.state}`);
  return read.value;
}

describe('one run', () => {
  it('keeps every forecast of every payload it reads, once, with the storms’ operational tracks', async () => {
    const store = fileStore(dir);
    const result = await run(store, MOCK_NOW);
    const expected = offered(JSON.parse(own('zj/TyphoonInfo_202699.json')), nmcView, MOCK_NOW);
    expect(await storedForecastStorms(store)).toEqual(['202699', 'al132025', 'sh062024']);
    for (const [id, keys] of Object.entries(expected)) {
      const kept = (await stored(store, id)).issuances;
      expect(kept.map((i) => i.key).sort(), id).toEqual([...new Set(keys)].sort());
      expect(keys.length, id).toBeGreaterThan(0);
    }
    const typhoon = await stored(store, '202699');
    // The Zhejiang service's five agencies (CMA's and JMA's given at two points, one issuance each), NMC's BABJ, and
    // JMA's own document (linked to the storm by its name: JMA's number is not in the storm's record).
    expect(typhoon.issuances.map((i) => `${i.initialTime} ${i.agency} ${i.source.product}`)).toEqual([
      '2026-08-22T18:00:00Z cma nmc-service',
      '2026-08-22T18:00:00Z cma zj-service',
      '2026-08-22T18:00:00Z jma zj-service',
      '2026-08-22T15:00:00Z cwa zj-service',
      '2026-08-22T15:00:00Z jma jma-vptw',
      '2026-08-22T15:00:00Z jtwc zj-service',
      '2026-08-22T12:00:00Z hko zj-service',
    ]);
    expect(typhoon.operational).toMatchObject({ source: 'cma-operational', status: 'provisional', windPeriod: '2min' });
    expect(typhoon.operational?.fixes.at(-1)).toMatchObject({ time: '2026-08-22T18:00:00Z', stage: 'tropical' });
    expect((await stored(store, 'al132025')).operational).toMatchObject({
      source: 'atcf-bdeck',
      status: 'provisional',
      windPeriod: '1min',
    });
    expect(result.forecasts).toMatchObject({ written: ['202699', 'al132025', 'sh062024'], rejected: 0, rebuilt: [], errors: [] });
    expect(result.purge.tags).toContain('forecasts');
  });

  it('a second run with nothing new writes nothing', async () => {
    const store = fileStore(dir);
    await run(store, MOCK_NOW);
    const second = await run(store, new Date(MOCK_NOW.getTime() + MINUTE));
    expect(second.forecasts).toMatchObject({ written: [], added: 0, completed: 0 });
    expect(second.purge.tags).not.toContain('forecasts');
  });
});

type RawGroup = { tm: string; forecastpoints: { time: string }[] };
const zjTime = (ms: number) => {
  const t = new Date(ms + 8 * 3_600_000);
  return `${t.getUTCFullYear()}/${t.getUTCMonth() + 1}/${t.getUTCDate()} ${t.getUTCHours()}:${String(t.getUTCMinutes()).padStart(2, '0')}:00`;
};

/**
 * The demo storm as the services give it with its first k+1 points. Its forecasts ride on its last two points; the
 * groups of the one before the last are moved to that point's own time (the demo payload gives them the last one's),
 * so that the replay sees CMA's and JMA's forecasts of 12 UTC before those of 18 UTC.
 */
function showDemo(k: number) {
  const points = (info.points as { time: string; forecast?: RawGroup[] }[]).slice(0, k + 1).map((p, i) => {
    if (i === info.points.length - 1 || !p.forecast?.length) return p;
    return {
      ...p,
      forecast: p.forecast.map((g) => {
        const shift = parseZjTime(p.time).getTime() - parseZjTime(g.forecastpoints[0]?.time ?? p.time).getTime();
        return { ...g, forecastpoints: g.forecastpoints.map((f) => ({ ...f, time: zjTime(parseZjTime(f.time).getTime() + shift) })) };
      }),
    };
  });
  const zj = { ...info, points, land: k === info.points.length - 1 ? info.land : [] };
  const view = structuredClone(nmcView);
  view.typhoon[8] = (view.typhoon[8] as unknown[]).slice(0, k + 1);
  mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(zj));
  mock.setPayload('nmc/view_9000000', `typhoon_jsons_view_9000000(${JSON.stringify(view)})`);
  return { zj, nmc: view };
}

describe('the demo storm’s life, with faults and restarts', () => {
  it('every issuance offered is kept once; none is lost', async () => {
    const everything = new Set<string>();
    const steps: { k: number; minutes: number; fault?: 'zj' | 'all'; store?: 'lose-writes' | 'damage' | 'restart'; stop?: true }[] = [
      { k: 7, minutes: -9 * 60 },
      { k: 8, minutes: -6 * 60 + 1, store: 'lose-writes' }, // CMA's and JMA's 12 UTC forecasts read, but the writes fail
      { k: 8, minutes: -6 * 60 + 2, stop: true }, // stopped before it kept anything
      { k: 8, minutes: -6 * 60 + 3, fault: 'zj' }, // NMC alone (no forecast at this point)
      { k: 8, minutes: -6 * 60 + 4 }, // kept now
      { k: 9, minutes: 0, fault: 'all' }, // nothing read at all
      { k: 9, minutes: 1, fault: 'zj', store: 'damage' }, // both copies damaged; NMC alone: the rest only from what the copies hold
      { k: 9, minutes: 2, store: 'restart' },
      { k: 9, minutes: 3 },
    ];
    let store = fileStore(dir);
    for (const step of steps) {
      const at = new Date(MOCK_NOW.getTime() + step.minutes * MINUTE);
      const shown = showDemo(step.k);
      mock.setFault(step.fault === 'all' ? '5xx' : null);
      if (step.fault === 'zj') mock.setFault('5xx', 'zj');
      const offer = offered(shown.zj, shown.nmc, at);
      if (step.fault !== 'all')
        for (const key of offer['202699'].filter((k) => step.fault !== 'zj' || !k.includes('/zj-service/'))) everything.add(key);
      // JMA's document was fetched by the first run and is kept with the warnings: every run reads its forecast again,
      // so it is kept at the first run after its time, whatever that run could fetch.
      for (const key of jmaOwn(at)) everything.add(key);
      if (step.store === 'restart') store = fileStore(dir);
      if (step.store === 'damage') {
        // The main copy cut short (not JSON), the backup of a wrong shape whose issuances still read one by one.
        const file = (copy: string) => path.join(dir, `${encodeURIComponent(copy)}.json`);
        const text = await fs.readFile(file('forecasts/202699'), 'utf8');
        await fs.writeFile(file('forecasts/202699'), text.slice(0, 2_000));
        const backup = JSON.parse(text);
        await fs.writeFile(file('backup/forecasts/202699'), JSON.stringify({ ...backup, data: { ...backup.data, operational: 'lost' } }));
      }
      const target: KeyValueStore =
        step.store === 'lose-writes'
          ? { ...store, set: (key, value) => (key.includes('forecasts/') ? Promise.reject(new Error('disk full')) : store.set(key, value)) }
          : store;
      if (step.stop) continue; // the platform stopped the run before its forecast step: what it read is read again next time
      const result = await run(target, at);
      if (step.store === 'lose-writes') expect(result.forecasts?.errors.join()).toMatch(/forecasts\/202699: disk full/);
      if (step.store === 'damage') {
        // Rebuilt from what the copies held: nothing read before is lost although the Zhejiang service was down.
        expect(result.forecasts?.rebuilt).toEqual(['202699']);
        expect((await stored(store, '202699')).issuances.map((i) => i.key).sort()).toEqual([...everything].sort());
      }
    }
    const kept = (await stored(store, '202699')).issuances;
    expect(kept.map((i) => i.key).sort()).toEqual([...everything].sort());
    expect(new Set(kept.map((i) => i.key)).size).toBe(kept.length);
    expect(kept.map((i) => `${i.initialTime} ${i.agency} ${i.source.product}`)).toEqual([
      '2026-08-22T18:00:00Z cma nmc-service',
      '2026-08-22T18:00:00Z cma zj-service',
      '2026-08-22T18:00:00Z jma zj-service',
      '2026-08-22T15:00:00Z cwa zj-service',
      '2026-08-22T15:00:00Z jma jma-vptw',
      '2026-08-22T15:00:00Z jtwc zj-service',
      '2026-08-22T12:00:00Z cma zj-service',
      '2026-08-22T12:00:00Z hko zj-service',
      '2026-08-22T12:00:00Z jma zj-service',
    ]);
    expect(kept.every((i) => i.revision === 1 && i.amends === null)).toBe(true);
    expect((await readTextQuality(store)).faults.map((f) => `${f.kind} ${f.product}`)).toContain('store-loss forecasts/202699');
    expect(logs.all().join('\n')).toMatch(/forecasts\/202699 .*set aside/);
  });

  it('a forecast amended by its source is a new revision that names the one it amends', async () => {
    const store = fileStore(dir);
    showDemo(9);
    await run(store, MOCK_NOW);
    const amended = structuredClone(info) as { points: { forecast?: { tm: string; forecastpoints: { lat: string }[] }[] }[] };
    const group = amended.points.at(-1)?.forecast?.find((g) => g.tm === '中国');
    if (!group?.forecastpoints[1]) throw new Error('no CMA forecast in the demo payload');
    group.forecastpoints[1].lat = String(Number(group.forecastpoints[1].lat) + 0.3);
    mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(amended));
    await run(store, new Date(MOCK_NOW.getTime() + MINUTE));
    const cma = (await stored(store, '202699')).issuances.filter(
      (i) => i.agency === 'cma' && i.source.product === 'zj-service' && i.initialTime === '2026-08-22T18:00:00Z',
    );
    expect(cma.map((i) => i.revision)).toEqual([2, 1]);
    expect(cma[0]?.amends).toBe(cma[1]?.key);
  });
});

describe('times never after their fetch', () => {
  it('a forecast issued after the fetch is left out and recorded; the rest is kept', async () => {
    const store = fileStore(dir);
    const drafts = zjIssuances(JSON.parse(own('zj/TyphoonInfo_202699.json')), MOCK_NOW, check());
    const early = new Date('2026-08-22T13:00:00Z');
    const result = await recordForecasts(store, [{ drafts, tracks: {}, problems: [], faults: [] }], early);
    expect(result.rejected).toBe(drafts.filter((d) => d.initialTime > '2026-08-22T13:10:00Z').length);
    expect((await stored(store, '202699')).issuances.map((i) => `${i.initialTime} ${i.agency}`)).toEqual(['2026-08-22T12:00:00Z hko']);
    const faults = (await readTextQuality(store)).faults.filter((f) => f.kind === 'future-time');
    expect(faults.map((f) => f.product)).toContain('forecasts/202699 cma');
    expect(logs.lines().join('\n')).toMatch(/zj-live forecasts\/202699 cma: a forecast with initial time 2026-08-22T18:00:00Z/);
  });
});

describe('what cannot be read, and JTWC’s warnings of the other parts’ storms', () => {
  /** Our invented warning of 27W (test/fixtures/forecasts/wp2726.tcw), listed in the feed in place of 17W. */
  const WP_TCW = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'forecasts', 'wp2726.tcw'), 'utf8');
  const listing27W = () => own('jtwc/jtwc.rss').replace('17W (Saudel)', '27W (Twentyseven)').replaceAll('wp1726', 'wp2726');
  afterAll(() => {
    mock.setPayload('jtwc/rss', own('jtwc/jtwc.rss'));
    mock.setPayload('jtwc/products/wp2726.tcw', null);
  });

  it('a forecast that cannot be read whole is left out and reported in the data-quality document, its source and payload named; the others are kept', async () => {
    const store = fileStore(dir);
    const zj = structuredClone(info) as { points: { forecast?: { tm: string; forecastpoints: { lat: string }[] }[] }[] };
    // CMA's group at the point before the last (the storm's record takes only the last point's: it is still read). The
    // demo payload gives it the same forecast as the last point's, which is read: nothing is lost.
    const group = zj.points.at(-2)?.forecast?.find((g) => g.tm === '中国');
    if (!group?.forecastpoints[2]) throw new Error('no CMA forecast at the demo payload’s point before the last');
    group.forecastpoints[2].lat = '';
    mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(zj));
    // A warning whose .tcw has no base time: a payload that holds one forecast, which cannot be read.
    mock.setPayload('jtwc/rss', listing27W());
    mock.setPayload('jtwc/products/wp2726.tcw', WP_TCW.replace('2026082212 27W', 'soon 27W'));
    const result = await run(store, MOCK_NOW);
    expect(result.typhoons.ok).toBe(true);
    const expected = offered(JSON.parse(own('zj/TyphoonInfo_202699.json')), nmcView, MOCK_NOW)['202699'];
    expect((await stored(store, '202699')).issuances.map((i) => i.key).sort()).toEqual([...new Set(expected)].sort());
    expect(await storedForecastStorms(store)).not.toContain('wp272026');
    expect(result.typhoons.forecasts.problems).toEqual(['TyphoonInfo/202699: points.8.forecast.中国.2: no position']);
    const faults = (await readTextQuality(store)).faults.filter((f) => f.kind === 'unreadable-forecast');
    expect(faults.map(({ source, product, detail, action }) => ({ source, product, detail, action }))).toEqual([
      { source: 'zj-live', product: 'TyphoonInfo/202699', detail: 'points.8.forecast.中国.2: no position', action: 'left out' },
      { source: 'jtwc', product: 'wp2726.tcw', detail: '.tcw: no base time after the WARNING header', action: 'left out' },
    ]);
    expect(logs.lines().join('\n')).toMatch(
      /live data quality: zj-live TyphoonInfo\/202699: points\.8\.forecast\.中国\.2: no position; left out/,
    );
    // Seen again by the next run: the same fault, seen twice.
    await run(store, new Date(MOCK_NOW.getTime() + MINUTE));
    expect((await readTextQuality(store)).faults.find((f) => f.product === 'TyphoonInfo/202699')?.seen).toBe(2);
  });

  it('a JTWC warning with a forecast line that does not read: its forecast is refused and reported, never kept in part; the cyclone is still served', async () => {
    const store = fileStore(dir);
    onTestFinished(() => {
      mock.setPayload('jtwc/rss', own('jtwc/jtwc.rss'));
      mock.setPayload('jtwc/products/sh0624.tcw', own('jtwc/sh0624.tcw'));
      mock.setPayload('jtwc/products/wp2726.tcw', null);
    });
    // ANGGREK's own warning (JTWC's basin: a cyclone of the global part) and our warning of 27W (the typhoon family's),
    // each with one forecast line damaged: a latitude that does not read, a wind that is not a number.
    mock.setPayload('jtwc/rss', own('jtwc/jtwc.rss').replace('17W (Saudel)', '27W (Twentyseven)').replaceAll('wp1726', 'wp2726'));
    mock.setPayload('jtwc/products/sh0624.tcw', own('jtwc/sh0624.tcw').replace('T024 395S', 'T024 39.5S'));
    mock.setPayload('jtwc/products/wp2726.tcw', WP_TCW.replace('T036 171N 1264E 050', 'T036 171N 1264E ///'));
    const result = await run(store, MOCK_NOW);
    const faults = (await readTextQuality(store)).faults.filter((f) => f.kind === 'unreadable-forecast');
    expect(
      faults
        .map(({ source, product, detail, action }) => ({ source, product, detail, action }))
        .sort((a, b) => a.product.localeCompare(b.product)),
    ).toEqual([
      {
        source: 'jtwc',
        product: 'sh0624.tcw',
        detail: 'forecast lines that do not read: line 6 (T024): its forecast is left out',
        action: 'left out',
      },
      {
        source: 'jtwc',
        product: 'wp2726.tcw',
        detail: 'forecast lines that do not read: line 7 (T036): its forecast is left out',
        action: 'left out',
      },
    ]);
    // No issuance of either, not even the lines that read; the other sources' forecasts are all kept.
    expect(await storedForecastStorms(store)).toEqual(['202699', 'al132025']);
    // ANGGREK is still served from the same warning: its track and warning position, without a forecast.
    expect(result.global.jtwc).toMatchObject({ ok: true, cyclones: 1 });
    const anggrek = await readCyclone(store, 'jtwc-sh062024');
    expect(anggrek?.points.at(-1)).toMatchObject({ time: '2024-01-31T18:00:00Z', lat: -36.1, lng: 91.5 });
    expect(anggrek?.forecasts).toEqual({});
  });

  it('a Zhejiang forecast of the latest point that cannot be read: left out of the storm and reported; the storm, its position and the other forecasts are served', async () => {
    const store = fileStore(dir);
    const zj = structuredClone(info) as { points: { forecast?: { tm: string; forecastpoints: { lat: string }[] }[] }[] };
    const last = zj.points.length - 1;
    const group = zj.points[last]?.forecast?.find((g) => g.tm === '中国');
    if (!group?.forecastpoints[2]) throw new Error('no CMA forecast at the demo payload’s last point');
    group.forecastpoints[2].lat = '';
    mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(zj));
    const result = await run(store, MOCK_NOW);
    expect(result.typhoons.ok).toBe(true);
    const storm = (await readSnapshot(store))?.typhoons.find((t) => t.code === '202699');
    expect(storm?.live?.source).toBe('zj-live');
    expect(storm?.points.length).toBe(info.points.length);
    const whole = normalizeZjInfo(JSON.parse(own('zj/TyphoonInfo_202699.json')), MOCK_NOW, check());
    expect(Object.keys(whole.forecasts)).toContain('cma');
    const { cma, ...others } = whole.forecasts;
    expect(storm?.forecasts).toEqual(others);
    // Told once, as a fault of the payload (the capture reads the same group); the other issuances are kept.
    expect(result.typhoons.forecasts.problems).toEqual([`TyphoonInfo/202699: points.${last}.forecast.中国.2: no position`]);
    const faults = (await readTextQuality(store)).faults.filter((f) => f.kind === 'unreadable-forecast');
    expect(faults.map(({ source, product, detail }) => ({ source, product, detail }))).toEqual([
      { source: 'zj-live', product: 'TyphoonInfo/202699', detail: `points.${last}.forecast.中国.2: no position` },
    ]);
    const readable = keysOf(
      zjIssuances(zj, MOCK_NOW, check(), () => {}),
      MOCK_NOW,
    );
    expect(readable.length).toBeGreaterThan(0);
    const kept = (await stored(store, '202699')).issuances.filter((i) => i.source.product === 'zj-service');
    expect(kept.map((i) => i.key).sort()).toEqual([...new Set(readable)].sort());
  });

  it('keeps the forecast of JTWC’s warning of a north-western Pacific storm under its ATCF id; the cyclone stays the typhoon family’s', async () => {
    const store = fileStore(dir);
    mock.setPayload('jtwc/rss', listing27W());
    mock.setPayload('jtwc/products/wp2726.tcw', WP_TCW);
    const result = await run(store, MOCK_NOW);
    expect(await storedForecastStorms(store)).toContain('wp272026');
    expect((await stored(store, 'wp272026')).issuances).toEqual([
      expect.objectContaining({
        agency: 'jtwc',
        basin: 'WP',
        storm: { id: 'wp272026', code: null, atcfId: 'wp272026', name: 'TWENTYSEVEN' },
        initialTime: '2026-08-22T12:00:00Z',
        issuedAt: '2026-08-22T15:00:00Z',
        wind: { unit: 'kt', period: '1min' },
        points: [12, 24, 36, 48].map((leadHours) => expect.objectContaining({ leadHours })),
        source: expect.objectContaining({ product: 'jtwc-tcw', file: 'wp2726.tcw' }),
      }),
    ]);
    // No global cyclone of it (the typhoon endpoints answer the storm), and JTWC's own cyclones as before.
    expect(result.global.jtwc).toMatchObject({ ok: true, cyclones: 1 });
    expect(await storedForecastStorms(store)).not.toContain('cp012026');
    // The feed's warning of 01C, whose .tcw the mock does not have: not fetched, asked again at the next poll; not a fault.
    expect(result.global.forecasts.problems).toEqual([
      expect.stringMatching(/^cp0126\.tcw: not fetched \(.*404.*\); asked again at the next poll$/),
    ]);
    expect((await readTextQuality(store)).faults.filter((f) => f.kind === 'unreadable-forecast')).toEqual([]);
  });
});
