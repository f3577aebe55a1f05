/**
 * Real-archive storms with wind circles (YAGI 202411, HAIYAN 201330, DORA 202308 across the antimeridian) from the
 * shared build, read by GDAL's ogrinfo as test/helpers/gdal.ts says. An active storm's: test/contract. Skipped
 * loudly where ogrinfo is missing; an error in CI.
 */
import path from 'node:path';
import fs from 'fs-extra';
import { describe, expect, it } from 'vitest';
import { expectGdalReads, ogrinfoAvailable, typesIn, useGdalScratch } from '../helpers/gdal.ts';
import { describeRealData } from '../helpers/real-data.ts';
import { awaitSharedBuild, sharedPublicDir } from '../helpers/shared-build.ts';

const available = ogrinfoAvailable();
useGdalScratch();

describe.runIf(available)('GeoJSON read by GDAL', () => {
  describeRealData('archive', 'real-archive storms with wind circles', () => {
    awaitSharedBuild();
    it.each([
      ['202411', 'YAGI'],
      ['201330', 'HAIYAN'],
      ['202308', 'DORA, across the antimeridian'],
    ])('%s %s', async (code) => {
      const doc = expectGdalReads(`s${code}`, fs.readFileSync(path.join(await sharedPublicDir(), 'api', 'geojson', code), 'utf8'));
      expect(typesIn(doc).POLYGON).toBeGreaterThan(10);
      if (code === '202308') expect(typesIn(doc).MULTIPOLYGON).toBeGreaterThan(0);
    });
  });
});
