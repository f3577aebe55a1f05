/**
 * Disturbances through a season replayed with the mock upstream (the project's own advisories and real ones of
 * demo/upstream/jtwc): an invest under a formation alert, a fault of every kind (last good data served, stale), the
 * alert cancelled (out of the active list, kept in the history), and an invest that became a numbered storm.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disturbanceDetail, disturbanceGeoJson, disturbanceHistoryList, disturbanceList } from '../../src/api/handlers/disturbances.ts';
import { globalTyphoon } from '../../src/api/handlers/global.ts';
import { liveTyphoons } from '../../src/api/handlers/live-typhoons.ts';
import { typhoonDetailMisses } from '../../src/api/handlers/typhoon.ts';
import { recordDisturbanceLinks } from '../../src/jobs/link-disturbances.ts';
import { liveNear } from '../../src/api/handlers/live-near.ts';
import { writeDisturbances } from '../../src/global/disturbance-store.ts';
import { refreshGlobal } from '../../src/global/refresh-global.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import { disturbanceHistorySchema, disturbanceListSchema } from '../../src/model/disturbance-answer-schemas.ts';
import { refreshDisturbances } from '../../src/global/refresh-disturbances.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { checkPattern } from '../../src/flash/pattern-check.ts';
import { recordDisturbanceEvents } from '../../src/flash/record-events.ts';
import { fill } from '../../src/flash/slotted-text.ts';
import { writeFlash } from '../../src/flash/writer.ts';
import { readFlash } from '../../src/flash/flash-store.ts';
import { disturbanceById, readDisturbanceRecords } from '../../src/global/disturbance-view.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import { readTextQuality } from '../../src/store/text-quality.ts';
import type { GlobalUpstreams } from '../../src/upstream/addresses.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { FAULTS, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { captureLogs } from '../helpers/logs.ts';

/** Unreadable stored disturbances are logged: kept here, asserted where they are damaged. */
const logs = captureLogs();

const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, 'jtwc', file), 'utf8');
/** The own 93W alert as 98W's (the one own-abpw-high-tcfa.txt cites): only the invest number changes. */
const alert98W = own('own-wp9326.tcw').replace('MIL 93X', 'MIL 98X').replaceAll('INVEST 93W', 'INVEST 98W');

let mock: MockUpstream;
let up: GlobalUpstreams;
let store: KeyValueStore;
let dir: string;
beforeAll(async () => {
  mock = await startMockUpstream();
  up = {
    nhcBase: mock.nhcBase,
    nhcAtcfBase: mock.nhcAtcfBase,
    nhcTextBase: mock.nhcTextBase,
    jtwcBase: mock.jtwcBase,
    ucarBase: mock.ucarBase,
    client: createUpstreamClient({ retries: 0, timeoutMs: 500 }),
  };
});
afterAll(() => mock.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-disturbances-'));
  store = fileStore(dir);
  mock.setFault(null);
  mock.setPayload('jtwc/rss', own('jtwc.rss'));
  mock.setPayload('jtwc/products/abioweb.txt', own('own-abio-nothing.txt'));
});

const active = async (now: Date) => {
  const read = await readDisturbanceRecords(store, now);
  if (read.state !== 'ok') throw new Error(read.reason);
  return { ...read, list: read.records.filter((r) => r.isActive) };
};

