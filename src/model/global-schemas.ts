/**
 * Global cyclones (outside the north-western Pacific): the structure of the typhoon records (`code`, `name` in
 * Chinese where known, `enname`, points, forecasts, land) plus `basin`, `source`, `windPeriod` and `stale`; times
 * in UTC (`Z`); knots converted to m/s and nautical miles to km. `radius7/10/12` carry the US agencies'
 * 34/50/64-kt radii (stated in `radiusThresholdsKt`).
 */
import { z } from 'zod';
import { gradeCodeSchema, trackPointSchema, windCircleSchema } from './typhoon-schemas.ts';

export const utcTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  .describe('ISO 8601 time in UTC (Z)');

export const BASINS = {
  AL: { zh: '北大西洋', en: 'North Atlantic' },
  EP: { zh: '东北太平洋', en: 'Eastern North Pacific' },
  CP: { zh: '中北太平洋', en: 'Central North Pacific' },
  WP: { zh: '西北太平洋', en: 'Western North Pacific' },
  IO: { zh: '北印度洋', en: 'North Indian Ocean' },
  SH: { zh: '南半球', en: 'Southern Hemisphere' },
} as const;
export type Basin = keyof typeof BASINS;

export const globalPointSchema = trackPointSchema
  .extend({
    time: utcTime,
    classification: z.string().nullable().describe('ATCF/NHC system type: TD, TS, HU, TY, ST, EX, LO, …'),
    speed: z.number().nullable().describe('Maximum sustained wind in m/s, 1-minute mean (converted from knots)'),
    moveSpeed: z.number().nullable().describe('Speed of motion in km/h (converted from knots)'),
    radius7: windCircleSchema.nullable().describe('Radius of 34-kt winds per quadrant, km (converted from nautical miles)'),
    radius10: windCircleSchema.nullable().describe('Radius of 50-kt winds per quadrant, km'),
    radius12: windCircleSchema.nullable().describe('Radius of 64-kt winds per quadrant, km'),
  })
  .meta({ id: 'GlobalTrackPoint' });

export const globalForecastPointSchema = globalPointSchema
  .pick({
    time: true,
    lat: true,
    lng: true,
    strong: true,
    grade: true,
    power: true,
    speed: true,
    pressure: true,
    classification: true,
  })
  .meta({ id: 'GlobalForecastPoint' });

export const globalForecastSchema = z
  .object({
    agency: z.enum(['nhc', 'jtwc']).describe('Agency key, the same as its key in forecasts'),
    issuedAt: utcTime.describe('Base time of the official forecast'),
    points: z.array(globalForecastPointSchema).describe('Forecast positions after the base time'),
  })
  .describe(
    "The agency's newest official forecast of the cyclone's track and intensity that could be read, from its base time issuedAt. When a later advisory's forecast could not be fetched or read whole (reported in the live data-quality document), this one stays, older than the cyclone's publishedAt",
  )
  .meta({ id: 'GlobalForecast' });

export const GLOBAL_SOURCES = ['nhc', 'jtwc'] as const;

export const globalIdSchema = z
  .string()
  .regex(/^(nhc|jtwc)-(al|ep|cp|wp|io|sh)\d{2}\d{4}$/)
  .describe('<agency_prefix>-<atcf_id>, lower case: nhc-al092024, jtwc-sh062024');

export const GLOBAL_NAME_SOURCES = ['cma', 'english'] as const;

