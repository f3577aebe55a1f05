/**
 * The answers of the forecast endpoints (docs/api/endpoints-forecasts.md): a storm's issuances, paged; a storm's
 * verification by agency (live-kept issuances, or an archived storm's official forecasts from the ATCF a-decks); the
 * verification of one season per agency and basin. The rules are docs/data/verification.md's.
 */
import { z } from 'zod';
import { issuanceSchema } from './forecast-schemas.ts';
import { UPSTREAM_STATES } from './freshness.ts';
import { featureCollectionOf, featureOf } from './geojson-schemas.ts';
import { utcTime } from './global-schemas.ts';
import { forecastVerificationSchema, leadSkillSchema, leadSummarySchema } from './verification-schemas.ts';

export const VERIFICATION_SOURCES = ['archive', 'live'] as const;
const verificationSourceSchema = z
  .enum(VERIFICATION_SOURCES)
  .describe(
    "Where the forecasts come from: archive (the ATCF a-decks the build read: NHC's archive, UCAR's of JTWC's), live (the issuances the scheduled run kept)",
  );

export const forecastStormSchema = z
  .object({
    id: z.string().describe("The storm's id in its issuances: a north-western Pacific code (202411) or an ATCF id (al132025)"),
    code: z.string().nullable().describe('Its north-western Pacific code, when it has one'),
    atcfId: z.string().nullable().describe('Its ATCF id, when known'),
    archivedId: z
      .string()
      .nullable()
      .describe('Its id in the archive of every basin (nhc-al041992, cma-201330, ibtracs-…), when its record is there'),
    name: z.string().nullable().describe('Its English name, upper case; null when none is known'),
    basin: z.string().describe('ATCF basin: WP, AL, EP, CP, IO, SH'),
  })
  .meta({ id: 'ForecastStorm' });

export const verifiedAgainstSchema = z
  .object({
    source: z
      .string()
      .describe("The verifying track: hurdat2, ibtracs, cma-best-track (final), cma-operational, atcf-bdeck (the agency's working track)"),
    status: z.enum(['final', 'provisional']).describe("final: the agency's best track; provisional: the operational track as it stood"),
    asOf: utcTime.nullable().describe('When a provisional track was read; null for a final one'),
  })
  .meta({ id: 'VerifiedAgainst' });

export const baselineSkillSchema = z
  .object({
    baseline: z
      .string()
      .describe(
        "The no-skill baseline: OCD5 (NHC's CLIPER5 and Decay-SHIFOR5, from its a-decks), CLP5 or CLIP (older decks), wp-persistence (this project's climatology and persistence of the north-western Pacific)",
      ),
    leads: z.array(leadSkillSchema).describe('Skill per lead time, on the cases both verified'),
  })
  .describe("Skill against the basin's no-skill baseline; null where the basin has none (the North Indian Ocean, the Southern Hemisphere)")
  .meta({ id: 'BaselineSkill' });

export const agencyVerificationSchema = z
  .object({
    agency: z.string().describe('Whose forecasts: nhc, cphc, jtwc, cma, jma, hko, cwa, kma, …'),
    basin: z.string().describe('ATCF basin'),
    year: z.number().int().nullable().describe("The year of the initial times (UTC); null in a storm's verification"),
    source: verificationSourceSchema,
    status: z.enum(['final', 'provisional']).describe('provisional when any of its forecasts was verified against a provisional track'),
    forecasts: z.number().int().describe('Forecasts verified (one per initial time: docs/data/verification.md)'),
    leads: z.array(leadSummarySchema).describe('Means per lead time, 12 to 120 h'),
    skill: baselineSkillSchema.nullable(),
  })
  .meta({ id: 'AgencyVerification' });

export const homogeneousComparisonSchema = z
  .object({
    basin: z.string().describe('ATCF basin'),
    year: z.number().int().nullable().describe("The season compared; null in a storm's verification"),
    source: verificationSourceSchema,
    agencies: z.array(z.string()).describe('The two agencies compared'),
    leads: z
      .array(
        z.object({
          agency: z.string().describe('The agency'),
          leads: z.array(leadSummarySchema).describe('Its means on the common cases'),
        }),
      )
      .describe('Per agency, its means on the cases (storm and initial time) every compared agency verified at that lead'),
  })
  .describe('A homogeneous comparison of two agencies: only the cases (storm and initial time) both verified')
  .meta({ id: 'HomogeneousComparison' });

export const stormVerificationSchema = z
  .object({
    storm: forecastStormSchema.describe('The storm and its ids'),
    source: verificationSourceSchema,
    against: verifiedAgainstSchema.nullable().describe('The track the forecasts were verified against; null when none is known yet'),
    agencies: z.array(agencyVerificationSchema).describe('Per agency, its means and its skill'),
    comparisons: z
      .array(homogeneousComparisonSchema)
      .describe('Every two agencies side by side on the cases both verified (none with fewer than two agencies)'),
    forecasts: z.array(forecastVerificationSchema).describe('Each forecast verified (one per agency and initial time), newest first'),
  })
  .meta({ id: 'StormVerification' });