describe('disturbance refresh', () => {
  it('reads the advisory of 22 Aug 2026 08Z as it states it: 94W, and 97W upgraded to HIGH under its alert', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-22T0800Z.txt'));
    mock.setPayload('jtwc/products/wp9726.tcw', own('wp9726.2026-08-22T0800Z.tcw'));
    const now = new Date('2026-08-22T09:00:00Z');
    const result = await refreshDisturbances(up, store, now);
    expect(result).toMatchObject({ ok: true, active: 2, error: null });
    const { list, context } = await active(now);
    expect(context).toMatchObject({ stale: false, upstream: 'ok', fetchedAt: '2026-08-22T09:00:00Z' });
    const w97 = list.find((d) => d.id === 'jtwc-wp972026');
    expect(w97).toMatchObject({
      designator: '97W',
      basin: 'WP',
      agency: 'JTWC',
      outcome: 'watched',
      potential: { words: 'HIGH', chancePercent: null, horizonHours: 24, change: 'upgraded' },
      validity: { product: 'ABPW10', validFrom: '2026-08-22T08:00:00Z', validUntil: '2026-08-23T06:00:00Z' },
      becameStorm: null,
    });
    // The machine lines' box (11.1N 135.6E – 15.1N 138.6E, 120 nm) and the alert's expiry.
    expect(w97?.alert).toMatchObject({
      heading: 'WTPN21 PGTW',
      issuedAt: '2026-08-22T08:00:00Z',
      expiresAt: '2026-08-23T08:00:00Z',
      line: { from: { lat: 11.1, lng: 135.6 }, to: { lat: 15.1, lng: 138.6 } },
      halfWidthNm: 120,
    });
    expect(w97?.alert?.box).toHaveLength(4);
    // The alert's centre is timed (22 Aug 06Z), the advisory's position is not: the advisory (valid from 08Z) is newer.
    expect(w97?.position).toMatchObject({ source: 'advisory', time: null });
    expect(list.find((d) => d.id === 'jtwc-wp942026')?.alert).toBeNull();
  });

  it.each(FAULTS)('keeps the last good disturbances and marks them stale when the advisory fails (%s)', async (fault) => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    const first = new Date('2026-08-31T22:30:00Z');
    expect((await refreshDisturbances(up, store, first)).error).toBeNull();
    const before = await active(first);
    expect(before.list.map((d) => d.id).sort()).toEqual(['jtwc-sh932027', 'jtwc-wp982026', 'jtwc-wp992026']);

    mock.setFault(fault, 'jtwc');
    const later = new Date('2026-08-31T22:45:00Z');
    const result = await refreshDisturbances(up, store, later);
    expect(result.ok).toBe(false);
    const after = await active(later);
    expect(after.records).toEqual(before.records);
    expect(after.context).toMatchObject({ stale: true, upstream: 'unavailable', fetchedAt: '2026-08-31T22:30:00Z' });
    expect(after.context.staleReason).toMatch(/failed at the last refresh/);
  });

  it('drops a cancelled alert from the active list and keeps it in the history', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    await refreshDisturbances(up, store, new Date('2026-08-31T22:30:00Z'));
    const w98 = (await active(new Date('2026-08-31T22:30:00Z'))).list.find((d) => d.id === 'jtwc-wp982026');
    expect(w98?.alert?.expiresAt).toBeTruthy();

    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-cancelled.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', null);
    const now = new Date('2026-09-04T06:30:00Z');
    expect((await refreshDisturbances(up, store, now)).error).toBeNull();
    const { list, records } = await active(now);
    expect(list.map((d) => d.id)).not.toContain('jtwc-wp982026');
    const kept = records.find((d) => d.id === 'jtwc-wp982026');
    expect(kept).toMatchObject({ isActive: false, outcome: 'cancelled', alert: null, endedAt: '2026-09-04T06:30:00Z' });
    expect(kept?.lastAlert).toEqual({ issuedAt: w98?.alert?.issuedAt, expiresAt: w98?.alert?.expiresAt, endedAt: '2026-09-04T06:30:00Z' });
    // Recently ended: still answered by id; a week later no longer (40401), though the history keeps it.
    expect((await disturbanceById(store, 'jtwc-wp982026', now)).state).toBe('ok');
    expect((await disturbanceById(store, 'jtwc-wp982026', new Date('2026-09-12T06:30:00Z'))).state).toBe('missing');
  });

  it('links a global cyclone back to the invest it formed from', async () => {
    // 90L as an advisory would leave it: now the subject of the warnings of 13L (MELISSA), the mock's NHC storm.
    const invest = {
      id: 'jtwc-al902025',
      atcfId: 'al902025',
      designator: '90L',
      basin: 'AL' as const,
      agency: 'JTWC' as const,
      isActive: false,
      outcome: 'warning' as const,
      position: null,
      previousPosition: null,
      wind: null,
      pressureHpa: null,
      potential: null,
      alert: null,
      lastAlert: null,
      track: null,
      becameStorm: {
        designator: '13L',
        atcfId: 'al132025',
        globalId: 'nhc-al132025',
        code: null,
        name: 'MELISSA',
        classification: 'TROPICAL STORM' as const,
      },
      sameAs: null,
      validity: null,
      firstSeenAt: '2025-10-21T12:00:00Z',
      lastSeenAt: '2025-10-21T12:00:00Z',
      endedAt: null,
    };
    await writeDisturbances(store, { records: [invest], advisories: [], outlooks: [] });
    await refreshGlobal(up, store);
    const handler = serveFunction([globalTyphoon], { ...readConfig(), store: { kind: 'files', dir } });
    const body = (await (await handler(new Request('http://localhost/api/global/typhoons/nhc-al132025'))).json()) as any;
    expect(body.typhoon.id).toBe('nhc-al132025');
    expect(body.typhoon.formedFrom).toEqual({ id: 'jtwc-al902025', designator: '90L' });
  });

  it('reads records stored before the links and the outlooks (version 1) with none', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-22T0800Z.txt'));
    mock.setPayload('jtwc/products/wp9726.tcw', own('wp9726.2026-08-22T0800Z.tcw'));
    const now = new Date('2026-08-22T09:00:00Z');
    await refreshDisturbances(up, store, now);
    const current = JSON.parse((await store.get('disturbances')) as string);
    expect(current.schemaVersion).toBe(2);
    const { records, advisories } = current.data;
    // A version-1 record under a warning has no China number field.
    const warning = { designator: '19W', atcfId: 'wp192026', globalId: null, name: 'NINETEEN', classification: 'TROPICAL DEPRESSION' };
    const v1 = records.map(({ sameAs: _s, ...r }: any, i: number) => ({ ...r, becameStorm: i === 0 ? warning : null }));
    for (const key of ['disturbances', 'backup/disturbances'])
      await store.set(key, JSON.stringify({ schemaVersion: 1, data: { records: v1, advisories } }));
    const read = await active(now);
    expect(read.records).toEqual(
      records.map((r: any, i: number) => ({ ...r, sameAs: null, becameStorm: i === 0 ? { ...warning, code: null } : null })),
    );
    expect(read.outlooks).toEqual([]);
  });

  it('keeps the id of an invest watched across the new year', async () => {
    const december = own('own-abpw-high-tcfa.txt').replace('312200Z-010600ZSEP2026', '312200Z-010600ZJAN2027');
    mock.setPayload('jtwc/products/abpwweb.txt', december);
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    await refreshDisturbances(up, store, new Date('2026-12-31T22:30:00Z'));
    mock.setPayload('jtwc/products/abpwweb.txt', december.replace('312200Z-010600ZJAN2027', '010600Z-020600ZJAN2027'));
    const now = new Date('2027-01-01T06:30:00Z');
    await refreshDisturbances(up, store, now);
    const { list, records } = await active(now);
    expect(list.map((d) => d.id).sort()).toEqual(['jtwc-sh932027', 'jtwc-wp982026', 'jtwc-wp992026']);
    expect(records.map((d) => d.id)).not.toContain('jtwc-wp982027');
  });

  it('links an invest to the storm it became', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-warning.txt'));
    const now = new Date('2026-10-10T03:30:00Z');
    await refreshDisturbances(up, store, now);
    const { records } = await active(now);
    expect(records.find((d) => d.id === 'jtwc-wp912026')).toMatchObject({
      isActive: false,
      outcome: 'warning',
      previousPosition: { lat: 12.9, lng: 163.6 },
      becameStorm: { designator: '25W', atcfId: 'wp252026', globalId: null, name: 'TWENTYFIVE', classification: 'TROPICAL DEPRESSION' },
    });
    // SD 01C is a numbered system, not an invest: no disturbance record.
    expect(records.map((d) => d.designator)).not.toContain('01C');
  });
});

