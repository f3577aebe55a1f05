/**
 * Disturbances through a season replayed with the mock upstream (the project's own advisories and real ones of
 * demo/upstream/jtwc): an invest under a formation alert, a fault of every kind (last good data served, stale), the
 * alert cancelled (out of the active list, kept in the history), and an invest that became a numbered storm.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refreshDisturbances } from '../../src/global/refresh-disturbances.ts';
import { disturbanceById, readDisturbanceRecords } from '../../src/global/disturbance-view.ts';
import { fileStore, type KeyValueStore } from '../../src/store/store.ts';
import type { GlobalUpstreams } from '../../src/upstream/addresses.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { FAULTS, OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';

const own = (file: string) => fs.readFileSync(path.join(OWN_PAYLOADS, 'jtwc', file), 'utf8');
/** The own 93W alert as 98W's (the one own-abpw-high-tcfa.txt cites): only the invest number changes. */
const alert98W = own('own-wp9326.tcw').replace('MIL 93X', 'MIL 98X').replaceAll('INVEST 93W', 'INVEST 98W');

let mock: MockUpstream;
let up: GlobalUpstreams;
let store: KeyValueStore;
beforeAll(async () => {
  mock = await startMockUpstream();
  up = {
    nhcBase: mock.nhcBase,
    nhcAtcfBase: mock.nhcAtcfBase,
    jtwcBase: mock.jtwcBase,
    ucarBase: mock.ucarBase,
    client: createUpstreamClient({ retries: 0, timeoutMs: 500 }),
  };
});
afterAll(() => mock.close());
beforeEach(async () => {
  store = fileStore(await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-disturbances-')));
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
