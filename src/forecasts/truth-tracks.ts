/**
 * Verifying tracks from the tracks the project reads: NHC's HURDAT2, an ATCF b-deck (NHC's or JTWC's: final once
 * the agency posts it to its archive, the operational "working best track" while the storm is live) and the CMA
 * best track. Winds become kt in the track's own averaging period (1-min for NHC and JTWC, CMA's 2-min m/s with the
 * exact factor). Only the synoptic fixes (00, 06, 12, 18 UTC) are kept: NHC verifies there, and the extra entries
 * of landfalls and peaks would make interpolated verifying positions depend on where a storm happened to land.
 */
import { gradeFromCmaDigit } from '../model/grades.ts';
import { stageOfAtcfCode, stageOfChinaGrade } from '../model/system-stage.ts';
import { toUtcIso } from '../model/time.ts';
import { MS_TO_KT } from '../model/units.ts';
import type { Hurdat2Storm } from '../model/hurdat2-schemas.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import type { TruthFix, TruthTrack } from '../model/verification-schemas.ts';
import type { CmaEntryRaw } from '../sources/cma-best-track.ts';
import type { AtcfRecord } from '../upstream/atcf.ts';

const synoptic = (fixes: TruthFix[]) => fixes.filter((f) => /T(00|06|12|18):00:00Z$/.test(f.time));

/** A storm of HURDAT2 (final): its status is the stage (src/model/system-stage.ts). */
export function truthFromHurdat2(storm: Pick<Hurdat2Storm, 'points'>): TruthTrack {
  return {
    source: 'hurdat2',
    status: 'final',
    asOf: null,
    windPeriod: '1min',
    fixes: synoptic(
      storm.points.map((p) => ({
        time: p.time,
        lat: p.lat,
        lng: p.lng,
        windKt: p.windKt,
        stage: stageOfAtcfCode(p.status),
        stageCode: p.status,
      })),
    ),
  };
}

/** The best track of a b-deck (src/upstream/atcf.ts bestTrack) as a verifying track. */
export function truthFromBdeck(best: readonly AtcfRecord[], status: TruthTrack['status'], asOf: Date | null): TruthTrack {
  return {
    source: 'atcf-bdeck',
    status,
    asOf: asOf && toUtcIso(asOf),
    windPeriod: '1min',
    fixes: synoptic(
      best.map((r) => ({
        time: toUtcIso(r.time),
        lat: r.lat,
        lng: r.lng,
        windKt: r.windKt,
        stage: stageOfAtcfCode(r.type),
        stageCode: r.type,
      })),
    ),
  };
}

/** A storm of the CMA best track (final): grade 1–6 tropical, 9 extratropical, 0 (below TD or unknown) unknown. */
export function truthFromCmaEntry(entry: Pick<CmaEntryRaw, 'points'>): TruthTrack {
  return {
    source: 'cma-best-track',
    status: 'final',
    asOf: null,
    windPeriod: '2min',
    fixes: synoptic(
      entry.points.map((p) => ({
        time: toUtcIso(p.time),
        lat: p.lat,
        lng: p.lng,
        windKt: p.wind === null ? null : p.wind * MS_TO_KT,
        stage: stageOfChinaGrade(gradeFromCmaDigit(p.grade)),
        stageCode: String(p.grade),
      })),
    ),
  };
}

/**
 * A live north-western Pacific storm's track (the Zhejiang service's or NMC's points: CMA's real-time analyses, 2-minute
 * m/s and Chinese grades) as the operational, provisional verifying track of the forecasts kept of it.
 */
export function truthFromLiveTyphoon(storm: Pick<Typhoon, 'points'>, asOf: Date): TruthTrack {
  return {
    source: 'cma-operational',
    status: 'provisional',
    asOf: toUtcIso(asOf),
    windPeriod: '2min',
    fixes: synoptic(
      storm.points.map((p) => ({
        time: toUtcIso(new Date(p.time)),
        lat: p.lat,
        lng: p.lng,
        windKt: p.speed === null ? null : p.speed * MS_TO_KT,
        stage: stageOfChinaGrade(p.grade),
        stageCode: p.grade,
      })),
    ),
  };
}
