/**
 * The recorded JTWC bulletins of 22 Aug 2026 (the advisories of 15Z and 18Z, the feed of 18:40Z and its formation
 * alerts) through the scheduled refresh and the endpoints, in both families: 94W as the advisory states it, 97W now
 * under a warning as 19W, the Indian Ocean advisory with nothing to report, and the 91E formation alert with its box.
 * The own fixtures' season: test/unit/disturbances.test.ts.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disturbanceDetail, disturbanceHistoryList, disturbanceList } from '../../src/api/handlers/disturbances.ts';
import { serveFunction } from '../../src/api/serve.ts';
import { readConfig } from '../../src/config/env.ts';
import { refreshDisturbances } from '../../src/global/refresh-disturbances.ts';
import { disturbanceListSchema } from '../../src/model/disturbance-answer-schemas.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { tcfaBox } from '../../src/upstream/jtwc-tcfa.ts';
import { OWN_PAYLOADS, startMockUpstream, type MockUpstream } from '../helpers/mock.ts';
import { read } from '../helpers/read-text.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('upstream', 'recorded JTWC disturbance bulletins through the refresh and the endpoints', (SHARED) => {
  const now = new Date('2026-08-22T19:00:00Z');
  let mock: MockUpstream;
  let dir: string;
  beforeAll(async () => {
    mock = await startMockUpstream({ recordedDir: SHARED });
    mock.setPayload('jtwc/products/abpwweb.txt', read(SHARED, 'jtwc/abpwweb.txt'));
    mock.setPayload('jtwc/products/abioweb.txt', read(SHARED, 'jtwc/abioweb.txt'));
    mock.setPayload('jtwc/rss', read(SHARED, 'jtwc/jtwc.2026-08-22T1840Z.rss'));
    mock.setPayload('jtwc/products/ep9126.tcw', read(SHARED, 'jtwc/ep9126.tcw'));
    mock.setPayload('jtwc/products/ep9226.tcw', read(OWN_PAYLOADS, 'jtwc/ep9226.2026-08-22T1300Z.tcw'));
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-disturbances-real-'));
    const up = {
      nhcBase: mock.nhcBase,
      nhcAtcfBase: mock.nhcAtcfBase,
      nhcTextBase: mock.nhcTextBase,
      jtwcBase: mock.jtwcBase,
      ucarBase: mock.ucarBase,
      client: createUpstreamClient({ retries: 0 }),
    };
    expect(await refreshDisturbances(up, fileStore(dir), now)).toMatchObject({ ok: true, error: null });
  });
  afterAll(() => mock.close());

  const ask = async (pathname: string) => {
    const handler = serveFunction(
      [disturbanceList, disturbanceHistoryList, disturbanceDetail],
      { ...readConfig(), store: { kind: 'files', dir } },
      () => now,
    );
    const response = await handler(new Request(`http://localhost${pathname}`));
    return (await response.json()) as any;
  };
  /** The v1 data and the web payload, checked to be the same. */
  const both = async (pathname: string) => {
    const v1 = await ask(`/api/v1${pathname}`);
    expect(await ask(`/api${pathname}`)).toEqual(v1.data);
    return v1.data;
  };

  it('94W: its positions, winds, pressure and LOW potential as the advisory of 22 Aug 15Z states them', async () => {
    const { disturbance } = await both('/disturbances/jtwc-wp942026');
    expect(disturbance).toMatchObject({
      designator: '94W',
      basin: 'WP',
      agency: 'JTWC',
      isActive: true,
      outcome: 'watched',
      position: { lat: 26.7, lng: 122.6, time: null, source: 'advisory' },
      previousPosition: { lat: 26.5, lng: 123.7 },
      wind: { kt: { from: 27, to: 32 }, ms: { from: 13.9, to: 16.5 }, windPeriod: '1min' },
      pressureHpa: 1000,
      potential: { words: 'LOW', chancePercent: null, horizonHours: 24, change: 'remains' },
      alert: null,
      validity: {
        product: 'ABPW10',
        issuedAt: '2026-08-22T15:00:00Z',
        validFrom: '2026-08-22T15:00:00Z',
        validUntil: '2026-08-23T06:00:00Z',
      },
    });
  });

  it('97W: now under a warning as tropical depression 19W, out of the active list, in the history', async () => {
    const list = disturbanceListSchema.parse(await both('/disturbances'));
    expect(list.list.map((d) => d.id)).not.toContain('jtwc-wp972026');
    const history = await both('/disturbances/history?year=2026');
    const w97 = history.list.find((d: { id: string }) => d.id === 'jtwc-wp972026');
    // Ended, and answered by id: the advisory named it this run.
    expect((await both('/disturbances/jtwc-wp972026')).disturbance).toEqual({ ...w97, sameAs: null });
    expect(w97).toMatchObject({
      isActive: false,
      outcome: 'warning',
      previousPosition: { lat: 11.4, lng: 135.9 },
      becameStorm: { designator: '19W', atcfId: 'wp192026', globalId: null, name: 'NINETEEN', classification: 'TROPICAL DEPRESSION' },
    });
  });

  it('the Indian Ocean advisory: read, valid 22 Aug 18Z to 23 Aug 18Z, nothing listed', async () => {
    const { list, advisories } = await both('/disturbances');
    expect(advisories.find((a: { product: string }) => a.product === 'ABIO10')).toEqual({
      product: 'ABIO10',
      regions: ['north-indian', 'south-indian'],
      issuedAt: '2026-08-22T18:00:00Z',
      reissued: false,
      validFrom: '2026-08-22T18:00:00Z',
      validUntil: '2026-08-23T18:00:00Z',
      watched: [],
    });
    expect(list.filter((d: { basin: string }) => d.basin === 'IO')).toEqual([]);
  });

  it('91E: the formation alert the feed lists, with its box, centre, issue and expiry', async () => {
    const { disturbance } = await both('/disturbances/jtwc-ep912026');
    expect(disturbance).toMatchObject({
      designator: '91E',
      basin: 'EP',
      isActive: true,
      validity: null,
      wind: { kt: { from: 17, to: 22 } },
      pressureHpa: 1006,
      potential: { words: 'HIGH', horizonHours: 24 },
      position: { lat: 9.3, lng: -115.6, time: '2026-08-22T00:00:00Z', source: 'formation-alert' },
    });
    const line = { from: { lat: 9.1, lng: -115.5 }, to: { lat: 15.1, lng: -116.9 } };
    expect(disturbance.alert).toEqual({
      heading: 'WTPN21 PHNC',
      reissued: true,
      issuedAt: '2026-08-22T07:00:00Z',
      expiresAt: '2026-08-23T07:00:00Z',
      line,
      halfWidthNm: 160,
      halfWidthKm: 296.32,
      box: tcfaBox(line, 296.32),
      centre: { lat: 9.3, lng: -115.6, time: '2026-08-22T00:00:00Z' },
      // Its text and machine lines agree: nothing to state beside them.
      textSays: null,
      formationWithinHours: { from: 12, to: 24 },
      // The alert's own estimate (kept beside the record's, which here is the alert's too: no advisory covers 91E).
      wind: { kt: { from: 17, to: 22 }, ms: { from: 8.7, to: 11.3 }, windPeriod: '1min' },
      pressureHpa: 1006,
    });
  });
});