export const globalCycloneSchema = z
  .object({
    id: globalIdSchema,
    code: globalIdSchema.describe("The same as id, under the typhoon records' key"),
    atcfId: z.string().describe('ATCF id, lower case: basin + number + year'),
    name: z
      .string()
      .nullable()
      .describe(
        'Chinese name where one is known (see nameSource), else the English name as the agency issues it, upper case; null while unnamed',
      ),
    enname: z.string().nullable().describe('English name as the agency issues it, upper case; null while unnamed'),
    nameSource: z
      .enum(GLOBAL_NAME_SOURCES)
      .nullable()
      .describe(
        'Where name comes from: cma = the Chinese name CMA used for a North-east Pacific storm of this name that crossed into the north-western Pacific; english = no Chinese name known, name is the English name; null while unnamed',
      ),
    basin: z
      .enum(Object.keys(BASINS) as [Basin, ...Basin[]])
      .describe(
        'ATCF basin code: AL North Atlantic, EP Eastern North Pacific, CP Central North Pacific, WP Western North Pacific, IO North Indian Ocean, SH Southern Hemisphere',
      ),
    seaArea: z.string().describe('Chinese name of the basin'),
    seaAreaEn: z.string().describe('English name of the basin'),
    source: z.enum(GLOBAL_SOURCES).describe('Issuing agency: nhc (NOAA National Hurricane Center) or jtwc (Joint Typhoon Warning Center)'),
    windPeriod: z.literal('1min').describe('Averaging period of the maximum sustained wind'),
    radiusThresholdsKt: z
      .tuple([
        z.literal(34).describe('radius7: 34 kt'),
        z.literal(50).describe('radius10: 50 kt'),
        z.literal(64).describe('radius12: 64 kt'),
      ])
      .describe('Wind speeds (kt) of radius7, radius10, radius12'),
    isActive: z.boolean().describe('Listed by the agency at the last successful refresh'),
    stale: z
      .boolean()
      .describe(
        'An active cyclone that is not current: the last refresh of its source failed, was stopped or is overdue, this server polls no upstream, or the agency has published nothing new on it within its publishing bound (it was last reported at publishedAt)',
      ),
    staleReason: z.string().nullable().default(null).describe('Why it is stale, in words; null when it is not'),
    startTime: utcTime,
    endTime: utcTime,
    peakGrade: gradeCodeSchema.nullable().describe('Highest GB/T 19201 grade reached, applied to the 1-minute wind'),
    maxSpeed: z.number().nullable().describe('Highest maximum wind of the track, m/s (1-minute)'),
    maxWindKt: z.number().nullable().describe('Highest maximum wind of the track, kt (1-minute), as issued'),
    minPressure: z.number().nullable().describe('Lowest central pressure, hPa'),
    points: z.array(globalPointSchema).min(1).describe('The track: every fix ingested, in time order, at least one'),
    forecasts: z
      .object({ nhc: globalForecastSchema.optional(), jtwc: globalForecastSchema.optional() })
      .describe(
        'The newest official forecast that could be read, by agency key (the agency whose advisory it is), each with its own base time; {} when there is none',
      ),
    land: z.array(z.never()).describe('Landfalls are not recorded for global cyclones'),
    firstSeenAt: utcTime
      .nullable()
      .describe(
        'When ingestion first saw the cyclone; null when its stored record was lost to damage and restored from the upstream, which does not know it',
      ),
    lastSeenAt: utcTime
      .nullable()
      .describe(
        "When a feed last listed it; null when its stored record was lost to damage and restored, after it had ended, from the upstream's archive",
      ),
    advisoryNumber: z
      .number()
      .int()
      .min(0)
      .nullable()
      .default(null)
      .describe(
        "The number of the agency's latest advisory read (NHC's public advisory, 051A → 51) or warning (JTWC's WARNING NR); null when the upstream gave none (a record restored from an archived best track, or stored before this field)",
      ),
    publishedAt: utcTime.describe(
      "The upstream's own time of this data: NHC's lastUpdate of the storm (its latest advisory), JTWC's warning issue time (the date-time group of the .tcw's WMO heading); the time of the latest fix where the upstream gives none (a record restored from an archived best track, or stored before this field)",
    ),
  })
  .meta({ id: 'GlobalCyclone' });

export const globalSummarySchema = globalCycloneSchema
  .pick({
    id: true,
    code: true,
    atcfId: true,
    name: true,
    enname: true,
    nameSource: true,
    basin: true,
    seaArea: true,
    seaAreaEn: true,
    source: true,
    isActive: true,
    startTime: true,
    endTime: true,
    peakGrade: true,
    maxSpeed: true,
    maxWindKt: true,
    minPressure: true,
  })
  .meta({ id: 'GlobalSummary' });

/** An active cyclone in brief (the live summary's `global`): its names and latest position and intensity. */
export const globalBriefSchema = globalCycloneSchema
  .pick({
    id: true,
    code: true,
    name: true,
    enname: true,
    nameSource: true,
    basin: true,
    seaArea: true,
    stale: true,
    staleReason: true,
    publishedAt: true,
  })
  .extend({
    time: utcTime.nullable(),
    lat: z.number().nullable().describe('Degrees north'),
    lng: z.number().nullable().describe('Degrees east'),
    speed: z.number().nullable().describe('Maximum sustained wind in m/s, 1-minute mean'),
    pressure: z.number().nullable().describe('Central pressure, hPa'),
  })
  .meta({ id: 'GlobalBrief' });

export type GlobalPoint = z.infer<typeof globalPointSchema>;
export type GlobalForecast = z.infer<typeof globalForecastSchema>;
export type GlobalCyclone = z.infer<typeof globalCycloneSchema>;
export type GlobalSummary = z.infer<typeof globalSummarySchema>;
export type GlobalBrief = z.infer<typeof globalBriefSchema>;
