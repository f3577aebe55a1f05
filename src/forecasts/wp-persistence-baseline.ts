/**
 * The no-skill baseline of the north-western Pacific: a climatology-and-persistence regression in the manner of
 * CLIPER (Neumann's and Aberson's track models: where a storm goes from where it is, how it has moved and the time of
 * year) and SHIFOR (its wind), fitted on this archive's CMA best track. Documented in docs/data/verification.md#baselines;
 * the fitted coefficients are `content/baselines/wp-persistence-cma.json`, made by `npm run fit:wp-baseline` and
 * checked to be reproducible by test/real-data/wp-persistence-baseline.test.ts.
 *
 * Cases: every synoptic fix (00, 06, 12, 18 UTC) of the fitting years at which the storm is a tropical cyclone (CMA
 * grades 1–6) and was one 12 h before. Predictors: latitude, longitude (degrees east), the last 12 h's motion
 * (degrees of latitude, and degrees of longitude times the cosine of the latitude), the day of the year, the wind
 * (m/s, 2-minute) and its change over the last 12 h; an intercept. Predictands, for each lead of VERIFICATION_LEADS
 * with the storm still a tropical cyclone then: the change of latitude, of longitude times the cosine of the initial
 * latitude, and of wind. Ordinary least squares (ml-regression-multivariate-linear), one fit per lead.
 */
import MultivariateLinearRegression from 'ml-regression-multivariate-linear';
import { gradeFromCmaDigit } from '../model/grades.ts';
import { stageOfChinaGrade } from '../model/system-stage.ts';
import { toUtcIso } from '../model/time.ts';
import { KT_TO_MS } from '../model/units.ts';
import { VERIFICATION_LEADS, isCycloneStage, type TruthTrack } from '../model/verification-schemas.ts';
import type { CmaPoint } from '../sources/cma-best-track.ts';
import type { VerifiableForecast } from './verify-forecast.ts';

const HOUR_MS = 3_600_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The fitting years: the WMO climatological standard normal period. */
export const WP_BASELINE_YEARS = { firstYear: 1991, lastYear: 2020 } as const;

export const PREDICTORS = ['lat', 'lngE', 'dLat12', 'dLngCos12', 'dayOfYear', 'windMs', 'dWind12Ms'] as const;

export interface PersistenceBaseline {
  /** What it was fitted on. */
  sample: { track: 'CMA best track'; firstYear: number; lastYear: number; storms: number };
  predictors: typeof PREDICTORS;
  /** Per lead: the cases it was fitted on and, per predictand, the coefficients of PREDICTORS then the intercept. */
  leads: { leadHours: number; cases: number; lat: number[]; lngCos: number[]; windMs: number[] }[];
}

type CmaFix = Pick<CmaPoint, 'time' | 'lat' | 'lng' | 'wind' | 'grade'>;

/** A fix as the baseline reads it: wind in m/s (2-minute), and whether the storm is a tropical cyclone then. */
interface Fix {
  time: Date;
  lat: number;
  lng: number;
  wind: number | null;
  cyclone: boolean;
}

const fromCma = (p: CmaFix): Fix => ({ ...p, cyclone: isCycloneStage(stageOfChinaGrade(gradeFromCmaDigit(p.grade))) });

const isCyclone = (f: Fix | undefined) => f?.cyclone === true;
const isSynoptic = (t: Date) => t.getUTCHours() % 6 === 0 && t.getUTCMinutes() === 0;
const dayOfYear = (t: Date) => (t.getTime() - Date.UTC(t.getUTCFullYear(), 0, 1)) / 86_400_000 + 1;
const lngEast = (lng: number) => (lng < 0 ? lng + 360 : lng);

/** The predictors at a fix from the storm's fixes by time; null when the fix or the one 12 h before is not a cyclone or a wind is unknown. */
function predictorsAt(byTime: ReadonlyMap<number, Fix>, at: number): number[] | null {
  const now = byTime.get(at);
  const before = byTime.get(at - 12 * HOUR_MS);
  if (!now || !before || !isCyclone(now) || !isCyclone(before) || now.wind === null || before.wind === null) return null;
  return [
    now.lat,
    lngEast(now.lng),
    now.lat - before.lat,
    (lngEast(now.lng) - lngEast(before.lng)) * Math.cos(rad(now.lat)),
    dayOfYear(now.time),
    now.wind,
    now.wind - before.wind,
  ];
}

