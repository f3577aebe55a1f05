/**
 * A tropical disturbance as the API answers it and the store keeps it (src/global/disturbance-records.ts builds it
 * from the bulletins of ./disturbance-product-schemas.ts): one record per system, `jtwc-<atcf id>`, kept for ever
 * once ingested; the invest a storm formed from; NHC's outlooks as last read. What the endpoints answer around
 * them: ./disturbance-answer-schemas.ts.
 */
import { z } from 'zod';
import {
  alertTextSchema,
  basinSchema,
  CYCLONE_CLASSES,
  developmentPotentialSchema,
  disturbancePositionSchema,
  formationAlertSchema,
  nhcOutlookSchema,
  outlookChanceSchema,
  POTENTIAL_LEVELS,
  TCFA_BOX_METHOD,
} from './disturbance-product-schemas.ts';
import { utcTime } from './global-schemas.ts';

/**
 * A disturbance as the API answers it and the store keeps it (src/global/disturbance-records.ts builds it from the
 * bulletins above): one record per system, `jtwc-<atcf id>`, kept for ever once ingested.
 */
export const DISTURBANCE_ID = /^jtwc-(al|ep|cp|wp|io|sh)9\d\d{4}$/;
export const disturbanceIdSchema = z.string().regex(DISTURBANCE_ID).describe('Stable id: agency + ATCF id of the invest (jtwc-wp942026)');

export const DISTURBANCE_OUTCOMES = ['watched', 'warning', 'dissipated', 'dropped', 'cancelled', 'unlisted', 'expired'] as const;

const rangeKtMs = z.object({
  kt: z
    .object({
      from: z.number().int().min(0).describe('Lower end, knots'),
      to: z.number().int().min(0).describe('Upper end, knots (from = to for a single value)'),
    })
    .describe('Maximum sustained surface wind, knots (a range, from ≤ to)'),
  ms: z
    .object({ from: z.number().min(0).describe('Lower end, m/s'), to: z.number().min(0).describe('Upper end, m/s') })
    .describe('The same in m/s (1 kt = 1852/3600 m/s, one decimal)'),
  windPeriod: z.literal('1min').describe("Averaging period: one-minute mean (JTWC's and ATCF's convention)"),
});

const hoursRange = z.object({
  from: z.number().int().min(0).describe('Hours from the alert, at the earliest'),
  to: z.number().int().min(0).describe('Hours from the alert, at the latest'),
});

const trackPoint = z.object({
  time: utcTime,
  lat: z.number().min(-90).max(90).describe('Latitude in degrees, north positive'),
  lng: z.number().min(-180).max(180).describe('Longitude in degrees, −180…180, east positive'),
  windKt: z.number().int().min(0).nullable().describe('Maximum sustained wind, knots (1-minute mean); null when the deck gives 0'),
  windMs: z.number().min(0).nullable().describe('The same in m/s, one decimal'),
  pressureMb: z.number().int().nullable().describe('Minimum sea-level pressure, hPa; null when the deck gives 0'),
  type: z
    .string()
    .regex(/^[A-Z0-9]{2}$/)
    .nullable()
    .describe('ATCF system type: DB, LO, WV, TD, TS, …'),
});

/**
 * A JTWC invest and a storm the Zhejiang service or NMC lists (an unnumbered depression's 8-digit id, or a China
 * number) are the same system when their tracks share instants and, at at least half of them, the centres are within this many degrees of
 * latitude and of longitude (one degree, about 110 km: the two agencies fix a weak centre apart, and two
 * depressions are not that close at the same time).
 */
export const SAME_DEPRESSION_DEGREES = 1;

/** A disturbance's development potential as the agency states it, the same object wherever it is answered. */
export const disturbancePotentialSchema = z
  .object({
    words: z.enum(POTENTIAL_LEVELS).describe('The agency’s word, as written'),
    chancePercent: z.number().int().min(0).max(100).nullable().describe('Chance of formation in percent; null: JTWC gives none'),
    horizonHours: z.number().int().positive().nullable().describe('Within the next N hours'),
    change: developmentPotentialSchema.shape.change,
  })
  .describe('Its potential for the development of a significant tropical cyclone, as the latest advisory or alert states it')
  .meta({ id: 'DisturbancePotential' });

/** A formation alert as a disturbance record carries it (in force, or as its last alert). */
export const disturbanceAlertSchema = z
  .object({
    heading: z.string().nullable().describe('WMO heading (WTPN21 PGTW)'),
    reissued: z.boolean().describe('The alert says it is a reissue of an earlier one'),
    issuedAt: utcTime.nullable(),
    expiresAt: utcTime.nullable().describe('Reissued, upgraded to a warning or cancelled by this time'),
    box: z.array(disturbancePositionSchema).length(4).nullable().describe(TCFA_BOX_METHOD),
    line: formationAlertSchema.shape.line,
    halfWidthKm: z.number().positive().describe('Half-width of the alert area either side of the line, km (nm × 1.852)').nullable(),
    halfWidthNm: z.number().positive().describe('The same in nautical miles, as the alert gives it').nullable(),
    centre: formationAlertSchema.shape.centre,
    textSays: alertTextSchema,
    formationWithinHours: hoursRange.nullable().describe('WITHIN THE NEXT 12 TO 24 HOURS'),
    wind: rangeKtMs
      .nullable()
      .describe(
        "The alert's own estimate of the maximum sustained wind (the record's wind is the advisory's where an advisory lists it: both are kept, each with its product)",
      ),
    pressureHpa: z.number().int().nullable().describe("The alert's own estimate of the minimum sea-level pressure, hPa"),
  })
  .meta({ id: 'DisturbanceAlert' });

