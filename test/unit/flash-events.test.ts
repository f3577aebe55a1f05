/**
 * Events that are true (issue 11, "Live data" item 4), replayed through the mock upstream: a storm missing from
 * one refresh has not ended, a real end is announced once, an unnumbered system that gets its China number is
 * one storm, a failover to a lagging source moves nothing backwards, a transition survives a run stopped after
 * the snapshot write, and the words fit the grade and never run a number into the text.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAnnounced } from '../../src/flash/announced.ts';
import { globalEvents, typhoonEvents, type FlashEvent } from '../../src/flash/events.ts';
import { globalPoint, mergeCyclone } from '../../src/global/build-cyclone.ts';
import { readFlash } from '../../src/flash/flash-store.ts';
import type { FlashItem } from '../../src/model/flash-schemas.ts';
import { recordEvents } from '../../src/flash/record-events.ts';
import { fill } from '../../src/flash/slotted-text.ts';
import { writeFlash } from '../../src/flash/writer.ts';
import { captureLogs } from '../helpers/logs.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import type { LiveUpstreams } from '../../src/upstream/addresses.ts';
import { readSnapshot } from '../../src/live/snapshot.ts';
import { sameStorm } from '../../src/live/storm-identity.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { parseZjTime } from '../../src/upstream/zj-service.ts';
import type { TrackPoint, Typhoon } from '../../src/model/typhoon-schemas.ts';

type RawPoint = Record<string, unknown> & { time: string; strong: string; speed: string; lat: string; lng: string };
type RawInfo = Record<string, unknown> & { points: RawPoint[]; land: unknown[] };

let mock: MockUpstream;
let upstreams: LiveUpstreams;
let info: RawInfo;
let activity: string;
let nmcView: string;
let store: KeyValueStore;
let dir: string;

const HOUR = 3600_000;
// The demo storm shown with its first points still carries its forecasts of the last one: issued after such a fetch,
// they are left out and reported (live data quality), as a lagging source's older record is.
const logs = captureLogs();

beforeAll(async () => {
  mock = await startMockUpstream({ recordedDir: '' });
  upstreams = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) };
  info = await fs.readJson(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'));
  activity = await fs.readFile(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8');
  nmcView = await fs.readFile(path.join(OWN_PAYLOADS, 'nmc', 'view_9000000.jsonp'), 'utf8');
});
afterAll(async () => {
  await mock.close();
});
beforeEach(async () => {
  mock.setFault(null);
  mock.setPayload('zj/TyhoonActivity', activity);
  mock.setPayload('zj/TyphoonInfo/202699', JSON.stringify(info));
  mock.setPayload('nmc/view_9000000', nmcView);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-events-'));
  store = fileStore(dir);
  return () => fs.remove(dir);
});

const pointMs = (p: RawPoint) => parseZjTime(p.time).getTime();

/** The demo storm as the Zhejiang service gives it with its first k+1 points (and its landfall with all of them). */
function showDemo(k: number, extra: Partial<RawInfo> = {}) {
  const points = info.points.slice(0, k + 1);
  mock.setPayload(
    'zj/TyphoonInfo/202699',
    JSON.stringify({ ...info, points, land: k === info.points.length - 1 ? info.land : [], ...extra }),
  );
  mock.setPayload('zj/TyhoonActivity', activity);
}

/** One scheduled run at a given time: the refresh, then (unless the run is stopped before it) the flash step. */
async function run(at: number, record = true) {
  const result = await refreshLive(upstreams, store, new Date(at));
  if (record) await recordEvents(store, null);
  return result;
}

const items = async () => (await readFlash(store)).map((i) => `${i.type}:${i.code}:${i.title}`).sort();
const ofType = async (type: FlashItem['type']) => (await readFlash(store)).filter((i) => i.type === type);

