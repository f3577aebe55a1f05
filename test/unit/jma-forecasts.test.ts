/**
 * JMA's own forecasts kept as issuances (src/forecasts/jma-issuances.ts, src/jobs/jma-forecasts.ts), on documents
 * written for the tests in JMA's format (test/fixtures/jma-forecasts: one event, TC2630, of the demo storm MANGKHUT;
 * test/fixtures/warnings/jma-vptw60.xml):
 * - a document's forecast as an issuance: JMA's own values (knots, 10-minute, hPa, its classes), times in UTC, the
 *   estimate left out; no issuance of a document without a forecast; a forecast not whole refused;
 * - which storm: by JMA's number or name, else by track; none: held;
 * - through the scheduled run, replayed with lost writes, a failed upstream, a restart and a damaged document: every
 *   issuance once, none lost, the held ones moved to their storm once linked, the correction a revision, the broken
 *   forecast reported and left out; then in the storm's forecasts, its verification (JMA as an agency, preferred to
 *   the Zhejiang service's relay of the same forecast) and its map.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { seasonVerification, typhoonForecasts, typhoonForecastsGeoJson, typhoonVerification } from '../../src/api/handlers/forecasts.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import type { ForecastArchiveFile } from '../../src/forecasts/archived-forecasts.ts';
import { readStormForecasts, type StormForecasts } from '../../src/forecasts/forecast-store.ts';
import { jmaIssuance, type JmaKeptDocument } from '../../src/forecasts/jma-issuances.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { issuancesToVerify } from '../../src/forecasts/verification-set.ts';
import { linkJmaEvent } from '../../src/jobs/jma-forecasts.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { issuanceSchema } from '../../src/model/forecast-schemas.ts';
import { greatCircleKm } from '../../src/model/geo.ts';
import { issuanceKey, type IssuanceDraft } from '../../src/model/issuance-key.ts';
import { ShapeError } from '../../src/model/parse-problems.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { readTextQuality } from '../../src/store/text-quality.ts';
import { parseJmaTyphoonDocument } from '../../src/upstream/jma-xml.ts';
import { manualClock } from '../helpers/clock.ts';
import { jmaTyphoonFeed } from '../helpers/jma-feed.ts';
import { captureLogs } from '../helpers/logs.ts';
import { MOCK_NOW, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { read } from '../helpers/read-text.ts';

const logs = captureLogs();
const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'jma-forecasts');
const MINUTE = 60_000;

/** The event's documents, in the order JMA published them (their file names begin with that time, UTC). */
const FILES = {
  depression: '20260820005000_0_VPTW60_010000.xml', // a depression before the Zhejiang track begins
  depressionAtFix: '20260820124500_0_VPTW60_010000.xml', // the same at 12 UTC, where the track has a fix
  named: '20260821124500_0_VPTW60_010000.xml', // MANGKHUT, typhoon 2626
  corrected: '20260821125000_0_VPTW60_010000.xml', // its correction (訂正): another 48 h position
  brokenCircle: '20260821154500_0_VPTW60_010000.xml', // a forecast circle without its centre
  hourly: '20260821164000_0_VPTW60_010000.xml', // an hourly position: no forecast
  demo: '20260822155000_0_VPTW60_010000.xml', // the mock upstream's own document (demo/upstream/jma)
} as const;
type Name = keyof typeof FILES;

const xmlOf = (name: Name) => (name === 'demo' ? read(OWN_PAYLOADS, 'jma', FILES.demo) : read(FIXTURES, FILES[name]));
const keptOf = (name: Name, xml = xmlOf(name)): JmaKeptDocument => {
  const parse = parseJmaTyphoonDocument(xml, 'VPTW60');
  return { file: FILES[name], document: parse.document, unreadTimes: parse.unreadTimes };
};
const STORM = { id: '202699', code: '202699', atcfId: null, name: 'MANGKHUT' };
const SEEN = MOCK_NOW;

