/**
 * What every archived record of the other basins derives from its points the same way, whatever its source: the
 * stage in common words, the headline figures and their times, the intensity class, ACE and the summary.
 */
import { accumulatedCycloneEnergy } from '../../model/ace.ts';
import type { ArchivedPoint, ArchivedStorm, ArchivedSummary, IntensityClass, Stage } from '../../model/global-archive-schemas.ts';

/** Each source's stage codes in common words (HURDAT2's status, IBTrACS's NATURE); NR and unknown codes are null. */
const STAGE_OF: Readonly<Record<string, Stage>> = {
  TD: 'tropical',
  TS: 'tropical',
  HU: 'tropical',
  SD: 'subtropical',
  SS: 'subtropical',
  EX: 'extratropical',
  ET: 'extratropical',
  DB: 'disturbance',
  DS: 'disturbance',
  LO: 'low',
  WV: 'wave',
  MX: 'mixed',
};

/** The stage of a HURDAT2 status or an IBTrACS NATURE (IBTrACS's TS is "tropical", of any intensity). */
export const stageOf = (status: string | null): Stage | null => (status === null ? null : (STAGE_OF[status] ?? null));

/** A tropical or subtropical cyclone: what the counts, the intensity class and ACE take into account. */
export const isCyclone = (stage: Stage | null) => stage === 'tropical' || stage === 'subtropical';

/** Thresholds of the intensity classes, kt, on a record's own winds. */
export const CLASS_MIN_KT: readonly (readonly [IntensityClass, number])[] = [
  ['major', 96],
  ['hurricane', 64],
  ['storm', 34],
];

/** The strongest class a track reached as a tropical or subtropical cyclone (winds in kt, with their stage). */
export function intensityClass(points: readonly { windKt: number | null; stage: Stage | null }[]): IntensityClass {
  const peak = Math.max(0, ...points.filter((p) => isCyclone(p.stage)).map((p) => p.windKt ?? 0));
  return CLASS_MIN_KT.find(([, min]) => peak >= min)?.[0] ?? 'below-storm';
}

/** ACE of a track on its own winds: synoptic entries ≥ 34 kt in a tropical or subtropical stage (src/model/ace.ts). */
export const trackAce = (points: readonly { time: string; windKt: number | null; stage: Stage | null }[]) =>
  accumulatedCycloneEnergy(points.map((p) => ({ time: p.time, windKt: p.windKt, extratropical: !isCyclone(p.stage) })));

/** The headline figures of a track in time order: highest wind and lowest pressure, each with its first time. */
export function peaksOf(points: readonly ArchivedPoint[]) {
  let wind: ArchivedPoint | null = null;
  let pressure: ArchivedPoint | null = null;
  for (const p of points) {
    if (p.windKt !== null && (wind === null || p.windKt > (wind.windKt as number))) wind = p;
    if (p.pressure !== null && (pressure === null || p.pressure < (pressure.pressure as number))) pressure = p;
  }
  return {
    maxWindKt: wind?.windKt ?? null,
    maxSpeed: wind?.speed ?? null,
    maxWindTime: wind?.time ?? null,
    minPressure: pressure?.pressure ?? null,
    minPressureTime: pressure?.time ?? null,
  };
}

/** A record in brief, as the index and the track searches list it. */
export const summarizeArchived = (s: ArchivedStorm): ArchivedSummary => ({
  id: s.id,
  source: s.source,
  code: s.code,
  name: s.name,
  nameZh: s.nameZh,
  year: s.year,
  basin: s.basin,
  basins: s.basins,
  provisional: s.provisional,
  windPeriod: s.windPeriod,
  startTime: s.startTime,
  endTime: s.endTime,
  maxWindKt: s.maxWindKt,
  maxSpeed: s.maxSpeed,
  minPressure: s.minPressure,
  intensity: s.intensity,
  ace: s.ace,
  landRecorded: s.landRecorded,
  links: s.links,
  agencies: s.agencies,
  ids: s.ids,
  landfalls: s.land.length,
});