describe('when a storm has ended', () => {
  it('a storm missing from one refresh, then back, has not dissipated; its grade changes go on', async () => {
    for (let k = 0; k <= 5; k += 1) {
      showDemo(k);
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
      if (k === 3) {
        mock.setPayload('zj/TyhoonActivity', '[]'); // one refresh leaves it out
        await run(pointMs(info.points[k] as RawPoint) + HOUR);
      }
    }
    // Even three refreshes without it are not an end while its last point is recent (under six hours).
    const at5 = pointMs(info.points[5] as RawPoint);
    mock.setPayload('zj/TyhoonActivity', '[]');
    for (const minutes of [45, 60, 75, 90]) await run(at5 + minutes * 60_000);
    for (let k = 6; k <= 9; k += 1) {
      showDemo(k);
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
    }
    expect(await ofType('dissipated')).toEqual([]);
    expect((await ofType('upgraded')).map((i) => i.title).sort()).toEqual([
      '“山竹”加强为台风',
      '“山竹”加强为强台风',
      '“山竹”加强为强热带风暴',
      '“山竹”加强为热带风暴',
      '“山竹”加强为超强台风',
    ]);
    expect(await ofType('numbered')).toHaveLength(1);
  });

  it('a real end (missing from three refreshes in a row, six hours after its last point) is announced once, at its last point', async () => {
    showDemo(9);
    const last = pointMs(info.points[9] as RawPoint);
    await run(last + HOUR / 2);
    mock.setPayload('zj/TyhoonActivity', '[]');
    await run(last + 1 * HOUR);
    await run(last + 2 * HOUR);
    await run(last + 5 * HOUR);
    expect(await ofType('dissipated')).toEqual([]); // three refreshes, but only five hours
    await run(last + 6 * HOUR);
    await run(last + 7 * HOUR);
    await run(last + 30 * HOUR);
    const ended = await ofType('dissipated');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ code: '202699', time: '2026-08-23T02:00:00+08:00', title: '“山竹”停止编号' });
    expect(ended[0]?.content).toContain('8月23日2时');
    // The same snapshot read again (a failed refresh) is not another refresh without it.
    const state = await readAnnounced(store);
    expect(state.state === 'ok' && state.value.storms['202699']).toMatchObject({ ended: true });
  });

  it('ends a storm at once when its source says so (isactive "0"), and once', async () => {
    showDemo(8);
    const last = pointMs(info.points[8] as RawPoint);
    await run(last + HOUR / 2);
    showDemo(8, { isactive: '0' });
    await run(last + HOUR);
    await run(last + 2 * HOUR);
    mock.setPayload('zj/TyhoonActivity', '[]');
    for (const hours of [3, 4, 10, 20]) await run(last + hours * HOUR);
    expect((await ofType('dissipated')).map((i) => i.time)).toEqual(['2026-08-22T20:00:00+08:00']);
  });
});

