/** Answers of the searches over whole tracks: archive proximity (near a place) and similar tracks. */
import { z } from 'zod';
import { pageSchema } from './content-schemas.ts';
import { gradeCodeSchema, gradeCountsSchema, trackPointSchema, typhoonSummarySchema } from './typhoon-schemas.ts';

const { time: beijingTime } = trackPointSchema.shape;

export const closestPointSchema = trackPointSchema
  .pick({ strong: true, grade: true, power: true, speed: true, pressure: true })
  .extend({
    time: beijingTime.describe(
      'When the track was nearest: interpolated linearly in time between the two fixes around it, to the minute (+08:00)',
    ),
    lat: z
      .number()
      .describe('Latitude of the nearest point of the track, degrees north: on the great-circle arc between the fixes, interpolated'),
    lng: z.number().describe('Longitude of the nearest point of the track, degrees east (−180…180), interpolated likewise'),
    intensityFrom: beijingTime.describe('The fix nearer in time, whose grade, wind and pressure are given (intensity is not interpolated)'),
  })
  .describe('The track at its closest approach')
  .meta({ id: 'ClosestPoint' });

export const nearStormSchema = typhoonSummarySchema
  .extend({
    closestKm: z
      .number()
      .describe('Great-circle distance in km (0.1 km) from the place to the track: the arcs between fixes, not only the fixes'),
    closestTime: beijingTime.describe('Time of the closest approach (the same as closestPoint.time)'),
    closestPoint: closestPointSchema,
  })
  .meta({ id: 'NearStorm' });

export const nearQuerySchema = z
  .object({
    lat: z.number().describe('Degrees north'),
    lng: z.number().describe('Degrees east'),
    radius: z.number().describe('km'),
    from: z.number().int().nullable().describe('First storm year; null when not given'),
    to: z.number().int().nullable().describe('Last storm year; null when not given'),
    months: z
      .array(z.number().int().min(1).max(12).describe('Month 1–12'))
      .nullable()
      .describe('Months of the closest approach (Beijing time), ascending; null when not given'),
    minGrade: gradeCodeSchema.nullable().describe('Lowest peak grade; null when not given'),
    landfall: z.boolean().nullable().describe('With (true) or without (false) a recorded landfall; null when not given'),
  })
  .describe('The query, as read')
  .meta({ id: 'NearQuery' });

const count = z.number().int().describe('Storms');

export const nearCountsSchema = z
  .object({
    byDecade: z
      .array(z.object({ decade: z.number().int().describe('First year of the decade (1990 = 1990–1999), by storm year'), count }))
      .describe('Decades with at least one storm, ascending'),
    byMonth: z
      .array(z.object({ month: z.number().int().min(1).max(12).describe('Month of the closest approach, Beijing time'), count }))
      .describe('Every month 1–12'),
    byPeakGrade: gradeCountsSchema,
  })
  .describe('The whole match counted (every page, not only this one)')
  .meta({ id: 'NearCounts' });

export const historyNearSchema = z.intersection(
  pageSchema(nearStormSchema),
  z.object({ query: nearQuerySchema, counts: nearCountsSchema }),
);

export const similarStormSchema = typhoonSummarySchema
  .extend({
    score: z
      .number()
      .describe(
        'Mean great-circle distance in km (0.1 km) between corresponding points of the two resampled tracks: lower is more similar',
      ),
  })
  .meta({ id: 'SimilarStorm' });

export const similarTracksSchema = z
  .object({
    storm: typhoonSummarySchema.describe('The storm asked about'),
    basis: z
      .enum(['whole-track', 'first-hours'])
      .describe(
        'whole-track: an archived storm, whole tracks compared; first-hours: an active storm, its track so far against the first `hours` of each archived track that lasted as long',
      ),
    hours: z.number().nullable().describe("first-hours: the active storm's hours since its first fix; null for whole-track"),
    points: z.number().int().describe('Points each track is resampled to, evenly spaced along its length'),
    method: z.string().describe('The method, in words'),
    size: z.number().int().describe('Storms asked for (1–50, default 10)'),
    list: z.array(similarStormSchema).describe('Most similar first (lowest score; ties: newer first); never the storm itself'),
  })
  .meta({ id: 'SimilarTracks' });

export type NearStorm = z.infer<typeof nearStormSchema>;
export type NearQuery = z.infer<typeof nearQuerySchema>;
export type NearCounts = z.infer<typeof nearCountsSchema>;
export type SimilarTracks = z.infer<typeof similarTracksSchema>;
