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
import { FAULTS, fetchGivingUpOnHanging, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { captureLogs } from '../helpers/logs.ts';

/** Unreadable stored disturbances are logged: kept here, asserted where they are damaged. */
const logs = captureLogs();

const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, 'jtwc', file), 'utf8');
/**
 * The own 93W alert as 98W's, the one own-abpw-high-tcfa.txt cites (WTPN21 PGTW 312130): the invest number and the
 * dates change (31 Aug 2026 21:30Z for 5 Nov 14:00Z; an alert issued after the advisory's clock would be bad data).
 */
const alert98W = [
  ['MIL 93X XXX 261105120000', 'MIL 98X XXX 260831120000'],
  ['\n2026110512', '\n2026083112'],
  ['\n051400', '\n312130'],
  ['\n2611051400', '\n2608312130'],
  ['WTPN21 PGTW 051400', 'WTPN21 PGTW 312130'],
  ['AT 051200Z', 'AT 311200Z'],
  ['BY 061400Z', 'BY 012130Z'],
  ['9326110418', '9326083018'],
  ['9326110500', '9326083100'],
  ['9326110506', '9326083106'],
  ['9326110512', '9326083112'],
].reduce((text, [from, to]) => text.replace(from as string, to as string), own('own-wp9326.tcw').replaceAll('INVEST 93W', 'INVEST 98W'));

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
    // A hanging JTWC (the `timeout` fault) is given up at once; every answer keeps the client's own timeout.
    client: createUpstreamClient({ retries: 0, fetch: fetchGivingUpOnHanging(() => mock) }),
  };
});
afterAll(() => mock.close());
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-disturbances-'));
  store = fileStore(dir);
  mock.setFault(null);
  mock.setPayload('jtwc/rss', own('jtwc.rss'));
});

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/**
 * An own quiet advisory (nothing to report) issued on the hour before `now` and valid for a day: JTWC issues one every
 * day, and one past its validity (or issued after its fetch) makes the list stale, so a test that moves through a
 * season is served one of its own day.
 */