describe("a document's forecast as an issuance", () => {
  it('is JMA’s own: analysis and forecasts, knots over 10 minutes, hPa, JMA’s classes, UTC; the estimate left out', () => {
    const kept = keptOf('named');
    const draft = jmaIssuance(kept, STORM, SEEN);
    expect(draft).toEqual({
      agency: 'jma',
      basin: 'WP',
      storm: STORM,
      initialTime: '2026-08-21T12:00:00Z',
      issuedAt: '2026-08-21T12:45:00Z',
      advisory: '21',
      wind: { unit: 'kt', period: '10min' },
      stageScheme: 'jma-class',
      initial: { leadHours: 0, validTime: '2026-08-21T12:00:00Z', lat: 15.9, lng: 131.6, wind: 70, pressure: 975, stage: 'TY' },
      points: [
        { leadHours: 24, validTime: '2026-08-22T12:00:00Z', lat: 18.4, lng: 127.3, wind: 85, pressure: 950, stage: 'TY' },
        { leadHours: 48, validTime: '2026-08-23T12:00:00Z', lat: 21, lng: 123, wind: 90, pressure: 940, stage: 'TY' },
      ],
      special: false,
      source: { product: 'jma-vptw', channel: 'live', file: FILES.named, tech: null, seenAt: '2026-08-22T18:10:00Z' },
    } satisfies IssuanceDraft);
    expect(issuanceSchema.parse(mergeIssuances([], [draft as IssuanceDraft]).issuances[0])).toBeTruthy();
  });

  it('gives a depression’s wind as not forecast where JMA writes 0 with condition なし', () => {
    const kept = keptOf('depression');
    const draft = jmaIssuance(kept, STORM, SEEN);
    expect(draft?.points.map((p) => [p.leadHours, p.wind, p.pressure, p.stage])).toEqual([
      [12, 30, 1002, 'TD'],
      [24, 35, 998, 'TS'],
      [48, null, 1004, 'TD'],
    ]);
    // A document kept before the parser read the condition holds the 0: still no wind.
    const before = structuredClone(kept);
    for (const p of before.document.points) if (p.maxWindKt === null) Object.assign(p, { maxWindKt: 0, maxWindMs: 0 });
    expect(jmaIssuance(before, STORM, SEEN)?.points.at(-1)?.wind).toBeNull();
  });

  it('reads the other constructed document the same way (KAJIKI, test/fixtures/warnings)', () => {
    const parse = parseJmaTyphoonDocument(read(import.meta.dirname, '..', 'fixtures', 'warnings', 'jma-vptw60.xml'), 'VPTW60');
    const draft = jmaIssuance({ file: 'kajiki.xml', document: parse.document, unreadTimes: parse.unreadTimes }, STORM, SEEN);
    expect(draft?.initial).toMatchObject({ validTime: '2026-09-14T00:00:00Z', lat: 24, lng: 126, wind: 75, pressure: 960 });
    expect(draft?.points.map((p) => [p.leadHours, p.lat, p.lng, p.wind, p.pressure, p.stage])).toEqual([
      [24, 25.5, 124.5, 85, 945, 'TY'],
      [48, 27, 123.5, 55, 975, 'STS'],
    ]);
  });

  it('makes no issuance of a document without a forecast (an hourly position), nor of a withdrawal', () => {
    expect(jmaIssuance(keptOf('hourly'), STORM, SEEN)).toBeNull();
    const withdrawn = xmlOf('named').replace('<InfoType>発表</InfoType>', '<InfoType>取消</InfoType>');
    expect(jmaIssuance(keptOf('named', withdrawn), STORM, SEEN)).toBeNull();
  });

  it('refuses a forecast that is not whole, saying why', () => {
    const named = xmlOf('named');
    const cases: [string, JmaKeptDocument, RegExp][] = [
      ['a circle without its centre', keptOf('brokenCircle'), /no centre at forecast 3 h/],
      [
        'a time that cannot be read',
        keptOf('named', named.replace('予報　４８時間後', '予報　四十八時間後')),
        /1 of its times could not be read/,
      ],
      [
        'a lead that is not its valid time',
        keptOf('named', named.replace('2026-08-23T21:00:00+09:00', '2026-08-23T18:00:00+09:00')),
        /its 48 h forecast is valid at 2026-08-23T18:00:00\+09:00/,
      ],
      [
        'a wind in m/s only',
        keptOf('named', named.replace('<jmx_eb:WindSpeed condition="中心付近" unit="ノット" type="最大風速">90</jmx_eb:WindSpeed>', '')),
        /maximum wind at 48 h is given in m\/s only/,
      ],
      ['no analysis', keptOf('named', named.replace('<DateTime type="実況">', '<DateTime type="推定　１時間後">')), /no analysis/],
    ];
    for (const [what, kept, message] of cases) {
      expect(() => jmaIssuance(kept, STORM, SEEN), what).toThrow(ShapeError);
      expect(() => jmaIssuance(kept, STORM, SEEN), what).toThrow(message);
    }
  });

  it('is verified before the Zhejiang service’s relay of JMA’s forecast of the same time', () => {
    const own = jmaIssuance(keptOf('named'), STORM, SEEN) as IssuanceDraft;
    const relay: IssuanceDraft = {
      ...own,
      wind: { unit: 'm/s', period: null },
      stageScheme: 'china-grade',
      source: { product: 'zj-service', channel: 'live', file: 'TyphoonInfo/202699', tech: null, seenAt: own.source.seenAt },
    };
    const chosen = issuancesToVerify(mergeIssuances([], [relay, own]).issuances);
    expect(chosen.map((i) => `${i.agency} ${i.source.product}`)).toEqual(['jma jma-vptw']);
  });
});

