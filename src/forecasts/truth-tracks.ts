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
import type { ArchivedStorm, Stage } from '../model/global-archive-schemas.ts';
import type { SystemStage, TruthFix, TruthTrack } from '../model/verification-schemas.ts';
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
 * A north-western Pacific storm's track (points in CMA's 2-minute m/s and Chinese grades) as a verifying track: the
 * archive's, final when it is CMA's best track (`cma-best-track`) and provisional otherwise (after CMA's last
 * best-track year the archive's track is CMA's real-time analysis, as the Zhejiang service kept it); a live storm's
 * (the Zhejiang service's or NMC's points) provisional, as read at `asOf`.
 */
export function truthFromTyphoon(storm: Pick<Typhoon, 'points' | 'provenance'>, asOf: Date | null): TruthTrack {
  const final = storm.provenance.track === 'cma';
  return {
    source: final ? 'cma-best-track' : 'cma-operational',
    status: final ? 'final' : 'provisional',
    asOf: final || asOf === null ? null : toUtcIso(asOf),
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

/** The stages of the archive's records (src/model/global-archive-schemas.ts) as the verification rules read them. */
const ARCHIVE_STAGES: Record<Stage, SystemStage> = {
  tropical: 'tropical',
  subtropical: 'subtropical',
  extratropical: 'extratropical',
  disturbance: 'disturbance',
  low: 'remnant-low',
  wave: 'wave',
  mixed: 'unknown',
};

/**
 * A storm of the archive of every basin (issue 30's records: NHC's HURDAT2, IBTrACS's WMO agency track) as a
 * verifying track: final, unless IBTrACS still has it provisionally (its real-time track, before the agencies'
 * reanalysis). Its winds keep the record's averaging period.
 */
export function truthFromArchivedStorm(storm: Pick<ArchivedStorm, 'source' | 'provisional' | 'windPeriod' | 'points'>): TruthTrack {
  return {
    source: storm.source,
    status: storm.provisional ? 'provisional' : 'final',
    asOf: null,
    windPeriod: storm.windPeriod,
    fixes: synoptic(
      storm.points.map((p) => ({
        time: p.time,
        lat: p.lat,
        lng: p.lng,
        windKt: p.windKt,
        stage: p.stage === null ? 'unknown' : ARCHIVE_STAGES[p.stage],
        stageCode: p.status,
      })),
    ),
  };
}
