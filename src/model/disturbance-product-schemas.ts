/**
 * Tropical disturbances' bulletins as the parsers read them: JTWC's Significant Tropical Weather Advisories
 * (ABPW10, ABIO10), its Tropical Cyclone Formation Alerts (TCFA), invest tracks from ATCF b-decks and NHC's
 * Tropical Weather Outlook. These are the shapes the parsers in src/upstream/ return: structured values only, no
 * free text from the bulletins (the exceptions, a cyclone's name and an NHC area's title, are checked by their shape:
 * src/model/upstream-text.ts).
 * Times in UTC (`Z`); a value the bulletin does not give, or gives in a way that cannot be read, is null and
 * reported as a parse problem beside the result. The disturbance built from them: ./disturbance-schemas.ts.
 */
import { z } from 'zod';
import { BASINS, type Basin, utcTime } from './global-schemas.ts';

export const basinSchema = z.enum(Object.keys(BASINS) as [Basin, ...Basin[]]).describe('ATCF basin: AL, EP, CP, WP, IO, SH');

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

/**
 * What a `.tcw` alert's text states where it differs from its machine lines (which the line, half-width, box and
 * centre are taken from): both are JTWC's, and neither is dropped.
 */
export const alertTextSchema = z
  .object({
    line: z
      .object({
        from: disturbancePositionSchema.describe("The text's line start"),
        to: disturbancePositionSchema.describe("The text's line end"),
      })
      .nullable()
      .describe("The text's alert line"),
    halfWidthNm: z.number().positive().nullable().describe("The text's half-width, nautical miles"),
    halfWidthKm: z.number().positive().nullable().describe('The same in km (nm × 1.852)'),
    centre: disturbancePositionSchema.nullable().describe("The text's circulation centre"),
  })
  .nullable()
  .describe(
    "What the alert's text states where it differs from its machine lines (the line, half-width and centre served are the machine lines'); null when they agree or the alert has no machine lines",
  )
  .meta({ id: 'FormationAlertText' });

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
    textSays: alertTextSchema,
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
