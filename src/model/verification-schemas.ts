/**
 * Forecast verification (docs/data/verification.md): the track a forecast is verified against, the verification of one
 * forecast at each lead time, and the means over a set of forecasts. Distances are great-circle distances on the
 * sphere of ./geo.ts (mean Earth radius 6371.0088 km), given in km and nautical miles (1852 m, exact); winds in
 * knots and m/s (1 kt = 1852/3600 m/s, exact). Errors are forecast minus verifying value.
 */
import { z } from 'zod';
import { utcTime } from './global-schemas.ts';

/** The lead times verified, hours: NHC's (its verification reports; 60 h, added in 2020, is not verified here). */
export const VERIFICATION_LEADS = [12, 24, 36, 48, 72, 96, 120] as const;

/**
 * The stage of a system in the verifying track, read from the source's code. A forecast verifies only when the
 * system is a tropical or subtropical cyclone (depressions included) at both its initial and its valid time.
 */
export const SYSTEM_STAGES = ['tropical', 'subtropical', 'extratropical', 'remnant-low', 'wave', 'disturbance', 'unknown'] as const;
export type SystemStage = (typeof SYSTEM_STAGES)[number];
export const isCycloneStage = (stage: SystemStage) => stage === 'tropical' || stage === 'subtropical';

export const truthFixSchema = z
  .object({
    time: utcTime,
    lat: z.number().describe('Latitude of the centre, degrees north'),
    lng: z.number().describe('Longitude of the centre, degrees east, −180…180'),
    windKt: z.number().nullable().describe("Maximum sustained wind, kt, over the track's windPeriod; null when unknown"),
    stage: z.enum(SYSTEM_STAGES).describe('The stage the verification rules read (tropical and subtropical verify)'),
    stageCode: z.string().nullable().describe("The source's own stage code (HU, EX, TS; a Chinese grade), as written"),
  })
  .meta({ id: 'VerifyingFix' });

/** The averaging periods of verifying tracks' winds (an IBTrACS track's WMO agency may use 3 minutes). */
export const TRUTH_WIND_PERIODS = ['1min', '2min', '3min', '10min'] as const;

export const truthTrackSchema = z
  .object({
    source: z
      .string()
      .describe(
        "What the track is: hurdat2 (NHC), ibtracs (the WMO agency of the basin), cma-best-track, cma-operational (CMA's real-time analyses), atcf-bdeck",
      ),
    status: z
      .enum(['final', 'provisional'])
      .describe("final: the agency's post-season best track; provisional: the operational (working) track as it stood"),
    asOf: utcTime.nullable().describe('For a provisional track, when it was read; null for a final one'),
    windPeriod: z
      .enum(TRUTH_WIND_PERIODS)
      .nullable()
      .describe('Averaging period of its winds; null when unknown (intensity is then verified against no forecast)'),
    fixes: z.array(truthFixSchema).describe('Its synoptic fixes (00, 06, 12, 18 UTC), in time order'),
  })
  .meta({ id: 'VerifyingTrack' });

export const leadVerificationSchema = z
  .object({
    leadHours: z.number().describe('Hours after the initial time: 12, 24, 36, 48, 72, 96 or 120'),
    validTime: utcTime,
    verified: z.boolean().describe('Whether the track error was measured at this lead'),
    excluded: z
      .enum(['no-forecast', 'not-a-cyclone-at-initial', 'not-a-cyclone-at-valid', 'no-verifying-position'])
      .nullable()
      .describe(
        'Why a lead was not verified: the forecast has no position then; the system was not a tropical or subtropical cyclone at the initial or the valid time in the verifying track; or the track has no position then (a provisional track that has not reached it, a gap); null when verified',
      ),
    interpolated: z
      .boolean()
      .describe("True when the verifying position was interpolated between two fixes (the valid time is not a fix's time)"),
    trackErrorKm: z.number().nullable().describe('Great-circle distance between the forecast and the verifying position, km'),
    trackErrorNm: z.number().nullable().describe('The same in nautical miles (1852 m)'),
    alongTrackKm: z.number().nullable().describe("Along the verifying track's motion, km, positive when the forecast is ahead of it"),
    alongTrackNm: z.number().nullable().describe('The same in nautical miles'),
    crossTrackKm: z.number().nullable().describe("Across the verifying track's motion, km, positive when the forecast is to its right"),
    crossTrackNm: z.number().nullable().describe('The same in nautical miles'),
    intensityErrorKt: z
      .number()
      .nullable()
      .describe('Forecast minus verifying maximum wind, kt; null when either is unknown or their averaging periods differ'),
    intensityErrorMs: z.number().nullable().describe('The same in m/s (1 kt = 1852/3600 m/s exactly)'),
  })
  .meta({ id: 'LeadVerification' });