export const archivedStormVerificationSchema = stormVerificationSchema
  .extend({
    source: z.literal('archive').describe('The ATCF a-decks the build read'),
    issuances: z.array(issuanceSchema).describe('Every official forecast of the storm in its a-deck, newest first'),
  })
  .meta({ id: 'ArchivedStormVerification' });

export const stormForecastsAnswerSchema = z
  .object({
    storm: forecastStormSchema.describe('The storm and its ids'),
    list: z.array(issuanceSchema).describe('Its issuances, newest first (initial time, then agency, product, latest revision first)'),
    total: z.number().int().describe('Issuances kept of the storm'),
    page: z.number().int().describe('The page, from 1'),
    size: z.number().int().describe('Issuances per page'),
    pages: z.number().int().describe('Pages in all'),
    updatedAt: utcTime.nullable().describe('When the scheduled run last read a forecast of the storm (the latest seenAt)'),
  })
  .meta({ id: 'StormForecasts' });

/** A storm's kept issuances for a map (`/api/geojson/typhoons/{code}/forecasts`, `/api/geojson/global/typhoons/{id}/forecasts`). */
export const stormForecastsGeoJsonSchema = featureCollectionOf(
  featureOf(
    z
      .object({
        kind: z
          .enum(['forecast-cone', 'forecast-track', 'forecast-point'])
          .describe(
            "forecast-cone: the agency's cone from its measured errors, a Polygon (share, radiiFrom: the sample it was measured on, circles); forecast-track: the track from the analysis position, a LineString (cut at the antimeridian); forecast-point: a Point per position (leadHours, validTime, lat, lng, wind in windUnit over windPeriod, pressure hPa, stage)",
          ),
        key: issuanceSchema.shape.key,
        agency: issuanceSchema.shape.agency,
        storm: z.string().describe("The storm's id in its issuances (storm.id)"),
        initialTime: issuanceSchema.shape.initialTime,
        issuedAt: issuanceSchema.shape.issuedAt,
        revision: issuanceSchema.shape.revision,
        special: issuanceSchema.shape.special,
      })
      .catchall(z.unknown().describe('The fields of what the feature is (see kind)'))
      .describe("The issuance's fields (which one it is), then those of what the feature is (see kind)"),
  ),
  "Each issuance's features, newest issuance first (the order of /api/typhoons/{code}/forecasts): its cone, track, points",
  {
    storm: forecastStormSchema.describe('The storm and its ids (a foreign member, RFC 7946 §6.1)'),
    total: z.number().int().describe('Issuances kept of the storm, every one drawn'),
    updatedAt: utcTime
      .nullable()
      .describe('When the scheduled run last read a forecast of the storm (the latest seenAt); null when none was kept'),
    freshness: z
      .object({
        fetchedAt: z
          .string()
          .nullable()
          .describe(
            "When the live data holding the storm was fetched: the north-western Pacific snapshot (+08:00), a global cyclone's source's last successful refresh (Z)",
          ),
        publishedAt: z.string().describe("The upstream's own time of the storm's data: its latest position or advisory"),
        stale: z.boolean().describe("As the storm's own answer says it: not current (it was last reported at publishedAt)"),
        staleReason: z.string().nullable().describe('Why it is stale, in words; null when it is not'),
        upstream: z.enum(UPSTREAM_STATES).describe("The live list's upstream state (a global cyclone's: its source's)"),
      })
      .nullable()
      .describe(
        'While the storm is active (in the live list, north-western Pacific or global): how current it is, as its GeoJSON and detail say it (a foreign member, RFC 7946 §6.1); null when it is not active',
      ),
  },
)
  .describe("A GeoJSON FeatureCollection (RFC 7946) of a storm's kept forecast issuances: each one's cone, track and points")
  .meta({ id: 'StormForecastsGeoJson' });

export const verificationSummaryAnswerSchema = z
  .object({
    year: z.number().int().describe('The season asked for: the year of the initial times, UTC'),
    basin: z.string().nullable().describe('The basin asked for; null: every basin'),
    agency: z.string().nullable().describe('The agency asked for; null: every agency'),
    list: z.array(agencyVerificationSchema).describe('Per agency, basin and source'),
    total: z.number().int().describe('Groups in the list'),
    comparisons: z
      .array(homogeneousComparisonSchema)
      .describe('Per basin and source, every two agencies side by side on the cases both verified'),
  })
  .meta({ id: 'VerificationSummary' });

export type ForecastStorm = z.infer<typeof forecastStormSchema>;
export type VerifiedAgainst = z.infer<typeof verifiedAgainstSchema>;
export type BaselineSkill = z.infer<typeof baselineSkillSchema>;
export type AgencyVerification = z.infer<typeof agencyVerificationSchema>;
export type HomogeneousComparisonAnswer = z.infer<typeof homogeneousComparisonSchema>;
export type StormVerification = z.infer<typeof stormVerificationSchema>;
export type ArchivedStormVerification = z.infer<typeof archivedStormVerificationSchema>;
export type StormForecastsAnswer = z.infer<typeof stormForecastsAnswerSchema>;
export type StormForecastsGeoJson = z.infer<typeof stormForecastsGeoJsonSchema>;
export type VerificationSummaryAnswer = z.infer<typeof verificationSummaryAnswerSchema>;
