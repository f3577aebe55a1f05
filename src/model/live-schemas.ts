/** The answer of the live list: the snapshot's storms plus when and from where they were fetched. */
import { z } from 'zod';
import { globalHistoryArchiveSchema } from './global-archive-answer-schemas.ts';
import { archiveBasinSchema } from './global-archive-schemas.ts';
import { investLinkSchema } from './disturbance-schemas.ts';
import { disturbanceFreshnessSchema, disturbanceNearSchema } from './disturbance-answer-schemas.ts';
import { UPSTREAM_STATES } from './freshness.ts';
import { globalCycloneSchema, globalSummarySchema } from './global-schemas.ts';
import { trackPointSchema, typhoonSchema } from './typhoon-schemas.ts';
import { stormWarningsSchema, warningsNearSchema } from './warning-answer-schemas.ts';

/**
 * A storm as the list and the detail answer it: the stored record, with the invest it formed from and the warnings
 * issued for it in its live status (a link the disturbance history keeps, src/jobs/link-disturbances.ts; the
 * warnings' link, docs/api/warnings.md; archived storms have no live status).
 */
export const typhoonAnswerSchema = typhoonSchema
  .extend({
    live: typhoonSchema.shape.live
      .unwrap()
      .extend({
        formedFrom: investLinkSchema
          .nullable()
          .describe(
            'The JTWC invest it formed from, matched by track (/api/v1/disturbances/{id}: its becameStorm.code or sameAs.code is this storm); null when none was matched',
          ),
        warnings: stormWarningsSchema,
      })
      .nullable()
      .describe(typhoonSchema.shape.live.description ?? ''),
  })
  .describe('A storm: its names, track, forecasts, landfalls, ids and where each part comes from')
  .meta({ id: 'Typhoon' });
export type TyphoonAnswer = z.infer<typeof typhoonAnswerSchema>;

export const liveListSchema = z
  .object({
    typhoons: z.array(typhoonAnswerSchema).describe('Active storms; empty when none is active (see upstream)'),
    total: z.number().int().describe('Number of active storms'),
    fetchedAt: z.string().nullable().describe('When the snapshot was fetched (+08:00); null before the first successful refresh'),
    publishedAt: z
      .string()
      .nullable()
      .describe("The upstream's own time of the data (+08:00): the newest of the storms' latest positions; null without storms"),
    source: z.enum(['zj-live', 'nmc']).nullable().describe('Upstream of the snapshot: the Zhejiang service, or NMC as failover'),
    stale: z
      .boolean()
      .describe(
        'true when the list is not current: the latest refresh failed, was stopped or is overdue (the last good data), this server polls no upstream, or the upstream has published nothing new within its publishing bound (its newest storm was last reported at publishedAt)',
      ),
    staleReason: z.string().nullable().describe('Why the answer is stale, in words; null when it is not'),
    upstream: z
      .enum(UPSTREAM_STATES)
      .describe(
        'ok: the last refresh succeeded (an empty list that is not stale means no active storm); unavailable: the upstreams failed or the stored data cannot be read; never-fetched: no refresh has succeeded yet; off: this server polls no upstream (staleReason names the flag it was started with). An open list',
      ),
  })
  .meta({ id: 'LiveList' });

/** One active storm in brief (bootstrap): its latest position and intensity. */
export const activeStormSchema = typhoonSchema
  .pick({ code: true, name: true, enname: true })
  .extend(
    trackPointSchema.pick({
      time: true,
      lat: true,
      lng: true,
      grade: true,
      strong: true,
      speed: true,
      pressure: true,
      moveDir: true,
      moveSpeed: true,
    }).shape,
  )
  .extend({
    stale: z
      .boolean()
      .describe('Not current: as of its latest position (time), its last report, never now (the storm live.stale of /api/typhoons)'),
    staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
  })
  .meta({ id: 'ActiveStorm' });

