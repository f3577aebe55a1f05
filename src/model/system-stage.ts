/**
 * A system's stage as the verification rules need it (src/model/verification-schemas.ts SystemStage), from each
 * source's own codes. ATCF and HURDAT2 share the system types (the NRL ATCF database format, `TY`; HURDAT2's
 * status): TD, TS, HU, TY, ST, TC are tropical, SD and SS subtropical, EX extratropical, LO a low that is none of
 * those (remnant lows among them), WV a tropical wave, DB a disturbance. ATCF's `ET` means *extrapolated*, not
 * extratropical; it, `IN` (inland), `DS` (dissipating), `MD`, `PT` and `XX` say nothing of the stage: unknown.
 * NHC's `CurrentStorms` classification adds `MH` (major hurricane) and `STD`/`STS` (subtropical depression and
 * storm); `PTC` (potential tropical cyclone) and `PT` (post-tropical) are not tropical cyclones: unknown.
 */
import { gradeFromWind, type GradeCode } from './grades.ts';
import type { SystemStage } from './verification-schemas.ts';

const ATCF_STAGES: Record<string, SystemStage> = {
  TD: 'tropical',
  TS: 'tropical',
  HU: 'tropical',
  MH: 'tropical',
  TY: 'tropical',
  ST: 'tropical',
  TC: 'tropical',
  SD: 'subtropical',
  SS: 'subtropical',
  STD: 'subtropical',
  STS: 'subtropical',
  EX: 'extratropical',
  LO: 'remnant-low',
  WV: 'wave',
  DB: 'disturbance',
};

/** ATCF `TY` or HURDAT2 status → stage; unknown for codes that do not say and for no code. */
export const stageOfAtcfCode = (code: string | null | undefined): SystemStage =>
  ATCF_STAGES[(code ?? '').trim().toUpperCase()] ?? 'unknown';

/** A Chinese grade (CMA best track, the Zhejiang and NMC services): TD … SuperTY tropical, ET extratropical. */
export const stageOfChinaGrade = (grade: GradeCode | null): SystemStage =>
  grade === null ? 'unknown' : grade === 'ET' ? 'extratropical' : 'tropical';

/**
 * The grade of a point of another agency, by its stage (the ATCF/NHC system type) first: a tropical cyclone stage
 * (or no stage given) is graded by its wind (GB/T 19201, applied to the wind as issued); the extratropical stage is
 * ET; every other stage (post-tropical, remnant low, subtropical, disturbance, wave, monsoon depression, inland,
 * dissipating, unknown, a potential tropical cyclone) has no tropical grade whatever its wind: it is named by its
 * stage (`classification`), never a typhoon.
 */
export function gradeOfStage(code: string | null | undefined, speed: number | null): GradeCode | null {
  if (!code) return gradeFromWind(speed);
  const stage = stageOfAtcfCode(code);
  return stage === 'tropical' ? gradeFromWind(speed) : stage === 'extratropical' ? 'ET' : null;
}