export const forecastVerificationSchema = z
  .object({
    key: z.string().describe('The issuance (or baseline forecast) verified'),
    agency: z.string().describe('Whose forecast: cma, jma, jtwc, nhc, … (a baseline: OCD5, CLP5, CLIP, wp-persistence)'),
    stormId: z.string().describe("The storm's id in the issuance: a north-western Pacific code or an ATCF id"),
    basin: z.string().describe('WP, AL, EP, CP, IO or SH'),
    initialTime: utcTime,
    status: z
      .enum(['final', 'provisional'])
      .describe('provisional: verified against the operational track, before the best track is final'),
    against: z
      .object({
        source: z.string().describe("The verifying track's source (as VerifyingTrack's)"),
        asOf: utcTime.nullable().describe('When a provisional track was read; null for a final one'),
      })
      .describe('The track it was verified against'),
    leads: z.array(leadVerificationSchema).describe('One per verified lead time, 12 to 120 h'),
  })
  .meta({ id: 'ForecastVerification' });

export const leadSummarySchema = z
  .object({
    leadHours: z.number().describe('Hours after the initial time'),
    count: z.number().int().describe('Forecasts verified for track at this lead'),
    trackErrorKm: z.number().nullable().describe('Mean great-circle track error, km; null without a case'),
    trackErrorNm: z.number().nullable().describe('The same in nautical miles'),
    alongTrackBiasKm: z.number().nullable().describe('Mean along-track error, km (positive: ahead)'),
    alongTrackBiasNm: z.number().nullable().describe('The same in nautical miles'),
    crossTrackBiasKm: z.number().nullable().describe('Mean cross-track error, km (positive: to the right)'),
    crossTrackBiasNm: z.number().nullable().describe('The same in nautical miles'),
    intensityCount: z.number().int().describe('Forecasts verified for intensity at this lead'),
    intensityErrorKt: z.number().nullable().describe('Mean absolute intensity error, kt'),
    intensityErrorMs: z.number().nullable().describe('The same in m/s'),
    intensityBiasKt: z.number().nullable().describe('Mean intensity error, kt (positive: forecast too strong)'),
    intensityBiasMs: z.number().nullable().describe('The same in m/s'),
  })
  .meta({ id: 'LeadSummary' });

export const leadSkillSchema = z
  .object({
    leadHours: z.number().describe('Hours after the initial time'),
    count: z.number().int().describe('Cases both the forecasts and the baseline verified for track (the homogeneous sample)'),
    trackSkillPct: z
      .number()
      .nullable()
      .describe(
        "100 × (1 − mean track error / the baseline's on the same cases), %; positive: better than the baseline; null without a case",
      ),
    intensityCount: z.number().int().describe('Cases both verified for intensity'),
    intensitySkillPct: z.number().nullable().describe('The same for the mean absolute intensity error, %'),
  })
  .meta({ id: 'LeadSkill' });

export type TruthFix = z.infer<typeof truthFixSchema>;
export type TruthTrack = z.infer<typeof truthTrackSchema>;
export type LeadVerification = z.infer<typeof leadVerificationSchema>;
export type ForecastVerification = z.infer<typeof forecastVerificationSchema>;
export type LeadSummary = z.infer<typeof leadSummarySchema>;
export type LeadSkill = z.infer<typeof leadSkillSchema>;
