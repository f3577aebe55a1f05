/**
 * An active storm's GeoJSON (forecasts and cones) and the forecasts the scheduled run kept (each issuance with a
 * measured cone) from the mock upstream, read by GDAL's ogrinfo as test/helpers/gdal.ts says. Real-archive storms with wind circles: test/real-data/geojson-gdal.test.ts. Skipped
 * loudly where ogrinfo is missing; an error in CI.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typhoonGeoJson } from '../../src/archive/geojson.ts';
import type { ForecastArchiveFile } from '../../src/forecasts/archived-forecasts.ts';
import type { ConeRadii } from '../../src/forecasts/error-cones.ts';
import { forecastStorm, stormForecastsGeoJson } from '../../src/forecasts/forecast-answers.ts';
import { readStormForecasts } from '../../src/forecasts/forecast-store.ts';
import { runScheduledRefresh } from '../../src/jobs/scheduled-run.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { VERIFICATION_LEADS } from '../../src/model/verification-schemas.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { manualClock } from '../helpers/clock.ts';
import { expectGdalReads, ogrinfoAvailable, scratch, useGdalScratch } from '../helpers/gdal.ts';
import { MOCK_NOW, startMockUpstream } from '../helpers/mock.ts';

const available = ogrinfoAvailable();
useGdalScratch();

describe.runIf(available)('GeoJSON read by GDAL', () => {
  it('an active storm from the mock upstream: wind circles, forecasts and their cones', async () => {
    const mock = await startMockUpstream();
    try {
      const store = fileStore(path.join(scratch, 'live'));
      await refreshLive({ zjBase: mock.zjBase, nmcBase: mock.nmcBase, client: createUpstreamClient({ retries: 0 }) }, store);
      const active = (await readLiveView(store, new Date())).typhoons.find((t) => t.code === '202699');
      expect(active).toBeDefined();
      const doc = expectGdalReads('active202699', JSON.stringify(typhoonGeoJson(active as NonNullable<typeof active>)));
      const kinds = (doc.features as unknown as { properties: { kind: string } }[]).map((f) => f.properties.kind);
      expect(kinds.filter((kind) => kind === 'forecast-cone')).toHaveLength(5);
      expect(kinds.filter((kind) => kind === 'wind-circle').length).toBeGreaterThan(3);
    } finally {
      await mock.close();
    }
  });

  it("a storm's kept forecasts from the mock upstream: each issuance with its agency's cone, track and points", async () => {
    const mock = await startMockUpstream({ recordedDir: null, decksDir: null });
    try {
      const store = fileStore(path.join(scratch, 'kept'));
      await runScheduledRefresh({ store, upstreams: mock.addresses, llm: null, clock: manualClock(), now: MOCK_NOW });
      for (const id of ['202699', 'al132025']) {
        const read = await readStormForecasts(store, id);
        if (read.state !== 'ok') throw new Error(`forecasts/${id}: ${read.state}`);
        const { issuances } = read.value;
        // A cone for every agency kept, 40 km wider every 12 h (the build measures them; GDAL reads the geometry).
        const cones = [...new Map(issuances.map((i) => [`${i.agency} ${i.basin}`, i])).values()].map(
          (i): ConeRadii => ({
            agency: i.agency,
            basin: i.basin,
            share: 2 / 3,
            sample: { forecasts: 30, storms: 3, firstInitialTime: null, lastInitialTime: null, against: [] },
            leads: VERIFICATION_LEADS.map((leadHours) => ({ leadHours, count: 30, radiusKm: (leadHours / 12) * 40, radiusNm: null })),
          }),
        );
        const archive: ForecastArchiveFile = { seasons: [], storms: [], cones, finalTracks: {}, wpBaseline: null };
        const answer = stormForecastsGeoJson(forecastStorm(id, issuances, archive), read.value, archive, null);
        const doc = expectGdalReads(`kept${id}`, JSON.stringify(answer));
        const kinds = (doc.features as unknown as { properties: { kind: string } }[]).map((f) => f.properties.kind);
        expect(
          kinds.filter((kind) => kind === 'forecast-cone'),
          id,
        ).toHaveLength(issuances.length);
      }
    } finally {
      await mock.close();
    }
  });
});