/** The demo storm as the live list has it (its 6-hourly fixes, Beijing time), under a code and names of our choosing. */
const demoTrack = (
  JSON.parse(read(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json')) as { points: { time: string; lat: string; lng: string }[] }
).points;
const listed = (code: string, enname: string | null, jma: string | null = null) => ({
  code,
  name: null,
  enname,
  ids: { cma: code, jma, jtwc: null, hko: null, ibtracs: null },
  points: demoTrack.map((p) => {
    const [date, time] = p.time.split(' ') as [string, string];
    const [y, m, d] = date.split('/').map(Number) as [number, number, number];
    const hour = Number(time.split(':')[0]);
    return { time: new Date(Date.UTC(y, m - 1, d, hour - 8)).toISOString(), lat: Number(p.lat), lng: Number(p.lng) };
  }),
});

describe('which storm', () => {
  const depressions = [keptOf('depression'), keptOf('depressionAtFix')];

  it('is the storm JMA names, by its number where the record has it, else by its name', () => {
    const named = [keptOf('named')];
    expect(linkJmaEvent(named, [listed('202698', 'OTHER'), listed('202699', 'MANGKHUT')] as never)).toEqual({
      code: '202699',
      by: 'agency-name',
    });
    expect(linkJmaEvent(named, [listed('202697', 'WRONG NAME', '2626'), listed('202699', 'MANGKHUT')] as never)).toEqual({
      code: '202697',
      by: 'agency-number',
    });
  });

  it('is found by track for a depression JMA has not named: a China number before an unnumbered depression', () => {
    expect(linkJmaEvent(depressions, [listed('20260099', null), listed('202699', null)] as never)).toEqual({ code: '202699', by: 'track' });
    expect(linkJmaEvent(depressions, [listed('20260099', null)] as never)).toEqual({ code: '20260099', by: 'track' });
    // JMA's first analysis is before the track begins: no shared instant, no link.
    expect(linkJmaEvent([keptOf('depression')], [listed('202699', 'MANGKHUT')] as never)).toBeNull();
    // Far from every listed storm: none.
    const far = listed('202699', null);
    expect(linkJmaEvent(depressions, [{ ...far, points: far.points.map((p) => ({ ...p, lat: p.lat + 5 })) }] as never)).toBeNull();
  });
});

// ── Through the scheduled run ──────────────────────────────────────────────────────────────────────────────────────

let mock: MockUpstream;
let dir = '';

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: null, decksDir: null });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-jma-forecasts-'));
  for (const name of Object.keys(FILES) as Name[]) if (name !== 'demo') mock.setPayload(`jma/data/${FILES[name]}`, xmlOf(name));
  const publicDir = path.join(dir, 'public');
  const archive: ForecastArchiveFile = { seasons: [], storms: [], cones: [], finalTracks: {}, wpBaseline: null };
  for (const rendered of await Promise.all([DATA_FILES.forecastArchive.render(archive), DATA_FILES.archiveSummaries.render([] as never)]))
    await fs.outputFile(path.join(publicDir, rendered.file), rendered.body);
});
afterAll(async () => {
  await mock.close();
  await fs.remove(dir);
});

const storeDir = () => path.join(dir, 'store');
const run = (store: KeyValueStore, minutes: number) =>
  runScheduledRefresh({
    store,
    upstreams: mock.addresses,
    llm: null,
    clock: manualClock(),
    now: new Date(MOCK_NOW.getTime() + minutes * MINUTE),
  });