describe('an unnumbered system that gets its China number', () => {
  /** A tropical depression under the Zhejiang service's 8-digit id, then the same storm numbered 202631. */
  const depression = (k: number) => ({
    ...info,
    tfid: '20260099',
    name: '',
    enname: '',
    land: [],
    points: info.points.slice(0, k + 1).map((p) => ({ ...p, strong: '热带低压', speed: '15', power: '7' })),
  });
  const numbered = (k: number) => ({
    ...info,
    tfid: '202631',
    name: '海葵',
    enname: 'HAIKUI',
    land: [],
    // The numbered track begins with the depression's points (one position revised by 0.1°).
    points: info.points
      .slice(0, k + 1)
      .map((p, i) => (i < 3 ? { ...p, strong: '热带低压', speed: '15', power: '7', ...(i === 1 ? { lat: '13.90' } : {}) } : p)),
  });
  const listed = (tfid: string) => JSON.stringify([{ tfid, name: '', enname: '', time: '2026-08-20 20:00:00', lat: '13.2', lng: '136.8' }]);

  it('is one storm: "formed" for the depression, "numbered" once, no dissipation of the depression', async () => {
    mock.setPayload('zj/TyhoonActivity', listed('20260099'));
    for (let k = 0; k <= 2; k += 1) {
      mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression(k)));
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
    }
    mock.setPayload('zj/TyhoonActivity', listed('202631'));
    for (let k = 3; k <= 5; k += 1) {
      mock.setPayload('zj/TyphoonInfo/202631', JSON.stringify(numbered(k)));
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
    }
    // The depression's id is gone from the list for good: still no end for it.
    const at5 = pointMs(info.points[5] as RawPoint);
    for (const hours of [3, 6, 9, 12]) {
      mock.setPayload('zj/TyphoonInfo/202631', JSON.stringify(numbered(5)));
      await run(at5 + hours * HOUR);
    }
    expect(await items()).toEqual([
      'formed:20260099:热带低压（编号20260099）生成',
      'numbered:202631:强热带风暴“海葵”生成',
      'upgraded:202631:“海葵”加强为台风',
      'warning-48h:202631:“海葵”进入48小时警戒线',
    ]);
    const formed = (await ofType('formed'))[0];
    expect(formed).toMatchObject({ time: '2026-08-20T20:00:00+08:00', titleEn: 'Tropical Depression 20260099 forms' });
    expect(formed?.content).toBe(
      '8月20日20时，热带低压（编号20260099）在北纬13.2度、东经136.8度生成，中心附近最大风力7级（15米/秒），中心最低气压1000百帕。',
    );
    // Numbered at its first point of tropical-storm grade or more (here the 4th, a severe tropical storm).
    const number = (await ofType('numbered'))[0];
    expect(number).toMatchObject({ time: '2026-08-21T14:00:00+08:00' });
    expect(number?.content).toContain('此前以编号20260099跟踪');

    // Its real end: one item, for the numbered storm.
    mock.setPayload('zj/TyhoonActivity', '[]');
    for (const hours of [13, 14, 15, 16]) await run(at5 + hours * HOUR);
    expect((await ofType('dissipated')).map((i) => i.code)).toEqual(['202631']);
  });

  it('keeps its China number when a lagging source still gives the depression id', async () => {
    mock.setPayload('zj/TyhoonActivity', listed('20260099'));
    mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression(2)));
    await run(pointMs(info.points[2] as RawPoint) + HOUR / 2);
    mock.setPayload('zj/TyhoonActivity', listed('202631'));
    mock.setPayload('zj/TyphoonInfo/202631', JSON.stringify(numbered(5)));
    const at5 = pointMs(info.points[5] as RawPoint);
    await run(at5 + HOUR / 2);
    // The Zhejiang service fails; NMC has not numbered the storm yet.
    mock.setFault('5xx', 'zj');
    const nmcDepression = (k: number) => {
      const json = JSON.parse(nmcView.slice(nmcView.indexOf('(') + 1, nmcView.lastIndexOf(')')));
      json.typhoon[1] = 'nameless';
      json.typhoon[2] = null;
      json.typhoon[3] = 20260099;
      json.typhoon[8] = (json.typhoon[8] as unknown[]).slice(0, k + 1);
      mock.setPayload('nmc/view_9000000', `typhoon_jsons_view_9000000(${JSON.stringify(json)})`);
    };
    nmcDepression(4); // older than the snapshot: the numbered record stays
    expect(await run(at5 + HOUR)).toMatchObject({ source: 'nmc', keptStored: ['20260099'] });
    expect(logs.lines()).toContain(
      "live data quality: nmc 20260099: its latest position is older than the stored record's; the stored record is kept",
    );
    expect((await readSnapshot(store))?.typhoons.map((t) => `${t.code}:${t.points.length}`)).toEqual(['202631:6']);
    nmcDepression(6); // newer: its data, under the China number
    await run(pointMs(info.points[6] as RawPoint) + HOUR / 2);
    expect((await readSnapshot(store))?.typhoons.map((t) => `${t.code}:${t.name}:${t.points.length}`)).toEqual(['202631:海葵:7']);
    expect(await items()).toEqual([
      'numbered:202631:强热带风暴“海葵”生成',
      // First seen 12 hours after its first fix (this store's first poll): tracked, not "formed".
      'tracked:20260099:本服务开始跟踪热带低压（编号20260099）',
      'upgraded:202631:“海葵”加强为台风', // between its numbering (a severe tropical storm) and the first sighting of 202631
      'upgraded:202631:“海葵”加强为强台风',
      'warning-48h:202631:“海葵”进入48小时警戒线',
    ]);
  });

  it('gives no item for the depression id listed beside its own numbered record', async () => {
    mock.setPayload('zj/TyhoonActivity', JSON.stringify([...JSON.parse(listed('202631')), ...JSON.parse(listed('20260099'))]));
    mock.setPayload('zj/TyphoonInfo/202631', JSON.stringify(numbered(4)));
    mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression(2)));
    const at4 = pointMs(info.points[4] as RawPoint);
    await run(at4 + HOUR / 2);
    mock.setPayload('zj/TyhoonActivity', listed('202631'));
    for (const hours of [1, 4, 8, 12]) await run(at4 + hours * HOUR);
    expect(await items()).toEqual(['numbered:202631:强热带风暴“海葵”生成']);
  });

  it('recognises the same storm by its shared early points, and only then', () => {
    const track = (lat0: number) =>
      [0, 6, 12].map((h, i) => ({
        time: new Date(Date.UTC(2026, 9, 5, h)).toISOString().replace('Z', '+00:00'),
        lat: lat0 + i,
        lng: 130 - i,
      }));
    expect(sameStorm(track(15), track(15.2))).toBe(true); // within 0.3°
    expect(sameStorm(track(15), track(15.5))).toBe(false);
    expect(
      sameStorm(
        track(15),
        track(15).map((p) => ({ ...p, time: '2026-10-06T00:00:00+08:00' })),
      ),
    ).toBe(false); // no shared instant
  });
});

