/**
 * Answers of the archive of every basin (docs/api/endpoints-global-archive.md): one storm of any basin, each basin's
 * years, which basins a deployment holds, the archive's part of the global history, storms near a place and similar
 * tracks across basins. The records themselves are ./global-archive-schemas.ts.
 */
import { z } from 'zod';
import { pageSchema } from './content-schemas.ts';
import { archiveBasinSchema, archivedStormSchema, archivedSummarySchema, basinYearSchema, STAGES } from './global-archive-schemas.ts';
import { utcTime } from './global-schemas.ts';
import { attributionSchema } from './typhoon-schemas.ts';

export const basinCoverageSchema = z
  .object({
    basin: archiveBasinSchema,
    name: z.string().describe("The basin's name in English"),
    record: z.enum(['hurdat2', 'ibtracs', 'cma']).describe("The basin's record (docs/data/data-sources.md#the-other-basins)"),
    loaded: z
      .boolean()
      .describe(
        "Whether this deployment's build read the basin's record: false when its files were not given, and then its storms are not here (which is not 'no storms')",
      ),
    storms: z.number().int().describe('Storms formed in the basin that the archive holds'),
    firstYear: z.number().int().nullable().describe('Year of the first of them; null when there is none'),
    lastYear: z.number().int().nullable().describe('Year of the last of them; null when there is none'),
  })
  .meta({ id: 'BasinCoverage' });

export const archiveCoverageSchema = z
  .object({
    otherBasins: z
      .boolean()
      .describe(
        "Whether the other basins' best tracks (HURDAT2, IBTrACS) were read by this deployment's build; false: only the north-western Pacific is answered, and every other basin is not loaded (not 'no storms')",
      ),
    basins: z.array(basinCoverageSchema).describe('Every basin, in the order NA, EP, WP, NI, SI, SP, SA'),
  })
  .describe('Which basins the archive of this deployment holds')
  .meta({ id: 'ArchiveCoverage' });

/** One storm of any basin (`/api/v1/global/storms/{id}`): its record and the credits its source asks for. */
export const archivedStormAnswerSchema = archivedStormSchema
  .extend({ attribution: attributionSchema })
  .describe('The storm, as its basin’s record has it');

/** Each basin's years (`/api/v1/global/history/years`). */
export const globalHistoryYearsSchema = z
  .object({
    years: z
      .array(basinYearSchema)
      .describe('Basin by basin (NA, EP, WP, NI, SI, SP, SA), year by year, the years with at least one storm'),
    coverage: archiveCoverageSchema,
    attribution: attributionSchema,
  })
  .meta({ id: 'GlobalHistoryYears' });

export const GLOBAL_MATCHES = ['id', 'name', 'prefix', 'fuzzy'] as const;

export const archivedListEntrySchema = archivedSummarySchema
  .extend({
    matchedBy: z
      .enum(GLOBAL_MATCHES)
      .nullable()
      .describe('With q: how it matched (a whole id, a whole name or spelling, the start of one, a near miss); null without q'),
  })
  .meta({ id: 'ArchivedListEntry' });

/** The archive's part of `/api/v1/global/history`: every basin's records that match, paged. */
export const globalHistoryArchiveSchema = z
  .intersection(
    pageSchema(archivedListEntrySchema),
    z.object({
      otherBasins: archiveCoverageSchema.shape.otherBasins,
    }),
  )
  .describe(
    "The archive of every basin that matches year, q and basin, paged (page, size): in order of formation; with q the best 50 matches, best first. Its total counts the whole match. Without the other basins' files (otherBasins false) it holds the north-western Pacific's alone",
  )
  .meta({ id: 'GlobalHistoryArchive' });

export const globalNearStormSchema = archivedSummarySchema
  .extend({
    closestKm: z
      .number()
      .describe('Great-circle distance in km (0.1 km) from the place to the track: the arcs between fixes, not only the fixes'),
    closestPoint: z
      .object({
        time: utcTime.describe('When the track was nearest: interpolated linearly in time between the two fixes around it, to the minute'),
        lat: z.number().describe('Latitude of the nearest point of the track, degrees north: on the great-circle arc between the fixes'),
        lng: z.number().describe('Longitude of the nearest point of the track, degrees east (−180…180)'),
        speed: z.number().nullable().describe("The nearer fix's maximum wind, m/s over the storm's windPeriod (not interpolated)"),
        pressure: z.number().nullable().describe("The nearer fix's central pressure, hPa"),
        stage: z.enum(STAGES).nullable().describe("The nearer fix's stage"),
        intensityFrom: utcTime.describe('The fix nearer in time, whose wind, pressure and stage are given'),
      })
      .describe('The track at its closest approach'),
  })
  .meta({ id: 'GlobalNearStorm' });

export const globalNearSchema = z.intersection(
  pageSchema(globalNearStormSchema),
  z.object({
    query: z
      .object({
        lat: z.number().describe('Degrees north'),
        lng: z.number().describe('Degrees east'),
        radius: z.number().describe('km'),
        basin: archiveBasinSchema.nullable().describe('Only storms that entered this basin; null when not given'),
        from: z.number().int().nullable().describe('First storm year; null when not given'),
        to: z.number().int().nullable().describe('Last storm year; null when not given'),
      })
      .describe('The query, as read')
      .meta({ id: 'GlobalNearQuery' }),
    counts: z
      .object({
        byBasin: z
          .array(z.object({ basin: archiveBasinSchema, count: z.number().int().describe('Storms formed there') }))
          .describe('Every basin where a storm of the match formed, in the order NA, EP, WP, NI, SI, SP, SA'),
        byDecade: z
          .array(
            z.object({
              decade: z.number().int().describe('First year of the decade (1990 = 1990–1999), by storm year'),
              count: z.number().int().describe('Storms'),
            }),
          )
          .describe('Decades with at least one storm, ascending'),
      })
      .describe('The whole match counted (every page, not only this one)')
      .meta({ id: 'GlobalNearCounts' }),
    otherBasins: archiveCoverageSchema.shape.otherBasins,
  }),
);

export const globalSimilarSchema = z
  .object({
    storm: archivedSummarySchema.describe('The storm asked about'),
    basin: archiveBasinSchema.nullable().describe('Only storms that entered this basin; null when not given'),
    points: z.number().int().describe('Points each track is resampled to, evenly spaced along its length'),
    method: z.string().describe('The method, in words'),
    size: z.number().int().describe('Storms asked for (1–50, default 10)'),
    list: z
      .array(
        archivedSummarySchema
          .extend({
            score: z
              .number()
              .describe(
                'Mean great-circle distance in km (0.1 km) between corresponding points of the two resampled tracks: lower is more similar',
              ),
          })
          .meta({ id: 'GlobalSimilarStorm' }),
      )
      .describe('Most similar first (lowest score; ties: newer first); never the storm itself'),
    otherBasins: archiveCoverageSchema.shape.otherBasins,
  })
  .meta({ id: 'GlobalSimilar' });

export type BasinCoverage = z.infer<typeof basinCoverageSchema>;
export type ArchiveCoverage = z.infer<typeof archiveCoverageSchema>;
export type GlobalNear = z.infer<typeof globalNearSchema>;
export type GlobalSimilarAnswer = z.infer<typeof globalSimilarSchema>;