describe('upstream text in the bulletins', () => {
  const answers = async (now: Date, paths: string[]) => {
    const handler = serveFunction(
      [disturbanceList, disturbanceHistoryList, disturbanceDetail, disturbanceGeoJson],
      { ...readConfig(), store: { kind: 'files', dir } },
      () => now,
    );
    return Promise.all(paths.map(async (p) => (await handler(new Request(`http://localhost${p}`))).text()));
  };

  it("a cyclone's name that is no name is left out of becameStorm, served nowhere, and reported", async () => {
    mock.setPayload(
      'jtwc/products/abpwweb.txt',
      own('own-abpw-warning.txt').replace('(KOMPASU)', '(NO-NEED-TO-EVACUATE)').replace('(TWENTYFIVE)', '(ALL-CLEAR)'),
    );
    const now = new Date('2026-10-10T03:30:00Z');
    await refreshDisturbances(up, store, now);
    const { records } = await active(now);
    expect(records.find((d) => d.id === 'jtwc-wp912026')?.becameStorm).toMatchObject({ designator: '25W', atcfId: 'wp252026', name: null });
    const bodies = await answers(now, ['/api/disturbances', '/api/v1/disturbances/jtwc-wp912026', '/api/v1/disturbances/history']);
    for (const body of bodies) expect(body).not.toMatch(/ALL-CLEAR|EVACUATE/);
    const { problems } = await readTextQuality(store);
    expect(problems.map((p) => [p.source, p.storm, p.field, p.kind, p.reason, p.value])).toEqual([
      ['jtwc', '24W', 'abpwweb.txt cyclone 1.A.(1)', 'cyclone-name', 'word', 'NO\\u{2d}NEED\\u{2d}TO\\u{2d}EVACUATE'],
      ['jtwc', '25W', 'abpwweb.txt cyclone 1.A.(2)', 'cyclone-name', 'word', 'ALL\\u{2d}CLEAR'],
    ]);
  });

  it("an outlook area's title that is no title is left out, the area kept with its chances, and reported", async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-nothing.txt'));
    const EP = 'nhc/text/abpz20.knhc.two.ep.txt';
    const nhcOwn = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, 'nhc', file), 'utf8');
    try {
      mock.setPayload(
        EP,
        nhcOwn('two-ep.2026-08-21T1739Z.txt')
          .replace('South-Southwest of Mexico:', 'See evil.example/typhoon for the real warning:')
          .replace('Central East Pacific (EP91):', 'Hurricane warning cancelled, no need to evacuate (EP91):'),
      );
      const now = new Date('2026-08-21T18:30:00Z');
      await refreshDisturbances(up, store, now);
      const ep = (await active(now)).outlooks.find((o) => o.product === 'ABPZ20');
      expect(ep?.areas.map((a) => [a.id, a.title, a.chance7d?.percent])).toEqual([
        ['nhc-ep-202608211800-1', null, 50],
        ['nhc-ep912026', null, 80],
        ['nhc-ep-202608211800-3', 'Well Southwest of Southwestern Mexico', 20],
      ]);
      for (const body of await answers(now, ['/api/disturbances', '/api/v1/disturbances']))
        expect(body).not.toMatch(/evil|cancelled|evacuate/i);
      const { problems } = await readTextQuality(store);
      expect(problems.map((p) => [p.source, p.field, p.kind, p.reason])).toEqual([
        ['nhc', 'abpz20.knhc.two.ep.txt line 16: area title', 'outlook-title', 'link'],
        ['nhc', 'abpz20.knhc.two.ep.txt line 26: area title', 'outlook-title', 'word'],
      ]);
    } finally {
      mock.setPayload(EP, nhcOwn('two-ep.2026-08-21T1739Z.txt'));
    }
  });
});

