/**
 * Tropical disturbances before they are numbered cyclones: JTWC's Significant Tropical Weather Advisories
 * (ABPW10, ABIO10), its Tropical Cyclone Formation Alerts (TCFA), invest tracks from ATCF b-decks and NHC's
 * Tropical Weather Outlook. These are the shapes the parsers in src/global/ return: structured values only, no
 * free text from the bulletins (the exceptions, a cyclone's name and an NHC area's title, are checked by their shape:
 * src/model/upstream-text.ts).
 * Times in UTC (`Z`); a value the bulletin does not give, or gives in a way that cannot be read, is null and
 * reported as a parse problem beside the result.
 */
import { z } from 'zod';
import { BASINS, type Basin, utcTime } from './global-schemas.ts';

const basinSchema = z.enum(Object.keys(BASINS) as [Basin, ...Basin[]]).describe('ATCF basin: AL, EP, CP, WP, IO, SH');

export const disturbancePositionSchema = z
  .object({
    lat: z.number().min(-90).max(90).describe('Latitude in degrees, north positive'),
    lng: z.number().min(-180).max(180).describe('Longitude in degrees, −180…180, east positive'),
  })
  .meta({ id: 'DisturbancePosition' });

export const systemRefSchema = z
  .object({
    id: z
      .string()
      .regex(/^\d{2}[A-Z]$/)
      .describe("JTWC's designator as written: number and basin letter (94W, 91E, 93S)"),
    number: z.number().int().min(1).max(99),
    basin: basinSchema
      .nullable()
      .describe('ATCF basin of the letter (W → WP, C → CP, E → EP, A and B → IO, S and P → SH); null for another letter'),
    invest: z.boolean().describe('Numbers 90–99 are invests (areas under investigation), not numbered cyclones'),
  })
  .meta({ id: 'DisturbanceSystem' });

const ktRange = z.object({ from: z.number().int().min(0), to: z.number().int().min(0) });
const msRange = z.object({ from: z.number().min(0), to: z.number().min(0) });

export const estimatedWindSchema = z
  .object({
    kt: ktRange.describe('Maximum sustained surface wind as estimated, knots (a range, from ≤ to; from = to for a single value)'),
    ms: msRange.describe('The same in m/s (1 kt = 1852/3600 m/s, one decimal)'),
    period: z
      .literal('1min')
      .describe("Averaging period: JTWC's one-minute mean (stated in its warnings; the advisories and alerts do not repeat it)"),
  })
  .meta({ id: 'DisturbanceWind' });

export const POTENTIAL_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;

export const developmentPotentialSchema = z
  .object({
    level: z.enum(POTENTIAL_LEVELS).describe('Potential for the development of a significant tropical cyclone'),
    withinHours: z.number().int().positive().describe('Its horizon: within the next N hours'),
    change: z
      .enum(['stated', 'remains', 'upgraded', 'downgraded'])
      .describe('How the bulletin words it: IS, REMAINS, IS UPGRADED TO, IS DOWNGRADED TO'),
  })
  .meta({ id: 'DevelopmentPotential' });

export const messageRefSchema = z
  .object({
    heading: z
      .string()
      .regex(/^[A-Z]{4}\d{2} [A-Z]{4}$/)
      .nullable()
      .describe('WMO heading of the message (WTPN21 PGTW: WT..2n is a formation alert, WT..3n a warning); null when the text names none'),
    issuedAt: utcTime.nullable().describe('Its time (the DDHHMM after the heading, month and year from the citing bulletin)'),
    reference: z
      .string()
      .regex(/^[A-Z]$/)
      .nullable()
      .describe('Letter of the REF line the bulletin cites it by'),
  })
  .meta({ id: 'BulletinMessage' });

export const bulletinReferenceSchema = z
  .object({
    letter: z.string().regex(/^[A-Z]$/),
    time: utcTime.nullable().describe('Time group of the REF line; null when it cannot be read or is not plausible'),
  })
  .meta({ id: 'BulletinReference' });

export const movementSchema = z
  .object({
    toward: z.string().nullable().describe('Direction of motion as a 16-point compass code (N … NNW); null for stationary or unreadable'),
    speedKt: z.number().min(0),
    speedKmh: z.number().min(0).describe('The same in km/h (1 kt = 1.852 km/h), whole numbers'),
  })
  .meta({ id: 'DisturbanceMovement' });

export const CYCLONE_CLASSES = [
  'TROPICAL DEPRESSION',
  'TROPICAL STORM',
  'TYPHOON',
  'SUPER TYPHOON',
  'HURRICANE',
  'TROPICAL CYCLONE',
  'SUBTROPICAL DEPRESSION',
  'SUBTROPICAL STORM',
] as const;

