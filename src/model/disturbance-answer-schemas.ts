/**
 * What the disturbance endpoints answer (docs/api/disturbances.md): how current the data is, the active list with the
 * advisories and outlooks it was read from, the history, one disturbance, the GeoJSON for a map, and a disturbance in
 * brief (bootstrap) or relative to a place (`/api/near`).
 */
import { z } from 'zod';
import { ADVISORY_REGIONS, basinSchema } from './disturbance-product-schemas.ts';
import { UPSTREAM_STATES } from './freshness.ts';
import { disturbanceIdSchema, disturbancePotentialSchema, disturbanceSchema, formationOutlookSchema } from './disturbance-schemas.ts';
import { featureCollectionOf, featureOf } from './geojson-schemas.ts';
import { utcTime } from './global-schemas.ts';

/** How current the disturbances are: the same rules as every live source (src/model/freshness.ts). */
export const disturbanceFreshnessSchema = z.object({
  fetchedAt: utcTime
    .nullable()
    .describe('When JTWC’s bulletins and NHC’s outlooks were last all read; null before the first successful refresh'),
  publishedAt: utcTime
    .nullable()
    .describe(
      'When JTWC issued what is served: the newest issue time of the advisories last read (the time group of their heading, ABPW10 PGTW 220800, with the month of their validity); null before one was read',
    ),
  stale: z
    .boolean()
    .describe(
      'true when the list is not current: a part of the latest refresh failed (staleReason names it), a run was stopped or refreshes are overdue, this server polls no upstream, or the bulletins served are past their validity',
    ),
  staleReason: z.string().nullable().describe('Why the answer is stale, in words; null when it is not'),
  upstream: z
    .enum(UPSTREAM_STATES)
    .describe(
      'ok: every bulletin was read at the last refresh (an empty list that is not stale means JTWC lists no disturbance); unavailable: a part of it failed, or the stored data cannot be read; never-fetched: nothing was ever read; off: this server polls no upstream. An open list',
    ),
});

/** An advisory as last read: what it covers, its validity, and how many invests it lists as watched. */
export const advisorySummarySchema = z
  .object({
    product: z.enum(['ABPW10', 'ABIO10']).describe('ABPW10: western and south Pacific; ABIO10: Indian Ocean'),
    regions: z.array(z.enum(ADVISORY_REGIONS)).describe('The areas it covers'),
    issuedAt: utcTime,
    reissued: z.boolean().describe('The advisory says it is a reissue of an earlier one'),
    validFrom: utcTime,
    validUntil: utcTime,
    watched: z.array(disturbanceIdSchema).describe('The invests it lists as suspect areas (the active list of its areas)'),
  })
  .meta({ id: 'AdvisorySummary' });

export const disturbanceListSchema = disturbanceFreshnessSchema
  .extend({
    list: z.array(disturbanceSchema).describe('Active disturbances, every basin, newest first'),
    total: z.number().int().describe('Number listed'),
    advisories: z
      .array(advisorySummarySchema)
      .describe('The last good read of each advisory: an area with no disturbance is told by an advisory that lists none'),
    outlooks: z
      .array(formationOutlookSchema)
      .describe(
        "The last good read of NHC's Tropical Weather Outlooks: the areas where a tropical cyclone may form, with NHC's chances in percent",
      ),
  })
  .meta({ id: 'DisturbanceList' });

export const disturbanceHistorySchema = z
  .object({
    year: z
      .number()
      .int()
      .nullable()
      .describe('The year asked for (the ATCF id’s year; the season’s in the southern hemisphere); null: every year'),
    fetchedAt: disturbanceFreshnessSchema.shape.fetchedAt,
    publishedAt: disturbanceFreshnessSchema.shape.publishedAt,
    list: z.array(disturbanceSchema).describe('Every disturbance ingested, active or ended, newest first'),
    total: z.number().int().describe('Number listed'),
  })
  .meta({ id: 'DisturbanceHistory' });

/** An active disturbance in brief (bootstrap): its latest position, potential and whether an alert is in force. */
export const disturbanceBriefSchema = z
  .object({
    id: disturbanceIdSchema.describe('/api/v1/disturbances/{id}'),
    designator: z.string().describe('94W, 91E, …'),
    basin: basinSchema,
    lat: z.number().describe('Latitude of its latest position, degrees north'),
    lng: z.number().describe('Longitude of its latest position, degrees east'),
    time: utcTime.nullable().describe('Time of that position; null when the bulletin gives none'),
    potential: disturbancePotentialSchema.nullable().describe('Its development potential, as in /api/v1/disturbances'),
    alertInForce: z.boolean().describe('A formation alert is in force'),
  })
  .meta({ id: 'DisturbanceBrief' });

/** An active disturbance relative to a place (`/api/near`). */
export const disturbanceNearSchema = disturbanceBriefSchema
  .extend({
    distanceKm: z.number().describe('Great-circle distance from the place to its latest position, km'),
    bearing: z
      .object({
        degrees: z.number().int().describe('Initial bearing from the place to it, degrees clockwise from north'),
        compass: z.string().nullable().describe('The same as a 16-point compass code (N … NNW)'),
      })
      .describe('The direction from the place to its latest position'),
  })
  .meta({ id: 'DisturbanceNear' });
export type DisturbanceNear = z.infer<typeof disturbanceNearSchema>;
export type DisturbanceBrief = z.infer<typeof disturbanceBriefSchema>;
export type AdvisorySummary = z.infer<typeof advisorySummarySchema>;

/** One disturbance (`/api/v1/disturbances/{id}`), with how current the data it comes from is. */
export const disturbanceAnswerSchema = disturbanceFreshnessSchema.extend({
  publishedAt: disturbanceFreshnessSchema.shape.publishedAt.describe(
    'When JTWC issued what is served of it: the newest issue time of the advisory that last listed it and of its formation alert; null when neither gives one',
  ),
  disturbance: disturbanceSchema.describe('The disturbance'),
});

/** The active disturbances for a map (`/api/geojson/disturbances`). */
export const disturbancesGeoJsonSchema = featureCollectionOf(
  featureOf(
    z
      .object({
        id: disturbanceIdSchema,
        kind: z
          .enum(['alert-box', 'track', 'position'])
          .describe(
            'alert-box: the formation alert box as a Polygon (issuedAt, expiresAt); track: the invest b-deck as a LineString (source, points); position: the latest position as a Point',
          ),
      })
      .catchall(z.unknown().describe('The fields of what the feature is (see kind)'))
      .describe("The feature's fields: `id` and `kind`, then the fields of what it is"),
  ),
  'The features: alert boxes, then tracks, then positions',
  {
    freshness: disturbanceFreshnessSchema.describe(
      'How current the disturbances are, as /api/disturbances says it (a foreign member, RFC 7946 §6.1): the positions are as of fetchedAt and publishedAt, never newer',
    ),
  },
).describe('A GeoJSON FeatureCollection (RFC 7946) of the active disturbances: alert boxes, then tracks, then positions');