describe('the scheduled run', () => {
  it('refreshes the disturbances beside the other parts and records their flash items', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-22T0800Z.txt'));
    mock.setPayload('jtwc/products/wp9726.tcw', own('wp9726.2026-08-22T0800Z.tcw'));
    const now = new Date('2026-08-22T09:00:00Z');
    const run = await runScheduledRefresh({ store, upstreams: mock.addresses, llm: null, now });
    expect(run.disturbances).toMatchObject({ ok: true, active: 2, error: null });
    // 97W: a first alert (not a reissue) and its potential upgraded to HIGH.
    expect(run.flash.disturbances).toBe(2);
    expect((await active(now)).list.map((d) => d.id).sort()).toEqual(['jtwc-wp942026', 'jtwc-wp972026']);
  });
});

describe('disturbance flash news', () => {
  it('announces an alert issued, the potential raised to HIGH and the alert cancelled, once each, in zh and en', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    const first = new Date('2026-08-31T22:30:00Z');
    await refreshDisturbances(up, store, first);
    const issued = await recordDisturbanceEvents(store, null, first);
    expect(issued.map((i) => [i.type, i.code]).sort()).toEqual([
      ['disturbance-alert', 'jtwc-wp982026'],
      ['disturbance-high', 'jtwc-wp982026'],
    ]);
    // The same records again: nothing new.
    expect(await recordDisturbanceEvents(store, null, new Date('2026-08-31T22:45:00Z'))).toEqual([]);

    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-cancelled.txt'));
    const later = new Date('2026-09-04T06:30:00Z');
    await refreshDisturbances(up, store, later);
    const cancelled = await recordDisturbanceEvents(store, null, later);
    expect(cancelled.map((i) => [i.type, i.code, i.time])).toEqual([
      ['disturbance-alert-cancelled', 'jtwc-wp982026', '2026-09-04T06:00:00Z'],
    ]);
    expect(cancelled[0]?.titleEn).toBe('Formation alert for 98W cancelled');
    expect((await readFlash(store)).length).toBe(3);
  });

  it('writes patterns the proven-text check accepts as they are', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    await refreshDisturbances(up, store, new Date('2026-08-31T22:30:00Z'));
    const { records } = await active(new Date('2026-08-31T22:30:00Z'));
    const { disturbanceEvents } = await import('../../src/flash/events.ts');
    const events = disturbanceEvents(records);
    const alert = events.find((e) => e.type === 'disturbance-alert');
    expect(alert && fill(writeFlash(alert).content)).toMatch(
      /^西北太平洋的热带扰动98W（jtwc-wp982026）于2026-11-05 14:00（世界时）被美国联合台风警报中心（JTWC）发布热带气旋形成警报，有效至/,
    );
    for (const e of events) {
      const { content, contentEn } = writeFlash(e);
      expect(checkPattern(content.pattern, content, 'zh')).toBeNull();
      expect(checkPattern(contentEn.pattern, contentEn, 'en')).toBeNull();
    }
  });
});

