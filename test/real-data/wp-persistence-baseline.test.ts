/**
 * The north-western Pacific baseline on the real CMA best track (TYPHOON_SOURCES): fitting it again gives the
 * committed coefficients (content/baselines/wp-persistence-cma.json) exactly, and its errors on the storms after the
 * fitting years (2021 on, out of sample) are the ones docs/data/verification.md quotes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { WP_BASELINE_FILE } from '../../src/config/paths.ts';
import { truthFromCmaEntry } from '../../src/forecasts/truth-tracks.ts';
import { summarizeVerifications } from '../../src/forecasts/verification-summary.ts';
import { verifyForecast } from '../../src/forecasts/verify-forecast.ts';
import {
  fitPersistenceBaseline,
  persistenceForecast,
  WP_BASELINE_YEARS,
  type PersistenceBaseline,
} from '../../src/forecasts/wp-persistence-baseline.ts';
import { parseCmaBestTrack } from '../../src/sources/cma-best-track.ts';
import { CMA_FILE_PATTERN } from '../../src/sources/read-sources.ts';
import { names } from '../helpers/names.ts';
import { describeRealData } from '../helpers/real-data.ts';

describeRealData('archive', 'the north-western Pacific baseline fitted on the CMA best track', (sources) => {
  const dir = path.join(sources, 'cma-bst');
  const cma = fs
    .readdirSync(dir)
    .filter((f) => CMA_FILE_PATTERN.test(f))
    .sort()
    .flatMap((f) => parseCmaBestTrack(fs.readFileSync(path.join(dir, f), 'latin1'), Number(CMA_FILE_PATTERN.exec(f)?.[1]), names).entries);
  const committed = JSON.parse(fs.readFileSync(WP_BASELINE_FILE, 'utf8')) as PersistenceBaseline;

  it('is reproducible: fitting it again gives the committed file', () => {
    expect(fitPersistenceBaseline(cma, WP_BASELINE_YEARS)).toEqual(committed);
    expect(committed.sample).toEqual({ track: 'CMA best track', firstYear: 1991, lastYear: 2020, storms: 859 });
  });

  it('has the errors of a no-skill baseline on the storms after its years', () => {
    const verified = cma
      .filter((e) => (e.points[0]?.time.getUTCFullYear() ?? 0) > WP_BASELINE_YEARS.lastYear)
      .flatMap((e) => {
        const truth = truthFromCmaEntry(e);
        return e.points.flatMap((p) => {
          const forecast = persistenceForecast(committed, { id: `${e.year}-${e.position}`, points: e.points }, p.time);
          return forecast ? [verifyForecast(forecast, truth)] : [];
        });
      });
    expect(summarizeVerifications(verified).map((l) => [l.leadHours, l.count, l.trackErrorKm, l.intensityErrorMs])).toEqual([
      [12, 2853, 89.8, 3.1],
      [24, 2585, 200.6, 5.6],
      [36, 2318, 324, 7.5],
      [48, 2058, 445.3, 8.9],
      [72, 1596, 657.6, 10.6],
      [96, 1208, 823.5, 11.2],
      [120, 880, 933.7, 11.2],
    ]);
  });
});
