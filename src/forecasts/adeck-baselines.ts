/**
 * The no-skill baseline of NHC's basins, as NHC computes it: the a-decks hold NHC's own CLIPER5 (track) and
 * Decay-SHIFOR5 (intensity) forecasts, run from the operational initial conditions of each forecast (`OCD5`; added to
 * the archived a-decks back to 1970 by NHC, README.atcf), else the older `CLP5`, else the 3-day `CLIP` of the 1990s
 * decks. Their regression coefficients are not public; these forecasts are, so the baseline is read, not recomputed.
 */
import { toUtcIso } from '../model/time.ts';
import { techForecasts, type AtcfRecord } from '../upstream/atcf.ts';
import { basinOfAtcfId } from './storm-basin.ts';
import type { VerifiableForecast } from './verify-forecast.ts';

export const ADECK_BASELINE_TECHS = ['OCD5', 'CLP5', 'CLIP'] as const;
const HOUR_MS = 3_600_000;

/** The baseline forecasts of an a-deck and the technique they are, or null when it has none. */
export function adeckBaseline(records: readonly AtcfRecord[], atcfId: string): { tech: string; forecasts: VerifiableForecast[] } | null {
  for (const tech of ADECK_BASELINE_TECHS) {
    const forecasts = techForecasts(records, tech).flatMap((f): VerifiableForecast[] => {
      const base = f.baseTime.getTime();
      const points = f.rows
        .filter((r) => r.tau > 0)
        .map((r) => ({ leadHours: r.tau, validTime: toUtcIso(new Date(base + r.tau * HOUR_MS)), lat: r.lat, lng: r.lng, wind: r.windKt }));
      if (points.length === 0) return [];
      return [
        {
          key: `${tech}/${atcfId}/${toUtcIso(f.baseTime)}`,
          agency: tech,
          stormId: atcfId,
          basin: basinOfAtcfId(atcfId),
          initialTime: toUtcIso(f.baseTime),
          wind: { unit: 'kt', period: '1min' },
          points,
        },
      ];
    });
    if (forecasts.length) return { tech, forecasts };
  }
  return null;
}