function quietAt(file: string, now: Date): string {
  const from = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const until = new Date(from.getTime() + 86_400_000);
  const group = (d: Date) => `${pad(d.getUTCDate())}${pad(d.getUTCHours())}00Z${MONTHS[d.getUTCMonth()]}${d.getUTCFullYear()}`;
  return own(file)
    .replace(/^(AB(?:PW|IO)10 PGTW )\d{6}/, `$1${group(from).slice(0, 6)}`)
    .replace(/\d{6}Z(?:[A-Z]{3}\d{4})?-\d{6}Z[A-Z]{3}\d{4}\/\//, `${group(from)}-${group(until)}//`);
}
const abioAt = (now: Date) => quietAt('own-abio-nothing.txt', now);
/** A disturbance refresh at `now`, with the day's ABIO10. */
const refreshAt = (now: Date, on: KeyValueStore = store) => {
  mock.setPayload('jtwc/products/abioweb.txt', abioAt(now));
  return refreshDisturbances(up, on, now);
};

/** A store of its own for a test whose clock is earlier than what the shared one holds (a newer bulletin is never replaced by an older one). */
async function emptyStore() {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-disturbances-'));
  store = fileStore(dir);
}

const active = async (now: Date) => {
  const read = await readDisturbanceRecords(store, now);
  if (read.state !== 'ok') throw new Error(read.reason);
  return { ...read, list: read.records.filter((r) => r.isActive) };
};

describe('disturbance refresh', () => {
  it('reads the advisory of 22 Aug 2026 08Z as it states it: 94W, and 97W upgraded to HIGH under its alert', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-22T0800Z.txt'));
    mock.setPayload('jtwc/products/wp9726.tcw', own('wp9726.2026-08-22T0800Z.tcw'));
    // After NHC's Atlantic outlook of 17:13Z that the mock serves beside it (an earlier clock would find it issued in the future).
    const now = new Date('2026-08-22T18:00:00Z');
    const result = await refreshAt(now);
    expect(result).toMatchObject({ ok: true, active: 2, error: null });
    const { list, context } = await active(now);
    expect(context).toMatchObject({ stale: false, upstream: 'ok', fetchedAt: '2026-08-22T18:00:00Z' });
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
    expect((await refreshAt(first)).error).toBeNull();
    const before = await active(first);
    expect(before.list.map((d) => d.id).sort()).toEqual(['jtwc-sh932027', 'jtwc-wp982026', 'jtwc-wp992026']);

    mock.setFault(fault, 'jtwc');
    const later = new Date('2026-08-31T22:45:00Z');
    const result = await refreshAt(later);
    expect(result.ok).toBe(false);
    const after = await active(later);
    // The same records, each now stale with the part that failed; the list says which part and when.
    const bare = (records: typeof before.records) => records.map(({ stale: _s, staleReason: _r, ...r }) => r);
    expect(bare(after.records)).toEqual(bare(before.records));
    for (const r of after.records.filter((d) => d.isActive && d.validity?.product === 'ABPW10'))
      expect(r).toMatchObject({
        stale: true,
        staleReason: expect.stringMatching(/^ABPW10 could not be read at the last refresh \(2026-08-31T22:45:00Z\)/),
      });
    expect(after.context).toMatchObject({ stale: true, upstream: 'unavailable', fetchedAt: '2026-08-31T22:45:00Z' });
    expect(after.context.staleReason).toMatch(/^ABPW10 could not be read at the last refresh \(2026-08-31T22:45:00Z\)/);
  });

  it('drops a cancelled alert from the active list and keeps it in the history', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-high-tcfa.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', alert98W);
    await refreshAt(new Date('2026-08-31T22:30:00Z'));
    const w98 = (await active(new Date('2026-08-31T22:30:00Z'))).list.find((d) => d.id === 'jtwc-wp982026');
    expect(w98?.alert?.expiresAt).toBeTruthy();

    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-cancelled.txt'));
    mock.setPayload('jtwc/products/wp9826.tcw', null);
    const now = new Date('2026-09-04T06:30:00Z');
    expect((await refreshAt(now)).error).toBeNull();
    const { list, records } = await active(now);
    expect(list.map((d) => d.id)).not.toContain('jtwc-wp982026');
    const kept = records.find((d) => d.id === 'jtwc-wp982026');
    expect(kept).toMatchObject({ isActive: false, outcome: 'cancelled', alert: null, endedAt: '2026-09-04T06:30:00Z' });
    // The whole alert is kept, ended at its expiry (1 Sep), before the advisory that said it was cancelled was read.
    expect(kept?.lastAlert).toEqual({ ...w98?.alert, endedAt: w98?.alert?.expiresAt });
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
      stale: false,
      staleReason: null,
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
    const now = new Date('2026-08-22T18:30:00Z');
    await refreshAt(now);
    const current = JSON.parse((await store.get('disturbances')) as string);
    expect(current.schemaVersion).toBe(3);
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
    await refreshAt(new Date('2026-12-31T22:30:00Z'));
    mock.setPayload('jtwc/products/abpwweb.txt', december.replace('312200Z-010600ZJAN2027', '010600Z-020600ZJAN2027'));
    const now = new Date('2027-01-01T06:30:00Z');
    await refreshAt(now);
    const { list, records } = await active(now);
    expect(list.map((d) => d.id).sort()).toEqual(['jtwc-sh932027', 'jtwc-wp982026', 'jtwc-wp992026']);
    expect(records.map((d) => d.id)).not.toContain('jtwc-wp982027');
  });

  it('links an invest to the storm it became', async () => {
    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-warning.txt'));
    const now = new Date('2026-10-10T03:30:00Z');
    await refreshAt(now);
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

describe('disturbances by their own validity and times', () => {
  const ADVISORY = 'abpwweb.2026-08-22T0800Z.txt';
  const ALERT = 'wp9726.2026-08-22T0800Z.tcw';
  beforeEach(() => {
    mock.setPayload('jtwc/products/abpwweb.txt', own(ADVISORY));
    mock.setPayload('jtwc/products/wp9726.tcw', own(ALERT));
  });

  it("serves an alert's machine lines with its text's values beside them, and the alert's winds beside the advisory's", async () => {
    const at = new Date('2026-08-22T18:30:00Z');
    await refreshAt(at);
    const w97 = (await active(at)).list.find((d) => d.id === 'jtwc-wp972026');
    // The .tcw's machine lines give 120 nm about 11.1N 135.6E – 15.1N 138.6E; its text says 140 nm and other ends.
    expect(w97?.alert).toMatchObject({
      halfWidthNm: 120,
      line: { from: { lat: 11.1, lng: 135.6 }, to: { lat: 15.1, lng: 138.6 } },
      textSays: { halfWidthNm: 140, halfWidthKm: 259.28, line: { from: { lat: 11.1, lng: 135.8 }, to: { lat: 14.5, lng: 138.4 } } },
    });
    // The advisory of the same hour (08Z) and the alert give other winds and pressures: both kept, each with its product.
    expect([w97?.validity?.product, w97?.wind?.kt, w97?.pressureHpa]).toEqual(['ABPW10', { from: 17, to: 22 }, 1004]);
    expect([w97?.alert?.heading, w97?.alert?.wind?.kt, w97?.alert?.pressureHpa]).toEqual(['WTPN21 PGTW', { from: 18, to: 23 }, 1005]);
  });

  it('ends the disturbances of an advisory past its validity, and keeps an expired alert whole as the last alert', async () => {
    await refreshAt(new Date('2026-08-22T18:30:00Z'));
    // No newer advisory (the frozen upstream serves the same one): past 23 Aug 06Z its invests are no longer active,
    // past 08Z the alert is no longer in force. Read, and refreshed, a day later.
    const later = new Date('2026-08-23T12:00:00Z');
    const readBefore = await readDisturbanceRecords(store, later);
    await refreshAt(later);
    for (const read of [readBefore, await readDisturbanceRecords(store, later)]) {
      if (read.state !== 'ok') throw new Error(read.reason);
      expect(read.records.filter((r) => r.isActive)).toEqual([]);
      const w97 = read.records.find((r) => r.id === 'jtwc-wp972026');
      expect(w97).toMatchObject({ outcome: 'expired', endedAt: '2026-08-23T06:00:00Z', alert: null });
      expect(w97?.lastAlert).toMatchObject({
        heading: 'WTPN21 PGTW',
        issuedAt: '2026-08-22T08:00:00Z',
        expiresAt: '2026-08-23T08:00:00Z',
        endedAt: '2026-08-23T08:00:00Z',
        halfWidthNm: 120,
        centre: { lat: 11.4, lng: 135.9 },
      });
      expect(w97?.lastAlert?.box).toHaveLength(4);
      expect(read.context).toMatchObject({
        stale: true,
        staleReason: expect.stringContaining('ABPW10 issued at 2026-08-22T08:00:00Z was valid until 2026-08-23T06:00:00Z'),
      });
    }
    // The detail and the history serve it with its last alert.
    const handler = serveFunction(
      [disturbanceDetail, disturbanceHistoryList],
      { ...readConfig(), store: { kind: 'files', dir } },
      () => later,
    );
    const detail = (await (await handler(new Request('http://localhost/api/v1/disturbances/jtwc-wp972026'))).json()) as any;
    expect(detail.data.disturbance).toMatchObject({ isActive: false, alert: null, lastAlert: { issuedAt: '2026-08-22T08:00:00Z' } });
    const history = (await (await handler(new Request('http://localhost/api/v1/disturbances/history'))).json()) as any;
    expect(history.data.list.find((d: any) => d.id === 'jtwc-wp972026').lastAlert.expiresAt).toBe('2026-08-23T08:00:00Z');
  });

  it('keeps an alert that had already expired when first read as the last alert', async () => {
    const at = new Date('2026-08-23T09:00:00Z');
    // The feed still lists it; the advisory is past its validity too: nothing is in force, the alert was issued.
    await refreshAt(at);
    const read = await readDisturbanceRecords(store, at);
    if (read.state !== 'ok') throw new Error(read.reason);
    const w97 = read.records.find((r) => r.id === 'jtwc-wp972026');
    expect(w97).toMatchObject({
      isActive: false,
      alert: null,
      lastAlert: { issuedAt: '2026-08-22T08:00:00Z', endedAt: '2026-08-23T08:00:00Z' },
    });
  });

  it('marks stale what a failed part would have told, never the whole list never-fetched, with the time of this refresh', async () => {
    const first = new Date('2026-08-22T18:30:00Z');
    await refreshAt(first);
    // The alert the advisory cites answers 404 at the next refresh.
    mock.setPayload('jtwc/products/wp9726.tcw', null);
    const later = new Date('2026-08-22T18:45:00Z');
    expect((await refreshAt(later)).error).toMatch(/^alert:wp9726: /);
    const read = await readDisturbanceRecords(store, later);
    if (read.state !== 'ok') throw new Error(read.reason);
    expect(read.context).toMatchObject({
      upstream: 'unavailable',
      stale: true,
      fetchedAt: '2026-08-22T18:45:00Z',
      staleReason: expect.stringMatching(/^alert:wp9726 could not be read at the last refresh \(2026-08-22T18:45:00Z\)/),
    });
    const byId = new Map(read.records.map((r) => [r.id, r]));
    expect(byId.get('jtwc-wp972026')).toMatchObject({ stale: true, staleReason: expect.stringMatching(/^alert:wp9726 could not be read/) });
    expect(byId.get('jtwc-wp942026')).toMatchObject({ stale: false, staleReason: null });
    // The alert it had stays (the last good data), in force until its expiry.
    expect(byId.get('jtwc-wp972026')?.alert?.issuedAt).toBe('2026-08-22T08:00:00Z');
    const status = JSON.parse((await store.get('disturbance-status')) as string).data;
    expect(status.jtwc).toMatchObject({ lastAttemptAt: '2026-08-22T18:45:00Z', lastSuccessAt: '2026-08-22T18:30:00Z', runningSince: null });
    expect(status.parts['alert:wp9726']).toMatchObject({ lastAttemptAt: '2026-08-22T18:45:00Z', lastSuccessAt: '2026-08-22T18:30:00Z' });
  });

  it('never replaces a bulletin with an older one fetched after it, and reports it', async () => {
    const at = new Date('2026-08-22T18:30:00Z');
    await refreshAt(at);
    const before = await readDisturbanceRecords(store, at);
    // A stale mirror serves the advisory of 21 Aug 01Z again.
    mock.setPayload('jtwc/products/abpwweb.txt', own('abpwweb.2026-08-21T0100Z.txt'));
    await refreshAt(new Date('2026-08-22T18:45:00Z'));
    const after = await readDisturbanceRecords(store, at);
    if (before.state !== 'ok' || after.state !== 'ok') throw new Error('unreadable');
    const bare = (records: typeof before.records) => records.map(({ stale: _s, staleReason: _r, lastSeenAt: _l, ...r }) => r);
    expect(bare(after.records)).toEqual(bare(before.records));
    expect(after.advisories).toEqual(before.advisories);
    expect((await readTextQuality(store)).faults).toContainEqual(
      expect.objectContaining({
        source: 'jtwc',
        product: 'ABPW10',
        kind: 'older-bulletin',
        detail: 'issued at 2026-08-21T01:00:00Z, older than the one already read (issued at 2026-08-22T08:00:00Z)',
      }),
    );
  });

  it('leaves out a bulletin issued after it was fetched, and reports it', async () => {
    const at = new Date('2026-08-22T07:00:00Z');
    // NHC's outlooks of that morning (the mock's current ones are of later that day).
    const outlooks = (at: string, ep: string) => {
      mock.setPayload('nhc/text/abnt20.knhc.two.at.txt', fs.readFileSync(path.join(OWN_PAYLOADS, 'nhc', at), 'utf8'));
      mock.setPayload('nhc/text/abpz20.knhc.two.ep.txt', fs.readFileSync(path.join(OWN_PAYLOADS, 'nhc', ep), 'utf8'));
    };
    outlooks('two-at.2026-08-18T1724Z.txt', 'two-ep.2026-08-19T1140Z.txt');
    try {
      const result = await refreshAt(at);
      expect(result.error).toMatch(/^ABPW10: issued at 2026-08-22T08:00:00Z, later than it was fetched \(2026-08-22T07:00:00Z\): left out/);
      const read = await readDisturbanceRecords(store, at);
      if (read.state !== 'ok') throw new Error(read.reason);
      expect(read.advisories.map((a) => a.product)).toEqual(['ABIO10']);
      expect(read.context.publishedAt).not.toBe('2026-08-22T08:00:00Z');
      expect((await readTextQuality(store)).faults).toContainEqual(expect.objectContaining({ product: 'ABPW10', kind: 'future-time' }));
    } finally {
      outlooks('two-at.2026-08-22T1713Z.txt', 'two-ep.2026-08-21T1739Z.txt');
    }
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
    const now = new Date('2026-08-22T18:30:00Z');
    mock.setPayload('jtwc/products/abioweb.txt', abioAt(now));
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
    await refreshAt(first);
    const issued = await recordDisturbanceEvents(store, null, first);
    expect(issued.map((i) => [i.type, i.code]).sort()).toEqual([
      ['disturbance-alert', 'jtwc-wp982026'],
      ['disturbance-high', 'jtwc-wp982026'],
    ]);
    // The same records again: nothing new.
    expect(await recordDisturbanceEvents(store, null, new Date('2026-08-31T22:45:00Z'))).toEqual([]);

    mock.setPayload('jtwc/products/abpwweb.txt', own('own-abpw-cancelled.txt'));
    const later = new Date('2026-09-04T06:30:00Z');
    await refreshAt(later);
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
    await refreshAt(new Date('2026-08-31T22:30:00Z'));
    const { records } = await active(new Date('2026-08-31T22:30:00Z'));
    const { disturbanceEvents } = await import('../../src/flash/events.ts');
    const events = disturbanceEvents(records);
    const alert = events.find((e) => e.type === 'disturbance-alert');
    expect(alert && fill(writeFlash(alert).content)).toMatch(
      /^西北太平洋的热带扰动98W（jtwc-wp982026）于2026-08-31 21:30（世界时）被美国联合台风警报中心（JTWC）发布热带气旋形成警报，有效至/,
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
    const AT = 'nhc/text/abnt20.knhc.two.at.txt';
    const quietPacificAt = (at: Date) => mock.setPayload('jtwc/products/abpwweb.txt', quietAt('own-abpw-nothing.txt', at));
    try {
      // Before the Atlantic outlook the mock serves (22 Aug 17:13Z): that of 18 Aug stands for it.
      mock.setPayload(AT, nhcOwn('two-at.2026-08-18T1724Z.txt'));
      mock.setPayload(EP, earlier);
      quietPacificAt(new Date('2026-08-21T12:30:00Z'));
      expect((await refreshAt(new Date('2026-08-21T12:30:00Z'))).error).toBeNull();
      mock.setPayload(AT, nhcOwn('two-at.2026-08-22T1713Z.txt'));
      mock.setPayload(EP, nhcOwn('two-ep.2026-08-21T1739Z.txt'));
      const now = new Date('2026-08-22T18:30:00Z');
      quietPacificAt(now);
      expect((await refreshAt(now)).error).toBeNull();
      // Read again: the outlook before stays the one before.
      await refreshAt(new Date('2026-08-22T18:45:00Z'));

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
      const later = new Date('2026-08-22T19:00:00Z');
      expect((await refreshAt(later)).ok).toBe(false);
      const after = await active(later);
      const bare = (list: typeof outlooks) => list.map(({ stale: _s, staleReason: _r, ...o }) => o);
      expect(bare(after.outlooks)).toEqual(bare(outlooks));
      expect(after.outlooks.every((o) => o.stale)).toBe(true);
      expect(after.context.stale).toBe(true);
    } finally {
      mock.setFault(null);
      mock.setPayload(EP, nhcOwn('two-ep.2026-08-21T1739Z.txt'));
      mock.setPayload('nhc/text/abnt20.knhc.two.at.txt', nhcOwn('two-at.2026-08-22T1713Z.txt'));
    }
  });
});

/**
 * The newest advisory's own issue time, from its heading and validity: the own Indian Ocean advisory of the hour
 * read beside the 08Z Pacific one (ABIO10 PGTW 221800) is the newer.
 */
const PUBLISHED = '2026-08-22T18:00:00Z';

describe('disturbance endpoints', () => {
  // After every bulletin the mock serves for that day (NHC's Atlantic outlook of 17:13Z included).
  const at = new Date('2026-08-22T18:30:00Z');
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
    await refreshAt(at);
  });

  it('answers the active list with the same payload in both families', async () => {
    const v1 = await ask('/api/v1/disturbances');
    const web = await ask('/api/disturbances');
    expect(v1.status).toBe(200);
    expect(v1.body.code).toBe(0);
    expect(web.body).toEqual(v1.body.data);
    const data = disturbanceListSchema.parse(v1.body.data);
    expect(data.list.map((d) => d.id).sort()).toEqual(['jtwc-wp942026', 'jtwc-wp972026']);
    expect(data).toMatchObject({ total: 2, stale: false, fetchedAt: '2026-08-22T18:30:00Z' });
    expect(data.publishedAt).toBe(PUBLISHED);
  });

  it('answers one disturbance, and 40401 for one it does not know', async () => {
    const one = await ask('/api/v1/disturbances/jtwc-wp972026');
    expect(one.body.data.disturbance).toMatchObject({ id: 'jtwc-wp972026', potential: { words: 'HIGH' } });
    // Its own bulletins: the 08Z advisory and the alert WTPN21 PGTW 220800.
    expect(one.body.data).toMatchObject({ fetchedAt: '2026-08-22T18:30:00Z', publishedAt: '2026-08-22T08:00:00Z' });
    expect((await ask('/api/disturbances/jtwc-wp972026')).body).toEqual(one.body.data);
    const missing = await ask('/api/v1/disturbances/jtwc-wp992030');
    expect([missing.status, missing.body.code]).toEqual([404, 40401]);
    const malformed = await ask('/api/v1/disturbances/jtwc-wp192026');
    expect([malformed.status, malformed.body.code]).toEqual([400, 40001]);
  });

  it('lists the history by year, not taking "history" for an id', async () => {
    const all = disturbanceHistorySchema.parse((await ask('/api/v1/disturbances/history')).body.data);
    expect(all).toMatchObject({ total: 2, fetchedAt: '2026-08-22T18:30:00Z', publishedAt: PUBLISHED });
    expect((await ask('/api/disturbances/history?year=2025')).body).toEqual({
      year: 2025,
      fetchedAt: '2026-08-22T18:30:00Z',
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
    await refreshAt(new Date('2026-08-31T22:30:00Z'));
    const { body } = await ask('/api/geojson/disturbances');
    const box = body.features.find((f: any) => f.properties.id === 'jtwc-wp982026' && f.properties.kind === 'alert-box');
    expect(box.geometry.type).toBe('MultiPolygon');
    // West > east: the box crosses ±180.
    expect(box.bbox[0]).toBeGreaterThan(box.bbox[2]);
  });

  it('links an invest to the Zhejiang depression at the same instants and places, within 1°', async () => {
    await emptyStore(); // days before the bulletins the others read: those would be newer than its own
    // The depression 20260099: the own storm's first four points (Beijing time) as a tropical depression.
    const info = JSON.parse(fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'));
    const depression = { ...info, tfid: '20260099', name: '', enname: '', land: [], points: info.points.slice(0, 4) };
    mock.setPayload(
      'zj/TyhoonActivity',
      JSON.stringify([{ tfid: '20260099', name: '', enname: '', time: '2026-08-21 14:00:00', lat: '15.1', lng: '133.0' }]),
    );
    mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression));
    // 99W's b-deck at the same instants (UTC), JTWC's centres 0.3–0.6° from the Zhejiang service's.
    const row = (time: string, lat: string, lng: string) =>
      `WP, 99, ${time},   , BEST,   0, ${lat}, ${lng},  25, 1004, DB,   0,    ,    0,    0,    0,    0, 1009,  120,  50,   0,   0,   W,   0,    ,   0,   0,     INVEST,  ,`;
    mock.setPayload(
      'ucar/bdecks_open/2026/bwp992026',
      [
        row('2026082012', '135N', '1365E'),
        row('2026082018', '142N', '1352E'),
        row('2026082100', '149N', '1339E'),
        row('2026082106', '156N', '1326E'),
      ].join('\n') + '\n',
    );
    try {
      const at = new Date('2026-08-21T07:00:00Z');
      await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) }, store, at);
      // The own advisory that lists 99W, as issued that morning.
      mock.setPayload('jtwc/products/abpwweb.txt', quietAt('own-abpw-high-tcfa.txt', at));
      await refreshAt(at);
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
          row('2026082012', '147N', '1368E'),
          row('2026082018', '153N', '1356E'),
          row('2026082100', '160N', '1343E'),
          row('2026082106', '166N', '1330E'),
        ].join('\n') + '\n',
      );
      await refreshAt(at);
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
    await emptyStore(); // days before the bulletins the others read: those would be newer than its own
    // The mock's storm 202699 (MANGKHUT) began as the depression 20260099: its first four points, Beijing time.
    const info = JSON.parse(fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyphoonInfo_202699.json'), 'utf8'));
    const depression = { ...info, tfid: '20260099', name: '', enname: '', land: [], points: info.points.slice(0, 4) };
    const row = (time: string, lat: string, lng: string) =>
      `WP, 99, ${time},   , BEST,   0, ${lat}, ${lng},  25, 1004, DB,   0,    ,    0,    0,    0,    0, 1009,  120,  50,   0,   0,   W,   0,    ,   0,   0,     INVEST,  ,`;
    // 99W's b-deck at those instants (UTC), JTWC's centres 0.3–0.6° from the Zhejiang service's.
    const deck = [
      row('2026082012', '135N', '1365E'),
      row('2026082018', '142N', '1352E'),
      row('2026082100', '149N', '1339E'),
      row('2026082106', '156N', '1326E'),
    ];
    const live = { zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) };
    const config = { ...readConfig(), store: { kind: 'files' as const, dir } };
    try {
      mock.setPayload('ucar/bdecks_open/2026/bwp992026', `${deck.join('\n')}\n`);
      // First the depression is listed: 99W is the same system.
      mock.setPayload(
        'zj/TyhoonActivity',
        JSON.stringify([{ tfid: '20260099', name: '', enname: '', time: '2026-08-21 14:00:00', lat: '15.1', lng: '133.0' }]),
      );
      mock.setPayload('zj/TyphoonInfo/20260099', JSON.stringify(depression));
      const first = new Date('2026-08-21T07:00:00Z');
      mock.setPayload('jtwc/products/abpwweb.txt', quietAt('own-abpw-high-tcfa.txt', first));
      await refreshLive(live, store, first);
      await refreshAt(first);
      await recordDisturbanceLinks(store);
      // Then the storm under its China number (the mock's own list): 99W became it.
      mock.setPayload('zj/TyhoonActivity', fs.readFileSync(path.join(OWN_PAYLOADS, 'zj', 'TyhoonActivity.json'), 'utf8'));
      const at = new Date('2026-08-22T18:30:00Z');
      mock.setPayload('jtwc/products/abpwweb.txt', quietAt('own-abpw-high-tcfa.txt', at));
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
      await refreshAt(at);
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
    // The next refresh rebuilds them from what they still hold and the bulletins it reads, instead of refusing: the
    // damaged copies are set aside (never deleted), the loss is recorded, and every bulletin it fetched is kept.
    expect((await refreshAt(at)).ok).toBe(true);
    expect((await ask('/api/v1/disturbances')).body.data.list.map((d: { id: string }) => d.id).sort()).toEqual([
      'jtwc-wp942026',
      'jtwc-wp972026',
    ]);
    const aside = await store.list('quarantine/');
    expect(await Promise.all(aside.map((key) => store.get(key)))).toEqual([
      '{"schemaVersion":1,"data":[{"id":',
      '{"schemaVersion":1,"data":[{"id":',
    ]);
    expect((await readTextQuality(store)).faults).toContainEqual(
      expect.objectContaining({ source: 'store', product: 'disturbances', kind: 'store-loss' }),
    );
    expect(logs.lines()).toContainEqual(expect.stringMatching(/^live data quality: store disturbances: /));
  });
});
