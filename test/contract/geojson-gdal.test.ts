/**
 * An active storm's GeoJSON (forecasts and cones) from the mock upstream, read by GDAL's ogrinfo as
 * test/helpers/gdal.ts says. Real-archive storms with wind circles: test/real-data/geojson-gdal.test.ts. Skipped
 * loudly where ogrinfo is missing; an error in CI.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typhoonGeoJson } from '../../src/archive/geojson.ts';
import { refreshLive } from '../../src/live/refresh-typhoons.ts';
import { readLiveView } from '../../src/live/snapshot.ts';
import { fileStore } from '../../src/store/store.ts';
import { createUpstreamClient } from '../../src/upstream/client.ts';
import { expectGdalReads, ogrinfoAvailable, scratch, useGdalScratch } from '../helpers/gdal.ts';
import { startMockUpstream } from '../helpers/mock.ts';

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
});