const serve = (names: readonly Name[]) => {
  for (const feed of ['extra.xml', 'extra_l.xml']) mock.setPayload(`jma/feed/${feed}`, jmaTyphoonFeed(names.map((n) => FILES[n])));
};
async function kept(store: KeyValueStore, id: string): Promise<StormForecasts> {
  const doc = await readStormForecasts(store, id);
  if (doc.state !== 'ok') throw new Error(`forecasts/${id}: ${doc.state}`);
  return doc.value;
}
const jmaOwn = async (store: KeyValueStore, id: string) => (await kept(store, id)).issuances.filter((i) => i.source.product === 'jma-vptw');
/** The key each document's forecast has under the storm (read straight from the documents, not through the run). */
const keyOf = (name: Name, id = '202699') =>
  issuanceKey(jmaIssuance(keptOf(name), { id, code: /^\d+$/.test(id) ? id : null, atcfId: null, name: null }, SEEN) as IssuanceDraft);

describe('through the scheduled run, replayed with faults and restarts', () => {
  const ask = async (pathname: string) => {
    const config = { ...readConfig(), publicDir: path.join(dir, 'public'), store: { kind: 'files' as const, dir: storeDir() } };
    const handler = serveFunction(
      [typhoonForecasts, typhoonVerification, typhoonForecastsGeoJson, seasonVerification],
      config,
      () => MOCK_NOW,
    );
    const response = await handler(new Request(`http://localhost${pathname}`));
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    let store = fileStore(storeDir());
    // 1. The depression before the Zhejiang track begins: linked to no storm, kept apart and reported.
    serve(['depression']);
    await run(store, 0);
    expect((await jmaOwn(store, 'jma-tc2630')).map((i) => i.key)).toEqual([keyOf('depression', 'jma-tc2630')]);
    expect(
      await readStormForecasts(store, '202699').then(
        (r) => r.state === 'ok' && r.value.issuances.some((i) => i.agency === 'jma' && i.source.product === 'jma-vptw'),
      ),
    ).toBe(false);

    // 2. The depression at a fix of the track is read (and remembered as fetched), but every forecast write is lost.
    serve(['depression', 'depressionAtFix']);
    const losing: KeyValueStore = {
      ...store,
      set: (key, value) => (key.includes('forecasts/') ? Promise.reject(new Error('disk full')) : store.set(key, value)),
    };
    const lost = await run(losing, 1);
    expect(lost.forecasts?.errors.join()).toMatch(/forecasts\/202699: disk full/);

    // 3. JMA cannot be reached: nothing is fetched, yet what the warnings keep is read again; the event is linked by
    //    track now, so the held forecast is moved to the storm.
    serve(['depression', 'depressionAtFix', 'named']);
    mock.setFault('5xx', 'jma');
    await run(store, 2);
    mock.setFault(null, 'jma');
    expect((await jmaOwn(store, 'jma-tc2630')).map((i) => i.key)).toEqual([]);

    // 4. A restart; the rest of the event, its correction, a broken forecast, an hourly position and the mock's own.
    store = fileStore(storeDir());
    serve(['depression', 'depressionAtFix', 'named', 'corrected', 'brokenCircle', 'hourly', 'demo']);
    await run(store, 3);

    // 5. Both copies of the storm's document damaged: rebuilt from what they hold and what the run reads again.
    const file = (copy: string) => path.join(storeDir(), `${encodeURIComponent(copy)}.json`);
    const text = await fs.readFile(file('forecasts/202699'), 'utf8');
    await fs.writeFile(file('forecasts/202699'), text.slice(0, 1_500));
    await fs.writeFile(file('backup/forecasts/202699'), '{"not": "a document"');
    const rebuilt = await run(store, 4);
    expect(rebuilt.forecasts?.rebuilt).toEqual(['202699']);
  }, 120_000);

  it('keeps every forecast once, none lost: the held one moved, the correction a revision, the broken one left out', async () => {
    const store = fileStore(storeDir());
    const own = await jmaOwn(store, '202699');
    expect(own.map((i) => `${i.initialTime} r${i.revision} ${i.source.file}`)).toEqual([
      `2026-08-22T15:00:00Z r1 ${FILES.demo}`,
      `2026-08-21T12:00:00Z r2 ${FILES.corrected}`,
      `2026-08-21T12:00:00Z r1 ${FILES.named}`,
      `2026-08-20T12:00:00Z r1 ${FILES.depressionAtFix}`,
      `2026-08-20T00:00:00Z r1 ${FILES.depression}`,
    ]);
    expect(own.map((i) => i.key).sort()).toEqual(
      (['demo', 'corrected', 'named', 'depressionAtFix', 'depression'] as const).map((n) => keyOf(n)).sort(),
    );
    expect(own[1]?.amends).toBe(own[2]?.key);
    expect((await jmaOwn(store, 'jma-tc2630')).length).toBe(0);
    const quality = await readTextQuality(store);
    expect(quality.faults.map((f) => `${f.source} ${f.kind} ${f.product}`)).toEqual(
      expect.arrayContaining([`jma unreadable-forecast ${FILES.brokenCircle}`, 'jma unlinked-forecast forecasts/jma-tc2630']),
    );
    expect(quality.faults.find((f) => f.kind === 'unreadable-forecast')?.detail).toMatch(
      /no centre at forecast 3 h: its forecast is left out/,
    );
    expect(logs.all().join('\n')).toMatch(/JMA's forecasts of TC2630 \(a depression\) match no storm/);
  });

  it('a further run with nothing new writes nothing', async () => {
    const again = await run(fileStore(storeDir()), 5);
    expect(again.forecasts).toMatchObject({ written: [], added: 0, completed: 0, errors: [] });
  });

  it('answers them in the storm’s forecasts, both families, newest first', async () => {
    const [v1, web] = await Promise.all([ask('/api/v1/typhoons/202699/forecasts?size=50'), ask('/api/typhoons/202699/forecasts?size=50')]);
    expect(v1.status).toBe(200);
    expect(v1.body.data).toEqual(web.body);
    const jma = web.body.list.filter((i: { source: { product: string } }) => i.source.product === 'jma-vptw');
    expect(jma.map((i: { key: string }) => i.key)).toEqual((await jmaOwn(fileStore(storeDir()), '202699')).map((i) => i.key));
    expect(jma[0]).toMatchObject({
      agency: 'jma',
      wind: { unit: 'kt', period: '10min' },
      stageScheme: 'jma-class',
      issuedAt: '2026-08-22T15:50:00Z',
    });
  });

  it('verifies them as JMA’s, against the operational track, beside the other agencies', async () => {
    const { status, body } = await ask('/api/v1/typhoons/202699/verification');
    expect(status).toBe(200);
    const jma = body.data.agencies.find((a: { agency: string }) => a.agency === 'jma');
    expect(jma).toMatchObject({ agency: 'jma', basin: 'WP', status: 'provisional' });
    const own = body.data.forecasts.filter((f: { key: string }) => f.key.startsWith('jma/jma-vptw/'));
    // The correction is JMA's last word for its time: it is verified, not the document it corrects.
    expect(own.map((f: { key: string }) => f.key)).toContain(keyOf('corrected'));
    expect(own.map((f: { key: string }) => f.key)).not.toContain(keyOf('named'));
    // The depression's 12 h forecast against the track's fix then (14.5°N 134.3°E, 08:00 Beijing time on 21 August).
    const at12 = own
      .find((f: { key: string }) => f.key === keyOf('depressionAtFix'))
      ?.leads.find((l: { leadHours: number }) => l.leadHours === 12);
    expect(at12.trackErrorKm).toBeCloseTo(greatCircleKm({ lat: 13.9, lng: 135.4 }, { lat: 14.5, lng: 134.3 }), 0);
    // JMA's intensity is a 10-minute mean, the track's CMA's 2-minute: not scored.
    expect(jma.leads.every((l: { intensityCount: number }) => l.intensityCount === 0)).toBe(true);
    expect(body.data.comparisons.some((c: { agencies: string[] }) => c.agencies.includes('jma'))).toBe(true);
    const season = await ask('/api/v1/verification?year=2026&agency=jma');
    expect(
      season.body.data.list.map((g: { agency: string; basin: string; source: string }) => `${g.agency} ${g.basin} ${g.source}`),
    ).toEqual(['jma WP live']);
  });

  it('draws them on the storm’s map with their wind unit and period', async () => {
    const { status, body } = await ask('/api/geojson/typhoons/202699/forecasts');
    expect(status).toBe(200);
    const points = body.features.filter(
      (f: { properties: { key: string; kind: string } }) => f.properties.key === keyOf('demo') && f.properties.kind === 'forecast-point',
    );
    expect(points.map((f: { properties: object }) => f.properties)).toEqual([
      expect.objectContaining({ agency: 'jma', leadHours: 0, wind: 95, windUnit: 'kt', windPeriod: '10min', pressure: 925 }),
      expect.objectContaining({ agency: 'jma', leadHours: 24, wind: 85, windUnit: 'kt', windPeriod: '10min', pressure: 930 }),
      expect.objectContaining({ agency: 'jma', leadHours: 48, wind: 75, windUnit: 'kt', windPeriod: '10min', pressure: 950 }),
    ]);
  });
});