describe('a failover to a source that lags the snapshot', () => {
  /** NMC's view of the demo storm with only some of its points (a lagging NMC). */
  function nmcWith(indexes: number[]) {
    const json = JSON.parse(nmcView.slice(nmcView.indexOf('(') + 1, nmcView.lastIndexOf(')')));
    const rows = json.typhoon[8] as unknown[];
    json.typhoon[8] = indexes.map((i) => rows[i]);
    mock.setPayload('nmc/view_9000000', `typhoon_jsons_view_9000000(${JSON.stringify(json)})`);
  }

  it('moves no track backwards and publishes no downgrade or upgrade that never happened', async () => {
    for (let k = 0; k <= 8; k += 1) {
      showDemo(k);
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
    }
    const at8 = pointMs(info.points[8] as RawPoint);
    const before = await readSnapshot(store);
    expect(before?.typhoons[0]?.points).toHaveLength(9);

    // The Zhejiang service fails; NMC is six hours behind (its last point a typhoon, not a super typhoon).
    mock.setFault('html404', 'zj');
    nmcWith([0, 1, 2, 3, 4, 5]);
    const lagging = await run(at8 + HOUR);
    expect(lagging).toMatchObject({ ok: true, source: 'nmc', keptStored: ['202699'] });
    expect(logs.lines()).toContain(
      "live data quality: nmc 202699: its latest position is older than the stored record's; the stored record is kept",
    );
    const kept = await readSnapshot(store);
    expect(kept?.typhoons[0]?.points).toHaveLength(9);
    expect(kept?.typhoons[0]).toEqual(before?.typhoons[0]);

    // NMC as new as the snapshot but with fewer points: newer data is taken, no stored point is dropped.
    nmcWith([0, 2, 4, 6, 8]);
    await run(at8 + 2 * HOUR);
    const merged = await readSnapshot(store);
    expect(merged?.source).toBe('nmc');
    expect(merged?.typhoons[0]?.points.map((p: TrackPoint) => p.time)).toEqual(before?.typhoons[0]?.points.map((p: TrackPoint) => p.time));

    // The Zhejiang service is back, one point further.
    mock.setFault(null);
    showDemo(9);
    await run(pointMs(info.points[9] as RawPoint) + HOUR / 2);
    expect((await readSnapshot(store))?.typhoons[0]?.points).toHaveLength(10);

    expect(await ofType('downgraded')).toEqual([]);
    expect(await ofType('upgraded')).toHaveLength(5);
    expect(new Set((await readFlash(store)).map((i) => i.type))).toEqual(new Set(['numbered', 'upgraded', 'warning-48h', 'landfall']));
  });
});