const paragraphRef = z
  .string()
  .regex(/^\d\.[A-C]\.\(\d+\)$/)
  .describe('Where the advisory has it: area, section, item (1.B.(2))');
const stormName = z
  .string()
  .regex(/^[A-Z][A-Z'-]{0,24}$/)
  .describe('Name as JTWC writes it, upper case');

export const advisoryCycloneSchema = z
  .object({
    paragraph: paragraphRef,
    system: systemRefSchema.nullable(),
    name: stormName.nullable(),
    classification: z.enum(CYCLONE_CLASSES).nullable(),
    time: utcTime.nullable().describe('Time of the position (AT 22AUG26 1200Z)'),
    position: disturbancePositionSchema.nullable(),
    movement: movementSchema.nullable().describe('Motion over the past six hours'),
    windKt: z.number().int().min(0).nullable().describe('Maximum sustained surface wind, knots (1-minute mean)'),
    gustKt: z.number().int().min(0).nullable(),
    windMs: z.number().min(0).nullable().describe('The same in m/s, one decimal'),
    warning: messageRefSchema.nullable().describe('The warning the paragraph refers to'),
  })
  .meta({ id: 'AdvisoryCyclone' });

export const DISTURBANCE_LABELS = ['INVEST', 'REMNANTS', 'SD', 'SS'] as const;
export const DISTURBANCE_STATUSES = ['suspect', 'warning', 'dissipated', 'dropped', 'cancelled'] as const;

export const advisoryDisturbanceSchema = z
  .object({
    paragraph: paragraphRef,
    system: systemRefSchema.nullable(),
    label: z
      .enum(DISTURBANCE_LABELS)
      .nullable()
      .describe('The word before the designator: INVEST, REMNANTS (of a numbered cyclone), SD / SS (subtropical depression / storm)'),
    status: z
      .enum(DISTURBANCE_STATUSES)
      .nullable()
      .describe(
        'suspect: still watched; warning: now the subject of a tropical cyclone warning; dissipated; dropped: no longer suspect; cancelled; null when the paragraph says none of these and gives no position',
      ),
    previousPosition: disturbancePositionSchema
      .nullable()
      .describe('PREVIOUSLY LOCATED NEAR: the position of the previous advisory (the text gives no time)'),
    position: disturbancePositionSchema
      .nullable()
      .describe('IS NOW LOCATED / HAS PERSISTED NEAR (the text gives no time; the advisory is valid from validFrom)'),
    wind: estimatedWindSchema.nullable(),
    pressureMb: z.number().int().nullable().describe('Estimated minimum sea-level pressure, hPa (mb)'),
    potential: developmentPotentialSchema.nullable(),
    formationAlert: messageRefSchema.nullable().describe('The Tropical Cyclone Formation Alert the paragraph refers to'),
    becameStorm: z
      .object({
        paragraph: paragraphRef,
        system: systemRefSchema.nullable(),
        name: stormName.nullable(),
        classification: z.enum(CYCLONE_CLASSES).nullable(),
      })
      .nullable()
      .describe('For status warning: the cyclone paragraph it points to (SEE PARA. 1.A.(3))'),
  })
  .meta({ id: 'AdvisoryDisturbance' });

const section = <T extends z.ZodType>(item: T) =>
  z.object({
    stated: z
      .enum(['none', 'listed', 'blank', 'missing'])
      .describe(
        'none: the bulletin says NONE; listed: numbered paragraphs follow; blank: the heading has nothing after it; missing: no such heading',
      ),
    items: z.array(item),
    noOthers: z.boolean().describe('The section ends with NO OTHER TROPICAL CYCLONES / NO OTHER SUSPECT AREAS'),
  });

export const ADVISORY_REGIONS = ['western-north-pacific', 'south-pacific', 'north-indian', 'south-indian'] as const;

export const advisoryAreaSchema = z
  .object({
    paragraph: z.number().int().min(1),
    region: z.enum(ADVISORY_REGIONS).nullable(),
    cyclones: section(advisoryCycloneSchema),
    disturbances: section(advisoryDisturbanceSchema),
    subtropical: section(advisoryDisturbanceSchema),
  })
  .meta({ id: 'AdvisoryArea' });

export const jtwcAdvisorySchema = z
  .object({
    product: z.enum(['ABPW10', 'ABIO10']).describe('ABPW10: western and south Pacific; ABIO10: Indian Ocean'),
    issuer: z.string().regex(/^[A-Z]{4}$/),
    issuedAt: utcTime,
    reissued: z.boolean(),
    validFrom: utcTime,
    validUntil: utcTime,
    references: z.array(bulletinReferenceSchema),
    areas: z.array(advisoryAreaSchema),
  })
  .meta({ id: 'JtwcAdvisory' });

export const TCFA_BOX_METHOD =
  'Rectangle of the half-width either side of the alert line, without caps beyond its ends: each end point is moved the half-width (nm × 1.852 km) along the WGS 84 geodesic at right angles to the line (the line’s azimuth at that end ± 90°). Corners in counter-clockwise order: start right, end right, end left, start left.';

export const historyPointSchema = z.object({
  time: utcTime,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  windKt: z.number().int().min(0).nullable().describe('Maximum sustained wind, knots (1-minute mean)'),
  windMs: z.number().min(0).nullable(),
});

export const formationAlertSchema = z
  .object({
    form: z
      .enum(['jmv', 'text'])
      .describe('Read from the .tcw ALERT block (jmv; the box and centre from its machine lines) or from the text bulletin'),
    heading: z
      .string()
      .regex(/^[A-Z]{4}\d{2} [A-Z]{4}$/)
      .nullable()
      .describe('WMO heading of the text (WTPN21 PHNC)'),
    system: systemRefSchema.nullable(),
    reissued: z.boolean(),
    baseTime: utcTime.nullable().describe('Analysis time (the .tcw gives it; the text does not)'),
    issuedAt: utcTime.nullable(),
    expiresAt: utcTime.nullable().describe('THIS ALERT WILL BE REISSUED, UPGRADED TO WARNING OR CANCELLED BY …Z'),
    line: z
      .object({
        from: disturbancePositionSchema.describe("The line's start"),
        to: disturbancePositionSchema.describe("The line's end"),
      })
      .nullable()
      .describe('The line formation is possible either side of'),
    halfWidthNm: z.number().positive().nullable(),
    halfWidthKm: z.number().positive().nullable().describe('halfWidthNm × 1.852'),
    box: z.array(disturbancePositionSchema).length(4).nullable().describe(TCFA_BOX_METHOD),
    centre: disturbancePositionSchema
      .extend({ time: utcTime.nullable() })
      .nullable()
      .describe('Circulation centre and the time of the imagery that shows it'),
    movement: movementSchema.nullable(),
    formationWithinHours: z
      .object({ from: z.number().int().min(0), to: z.number().int().min(0) })
      .nullable()
      .describe('WITHIN THE NEXT 12 TO 24 HOURS'),
    wind: estimatedWindSchema.nullable(),
    pressureMb: z.number().int().nullable(),
    potential: developmentPotentialSchema.nullable(),
    references: z.array(bulletinReferenceSchema),
    history: z.array(historyPointSchema).describe('The .tcw track history of the invest (empty for the text form)'),
  })
  .meta({ id: 'FormationAlert' });

export const investTrackSchema = z
  .object({
    atcfId: z
      .string()
      .regex(/^(al|ep|cp|wp|io|sh)9\d\d{4}$/)
      .describe('basin + number + year, lower case'),
    basin: basinSchema,
    number: z.number().int().min(90).max(99),
    year: z.number().int(),
    windPeriod: z.literal('1min'),
    points: z
      .array(
        historyPointSchema.extend({
          pressureMb: z.number().int().nullable().describe('Minimum sea-level pressure, hPa; null when the deck gives 0'),
          type: z
            .string()
            .regex(/^[A-Z0-9]{2}$/)
            .nullable()
            .describe('ATCF system type: DB, LO, WV, TD, TS, …'),
        }),
      )
      .min(1),
  })
  .meta({ id: 'InvestTrack' });

export const outlookChanceSchema = z
  .object({
    level: z.enum(['low', 'medium', 'high']).describe("NHC's word for the chance, as written"),
    percent: z.number().int().min(0).max(100).describe('The chance of formation, percent (0–100), as NHC states it'),
    approximate: z.boolean().describe('NHC wrote "near N percent" (it does for 0)'),
  })
  .meta({ id: 'OutlookChance' });

export const nhcOutlookSchema = z
  .object({
    heading: z
      .string()
      .regex(/^[A-Z]{4}\d{2} [A-Z]{4} \d{6}$/)
      .describe('WMO heading of the bulletin with its time group (ABNT20 KNHC 221713)'),
    basin: z.enum(['atlantic', 'eastern-north-pacific', 'central-north-pacific']).describe('The basin the outlook covers'),
    issuedAt: utcTime.describe('The bulletin’s own issuance line (800 AM EDT Tue Aug 11 2026), converted to UTC'),
    activeSystems: z.boolean().describe('The bulletin has an Active Systems paragraph (NHC is issuing advisories)'),
    formationNotExpected: z.boolean().describe('It says "Tropical cyclone formation is not expected during the next 7 days"'),
    areas: z.array(
      z.object({
        title: z
          .string()
          .max(80)
          .regex(/^[A-Za-z][A-Za-z0-9 .,'/-]*$/)
          .nullable()
          .describe('The area’s heading as NHC writes it, without its invest tag'),
        invest: z
          .object({ id: z.string().regex(/^[A-Z]{2}\d{2}$/), basin: basinSchema, number: z.number().int().min(90).max(99) })
          .nullable(),
        chance48h: outlookChanceSchema.nullable().describe('Formation chance through 48 hours'),
        chance7d: outlookChanceSchema.nullable().describe('Formation chance through 7 days'),
      }),
    ),
  })
  .meta({ id: 'NhcOutlook' });

export type DisturbancePosition = z.infer<typeof disturbancePositionSchema>;
export type SystemRef = z.infer<typeof systemRefSchema>;
export type EstimatedWind = z.infer<typeof estimatedWindSchema>;
export type DevelopmentPotential = z.infer<typeof developmentPotentialSchema>;
export type MessageRef = z.infer<typeof messageRefSchema>;
export type BulletinReference = z.infer<typeof bulletinReferenceSchema>;
export type Movement = z.infer<typeof movementSchema>;
export type AdvisoryCyclone = z.infer<typeof advisoryCycloneSchema>;
export type AdvisoryDisturbance = z.infer<typeof advisoryDisturbanceSchema>;
export type AdvisoryArea = z.infer<typeof advisoryAreaSchema>;
export type JtwcAdvisory = z.infer<typeof jtwcAdvisorySchema>;
export type FormationAlert = z.infer<typeof formationAlertSchema>;
export type HistoryPoint = z.infer<typeof historyPointSchema>;
export type InvestTrack = z.infer<typeof investTrackSchema>;
export type NhcOutlook = z.infer<typeof nhcOutlookSchema>;
export type OutlookChance = z.infer<typeof outlookChanceSchema>;

/**
 * A disturbance as the API answers it and the store keeps it (src/global/disturbance-records.ts builds it from the
 * bulletins above): one record per system, `jtwc-<atcf id>`, kept for ever once ingested.
 */
export const DISTURBANCE_ID = /^jtwc-(al|ep|cp|wp|io|sh)9\d\d{4}$/;
export const disturbanceIdSchema = z.string().regex(DISTURBANCE_ID).describe('Stable id: agency + ATCF id of the invest (jtwc-wp942026)');

export const DISTURBANCE_OUTCOMES = ['watched', 'warning', 'dissipated', 'dropped', 'cancelled', 'unlisted'] as const;

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
        'Listed as a suspect area by the latest advisory fetched (or, where no advisory covers the basin, its formation alert still listed by the feed)',
      ),
    outcome: z
      .enum(DISTURBANCE_OUTCOMES)
      .describe(
        'watched: still listed; warning: now the subject of a cyclone warning; dissipated, dropped, cancelled: as the advisory says; unlisted: the latest advisory (or feed) no longer names it and says nothing of it',
      ),
    position: disturbancePositionSchema
      .extend({
        time: utcTime.nullable().describe('Time of the position; null when the bulletin gives none (the advisories do not)'),
        source: z.enum(['advisory', 'formation-alert', 'best-track']).describe('Which of them gave it (best-track: the b-deck)'),
      })
      .nullable()
      .describe('Latest position: from the newest of the advisory, the formation alert and the b-deck'),
    previousPosition: disturbancePositionSchema.nullable().describe("The advisory's PREVIOUSLY LOCATED NEAR (no time given)"),
    wind: rangeKtMs.nullable().describe('Estimated maximum sustained surface wind, as the latest advisory or alert states it'),
    pressureHpa: z.number().int().nullable().describe('Estimated minimum sea-level pressure, hPa'),
    potential: disturbancePotentialSchema.nullable(),
    alert: z
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
        formationWithinHours: hoursRange.nullable().describe('WITHIN THE NEXT 12 TO 24 HOURS'),
      })
      .nullable()
      .describe('The Tropical Cyclone Formation Alert in force; null when none is'),
    lastAlert: z
      .object({ issuedAt: utcTime.nullable(), expiresAt: utcTime.nullable(), endedAt: utcTime })
      .nullable()
      .describe(
        'The last formation alert once it is no longer in force (cancelled, expired or upgraded), with when this service saw it end',
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
    endedAt: utcTime.nullable().describe('When this service saw it leave the active list'),
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

/** NHC's Tropical Weather Outlook as last read, with its areas (docs/disturbances.md, "NHC's outlooks"). */
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
  })
  .meta({ id: 'FormationOutlook' });
export type FormationOutlook = z.infer<typeof formationOutlookSchema>;

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
  stale: z.boolean().describe('true when the latest refresh failed, was stopped, or is overdue, and this is the last good data'),
  staleReason: z.string().nullable().describe('Why the answer is stale, in words; null when it is not'),
  upstream: z
    .enum(['ok', 'unavailable', 'never-fetched'])
    .describe('ok: the list is current (an empty list means JTWC lists no disturbance); unavailable: the last refresh failed'),
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
