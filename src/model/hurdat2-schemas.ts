/**
 * NHC's HURDAT2 best tracks (the Atlantic from 1851, the North-east and Central Pacific from 1949) as
 * src/sources/global/hurdat2.ts reads them: one record per storm in the file's own terms and units (knots, 1-minute
 * winds, millibars = hPa, nautical miles), converted only in form (UTC instants with `Z`, signed degrees) and with
 * every missing value as null. The units and codes are those of NHC's format description, "The revised Atlantic
 * hurricane database (HURDAT2)", Landsea, April 2022 (docs/data/formats.md#hurdat2).
 */
import { z } from 'zod';
import { utcTime } from './global-schemas.ts';

/** The header's basin: AL Atlantic (NHC), EP North-east Pacific (NHC), CP Central Pacific (CPHC's numbering). */
export const HURDAT2_BASINS = ['AL', 'EP', 'CP'] as const;
export type Hurdat2Basin = (typeof HURDAT2_BASINS)[number];

/** Record identifiers (column 3): why an entry is there; only L also marks synoptic (00/06/12/18 UTC) entries. */
export const HURDAT2_RECORDS = {
  C: 'closest approach to a coast, not followed by a landfall',
  G: 'genesis',
  I: 'an intensity peak in terms of both pressure and wind',
  L: 'landfall (centre of the system crossing a coastline)',
  P: 'minimum in central pressure',
  R: 'additional detail on the intensity while rapid changes are under way',
  S: 'change of status of the system',
  T: 'additional detail on the track (position)',
  W: 'maximum sustained wind speed',
} as const;
export type Hurdat2Record = keyof typeof HURDAT2_RECORDS;

/** Status of the system (column 4). */
export const HURDAT2_STATUSES = {
  TD: 'tropical cyclone of tropical depression intensity (< 34 kt)',
  TS: 'tropical cyclone of tropical storm intensity (34–63 kt)',
  HU: 'tropical cyclone of hurricane intensity (≥ 64 kt)',
  EX: 'extratropical cyclone (any intensity)',
  SD: 'subtropical cyclone of subtropical depression intensity (< 34 kt)',
  SS: 'subtropical cyclone of subtropical storm intensity (≥ 34 kt)',
  LO: 'a low that is neither a tropical, a subtropical nor an extratropical cyclone (any intensity)',
  WV: 'tropical wave (any intensity)',
  DB: 'disturbance (any intensity)',
} as const;
export type Hurdat2Status = keyof typeof HURDAT2_STATUSES;

const keysOf = <T extends Record<string, string>>(codes: T) => Object.keys(codes) as [keyof T & string, ...(keyof T & string)[]];
const described = (codes: Record<string, string>) =>
  Object.entries(codes)
    .map(([code, meaning]) => `${code} ${meaning}`)
    .join('; ');

const radiusNm = (quadrant: string) =>
  z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(`Maximum extent in the ${quadrant} quadrant, nautical miles; 0 = no winds of this strength there; null = missing (-999)`);

export const hurdat2QuadrantsSchema = z.object({
  ne: radiusNm('north-east'),
  se: radiusNm('south-east'),
  sw: radiusNm('south-west'),
  nw: radiusNm('north-west'),
});

export const hurdat2RadiiSchema = z
  .object({
    kt34: hurdat2QuadrantsSchema.nullable().describe('34-kt wind radii; null when all four quadrants are missing'),
    kt50: hurdat2QuadrantsSchema.nullable().describe('50-kt wind radii; null when all four quadrants are missing'),
    kt64: hurdat2QuadrantsSchema.nullable().describe('64-kt wind radii; null when all four quadrants are missing'),
  })
  .describe('Wind radii by threshold and quadrant, as written (best-tracked from 2004; missing before)');

export const hurdat2PointSchema = z.object({
  time: utcTime.describe('Date and time of the entry, UTC (HURDAT2 gives hours and minutes in UTC)'),
  line: z.number().int().positive().describe('The line of the file it was read from (1-based)'),
  record: z
    .enum(keysOf(HURDAT2_RECORDS))
    .nullable()
    .describe(`Record identifier: ${described(HURDAT2_RECORDS)}; null when blank`),
  status: z
    .enum(keysOf(HURDAT2_STATUSES))
    .nullable()
    .describe(`Status: ${described(HURDAT2_STATUSES)}; null when the file's code is none of these (reported)`),
  lat: z.number().min(-90).max(90).describe('Latitude of the centre, degrees, north positive (the file writes 28.0N)'),
  lng: z.number().min(-180).max(180).describe('Longitude of the centre, degrees, −180…180, east positive (the file writes 94.8W, 179.9E)'),
  windKt: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(
      'Maximum sustained surface wind, knots, 1-minute mean at 10 m; null where missing (-99: the 1967 non-developing depressions)',
    ),
  pressureHpa: z.number().int().nullable().describe('Minimum central pressure, millibars (= hPa); null where missing (-999)'),
  radiiNm: hurdat2RadiiSchema,
  rmwNm: z
    .number()
    .int()
    .min(0)
    .nullable()
    .describe(
      'Radius of maximum wind, nautical miles (best-tracked from 2021); null where missing (-999) or absent (the layout before 2022)',
    ),
});
export type Hurdat2Point = z.infer<typeof hurdat2PointSchema>;

export const hurdat2StormSchema = z.object({
  id: z
    .string()
    .regex(/^(AL|EP|CP)\d{6}$/)
    .describe('ATCF id as the header writes it: basin, ATCF cyclone number of the year, year (AL122005)'),
  basin: z.enum(HURDAT2_BASINS),
  number: z.number().int().min(0).describe('ATCF cyclone number within the year'),
  year: z.number().int().describe('Year of the ATCF id'),
  name: z
    .string()
    .nullable()
    .describe('Name as written, upper case (non-developing depressions since 2003 by number: TEN); null for UNNAMED'),
  line: z.number().int().positive().describe('The line of its header in the file'),
  windPeriodMinutes: z.literal(1).describe('Averaging period of windKt, minutes'),
  points: z.array(hurdat2PointSchema).min(1).describe('Best-track entries in time order'),
});
export type Hurdat2Storm = z.infer<typeof hurdat2StormSchema>;