describe('a run stopped between the snapshot write and the flash step', () => {
  it('still announces the grade change, once', async () => {
    for (let k = 0; k <= 2; k += 1) {
      showDemo(k);
      await run(pointMs(info.points[k] as RawPoint) + HOUR / 2);
    }
    // The 4th point is a severe tropical storm: the snapshot is written, the flash step never runs.
    showDemo(3);
    const at3 = pointMs(info.points[3] as RawPoint);
    await run(at3 + HOUR / 2, false);
    // The next run sees the same data (the snapshot before it already held the change).
    await run(at3 + 45 * 60_000);
    await run(at3 + 60 * 60_000);
    expect((await ofType('upgraded')).map((i) => `${i.title}@${i.time}`).sort()).toEqual([
      '“山竹”加强为强热带风暴@2026-08-21T14:00:00+08:00', // the change the stopped run held
      '“山竹”加强为热带风暴@2026-08-21T02:00:00+08:00',
    ]);

    // Two stopped runs in a row over two changes (typhoon, then the 48-hour line): both announced by the next.
    showDemo(4);
    await run(pointMs(info.points[4] as RawPoint) + HOUR / 2, false);
    showDemo(5);
    await run(pointMs(info.points[5] as RawPoint) + HOUR / 2, false);
    await run(pointMs(info.points[5] as RawPoint) + HOUR);
    expect((await ofType('upgraded')).map((i) => i.title).sort()).toEqual([
      '“山竹”加强为台风',
      '“山竹”加强为强热带风暴',
      '“山竹”加强为热带风暴',
    ]);
    expect((await ofType('upgraded')).find((i) => i.title.endsWith('为台风'))?.time).toBe('2026-08-21T20:00:00+08:00');
    expect((await ofType('warning-48h')).map((i) => i.time)).toEqual(['2026-08-21T20:00:00+08:00']);
  });

  it('before its first flash step ever: the storm is still announced', async () => {
    showDemo(2);
    const at2 = pointMs(info.points[2] as RawPoint);
    await run(at2, false);
    showDemo(3);
    await run(at2 + HOUR, false);
    await run(at2 + 2 * HOUR);
    // Its first sighting is the previous snapshot's (the first one the flash step compares): numbered at its
    // first tropical-storm point; its grade then is where its grade changes start from.
    expect(await items()).toEqual(['numbered:202699:热带风暴“山竹”生成']);
  });
});