describe("NHC's Tropical Weather Outlooks", () => {
  const nhcOwn = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, 'nhc', file), 'utf8');
  /** The real outlook of 21 Aug 2026 1739Z, six hours earlier, with EP91's 7-day chance at 40 percent. */
  const earlier = nhcOwn('two-ep.2026-08-21T1739Z.txt')
    .replace('ABPZ20 KNHC 211739', 'ABPZ20 KNHC 211139')
    .replace('1100 AM PDT Fri Aug 21 2026', '500 AM PDT Fri Aug 21 2026')
    .replace('7 days...high...80 percent', '7 days...medium...40 percent');
  const EP = 'nhc/text/abpz20.knhc.two.ep.txt';

  it('serves the areas with their 48-hour and 7-day chances, and announces an invest reaching 60% in 7 days once', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-nothing.txt'));
    try {
      mock.setPayload(EP, earlier);
      expect((await refreshDisturbances(up, store, new Date('2026-08-21T12:30:00Z'))).error).toBeNull();
      mock.setPayload(EP, nhcOwn('two-ep.2026-08-21T1739Z.txt'));
      const now = new Date('2026-08-21T18:30:00Z');
      expect((await refreshDisturbances(up, store, now)).error).toBeNull();
      // Read again: the outlook before stays the one before.
      await refreshDisturbances(up, store, new Date('2026-08-21T18:45:00Z'));

      const handler = serveFunction([disturbanceList], { ...readConfig(), store: { kind: 'files', dir } }, () => now);
      const { data } = (await (await handler(new Request('http://localhost/api/v1/disturbances'))).json()) as any;
      const [at, ep] = disturbanceListSchema.parse(data).outlooks;
      expect([at?.product, at?.issuedAt, ep?.product, ep?.issuedAt]).toEqual([
        'ABNT20',
        '2026-08-22T18:00:00Z',
        'ABPZ20',
        '2026-08-21T18:00:00Z',
      ]);
      expect(at?.areas.map((a) => [a.id, a.title, a.chance48h?.percent, a.chance7d?.percent])).toEqual([
        ['nhc-at-202608221800-1', 'Northeastern Atlantic', 20, 20],
        ['nhc-at-202608221800-2', 'Central Subtropical Atlantic', 10, 20],
        ['nhc-at-202608221800-3', 'Eastern Tropical Atlantic', 0, 40],
      ]);
      expect(ep?.areas[1]).toEqual({
        id: 'nhc-ep912026',
        title: 'Central East Pacific',
        atcfId: 'ep912026',
        chance48h: { level: 'medium', percent: 60, approximate: false, horizonHours: 48 },
        chance7d: { level: 'high', percent: 80, approximate: false, horizonHours: 168 },
        chance7dBefore: 40,
      });
      expect(ep?.areas[2]?.chance48h).toEqual({ level: 'low', percent: 0, approximate: true, horizonHours: 48 });

      const { records, outlooks } = await active(now);
      const { outlookEvents } = await import('../../src/flash/events.ts');
      const events = outlookEvents(outlooks);
      expect(events.map((e) => e.key)).toEqual(['disturbance-chance60:nhc-ep912026']);
      const { content, contentEn } = writeFlash(events[0] as (typeof events)[number]);
      expect(fill(content)).toBe(
        '东北太平洋的热带扰动EP91（nhc-ep912026）在7天内形成热带气旋的概率被美国国家飓风中心（NHC）从40%提高到80%（2026-08-21 18:00（世界时）的热带天气展望）。',
      );
      expect(checkPattern(content.pattern, content, 'zh')).toBeNull();
      expect(checkPattern(contentEn.pattern, contentEn, 'en')).toBeNull();
      expect(records.filter((r) => r.isActive)).toEqual([]);
      // Recorded once by the run's flash step.
      expect((await recordDisturbanceEvents(store, null, now)).length).toBe(1);
      expect((await recordDisturbanceEvents(store, null, now)).length).toBe(0);

      // A cut-off outlook changes nothing it would have told, and the answer is stale.
      mock.setFault('truncated', 'nhc');
      const later = new Date('2026-08-21T19:00:00Z');
      expect((await refreshDisturbances(up, store, later)).ok).toBe(false);
      const after = await active(later);
      expect(after.outlooks).toEqual(outlooks);
      expect(after.context.stale).toBe(true);
    } finally {
      mock.setPayload(EP, nhcOwn('two-ep.2026-08-21T1739Z.txt'));
    }
  });
});

