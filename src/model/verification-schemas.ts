/**
 * Forecast verification (docs/data/verification.md): the track a forecast is verified against, the verification of one
 * forecast at each lead time, and the means over a set of forecasts. Distances are great-circle distances on the
 * sphere of ./geo.ts (mean Earth radius 6371.0088 km), given in km and nautical miles (1852 m, exact); winds in
 * knots and m/s (1 kt = 1852/3600 m/s, exact). Errors are forecast minus verifying value.
 */
import { z } from 'zod';
import { utcTime } from './global-schemas.ts';
import { windAveragingSchema } from './forecast-schemas.ts';

/** The lead times verified, hours: NHC's (its verification reports; 60 h, added in 2020, is not verified here). */
export const VERIFICATION_LEADS = [12, 24, 36, 48, 72, 96, 120] as const;

/**
 * The stage of a system in the verifying track, read from the source's code. A forecast verifies only when the
 * system is a tropical or subtropical cyclone (depressions included) at both its initial and its valid time.
 */
export const SYSTEM_STAGES = ['tropical', 'subtropical', 'extratropical', 'remnant-low', 'wave', 'disturbance', 'unknown'] as const;
export type SystemStage = (typeof SYSTEM_STAGES)[number];
export const isCycloneStage = (stage: SystemStage) => stage === 'tropical' || stage === 'subtropical';

export const truthFixSchema = z.object({
  time: utcTime,
  lat: z.number(),
  lng: z.number(),
  /** Maximum sustained wind in kt, in the track's averaging period; null when unknown. */
  windKt: z.number().nullable(),
  stage: z.enum(SYSTEM_STAGES),
  /** The source's own stage code (`HU`, `EX`, `TS` …), as written. */
  stageCode: z.string().nullable(),
});

export const truthTrackSchema = z.object({
  /** What the track is: `hurdat2`, `atcf-bdeck`, `cma-best-track`, … */
  source: z.string(),
  /** `final`: the agency's post-season best track. `provisional`: the operational (working) track as it stood. */
  status: z.enum(['final', 'provisional']),
  /** For a provisional track, when it was read (its latest fix's time when nothing else says). */
  asOf: utcTime.nullable(),
  windPeriod: windAveragingSchema,
  fixes: z.array(truthFixSchema),
});

export const leadVerificationSchema = z
  .object({
    leadHours: z.number(),
    validTime: utcTime,
    verified: z.boolean(),
    /** Why a lead was not verified; null when it was. */
    excluded: z.enum(['no-forecast', 'not-a-cyclone-at-initial', 'not-a-cyclone-at-valid', 'no-verifying-position']).nullable(),
    /** True when the verifying position was interpolated between two fixes (the valid time is not a fix's time). */
    interpolated: z.boolean(),
    trackErrorKm: z.number().nullable(),
    trackErrorNm: z.number().nullable(),
    /** Along the verifying track's motion, positive when the forecast is ahead of it. */
    alongTrackKm: z.number().nullable(),
    alongTrackNm: z.number().nullable(),
    /** Across the verifying track's motion, positive when the forecast is to its right. */
    crossTrackKm: z.number().nullable(),
    crossTrackNm: z.number().nullable(),
    /** Forecast minus verifying wind; null when either is unknown or their averaging periods differ. */
    intensityErrorKt: z.number().nullable(),
    intensityErrorMs: z.number().nullable(),
  })
  .meta({ id: 'LeadVerification' });

export const forecastVerificationSchema = z
  .object({
    key: z.string().describe('The issuance (or baseline forecast) verified'),
    agency: z.string(),
    stormId: z.string(),
    basin: z.string(),
    initialTime: utcTime,
    status: z
      .enum(['final', 'provisional'])
      .describe('provisional: verified against the operational track, before the best track is final'),
    against: z.object({ source: z.string(), asOf: utcTime.nullable() }),
    leads: z.array(leadVerificationSchema),
  })
  .meta({ id: 'ForecastVerification' });

export const leadSummarySchema = z
  .object({
    leadHours: z.number(),
    count: z.number().int().describe('Forecasts verified for track at this lead'),
    trackErrorKm: z.number().nullable().describe('Mean great-circle track error'),
    trackErrorNm: z.number().nullable(),
    alongTrackBiasKm: z.number().nullable().describe('Mean along-track error (positive: ahead)'),
    alongTrackBiasNm: z.number().nullable(),
    crossTrackBiasKm: z.number().nullable().describe('Mean cross-track error (positive: to the right)'),
    crossTrackBiasNm: z.number().nullable(),
    intensityCount: z.number().int().describe('Forecasts verified for intensity at this lead'),
    intensityErrorKt: z.number().nullable().describe('Mean absolute intensity error'),
    intensityErrorMs: z.number().nullable(),
    intensityBiasKt: z.number().nullable().describe('Mean intensity error (positive: forecast too strong)'),
    intensityBiasMs: z.number().nullable(),
  })
  .meta({ id: 'LeadSummary' });

export type TruthFix = z.infer<typeof truthFixSchema>;
export type TruthTrack = z.infer<typeof truthTrackSchema>;
export type LeadVerification = z.infer<typeof leadVerificationSchema>;
export type ForecastVerification = z.infer<typeof forecastVerificationSchema>;
export type LeadSummary = z.infer<typeof leadSummarySchema>;