describe('words', () => {
  /** The texts as the template publishes them. */
  const written = (e: FlashEvent) => {
    const t = writeFlash(e);
    return { ...t, content: fill(t.content), contentEn: fill(t.contentEn) };
  };
  const point = (grade: TrackPoint['grade'], strong: string | null): TrackPoint => ({
    time: '2026-10-05T14:00:00+08:00',
    lat: 16.2,
    lng: 128.4,
    strong,
    grade,
    power: 7,
    speed: 15,
    pressure: 1002,
    moveDir: 'WNW',
    moveSpeed: 20,
    radius7: null,
    radius10: null,
    radius12: null,
  });
  const event = (e: Partial<FlashEvent>): FlashEvent => ({
    key: 'k',
    type: 'formed',
    code: '20260099',
    time: '2026-10-05T14:00:00+08:00',
    storm: { name: null, enname: null },
    point: point('TD', '热带低压'),
    ...e,
  });

  it('call an unnamed tropical depression what it is, in both languages, with its number set apart', () => {
    const texts = [
      written(event({})),
      written(event({ type: 'landfall', position: '海南文昌' })),
      written(event({ type: 'warning-48h' })),
      written(event({ type: 'dissipated' })),
    ];
    expect(texts.map((t) => t.title)).toEqual([
      '热带低压（编号20260099）生成',
      '热带低压（编号20260099）登陆海南文昌',
      '热带低压（编号20260099）进入48小时警戒线',
      '热带低压（编号20260099）停止监测',
    ]);
    expect(texts.map((t) => t.titleEn)).toEqual([
      'Tropical Depression 20260099 forms',
      'Tropical Depression 20260099 makes landfall',
      'Tropical Depression 20260099 crosses the 48-hour warning line',
      'Tropical Depression 20260099 dissipates',
    ]);
    expect(texts[0]?.content).toBe(
      '10月5日14时，热带低压（编号20260099）在北纬16.2度、东经128.4度生成，中心附近最大风力7级（15米/秒），中心最低气压1002百帕。',
    );
    for (const t of texts) {
      const all = `${t.title}${t.content}${t.titleEn}${t.contentEn}`;
      expect(all).not.toContain('台风'); // no typhoon words for a depression (热带低压 has none)
      expect(all).not.toMatch(/typhoon/i);
      expect(all).not.toMatch(/\d{8}\d|\d{8}月|[^\s（号]20260099/); // the number never runs into a date or a word
    }
  });

  it('name the grade reached and the grade left, in both languages', () => {
    const up = written(event({ type: 'upgraded', from: 'TD', point: point('TS', '热带风暴') }));
    expect(up.title).toBe('热带低压（编号20260099）加强为热带风暴');
    expect(up.titleEn).toBe('Tropical Depression 20260099 strengthens into a tropical storm (TS)');
    expect(up.contentEn).toContain('from a tropical depression (TD) into a tropical storm (TS)');
    const named = written(
      event({
        type: 'downgraded',
        code: '202631',
        storm: { name: '示例', enname: 'SAMPLE' },
        from: 'TY',
        point: point('STS', '强热带风暴'),
      }),
    );
    expect(named.title).toBe('“示例”减弱为强热带风暴');
    expect(named.content).toContain('“示例”由台风减弱为强热带风暴');
    expect(named.titleEn).toBe('SAMPLE weakens into a severe tropical storm (STS)');
    const numbered = written(
      event({ type: 'numbered', code: '202631', storm: { name: null, enname: null }, point: point('TS', '热带风暴') }),
    );
    expect(numbered.title).toBe('热带风暴（编号202631）生成');
    expect(numbered.titleEn).toBe('Tropical Storm 202631 forms');
  });

  it('name a global cyclone in Chinese where a Chinese name is known, in English in English', () => {
    const fix = globalPoint({ time: new Date('2026-08-01T00:00:00Z'), lat: 15, lng: -150, windKt: 40 });
    const cyclone = (atcfId: string, enname: string, advisoryNumber = 1) =>
      mergeCyclone(null, {
        source: 'nhc',
        atcfId,
        enname,
        points: [fix],
        forecast: null,
        seenAt: new Date(fix.time),
        publishedAt: new Date(fix.time),
        advisoryNumber,
      });
    const [kilo, melissa] = globalEvents([cyclone('cp012026', 'KILO'), cyclone('al132025', 'MELISSA')]).map(written);
    expect(kilo).toMatchObject({ title: '中北太平洋热带气旋基洛生成', titleEn: 'Tropical cyclone KILO forms' });
    expect(kilo?.content).toBe('中北太平洋的热带气旋基洛（KILO，nhc-cp012026）于2026-08-01生成（世界时）。');
    expect(melissa).toMatchObject({ title: '北大西洋热带气旋MELISSA生成', titleEn: 'Tropical cyclone MELISSA forms' });
    expect(melissa?.content).toBe('北大西洋的热带气旋MELISSA（nhc-al132025）于2026-08-01生成（世界时）。');
    // First read at its 41st advisory (LALA, by the recorded feed): never "forms", the service began tracking it.
    const [lala] = globalEvents([cyclone('cp012026', 'LALA', 41)]);
    expect(lala).toMatchObject({ type: 'global-tracked', key: 'global-formed:nhc-cp012026', advisory: 41 });
    const late = written(lala as FlashEvent);
    expect(late.titleEn).toBe('Tropical cyclone LALA tracked by this service');
    expect(late.contentEn).toBe(
      'Tropical cyclone LALA (nhc-cp012026) is tracked by this service from advisory 41; its track begins on 2026-08-01 UTC.',
    );
    expect(late.title).not.toMatch(/生成/);
    // Without an advisory number (a record restored from a best track) it cannot be told to have formed either.
    expect(globalEvents([cyclone('cp012026', 'LALA', null as unknown as number)])[0]?.type).toBe('global-tracked');
  });
});

