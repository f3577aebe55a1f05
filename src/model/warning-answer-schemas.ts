/**
 * The warnings' answers (docs/api/warnings.md, "Endpoints"): every warning in force grouped by agency with each agency's
 * freshness (`/api/v1/warnings`, `/api/v1/warnings/{agency}`), the changes recorded (`/api/v1/warnings/history`),
 * the areas with geometry as GeoJSON, and the warnings at a place (`/api/near`, bootstrap, a storm's detail).
 */
import { z } from 'zod';
import { UPSTREAM_STATES } from './freshness.ts';
import { featureCollectionOf, featureOf } from './geojson-schemas.ts';
import {
  CHANGE_KINDS,
  localTextSchema,
  offsetTime,
  sourceDocumentSchema,
  stormRefSchema,
  WARNING_AGENCIES,
  WARNING_KINDS,
  WARNING_STATES,
  warningAreaSchema,
  warningSchema,
} from './warning-schemas.ts';

export const stormLinkSchema = z
  .object({
    code: z.string().describe("The storm's code (`/api/v1/typhoons/{code}`)"),
    name: z.string().nullable().describe("The storm's Chinese name as this service has it"),
    enname: z.string().nullable().describe("The storm's English name as this service has it"),
    by: z
      .enum(['agency-number', 'agency-name', 'nearest-active'])
      .describe(
        "How the link is known: the agency's own number of the storm (JMA), the name the agency gives, or, when the agency names no storm, the active storm nearest its region within 1,000 km",
      ),
    distanceKm: z.number().nullable().describe("nearest-active: the storm's distance from the agency's region, km; else null"),
  })
  .describe('The storm this warning is for, as this service links it; null when none is (docs/api/warnings.md, "Which storm")')
  .meta({ id: 'WarningStormLink' });
export type StormLinkAnswer = z.infer<typeof stormLinkSchema>;

export const warningInForceSchema = warningSchema
  .extend({ linkedStorm: stormLinkSchema.nullable() })
  .describe('A warning in force, as its agency issued it, with the storm it is for')
  .meta({ id: 'WarningInForce' });
export type WarningInForce = z.infer<typeof warningInForceSchema>;

const freshnessFields = {
  fetchedAt: z
    .string()
    .nullable()
    .describe("When the agency's answer served here was fetched (UTC); null before the first successful read"),
  publishedAt: offsetTime
    .nullable()
    .describe("The agency's own time of that answer (the newest time it gives, its own offset); null when it gives none"),
  stale: z.boolean().describe('True when the answer cannot be vouched for as current: staleReason says why'),
  staleReason: z.string().nullable().describe('Why the answer is stale, in words (each reason, joined by `; `); null when it is not'),
  upstream: z
    .enum(UPSTREAM_STATES)
    .describe('ok, unavailable (the last read failed or the stored data cannot be read), never-fetched, off (this server polls nothing)'),
};

export const agencyWarningsSchema = z
  .object({
    agency: z
      .enum(WARNING_AGENCIES)
      .describe('hko (Hong Kong Observatory), jma (Japan Meteorological Agency), pagasa (PAGASA, the Philippines)'),
    agencyName: localTextSchema.describe("The agency's name in its own languages"),
    state: z
      .enum(WARNING_STATES)
      .describe(
        "in-force: warnings listed; none-in-force: only when the agency's own answer, read within its freshness, said that none is; unknown: there is no answer that can be read (never told as none)",
      ),
    stateReason: z.string().nullable().describe('Why the state is unknown, in words; null otherwise'),
    total: z.number().int().describe('Warnings in force listed'),
    warnings: z
      .array(warningInForceSchema)
      .describe("Every warning in force at the time of the answer, in the agency's order; a warning past its own expiry is not listed"),
    documents: z.array(sourceDocumentSchema).describe('The documents the answer was read from'),
    ...freshnessFields,
  })
  .describe("One agency's warnings in force and how current they are")
  .meta({ id: 'AgencyWarnings' });
export type AgencyWarnings = z.infer<typeof agencyWarningsSchema>;