/**
 * The newest advisory's own issue time, from its heading and validity: the own Indian Ocean advisory read beside the
 * 08Z Pacific one (ABIO10 PGTW 311800, valid from 31 March 2027) is the newer.
 */
const PUBLISHED = '2027-03-31T18:00:00Z';

describe('disturbance endpoints', () => {
  const at = new Date('2026-08-22T09:00:00Z');
  const ask = async (pathname: string) => {
    const handler = serveFunction(
      [disturbanceList, disturbanceHistoryList, disturbanceDetail, disturbanceGeoJson, liveNear],
      { ...readConfig(), store: { kind: 'files', dir } },
      () => at,
    );
    const response = await handler(new Request(`http://localhost${pathname}`));
    return { status: response.status, body: (await response.json()) as any };
  };
  beforeEach(async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-22T0800Z.txt'));
    mock.setPayload('jtwc/products/wp9726.tcw', own('wp9726.2026-08-22T0800Z.tcw'));
    await refreshDisturbances(up, store, at);
  });

  it('answers the active list with the same payload in both families', async () => {
    const v1 = await ask('/api/v1/disturbances');
    const web = await ask('/api/disturbances');
    expect(v1.status).toBe(200);
    expect(v1.body.code).toBe(0);
    expect(web.body).toEqual(v1.body.data);
    const data = disturbanceListSchema.parse(v1.body.data);
    expect(data.list.map((d) => d.id).sort()).toEqual(['jtwc-wp942026', 'jtwc-wp972026']);
    expect(data).toMatchObject({ total: 2, stale: false, fetchedAt: '2026-08-22T09:00:00Z' });
    expect(data.publishedAt).toBe(PUBLISHED);
  });

  it('answers one disturbance, and 40401 for one it does not know', async () => {
    const one = await ask('/api/v1/disturbances/jtwc-wp972026');
    expect(one.body.data.disturbance).toMatchObject({ id: 'jtwc-wp972026', potential: { words: 'HIGH' } });
    // Its own bulletins: the 08Z advisory and the alert WTPN21 PGTW 220800.
    expect(one.body.data).toMatchObject({ fetchedAt: '2026-08-22T09:00:00Z', publishedAt: '2026-08-22T08:00:00Z' });
    expect((await ask('/api/disturbances/jtwc-wp972026')).body).toEqual(one.body.data);
    const missing = await ask('/api/v1/disturbances/jtwc-wp992030');
    expect([missing.status, missing.body.code]).toEqual([404, 40401]);
    const malformed = await ask('/api/v1/disturbances/jtwc-wp192026');
    expect([malformed.status, malformed.body.code]).toEqual([400, 40001]);
  });

  it('lists the history by year, not taking "history" for an id', async () => {
    const all = disturbanceHistorySchema.parse((await ask('/api/v1/disturbances/history')).body.data);
    expect(all).toMatchObject({ total: 2, fetchedAt: '2026-08-22T09:00:00Z', publishedAt: PUBLISHED });
    expect((await ask('/api/disturbances/history?year=2025')).body).toEqual({
      year: 2025,
      fetchedAt: '2026-08-22T09:00:00Z',
      publishedAt: PUBLISHED,
      list: [],
      total: 0,
    });
    expect((await ask('/api/v1/disturbances/history?year=20x6')).body.code).toBe(40001);
  });

  it('puts them in /api/near with distance and bearing', async () => {
    const { body } = await ask('/api/v1/near?lat=25.0&lng=121.5');
    const { disturbances } = body.data;
    expect(disturbances.list.map((d: { id: string }) => d.id)).toEqual(['jtwc-wp942026', 'jtwc-wp972026']);
    expect(disturbances.total).toBe(2);
    // The same potential object as /api/v1/disturbances answers.
    expect(disturbances.list[0]).toMatchObject({
      designator: '94W',
      potential: { words: 'LOW' },
      alertInForce: false,
      bearing: { compass: expect.any(String) },
    });
    expect(disturbances.list[1].alertInForce).toBe(true);
    expect(disturbances).toMatchObject({ stale: false, upstream: 'ok' });
  });

  it('draws them as GeoJSON: the alert box as a closed polygon under the positions', async () => {
    const { status, body } = await ask('/api/geojson/disturbances');
    expect(status).toBe(200);
    expect(body.features.map((f: any) => [f.properties.id, f.properties.kind, f.geometry.type])).toEqual([
      ['jtwc-wp972026', 'alert-box', 'Polygon'],
      ['jtwc-wp942026', 'position', 'Point'],
      ['jtwc-wp972026', 'position', 'Point'],
    ]);
    const ring = body.features[0].geometry.coordinates[0];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    expect(body.bbox).toHaveLength(4);
  });

  it('cuts an alert box across the antimeridian into two polygons', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    await refreshDisturbances(up, store, new Date('2026-08-31T22:30:00Z'));
    const { body } = await ask('/api/geojson/disturbances');
    const box = body.features.find((f: any) => f.properties.id === 'jtwc-wp982026' && f.properties.kind === 'alert-box');
    expect(box.geometry.type).toBe('MultiPolygon');
    // West > east: the box crosses ±180.
    expect(box.bbox[0]).toBeGreaterThan(box.bbox[2]);
  });

  it('links an invest to the Zhejiang depression at the same instants and places, within 1°', async () => {
    // The depression 20260099: the own storm's first four points (Beijing time) as a tropical depression.
    const info = JSON.parse(fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'));
    const depression = { ...info, tfid: '20260099', name: '', enname: '', land: [], points: info.points.slice(0, 4) };
    mock.setPayload(
      'zj/TyhoonActivity',
      JSON.stringify([{ tfid: '20260099', name: '', enname: '', time: '2026-09-11 02:00:00', lat: '15.1', lng: '133.0' }]),
    );
    mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression));
    // 99W's b-deck at the same instants (UTC), JTWC's centres 0.3–0.6° from the Zhejiang service's.
    const row = (time: string, lat: string, lng: string) =>
      `WP, 99, ${time},   , BEST,   0, ${lat}, ${lng},  25, 1004, DB,   0,    ,    0,    0,    0,    0, 1009,  120,  50,   0,   0,   W,   0,    ,   0,   0,     INVEST,  ,`;
    mock.setPayload(
      'ucar/bdecks_open/2026/bwp992026',
      [
        row('2026091000', '135N', '1365E'),
        row('2026091006', '142N', '1352E'),
        row('2026091012', '149N', '1339E'),
        row('2026091018', '156N', '1326E'),
      ].join('\n') + '\n',
    );
    try {
      const at = new Date('2026-09-10T19:00:00Z');
      await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) }, store, at);
      mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
      await refreshDisturbances(up, store, at);
      expect(await recordDisturbanceLinks(store)).toBe(true);
      const handler = serveFunction([disturbanceList, disturbanceDetail], { ...readConfig(), store: { kind: 'files', dir } }, () => at);
      const { data } = (await (await handler(new Request('http://localhost/api/v1/disturbances'))).json()) as any;
      const w99 = data.list.find((d: any) => d.id === 'jtwc-wp992026');
      expect(w99.track.points).toHaveLength(4);
      expect(w99.sameAs).toEqual({ code: '20260099', name: null });
      expect(data.list.find((d: any) => d.id === 'jtwc-wp982026').sameAs).toBeNull();
      // Moved 1.5° away at every instant: not the same system.
      mock.setPayload(
        'ucar/bdecks_open/2026/bwp992026',
        [
          row('2026091000', '147N', '1368E'),
          row('2026091006', '153N', '1356E'),
          row('2026091012', '160N', '1343E'),
          row('2026091018', '166N', '1330E'),
        ].join('\n') + '\n',
      );
      await refreshDisturbances(up, store, at);
      // The depression is still listed and no longer agrees: the stored link is dropped.
      expect(await recordDisturbanceLinks(store)).toBe(true);
      const again = (await (await handler(new Request('http://localhost/api/v1/disturbances/jtwc-wp992026'))).json()) as any;
      expect(again.data.disturbance.sameAs).toBeNull();
    } finally {
      mock.setPayload('zj/TyhoonActivity', fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
      mock.setPayload('zj/TyphoonInfo/20260099', null);
      mock.setPayload('ucar/bdecks_open/2026/bwp992026', null);
    }
  });

  it('links an invest to the storm it became under a China number, both ways, and keeps the links in the history', async () => {
    // The mock's storm 202699 (MANGKHUT) began as the depression 20260099: its first four points, Beijing time.
    const info = JSON.parse(fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'));
    const depression = { ...info, tfid: '20260099', name: '', enname: '', land: [], points: info.points.slice(0, 4) };
    const row = (time: string, lat: string, lng: string) =>
      `WP, 99, ${time},   , BEST,   0, ${lat}, ${lng},  25, 1004, DB,   0,    ,    0,    0,    0,    0, 1009,  120,  50,   0,   0,   W,   0,    ,   0,   0,     INVEST,  ,`;
    // 99W's b-deck at those instants (UTC), JTWC's centres 0.3–0.6° from the Zhejiang service's.
    const deck = [
      row('2026091000', '135N', '1365E'),
      row('2026091006', '142N', '1352E'),
      row('2026091012', '149N', '1339E'),
      row('2026091018', '156N', '1326E'),
    ];
    const live = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) };
    const config = { ...readConfig(), store: { kind: 'files' as const, dir } };
    try {
      mock.setPayload('ucar/bdecks_open/2026/bwp992026', `${deck.join('\n')}\n`);
      mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
      // First the depression is listed: 99W is the same system.
      mock.setPayload(
        'zj/TyhoonActivity',
        JSON.stringify([{ tfid: '20260099', name: '', enname: '', time: '2026-09-11 02:00:00', lat: '15.1', lng: '133.0' }]),
      );
      mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression));
      const first = new Date('2026-09-10T19:00:00Z');
      await refreshLive(live, store, first);
      await refreshDisturbances(up, store, first);
      await recordDisturbanceLinks(store);
      // Then the storm under its China number (the mock's own list): 99W became it.
      mock.setPayload('zj/TyhoonActivity', fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
      const at = new Date('2026-09-12T06:30:00Z');
      await refreshLive(live, store, at);
      expect(await recordDisturbanceLinks(store)).toBe(true);
      expect(await recordDisturbanceLinks(store)).toBe(false); // nothing new: nothing written

      const handler = serveFunction([disturbanceHistoryList, liveTyphoons, typhoonDetailMisses], config, () => at);
      const get = async (url: string) => ((await (await handler(new Request(`http://localhost${url}`))).json()) as any).data;
      const w99 = (await get('/api/v1/disturbances/history?year=2026')).list.find((d: any) => d.id === 'jtwc-wp992026');
      expect(w99.sameAs).toEqual({ code: '20260099', name: null });
      // No JTWC warning named it yet: only the China number is known.
      expect(w99.becameStorm).toEqual({ designator: null, atcfId: null, globalId: null, code: '202699', name: null, classification: null });
      const formedFrom = { id: 'jtwc-wp992026', designator: '99W' };
      const listed = (await get('/api/v1/typhoons')).list;
      expect(listed.map((t: any) => [t.code, t.live.formedFrom])).toEqual([['202699', formedFrom]]);
      expect((await get('/api/v1/typhoons/202699')).live.formedFrom).toEqual(formedFrom);
      const web = (await (await handler(new Request('http://localhost/api/typhoons'))).json()) as any;
      expect(web.typhoons[0].live.formedFrom).toEqual(formedFrom);

      // A storm no invest matches (the b-deck moved 1.5° away): formedFrom null, the stored link dropped.
      mock.setPayload(
        'ucar/bdecks_open/2026/bwp992026',
        `${deck.map((r) => r.replace(/1(\d)(\d)N/, (_, a, b) => `1${Number(a) + 1}${b}N`).replace(/(\d{4})E/, (e) => `${Number(e.slice(0, 4)) + 15}E`)).join('\n')}\n`,
      );
      await refreshDisturbances(up, store, at);
      await recordDisturbanceLinks(store);
      expect((await get('/api/v1/typhoons/202699')).live.formedFrom).toBeNull();
    } finally {
      mock.setPayload('zj/TyhoonActivity', fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
      mock.setPayload('zj/TyphoonInfo/20260099', null);
      mock.setPayload('ucar/bdecks_open/2026/bwp992026', null);
    }
  });

  it('answers 503, never an empty list, when the stored disturbances cannot be read', async () => {
    for (const key of ['disturbances', 'backup/disturbances']) await store.set(key, '{"schemaVersion":1,"data":[{"id":');
    const { status, body } = await ask('/api/v1/disturbances');
    expect([status, body.code]).toEqual([503, 50000]);
    expect((await ask('/api/v1/near?lat=25&lng=121.5')).body.data.disturbances).toMatchObject({
      list: [],
      total: 0,
      stale: true,
      upstream: 'unavailable',
    });
    // A refresh does not write over them: the records stay for repair, the failure is recorded.
    expect((await refreshDisturbances(up, store, at)).ok).toBe(false);
    expect(await store.get('disturbances')).toBe('{"schemaVersion":1,"data":[{"id":');
    expect(logs.lines()).toContainEqual(expect.stringMatching(/^disturbances unreadable: disturbances: not JSON/));
  });
});