describe('events only when they happened', () => {
  const storm = (code: string, times: string[]): Typhoon =>
    ({
      code,
      name: null,
      enname: null,
      isActive: true,
      land: [],
      points: times.map((time, i) => ({
        time,
        lat: 15 + i / 10,
        lng: 130,
        strong: '热带风暴',
        grade: 'TS',
        power: 8,
        speed: 18,
        pressure: 998,
        moveDir: null,
        moveSpeed: null,
        radius7: null,
        radius10: null,
        radius12: null,
      })),
    }) as unknown as Typhoon;

  it('says "numbered" only for a numbering new since the last poll, else that the service began tracking it', () => {
    const announced = typhoonEvents(null, { fetchedAt: '2026-08-22T08:00:00+08:00', typhoons: [] }).announced;
    // Numbered at 08:00, first listed by the poll of 08:20: its numbering is new since the poll of 08:00.
    const fresh = typhoonEvents(announced, {
      fetchedAt: '2026-08-22T08:20:00+08:00',
      typhoons: [storm('202631', ['2026-08-22T08:00:00+08:00'])],
    });
    expect(fresh.events.map((e) => e.type)).toEqual(['numbered']);
    // A storm numbered a day before it was first listed (a service that was down, a first start during a storm).
    const late = typhoonEvents(announced, {
      fetchedAt: '2026-08-22T08:20:00+08:00',
      typhoons: [storm('202632', ['2026-08-21T08:00:00+08:00', '2026-08-22T08:00:00+08:00'])],
    });
    expect(late.events).toMatchObject([
      { key: 'numbered:202632', type: 'tracked', time: '2026-08-22T08:20:00+08:00', firstTime: '2026-08-21T08:00:00+08:00' },
    ]);
    const text = writeFlash(late.events[0] as FlashEvent);
    expect(text.title).toBe('本服务开始跟踪热带风暴（编号202632）');
    expect(fill(text.content)).toBe('8月22日8时，热带风暴（编号202632）开始由本服务跟踪，上游对它的最早定位时间为8月21日8时。');
    expect(fill(text.contentEn)).not.toMatch(/\bforms?\b|\bformed\b/);
    // Announced once: the same storm at the next poll makes no item.
    expect(
      typhoonEvents(late.announced, {
        fetchedAt: '2026-08-22T08:40:00+08:00',
        typhoons: [storm('202632', ['2026-08-21T08:00:00+08:00', '2026-08-22T08:00:00+08:00'])],
      }).events,
    ).toEqual([]);
  });
});

describe('stages named by stage', () => {
  const fix = (type: string, windKt: number) =>
    globalPoint({ time: new Date('2025-10-31T18:00:00Z'), lat: 40.6, lng: -58.9, windKt, type });

  it('never gives a post-tropical, subtropical or disturbance point a tropical grade, whatever its wind', () => {
    // MELISSA at 31 Oct 18Z: extratropical (EX) at 70 kt, which the wind alone would call a typhoon.
    expect(fix('EX', 70)).toMatchObject({ grade: 'ET', strong: '温带气旋', classification: 'EX' });
    for (const stage of ['PT', 'LO', 'SD', 'SS', 'DB', 'WV', 'MD', 'PTC'])
      expect(fix(stage, 70), stage).toMatchObject({ grade: null, strong: null, classification: stage });
    expect(fix('HU', 70)).toMatchObject({ grade: 'TY', strong: '台风' });
    expect(fix('TS', 50)).toMatchObject({ grade: 'STS' });
  });

  it("labels MELISSA's post-tropical forecast points by their stage in the stored cyclone", async () => {
    const { officialForecast, parseAtcfDeck } = await import('../../src/upstream/atcf.ts');
    const { globalForecast } = await import('../../src/global/build-cyclone.ts');
    const official = officialForecast(
      parseAtcfDeck(fs.readFileSync(path.join(OWN_PAYLOADS, 'nhc', 'aal132025.dat'), 'utf8')).records,
      'OFCL',
    );
    const forecast = globalForecast('nhc', official?.issuedAt as Date, official?.points ?? []);
    const stages = forecast.points.map((p) => [p.classification, p.grade]);
    expect(stages.length).toBeGreaterThan(0);
    const tropical = ['TD', 'TS', 'HU', 'TY', 'ST', 'TC', 'MH'];
    for (const [stage, grade] of stages)
      if (typeof stage === 'string' && !tropical.includes(stage)) expect(grade === null || grade === 'ET', stage).toBe(true);
    expect(stages.some(([stage]) => stage === 'EX')).toBe(true);
  });
});