export const disturbanceSchema = z
  .object({
    id: disturbanceIdSchema,
    atcfId: z
      .string()
      .regex(/^(al|ep|cp|wp|io|sh)\d{6}$/)
      .describe('ATCF id, lower case: basin + invest number + year (wp942026)'),
    designator: z
      .string()
      .regex(/^\d{2}[A-Z]$/)
      .describe("JTWC's designator (94W, 91E, 93S)"),
    basin: basinSchema,
    agency: z.literal('JTWC').describe('Whose bulletins the record is read from'),
    isActive: z
      .boolean()
      .describe(
        'Listed as a suspect area by the latest advisory fetched while that advisory is within its validity (or, where no advisory covers the basin, its formation alert still listed by the feed and not expired)',
      ),
    outcome: z
      .enum(DISTURBANCE_OUTCOMES)
      .describe(
        'watched: still listed; warning: now the subject of a cyclone warning; dissipated, dropped, cancelled: as the advisory says; unlisted: the latest advisory (or feed) no longer names it and says nothing of it; expired: the advisory that last listed it (or its formation alert, where no advisory covers it) is past its validity and no newer one was read',
      ),
    position: disturbancePositionSchema
      .extend({
        time: utcTime.nullable().describe('Time of the position; null when the bulletin gives none (the advisories do not)'),
        source: z.enum(['advisory', 'formation-alert', 'best-track']).describe('Which of them gave it (best-track: the b-deck)'),
      })
      .nullable()
      .describe('Latest position: from the newest of the advisory, the formation alert and the b-deck'),
    previousPosition: disturbancePositionSchema.nullable().describe("The advisory's PREVIOUSLY LOCATED NEAR (no time given)"),
    wind: rangeKtMs
      .nullable()
      .describe(
        'Estimated maximum sustained surface wind, as the advisory that lists it states it (validity.product); where no advisory covers it, as its formation alert does',
      ),
    pressureHpa: z.number().int().nullable().describe('Estimated minimum sea-level pressure, hPa, from the same bulletin as wind'),
    potential: disturbancePotentialSchema.nullable(),
    alert: disturbanceAlertSchema.nullable().describe('The Tropical Cyclone Formation Alert in force; null when none is'),
    lastAlert: disturbanceAlertSchema
      .extend({
        endedAt: utcTime.describe(
          'When it stopped being in force: its expiry, or when this service saw it cancelled, upgraded or no longer listed',
        ),
      })
      .nullable()
      .describe(
        'The last formation alert once it is no longer in force (cancelled, expired or upgraded), also one that had already expired when this service first read it: its box, centre, issue and expiry as the alert gave them',
      ),
    track: z
      .object({
        source: z.enum(['ucar', 'nhc']).describe("Whose b-deck: UCAR's open repository (JTWC basins) or NHC's ATCF"),
        points: z.array(trackPoint).min(1).describe('One point per time, oldest first'),
      })
      .nullable()
      .describe('The invest’s track from its ATCF b-deck; null when no b-deck could be read'),
    becameStorm: z
      .object({
        designator: z
          .string()
          .regex(/^\d{2}[A-Z]$/)
          .nullable()
          .describe('JTWC’s number for it (19W); null while only the China number is known (code)'),
        atcfId: z
          .string()
          .regex(/^(al|ep|cp|wp|io|sh)\d{6}$/)
          .nullable()
          .describe('Its ATCF id as a numbered cyclone (wp192026); null while only the China number is known (code)'),
        globalId: z
          .string()
          .nullable()
          .describe(
            'Its id in /api/global/typhoons (JTWC and NHC basins); null for the north-western Pacific, whose storms the typhoon family lists',
          ),
        code: z
          .string()
          .regex(/^\d{6}$/)
          .nullable()
          .describe(
            `Its China number in the north-western Pacific list (/api/v1/typhoons/{code}), linked by track (shared instants, centres within ${SAME_DEPRESSION_DEGREES}°); null when no listed storm matched`,
          ),
        name: z.string().nullable().describe("Its name as JTWC's advisory writes it, upper case; null when the advisory gives none"),
        classification: z
          .enum(CYCLONE_CLASSES)
          .nullable()
          .describe(
            "Its classification as JTWC's advisory words it (TROPICAL DEPRESSION, TROPICAL STORM, TYPHOON, …); null when it gives none",
          ),
      })
      .nullable()
      .describe(
        'The numbered cyclone it became: once a warning is issued, or once a numbered storm of the north-western Pacific list matches its track',
      ),
    sameAs: z
      .object({
        code: z
          .string()
          .regex(/^\d{8}$/)
          .describe('Its unnumbered id at the Zhejiang service or NMC (/api/v1/typhoons/{code})'),
        name: z.string().nullable().describe('Its Chinese name there, if any'),
      })
      .nullable()
      .describe(
        `The depression of the north-western Pacific list it is the same system as (shared instants, centres within ${SAME_DEPRESSION_DEGREES}°), as last matched; null when none was`,
      ),
    validity: z
      .object({
        product: z.enum(['ABPW10', 'ABIO10']).describe('ABPW10: western and south Pacific; ABIO10: Indian Ocean'),
        issuedAt: utcTime,
        validFrom: utcTime,
        validUntil: utcTime,
      })
      .nullable()
      .describe('The advisory that last listed it, and its validity period; null when only a formation alert names it'),
    firstSeenAt: utcTime.describe('When this service first ingested it'),
    lastSeenAt: utcTime.describe('When a bulletin last named it'),
    endedAt: utcTime.nullable().describe('When this service saw it leave the active list (for expired: the end of the validity)'),
    stale: z
      .boolean()
      .default(false)
      .describe(
        'An active record that is not current: a bulletin it is read from (its advisory, its formation alert, the feed) could not be read at the last refresh, or the list as a whole is stale',
      ),
    staleReason: z.string().nullable().default(null).describe('Why it is stale, in words; null when it is not'),
  })
  .meta({ id: 'Disturbance' });