export const warningsAnswerSchema = z
  .object({
    total: z.number().int().describe('Warnings in force, every agency'),
    agencies: z.array(agencyWarningsSchema).describe('Each agency read (hko, jma, pagasa), in that order'),
    fetchedAt: z.string().nullable().describe('The newest of the agencies’ fetch times (UTC); null before any'),
    stale: z.boolean().describe("True when any agency's answer is stale (each says why)"),
  })
  .describe('Every warning in force, grouped by agency');

/** A warning's code and words, as a change names what was and what is. */
export const warningLevelSchema = z
  .object({
    code: z.string().describe("The agency's code (TC8SE, 05, TCWS3)"),
    level: z.number().int().nullable().describe('Order within the kind (docs/api/warnings.md); null where the kind has one level'),
    name: localTextSchema,
    words: localTextSchema,
  })
  .meta({ id: 'WarningLevel' });

export const warningChangeEntrySchema = z
  .object({
    id: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .describe('Stable id of the change: 16 hexadecimal digits'),
    agency: z.enum(WARNING_AGENCIES).describe('The agency whose warning changed: hko, jma or pagasa'),
    slot: z.string().describe('What one value is raised, changed and lowered in (docs/api/warnings.md, "The model")'),
    kind: z.enum(WARNING_KINDS).describe('The kind of warning (docs/api/warnings.md, "The model")'),
    change: z
      .enum(CHANGE_KINDS)
      .describe('raised (a new warning, or a higher level), changed (the same level, other words: TC8NE → TC8SE), lowered, cancelled'),
    how: z
      .enum(['agency-said', 'expired', 'left-the-answer'])
      .describe(
        "How it is known: the agency's answer says it (issued, changed, CANCEL, 解除); the warning's own expiry passed; it is no longer in an answer that lists every warning in force (not the agency's word: never a flash item)",
      ),
    at: offsetTime.nullable().describe("The agency's time of the change (its own offset)"),
    from: warningLevelSchema.nullable().describe('What was in force before; null when nothing was'),
    to: warningLevelSchema.nullable().describe('What is in force after; null after a cancellation'),
    area: warningAreaSchema.nullable().describe('The area (null for HKO, all of Hong Kong, and for JMA storm areas)'),
    storm: stormRefSchema.nullable().describe('The storm as the agency named it'),
    linkedStorm: stormLinkSchema.nullable(),
    source: sourceDocumentSchema.describe(
      'The document that told the change (for a cancellation without a word, the answer that no longer had it)',
    ),
    recordedAt: z.string().describe('When the scheduled run saw it (UTC)'),
  })
  .meta({ id: 'WarningHistoryEntry' });
export type WarningChangeEntry = z.infer<typeof warningChangeEntrySchema>;

export const warningHistorySchema = z
  .object({
    storm: z.string().nullable().describe('The storm asked for (?storm=); null without'),
    year: z
      .number()
      .int()
      .nullable()
      .describe(
        'The year listed: the one asked for (?year=), this year (UTC) when neither storm nor year is asked; null with ?storm= alone',
      ),
    total: z.number().int().describe('Changes listed'),
    list: z.array(warningChangeEntrySchema).describe('Every change recorded, oldest first'),
  })
  .describe('Every warning raised, changed, lowered and cancelled, in order');

/** The warnings that apply at a place (`/api/near`, bootstrap is placeless), with how each is known to apply. */
export const warningAtPlaceSchema = z
  .object({
    warning: warningInForceSchema,
    match: z
      .enum(['inside-area', 'inside-circle', 'approximate-circle'])
      .describe(
        "inside-area: the agency's whole region (Hong Kong); inside-circle: a circle the agency gives (JMA's storm areas); approximate-circle: PAGASA's area by the covering circle of the reviewed table (the place may be in a neighbouring area)",
      ),
  })
  .meta({ id: 'WarningAtPlace' });

