/**
 * One storm as each agency analysed it (`/api/v1/typhoons/{code}/agencies`): CMA's track, which the rest of the
 * API uses, beside JMA's, JTWC's and HKO's, each in the API's units and times but with its own winds, averaging
 * period and categories: nothing is converted between averaging periods.
 */
import { z } from 'zod';
import { attributionSchema, stormIdsSchema, trackPointSchema, typhoonSchema } from './typhoon-schemas.ts';

const { time: beijingTime } = trackPointSchema.shape;

export const COMPARED_AGENCIES = ['cma', 'jma', 'jtwc', 'hko'] as const;
export type ComparedAgency = (typeof COMPARED_AGENCIES)[number];

export const AGENCY_WIND_PERIODS = ['1min', '2min', '10min'] as const;

export const agencyTrackPointSchema = z
  .object({
    time: beijingTime,
    lat: z.number().min(-90).max(90).describe('Latitude in degrees, north positive'),
    lng: z.number().min(-180).max(180).describe('Longitude in degrees, −180…180, east positive'),
    speed: z
      .number()
      .nullable()
      .describe(
        "Maximum sustained wind in m/s, averaged over this agency's windPeriod (converted from speedKt with 1 kt = 1852/3600 m/s, to 0.1; CMA's own m/s as written)",
      ),
    speedKt: z
      .number()
      .nullable()
      .describe('The wind in kt exactly as the agency wrote it; null for CMA, whose best track is in m/s, and where none is given'),
    pressure: z.number().nullable().describe('Central pressure in hPa'),
    category: z
      .string()
      .nullable()
      .describe(
        "The agency's own category as written: CMA grade code (TD … SuperTY, ET); JMA grade 2 TD, 3 TS, 4 STS, 5 TY, 6 extratropical, 7 entering the area, 9 TS or stronger; JTWC system type (TD, TS, TY, ST, EX, …); HKO TD/TS/STS/T/ST/SuperT",
      ),
  })
  .meta({ id: 'AgencyTrackPoint' });

export const agencyLinkSchema = z
  .object({
    method: z
      .enum(['track-match', 'ibtracs', 'cma-header', 'hko-header'])
      .describe(
        "How the agency's id was found: track-match (centres agree at the same instants: see matchRule), ibtracs (the linked IBTrACS record names it, or, with id null, gives this track in its columns for the agency), cma-header / hko-header (the JMA number CMA or HKO writes)",
      ),
    agreeingFixes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Of sharedFixes, the instants at which this track's centre lies within the match distance of the archive's own track's (see matchRule); null only where no track of the agency was read",
      ),
    sharedFixes: z
      .number()
      .int()
      .nullable()
      .describe(
        "Instants (UTC) at which both this track and the archive's own have a fix: this track's fixes at other times are not compared",
      ),
    medianDistanceKm: z
      .number()
      .nullable()
      .describe(
        "Median distance between this track's centres and the archive's own at the agreeing instants, km to 0.1; null when none agree",
      ),
  })
  .describe(
    "How this agency's storm was linked to the archive's, and how well this very track (whatever its source) agrees with the archive's own",
  )
  .meta({ id: 'AgencyLink' });

export const stormAgencyTrackSchema = z
  .object({
    agency: z
      .enum(COMPARED_AGENCIES)
      .describe(
        'cma: China Meteorological Administration; jma: RSMC Tokyo – Typhoon Center (Japan Meteorological Agency); jtwc: Joint Typhoon Warning Center (US); hko: Hong Kong Observatory',
      ),
    id: z
      .string()
      .nullable()
      .describe(
        "The agency's id of the storm, as in ids (our code for cma); null where it is not known (IBTrACS carries no JMA or HKO number; the 1945–1948 JTWC tracks come without one)",
      ),
    name: z.string().nullable().describe('Name as the agency writes it'),
    source: z
      .enum(['cma-bst', 'jma-bst', 'jtwc-bdeck', 'hko-bst', 'ibtracs', 'zj'])
      .describe(
        "The file the track was read from: the agency's own best track; IBTrACS's columns for the agency where its own file was not read; zj, the Zhejiang archive (JTWC's track for 1945–1948, CMA's real-time analysis after CMA's last best-track year)",
      ),
    windPeriod: z
      .enum(AGENCY_WIND_PERIODS)
      .describe(
        "Averaging period of this track's winds: CMA 2 minutes, JMA and HKO 10 minutes, JTWC 1 minute (winds of one storm differ by about 12% between 1- and 10-minute means)",
      ),
    link: agencyLinkSchema.nullable().describe("null for the archive's own track (the first)"),
    maxSpeed: z.number().nullable().describe("Highest wind of this agency's track, m/s, over its windPeriod"),
    maxSpeedKt: z.number().nullable().describe('The same as the agency wrote it, kt (null for CMA)'),
    minPressure: z.number().nullable().describe("Lowest central pressure of this agency's track, hPa"),
    ace: z
      .number()
      .describe(
        "Accumulated cyclone energy from this agency's winds, 10⁴ kt² (00/06/12/18 UTC fixes ≥ 34 kt, extratropical left out): JTWC's is the ACE NOAA and JTWC publish",
      ),
    startTime: beijingTime,
    endTime: beijingTime,
    points: z.array(agencyTrackPointSchema).min(1).describe("This agency's track: every fix in time order, at least one"),
  })
  .meta({ id: 'StormAgencyTrack' });

export const stormAgenciesSchema = z
  .object({
    code: typhoonSchema.shape.code,
    name: typhoonSchema.shape.name,
    enname: typhoonSchema.shape.enname,
    year: typhoonSchema.shape.year,
    ids: stormIdsSchema,
    agencies: z
      .array(stormAgencyTrackSchema)
      .describe("The archive's own track first (CMA's; JTWC's for 1945–1948), then JMA, JTWC and HKO where linked and read"),
    matchRule: z.string().describe("The rule that links two agencies' tracks of one storm"),
    attribution: attributionSchema,
  })
  .meta({ id: 'StormAgencies' });

export type AgencyTrackPoint = z.infer<typeof agencyTrackPointSchema>;
export type AgencyLink = z.infer<typeof agencyLinkSchema>;
export type StormAgencyTrack = z.infer<typeof stormAgencyTrackSchema>;
export type StormAgencies = z.infer<typeof stormAgenciesSchema>;