const byTimeOf = (points: readonly Fix[]) => new Map(points.map((p) => [p.time.getTime(), p]));

/** Fits the baseline on the storms of the CMA best track whose first fix falls in the years given. */
export function fitPersistenceBaseline(
  storms: readonly { points: readonly CmaFix[] }[],
  years: { readonly firstYear: number; readonly lastYear: number },
): PersistenceBaseline {
  const inYears = storms.filter((s) => {
    const year = s.points[0]?.time.getUTCFullYear() ?? 0;
    return year >= years.firstYear && year <= years.lastYear;
  });
  const leads = VERIFICATION_LEADS.map((leadHours) => {
    const x: number[][] = [];
    const y: number[][] = [];
    for (const storm of inYears) {
      const points = storm.points.map(fromCma);
      const byTime = byTimeOf(points);
      for (const p of points) {
        const at = p.time.getTime();
        const later = byTime.get(at + leadHours * HOUR_MS);
        const row = isSynoptic(p.time) ? predictorsAt(byTime, at) : null;
        if (!row || !later || !isCyclone(later) || later.wind === null || p.wind === null) continue;
        x.push(row);
        y.push([later.lat - p.lat, (lngEast(later.lng) - lngEast(p.lng)) * Math.cos(rad(p.lat)), later.wind - p.wind]);
      }
    }
    if (x.length <= PREDICTORS.length + 1) throw new Error(`${leadHours} h: ${x.length} cases are too few to fit the baseline`);
    const weights = new MultivariateLinearRegression(x, y, { intercept: true }).weights as number[][];
    const column = (k: number) => weights.map((row) => row[k] as number);
    return { leadHours, cases: x.length, lat: column(0), lngCos: column(1), windMs: column(2) };
  });
  return { sample: { track: 'CMA best track', ...years, storms: inYears.length }, predictors: PREDICTORS, leads };
}

const apply = (coefficients: readonly number[], row: readonly number[]) =>
  row.reduce((sum, value, k) => sum + value * (coefficients[k] as number), coefficients[row.length] as number);

/**
 * The baseline forecast from a storm's fixes at an initial time (a synoptic time at which it is a tropical cyclone
 * and was one 12 h before); null otherwise. Winds are CMA's 2-minute m/s.
 */
export const persistenceForecast = (baseline: PersistenceBaseline, storm: { id: string; points: readonly CmaFix[] }, initial: Date) =>
  forecastFrom(baseline, storm.id, storm.points.map(fromCma), initial);

/**
 * The baseline forecast from a verifying track (src/forecasts/truth-tracks.ts: the CMA best track, or CMA's
 * operational track of a live storm); null unless its winds are CMA's 2-minute ones, which the baseline was fitted on.
 */
export function persistenceForecastOnTrack(baseline: PersistenceBaseline, stormId: string, track: TruthTrack, initial: Date) {
  if (track.windPeriod !== '2min') return null;
  const fixes = track.fixes.map((f) => ({
    time: new Date(f.time),
    lat: f.lat,
    lng: f.lng,
    wind: f.windKt === null ? null : Math.round(f.windKt * KT_TO_MS * 10) / 10,
    cyclone: isCycloneStage(f.stage),
  }));
  return forecastFrom(baseline, stormId, fixes, initial);
}

function forecastFrom(baseline: PersistenceBaseline, stormId: string, points: readonly Fix[], initial: Date): VerifiableForecast | null {
  const row = isSynoptic(initial) ? predictorsAt(byTimeOf(points), initial.getTime()) : null;
  if (!row) return null;
  const [lat0, lngE0, , , , wind0] = row as [number, number, number, number, number, number, number];
  return {
    key: `wp-persistence/${stormId}/${toUtcIso(initial)}`,
    agency: 'wp-persistence',
    stormId,
    basin: 'WP',
    initialTime: toUtcIso(initial),
    wind: { unit: 'm/s', period: '2min' },
    points: baseline.leads.map((l) => {
      const lngE = lngE0 + apply(l.lngCos, row) / Math.cos(rad(lat0));
      return {
        leadHours: l.leadHours,
        validTime: toUtcIso(new Date(initial.getTime() + l.leadHours * HOUR_MS)),
        lat: Math.round((lat0 + apply(l.lat, row)) * 10) / 10,
        lng: Math.round((lngE > 180 ? lngE - 360 : lngE) * 10) / 10,
        wind: Math.max(0, Math.round(wind0 + apply(l.windMs, row))),
      };
    }),
  };
}