export type Disturbance = z.infer<typeof disturbanceSchema>;

/** The invest a storm formed from (`formedFrom` on the global cyclones and the north-western Pacific storms). */
export const investLinkSchema = z
  .object({ id: disturbanceIdSchema.describe('/api/v1/disturbances/{id}'), designator: z.string().describe('94W, 93S, 91E, …') })
  .meta({ id: 'InvestLink' });
export type InvestLink = z.infer<typeof investLinkSchema>;

/** NHC's outlooks fetched (the Atlantic's and the eastern North Pacific's; the Central Pacific's is not fetched). */
export const OUTLOOK_PRODUCTS = ['ABNT20', 'ABPZ20'] as const;

/** An outlook area's formation chance through a horizon, as NHC states it. */
const outlookPotentialSchema = outlookChanceSchema
  .extend({ horizonHours: z.union([z.literal(48), z.literal(168)]).describe('Through the next 48 hours, or 7 days (168)') })
  .nullable();

/** NHC's Tropical Weather Outlook as last read, with its areas (docs/api/disturbances.md, "NHC's outlooks"). */
export const formationOutlookSchema = z
  .object({
    product: z.enum(OUTLOOK_PRODUCTS).describe('ABNT20: the Atlantic; ABPZ20: the eastern North Pacific'),
    heading: nhcOutlookSchema.shape.heading,
    basin: nhcOutlookSchema.shape.basin,
    issuedAt: nhcOutlookSchema.shape.issuedAt,
    activeSystems: nhcOutlookSchema.shape.activeSystems,
    formationNotExpected: nhcOutlookSchema.shape.formationNotExpected,
    areas: z
      .array(
        z.object({
          id: z
            .string()
            .regex(/^nhc-((al|ep|cp)9\d\d{4}|(at|ep)-\d{12}-\d)$/)
            .describe(
              'nhc-<ATCF id> for an invest (nhc-ep912026), the same in every outlook; else nhc-<at|ep>-<outlook issued, YYYYMMDDHHMM UTC>-<its place in that outlook>: NHC gives such an area no identity from one outlook to the next',
            ),
          title: nhcOutlookSchema.shape.areas.element.shape.title,
          atcfId: z
            .string()
            .regex(/^(al|ep|cp)9\d\d{4}$/)
            .nullable()
            .describe('The invest NHC tags the area with (EP91 → ep912026); null for an area without one'),
          chance48h: outlookPotentialSchema.describe('Formation chance through 48 hours; null when unreadable'),
          chance7d: outlookPotentialSchema.describe('Formation chance through 7 days; null when unreadable'),
          chance7dBefore: z
            .number()
            .int()
            .nullable()
            .describe('The invest’s 7-day chance in the outlook before this one, percent; null when that outlook did not list it'),
        }),
      )
      .describe('The areas it discusses, in its order'),
    stale: z
      .boolean()
      .default(false)
      .describe(
        'This outlook is not current: it could not be read at the last refresh, or NHC has issued no newer one within its publishing bound (7 hours: NHC issues one every 6)',
      ),
    staleReason: z.string().nullable().default(null).describe('Why it is stale, in words; null when it is not'),
  })
  .meta({ id: 'FormationOutlook' });
export type FormationOutlook = z.infer<typeof formationOutlookSchema>;