const sourceStateSchema = z
  .object({
    fetchedAt: z.string().nullable().describe('Last successful refresh of this source (UTC)'),
    publishedAt: z
      .string()
      .nullable()
      .describe("The upstream's own time of this source's data (UTC): the newest publishedAt of its cyclones listed here; null when none"),
    stale: z.boolean().describe('The data of this source is not current (same rules as the typhoon list)'),
    staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
    upstream: z
      .enum(UPSTREAM_STATES)
      .describe(
        'ok: the last refresh of this source succeeded; unavailable: it failed; never-fetched: this source was never fetched; off: this server polls no upstream. An open list',
      ),
  })
  .describe("One source's freshness")
  .meta({ id: 'SourceState' });

/** The answer of the global live list. */
export const globalListSchema = z
  .object({
    typhoons: z.array(globalCycloneSchema).describe('Active cyclones outside the north-western Pacific'),
    total: z.number().int().describe('Number of active cyclones'),
    sources: z
      .object({ nhc: sourceStateSchema, jtwc: sourceStateSchema })
      .describe("Each source's freshness: NHC's (Atlantic, East and Central Pacific) and JTWC's (the other basins)"),
  })
  .meta({ id: 'GlobalList' });

const nullableTime = z.string().nullable();

/** One active storm relative to a place (`/api/near`); see src/live/active-storms-near.ts for the method. */
export const stormNearSchema = z
  .object({
    code: z.string().describe('Typhoon code, or the global cyclone id'),
    name: z.string().nullable().describe('Chinese name where known'),
    enname: z.string().nullable().describe('English name'),
    region: z.enum(['nw-pacific', 'global']).describe('nw-pacific: /api/typhoons/{code}; global: /api/global/typhoons/{code}'),
    publishedAt: z
      .string()
      .nullable()
      .describe(
        "The upstream's own time of the storm's data: live.publishedAt of a north-western Pacific storm (+08:00), publishedAt of a global cyclone (Z)",
      ),
    stale: z
      .boolean()
      .describe(
        'Not current: its source failed or has published nothing new on it within its publishing bound; told as last reported at publishedAt, never as now',
      ),
    staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
    time: z.string().describe('Time of the latest fix (its own offset: +08:00 north-western Pacific, Z global)'),
    lat: z.number().describe('Latitude of the latest fix, degrees north'),
    lng: z.number().describe('Longitude of the latest fix, degrees east'),
    grade: z.string().nullable().describe('Grade code at the latest fix'),
    speed: z
      .number()
      .nullable()
      .describe('Maximum wind at the latest fix, m/s (2-minute mean for the north-western Pacific, 1-minute for global)'),
    pressure: z.number().nullable().describe('Central pressure at the latest fix, hPa'),
    distanceKm: z.number().describe('Great-circle distance from the place to the latest fix, km'),
    bearing: z
      .object({
        degrees: z.number().int().describe('Initial bearing from the place to the storm centre, degrees clockwise from north'),
        compass: z.string().nullable().describe('The same as a 16-point compass code (N … NNW)'),
      })
      .describe("The direction from the place to the storm's latest fix"),
    approaching: z.boolean().nullable().describe('The latest fix is closer to the place than the one before it; null with one fix'),
    radiusThresholdsMs: z
      .tuple([z.number().describe('radius7, m/s'), z.number().describe('radius10, m/s'), z.number().describe('radius12, m/s')])
      .describe(
        'Wind speeds (m/s) of radius7, radius10, radius12: force 7/10/12 (13.9, 24.5, 32.7) for the north-western Pacific; 34/50/64 kt for global cyclones',
      ),
    forecasts: z
      .array(
        z.object({
          agency: z.string().describe('Agency key of the forecast'),
          closestApproach: z
            .object({
              time: z.string().describe('When the forecast track passes closest (interpolated in time along the track)'),
              km: z.number().describe('Distance at the closest approach, km'),
              lat: z.number().describe('Latitude of the closest point of the track, degrees north'),
              lng: z.number().describe('Longitude of the closest point of the track, degrees east'),
              grade: z.string().nullable().describe('Grade of the nearer forecast point'),
              speed: z.number().nullable().describe('Maximum wind of the nearer forecast point, m/s'),
              pressure: z.number().nullable().describe('Central pressure of the nearer forecast point, hPa'),
            })
            .nullable()
            .describe('null when the forecast has no point after the latest fix'),
          windArrival: z
            .object({
              radius7: nullableTime.describe('When the place is first inside the radius7 circle'),
              radius10: nullableTime.describe('When the place is first inside the radius10 circle'),
              radius12: nullableTime.describe('When the place is first inside the radius12 circle'),
            })
            .describe(
              "First hour at which the place is inside each wind circle: the latest fix's radii per quadrant, held along this forecast track (no forecast carries radii); the latest fix's time when it is inside already; null when never within the forecast or the radius is unknown",
            ),
        }),
      )
      .describe("Per agency forecast of the storm: the forecast track's closest approach to the place and when the wind circles arrive"),
  })
  .meta({ id: 'StormNear' });

