/**
 * Warnings in force: the signals and warnings of the agencies around the north-western Pacific (HKO, JMA, PAGASA)
 * as their parsers read them (src/upstream/hko-warnings.ts, jma-xml.ts, pagasa-bulletin.ts), and the shapes the
 * pure rules of src/model/warning-rules.ts work on. Every time carries the agency's own offset (HKT +08:00, JST
 * +09:00, PHT +08:00); every string kept from an answer was checked by its shape or against a closed table
 * (src/model/warning-text.ts); what the agency does not give is null. docs/api/warnings.md describes the model.
 */
import { z } from 'zod';

export const WARNING_AGENCIES = ['hko', 'jma', 'pagasa'] as const;
export type WarningAgency = (typeof WARNING_AGENCIES)[number];

/** Each agency's own offset: its answers are kept in it. */
export const AGENCY_OFFSET: Record<WarningAgency, '+08:00' | '+09:00'> = { hko: '+08:00', jma: '+09:00', pagasa: '+08:00' };

export const offsetTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
  .describe("ISO 8601 with the agency's own offset (HKO and PAGASA +08:00, JMA +09:00)");

/**
 * What a warning is. HKO: its tropical cyclone signal, the pre-No. 8 special announcement and the other warnings
 * of the same answer; JMA: a warning of an area at warning level or above (警報, 危険警報, 特別警報) and a typhoon's
 * storm area (暴風域, 暴風警戒域); PAGASA: a tropical cyclone wind signal (TCWS) over an area.
 */
export const WARNING_KINDS = [
  'tropical-cyclone-signal',
  'pre-no8-announcement',
  'rainstorm',
  'thunderstorm',
  'landslip',
  'northern-nt-flooding',
  'strong-monsoon',
  'tsunami',
  'fire-danger',
  'frost',
  'hot-weather',
  'cold-weather',
  'area-warning',
  'storm-area',
  'wind-signal',
] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const localTextSchema = z
  .object({
    en: z.string().nullable().describe('English, as the agency wrote it'),
    zh: z.string().nullable().describe('Traditional Chinese, as the agency wrote it (HKO)'),
    ja: z.string().nullable().describe('Japanese, as the agency wrote it (JMA)'),
  })
  .describe("The agency's own words in each language it gave them; null for a language it did not")
  .meta({ id: 'WarningWords' });
export type LocalText = z.infer<typeof localTextSchema>;

export const ISLAND_GROUPS = ['Luzon', 'Visayas', 'Mindanao'] as const;
export type IslandGroup = (typeof ISLAND_GROUPS)[number];

export const warningAreaSchema = z
  .object({
    code: z.string().nullable().describe("The agency's area code (JMA's 7-digit municipality code); null where it gives none"),
    name: z
      .string()
      .nullable()
      .describe("The area's name in the agency's language (JMA 千代田区; PAGASA Camarines Sur; HKO none: its warnings are for Hong Kong)"),
    nameEn: z.string().nullable().describe("The area's name in English (Hong Kong; PAGASA's names are English); null where none is given"),
    group: z.enum(ISLAND_GROUPS).nullable().describe("PAGASA's island group: the column of the bulletin's table the area is in"),
    part: z
      .string()
      .nullable()
      .describe(
        "The part of the area named, in the agency's words (`the northeastern portion`, `the rest`, `mainland`); null for all of it",
      ),
    localities: z.array(z.string()).describe('The municipalities and cities the agency lists for that part, in its order (PAGASA)'),
  })
  .meta({ id: 'WarningArea' });
export type WarningArea = z.infer<typeof warningAreaSchema>;

export const circleSchema = z
  .object({
    lat: z.number().min(-90).max(90).describe('Centre, degrees north'),
    lng: z.number().min(-180).max(180).describe('Centre, degrees east (−180…180)'),
    radiusKm: z
      .number()
      .min(0)
      .describe('Radius, km, as the agency gives it in km (JMA gives nautical miles and km; the km value is kept)'),
    validAt: offsetTime.describe('The time the circle is for (the analysis, or a forecast time)'),
    kind: z
      .enum(['storm-area', 'storm-warning-area'])
      .describe("JMA's 暴風域 (winds of 25 m/s or more now) or 暴風警戒域 (where such winds may reach at a forecast time)"),
  })
  .meta({ id: 'WarningCircle' });
export type WarningCircle = z.infer<typeof circleSchema>;

export const stormRefSchema = z
  .object({
    number: z.string().nullable().describe("The agency's number of the storm (JMA's typhoon number `1718`: year and number)"),
    name: z.string().nullable().describe('The international name the agency gives (JMA TALIM, PAGASA MAN-YI, HKO Kompasu)'),
    localName: z.string().nullable().describe("The agency's local name (PAGASA PEPITO)"),
  })
  .describe('The storm as the agency names it in the document; null fields where it does not')
  .meta({ id: 'WarningStormRef' });
export type StormRef = z.infer<typeof stormRefSchema>;

export const sourceDocumentSchema = z
  .object({
    type: z
      .string()
      .describe(
        "What the document is: HKO `warnsum`, `warningInfo` or `warnsumc` (website feed); JMA's data type code (VPWW53, VPTW60); PAGASA `TCB`",
      ),
    id: z.string().nullable().describe("The document's own number where it has one (PAGASA `TCB#10`, `TCB#25F`; JMA EventID and serial)"),
    issuedAt: offsetTime
      .nullable()
      .describe("The document's own time (JMA ReportDateTime, PAGASA's issuance); null for HKO's lists, which have none"),
    validUntil: offsetTime
      .nullable()
      .describe(
        "The document's own bound (PAGASA: valid for broadcast until the next bulletin): past it the answer is stale, not over; null where none is given",
      ),
  })
  .meta({ id: 'WarningSource' });