export const warningsNearSchema = z
  .object({
    list: z.array(warningAtPlaceSchema).describe('The warnings in force that apply at the place'),
    total: z.number().int().describe('Warnings listed'),
    unplaced: z
      .number()
      .int()
      .describe(
        "Warnings in force that cannot be placed (JMA's municipality warnings: no area geometry here; PAGASA areas the table lacks): listed by /api/v1/warnings",
      ),
    agencies: z
      .array(
        z.object({
          agency: z.enum(WARNING_AGENCIES).describe('hko, jma or pagasa'),
          state: z
            .enum(WARNING_STATES)
            .describe("The agency's state, as /api/v1/warnings/{agency} says it (in-force, none-in-force, unknown)"),
          ...freshnessFields,
        }),
      )
      .describe(
        "Each agency's state and freshness: a place with no warning listed is only known to have none where the agency's state is not unknown and not stale",
      ),
  })
  .describe('The warnings in force at a place')
  .meta({ id: 'WarningsNear' });

/** The agencies' warnings in brief, for bootstrap. */
export const warningsBriefSchema = z
  .object({
    total: z.number().int().describe('Warnings in force, every agency'),
    agencies: z
      .array(
        agencyWarningsSchema
          .pick({
            agency: true,
            state: true,
            stateReason: true,
            total: true,
            fetchedAt: true,
            publishedAt: true,
            stale: true,
            staleReason: true,
            upstream: true,
          })
          .extend({
            signals: z
              .array(
                warningLevelSchema.extend({
                  kind: z.enum(WARNING_KINDS).describe('The kind of warning (docs/api/warnings.md, "The model")'),
                  area: z.string().nullable().describe("The area's name (the agency's)"),
                }),
              )
              .describe('The warnings in force, in brief'),
          }),
      )
      .describe('Each agency (hko, jma, pagasa): its state and freshness, and its warnings in force in brief'),
  })
  .describe('Every agency’s warnings in force, in brief (/api/v1/warnings has them whole)')
  .meta({ id: 'WarningsBrief' });

/** `/api/geojson/warnings`: the warnings in force with the agency's own geometry, one Polygon per circle. */
export const warningsGeoJsonSchema = featureCollectionOf(
  featureOf(
    z
      .object({
        agency: z.enum(WARNING_AGENCIES).describe('The agency whose geometry it is (jma)'),
        kind: z
          .enum(['storm-area', 'storm-warning-area'])
          .describe("JMA's 暴風域 (winds of 25 m/s or more now) or 暴風警戒域 (where they may reach by validAt)"),
        slot: z.string().describe("The warning's slot (`2626:storm-area`: JMA's typhoon number)"),
        validAt: offsetTime.describe('The time the circle is for: the analysis, or a forecast time'),
        radiusKm: z.number().describe('The circle’s radius, km, as the agency gives it'),
        storm: stormRefSchema.nullable().describe('The storm as the agency names it'),
        linkedStorm: stormLinkSchema.nullable(),
      })
      .describe("The circle's fields"),
  ),
  "The circles, as polygons of 64 points on the WGS 84 ellipsoid, in the agency's order",
  {
    freshness: z
      .object(freshnessFields)
      .describe("How current JMA's answer is, as /api/warnings/jma says it (a foreign member, RFC 7946 §6.1)"),
  },
).describe("A GeoJSON FeatureCollection (RFC 7946) of the warnings in force with the agency's own geometry");

/** A storm's warnings (its detail's live status): the warnings in force the agencies issued for it. */
export const stormWarningsSchema = z
  .object({
    list: z.array(warningInForceSchema).describe('The warnings in force linked to this storm (docs/api/warnings.md, "Which storm")'),
    total: z.number().int().describe('Warnings listed'),
    stale: z
      .boolean()
      .describe("True when an agency's answer is stale or cannot be read: the list may lack its warnings (/api/v1/warnings says why)"),
    unknown: z
      .array(z.enum(WARNING_AGENCIES))
      .describe('The agencies whose state is unknown (no answer of theirs can be read): the list cannot hold their warnings'),
  })
  .describe('The warnings in force issued for this storm; /api/v1/warnings/history?storm= has every change')
  .meta({ id: 'StormWarnings' });