export const liveNearSchema = z
  .object({
    lat: z.number().describe('The place, degrees north'),
    lng: z.number().describe('The place, degrees east'),
    total: z.number().int().describe('Number of active storms'),
    storms: z.array(stormNearSchema).describe('Every active storm, nearest first'),
    disturbances: disturbanceFreshnessSchema
      .extend({
        list: z.array(disturbanceNearSchema).describe('Every active tropical disturbance with a position, nearest first'),
        total: z.number().int().describe('Number listed'),
      })
      .describe(
        "The active tropical disturbances relative to the place, with their source's freshness (stale and empty when they cannot be read)",
      ),
    warnings: warningsNearSchema,
    fetchedAt: z.string().nullable().describe('When the north-western Pacific snapshot was fetched'),
    publishedAt: z
      .string()
      .nullable()
      .describe("The newest of the storms' publishedAt (compared as instants; written with that storm's offset); null without storms"),
    stale: z.boolean().describe('Some of the live data is the last good data of a failed refresh'),
    upstream: liveListSchema.shape.upstream.describe(
      "The north-western Pacific list's upstream state: never-fetched means no storm list was fetched yet, so an empty list says nothing",
    ),
  })
  .meta({ id: 'LiveNear' });

/** One global cyclone (`/api/v1/global/typhoons/{id}`; the web body is `{typhoon: …}`): its record and the invest it formed from. */
export const globalCycloneAnswerSchema = globalCycloneSchema
  .extend({
    formedFrom: investLinkSchema
      .nullable()
      .describe('The invest it formed from, when a JTWC advisory said so (/api/v1/disturbances/{id}); null otherwise'),
  })
  .describe('The cyclone');

/**
 * The global history (`/api/v1/global/history`): the cyclones ingested live (the spec's list, `typhoons`) of a year or
 * matching a keyword, and the archive of every basin that matches (`archive`, paged).
 */
export const globalHistorySchema = z.object({
  year: z.number().int().nullable().describe('The year asked for'),
  q: z.string().nullable().describe('The keyword asked for; null without one'),
  basin: archiveBasinSchema
    .nullable()
    .describe(
      "The basin asked for; null without one. A cyclone ingested live is in NA (ATCF AL), EP (EP, CP), WP, NI (IO), and JTWC's Southern Hemisphere (SH) in each of SI, SP and SA, which its ATCF basin does not tell apart",
    ),
  total: z.number().int().describe('Number of cyclones ingested live listed'),
  typhoons: z
    .array(globalSummarySchema)
    .describe('The cyclones ingested live since the service began (NHC, JTWC), in brief; a storm of the archive is also in archive'),
  archive: globalHistoryArchiveSchema,
});