export type SourceDocument = z.infer<typeof sourceDocumentSchema>;

export const warningSchema = z
  .object({
    agency: z.enum(WARNING_AGENCIES).describe('The agency that issued it: hko, jma, pagasa'),
    slot: z
      .string()
      .describe(
        'What one value is raised, changed and lowered in: HKO one per warning type (`WTCSGNL`, `WRAIN`); JMA an area and hazard (`1310100:暴風`) or a typhoon (`1718:storm-area`); PAGASA an area (`Camarines Sur`)',
      ),
    kind: z
      .enum(WARNING_KINDS)
      .describe(
        'What it is: HKO tropical-cyclone-signal, pre-no8-announcement, rainstorm, thunderstorm, landslip, northern-nt-flooding, strong-monsoon, tsunami, fire-danger, frost, hot-weather, cold-weather; JMA area-warning, storm-area; PAGASA wind-signal',
      ),
    code: z.string().describe("The agency's code, from its closed table (HKO TC8SE, WRAINR; JMA 35; PAGASA TCWS3)"),
    level: z
      .number()
      .int()
      .nullable()
      .describe(
        'Order within the kind: HKO signal number (1, 3, 8, 9, 10), rainstorm 1 amber 2 red 3 black, fire 1 yellow 2 red; PAGASA signal number 1–5; JMA 1 warning, 2 danger warning (R06), 3 special warning; null where the kind has one level',
      ),
    name: localTextSchema.describe("The agency's name of the warning (Tropical Cyclone Warning Signal / 熱帶氣旋警告信號; 暴風特別警報)"),
    words: localTextSchema.describe(
      "The agency's words of the level (No. 8 Southeast Gale or Storm Signal / 八號東南烈風或暴風信號; 紅色)",
    ),
    area: warningAreaSchema
      .nullable()
      .describe('The area it is for; null for HKO (all of Hong Kong) and for JMA storm areas (their circles)'),
    circles: z.array(circleSchema).describe("The agency's own geometry of the warning (JMA storm areas); empty where it gives none"),
    action: z
      .string()
      .nullable()
      .describe("The agency's action, from its closed table (HKO ISSUE, REISSUE, EXTEND, UPDATE; JMA 発表, 継続, 警報から特別警報 …)"),
    issuedAt: offsetTime.nullable().describe('When the agency issued it (its own offset); null where the answer does not say'),
    updatedAt: offsetTime.nullable().describe('When the agency last updated it (its own offset); null where the answer does not say'),
    expiresAt: offsetTime
      .nullable()
      .describe('When the agency said it ends (HKO expireTime); null when it said none: in force until replaced'),
    storm: stormRefSchema.nullable().describe('The storm as the document names it; null when it names none'),
    source: sourceDocumentSchema.describe('The document it was read from'),
  })
  .meta({ id: 'Warning' });
export type Warning = z.infer<typeof warningSchema>;

/**
 * One agency's answer. `none-in-force` only when the agency's own answer said that nothing is in force (HKO an
 * empty list, PAGASA "No Wind Signal currently hoisted", JMA "発表警報・注意報はなし" for every area it covers);
 * `unknown` when there is no answer that can be read: never told as "none".
 */
export const WARNING_STATES = ['in-force', 'none-in-force', 'unknown'] as const;
export type WarningState = (typeof WARNING_STATES)[number];

export const warningSnapshotSchema = z
  .object({
    agency: z.enum(WARNING_AGENCIES),
    state: z.enum(WARNING_STATES),
    sourceTime: offsetTime.nullable().describe("The agency's own time of the answer (the newest time it gives); null when it gives none"),
    warnings: z.array(warningSchema).describe('Every warning the answer has in force, in the order of the answer'),
    cancelled: z
      .array(warningSchema)
      .describe(
        "What the answer itself says was cancelled or lifted (HKO's CANCEL signal, JMA 解除): not in force, kept as the agency's word",
      ),
    documents: z.array(sourceDocumentSchema).describe('The documents the answer was read from'),
  })
  .meta({ id: 'WarningSnapshot' });
export type WarningSnapshot = z.infer<typeof warningSnapshotSchema>;

export const CHANGE_KINDS = ['raised', 'changed', 'lowered', 'cancelled'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const warningChangeSchema = z
  .object({
    agency: z.enum(WARNING_AGENCIES),
    slot: z.string(),
    change: z
      .enum(CHANGE_KINDS)
      .describe('raised: a new warning or a higher level; changed: the same level, other words (TC8NE → TC8SE); lowered; cancelled'),
    from: warningSchema.nullable().describe('What was in force before; null when nothing was'),
    to: warningSchema.nullable().describe('What is in force now; null after a cancellation'),
    at: offsetTime
      .nullable()
      .describe("The agency's time of the change: the new warning's update or issue time, else the answer's own time"),
    how: z
      .enum(['agency-said', 'expired', 'left-the-answer'])
      .describe(
        "How it is known: the answer says it (issued, changed, CANCEL, 解除); the warning's own expiry passed; it is no longer in an answer that lists everything in force",
      ),
  })
  .meta({ id: 'WarningChange' });
export type WarningChange = z.infer<typeof warningChangeSchema>;
