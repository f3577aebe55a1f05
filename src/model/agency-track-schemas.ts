/**
 * Other agencies' best tracks, one record per storm per agency, in their own terms: the agency's id, name,
 * category and wind-averaging period, converted only in units (knots → m/s, −180…180° longitudes, UTC times).
 * Read by the parsers in src/sources/agencies/; no endpoint publishes them yet.
 */
import { z } from 'zod';

export const AGENCY_SOURCES = ['jma', 'jtwc', 'hko', 'ibtracs'] as const;
export type AgencySource = (typeof AGENCY_SOURCES)[number];

const utcTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  .describe('ISO 8601 time in UTC (Z)');
const lat = z.number().min(-90).max(90).describe('Latitude of the centre in degrees, north positive');
const lng = z.number().min(-180).max(180).describe('Longitude of the centre in degrees, −180…180, east positive');
const windMs = (period: string) =>
  z
    .number()
    .positive()
    .nullable()
    .describe(`Maximum sustained wind in m/s, ${period} mean (converted from knots, one decimal); null when the agency gives none`);
const pressureHpa = z.number().positive().nullable().describe('Central pressure in hPa; null when the agency gives none');

const windKt = z
  .number()
  .positive()
  .nullable()
  .describe('Maximum sustained wind in kt exactly as the agency wrote it; null when it gives none (JMA and ATCF write 0)');

export const agencyPointSchema = z.object({
  time: utcTime,
  lat,
  lng,
  windKt,
  windMs: windMs("the track's windPeriodMinutes"),
  pressureHpa,
  grade: z
    .string()
    .nullable()
    .describe(
      "The agency's own category as written: JMA grade code 2–9, JTWC system type (DB, TD, TS, TY, ST, EX, …), HKO TD/TS/STS/T/ST/SuperT, IBTrACS NATURE (DS, TS, ET, SS, NR, MX)",
    ),
});
export type AgencyPoint = z.infer<typeof agencyPointSchema>;

const common = {
  id: z.string().min(1).describe("The agency's own id of the storm (see each agency)"),
  name: z
    .string()
    .nullable()
    .describe(
      'Name as the agency writes it, upper case; null when unnamed (JTWC writes a number word, e.g. THIRTEEN, for a storm without a name)',
    ),
  points: z.array(agencyPointSchema).min(1).describe('Track points in time order'),
};

export const jmaTrackSchema = z.object({
  agency: z.literal('jma').describe('RSMC Tokyo – Typhoon Center (Japan Meteorological Agency), bst_all.txt'),
  ...common,
  id: z
    .string()
    .regex(/^\d{4}$/)
    .describe('International number: two-digit year and serial number, e.g. 1330'),
  windPeriodMinutes: z.literal(10).describe('Averaging period of windMs, minutes'),
  tcNumber: z
    .string()
    .nullable()
    .describe('JMA tropical-cyclone number (all storms of 28 kt or more, e.g. 0036); null where the header leaves it blank'),
  revisedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .describe('Date of the latest revision of this storm (header), YYYY-MM-DD'),
});

export const jtwcTrackSchema = z.object({
  agency: z.literal('jtwc').describe('Joint Typhoon Warning Center, ATCF best track (b-deck)'),
  ...common,
  id: z
    .string()
    .regex(/^[A-Z]{2}\d{6}$/)
    .describe('ATCF id: basin, number, year, upper case as in IBTrACS USA_ATCF_ID (WP312013)'),
  windPeriodMinutes: z.literal(1).describe('Averaging period of windMs, minutes'),
});

export const hkoTrackSchema = z.object({
  agency: z.literal('hko').describe('Hong Kong Observatory, post-analysis best track (HKO<year>BST.csv)'),
  ...common,
  id: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .describe('<year of the file>-<HKO code>: HKO numbers storms afresh each year (2013-0031)'),
  windPeriodMinutes: z.literal(10).describe('Averaging period of windMs, minutes'),
  hkoCode: z.string().describe('HKO code as written, zero-padded (0031)'),
  jmaCode: z.string().nullable().describe('JMA international number as HKO gives it (1330); null for storms JMA did not number'),
});

/** IBTrACS's basins (BASIN): NA North Atlantic, EP eastern North Pacific (with the Central Pacific), WP, NI, SI, SP, SA. */
export const IBTRACS_BASINS = ['NA', 'EP', 'WP', 'NI', 'SI', 'SP', 'SA'] as const;
export type IbtracsBasin = (typeof IBTRACS_BASINS)[number];

/** IBTrACS's combined storm type (NATURE), from every agency's. */
export const IBTRACS_NATURES = {
  DS: 'disturbance',
  TS: 'tropical',
  ET: 'extratropical',
  SS: 'subtropical',
  NR: 'not reported',
  MX: 'mixture (the agencies contradict each other)',
} as const;
export type IbtracsNature = keyof typeof IBTRACS_NATURES;

/** One agency's analysis at an IBTrACS row (its own columns: USA_*, TOKYO_*, CMA_*, …). */
const ibtracsFix = (who: string, period: string, grade: string) =>
  z
    .object({
      lat: lat.nullable(),
      lng: lng.nullable(),
      windKt,
      windMs: windMs(period),
      pressureHpa,
      grade: z.string().nullable().describe(grade),
      original: z
        .boolean()
        .nullable()
        .describe(
          "The agency's own analysis at this time (IFLAG O); false where IBTrACS interpolated or filled it (P, I, V); null when the file has no IFLAG",
        ),
    })
    .describe(`${who}'s position and intensity at this time as IBTrACS carries them`);

export const ibtracsAgencyFixesSchema = z
  .object({
    usa: ibtracsFix('The US agency (JTWC in the western Pacific)', '1-minute', 'USA_STATUS (TD, TS, TY, ST, EX, …)').optional(),
    tokyo: ibtracsFix('RSMC Tokyo (JMA)', '10-minute', 'TOKYO_GRADE, JMA grade code 2–9').optional(),
    cma: ibtracsFix('CMA', '2-minute', 'CMA_CAT, 0–6 or 9').optional(),
    hko: ibtracsFix('HKO', '10-minute', 'HKO_CAT (TD, TS, STS, T, ST, SuperT)').optional(),
    kma: ibtracsFix('KMA (v04r01 only)', '10-minute', 'KMA_CAT (TD, TS, STS, TY)').optional(),
    newdelhi: ibtracsFix('RSMC New Delhi (IMD)', '3-minute', 'NEWDELHI_GRADE (D, DD, CS, SCS, VSCS, ESCS, SCS)').optional(),
    reunion: ibtracsFix('RSMC La Réunion (Météo-France)', '10-minute', 'REUNION_TYPE, WMO code 01–09 (09 unknown)').optional(),
    bom: ibtracsFix("Australia's TCWCs (BoM)", '10-minute', 'BOM_TYPE, ADAM code (10 … 91; blank unknown)').optional(),
    nadi: ibtracsFix('RSMC Nadi (Fiji)', '10-minute', 'NADI_CAT').optional(),
    wellington: ibtracsFix('TCWC Wellington (New Zealand)', '10-minute', 'none: IBTrACS carries no category of it').optional(),
  })
  .describe('Per-agency values of the row; an agency is absent where its columns are blank');

export const ibtracsPointSchema = agencyPointSchema.extend({
  windMs: z
    .number()
    .positive()
    .nullable()
    .describe(
      "WMO_WIND in m/s (converted from knots, one decimal): the responsible WMO agency's wind, averaged over that agency's period (tokyo, reunion, bom, nadi, wellington: 10 minutes; newdelhi 3; hurdat and atcf 1); null on rows without it (interpolated and provisional rows)",
    ),
  pressureHpa: pressureHpa.describe('WMO_PRES in hPa; null on rows without it'),
  grade: z
    .enum(Object.keys(IBTRACS_NATURES) as [IbtracsNature, ...IbtracsNature[]])
    .nullable()
    .describe(
      `NATURE, IBTrACS's combined storm type: ${Object.entries(IBTRACS_NATURES)
        .map(([code, meaning]) => `${code} ${meaning}`)
        .join('; ')}; null when blank`,
    ),
  wmoAgency: z.string().nullable().describe('WMO_AGENCY of the row (tokyo, hurdat_epa, …); null when blank'),
  agencies: ibtracsAgencyFixesSchema,
});
export type IbtracsPoint = z.infer<typeof ibtracsPointSchema>;

export const ibtracsTrackSchema = z.object({
  agency: z.literal('ibtracs').describe('IBTrACS v04 (NOAA NCEI), CSV'),
  ...common,
  id: z
    .string()
    .regex(/^\d{7}[NS]\d{5}$/)
    .describe('IBTrACS SID, e.g. 2024244N09137'),
  points: z.array(ibtracsPointSchema).min(1),
  windPeriodMinutes: z
    .number()
    .nullable()
    .describe(
      'Averaging period of the WMO winds, minutes, from the WMO agencies of the rows (tokyo, reunion, bom, nadi, wellington 10; hurdat/atcf/cphc 1; newdelhi 3); null when the rows have none, mix periods or name no agency',
    ),
  sid: z.string().describe('IBTrACS storm id (the same as id)'),
  version: z
    .enum(['v04r00', 'v04r01'])
    .nullable()
    .describe("IBTrACS version of the file: v04r01 has KMA's columns; a file without agency columns by its name; else null"),
  season: z
    .number()
    .int()
    .describe(
      "SEASON: the year; in the southern hemisphere the season's (July–June, named after the year it ends in). From the SID by that rule when the file has no SEASON",
    ),
  basins: z.array(z.enum(IBTRACS_BASINS)).describe('BASIN values of the rows, in order of first appearance (WP, EP, …)'),
  trackType: z.string().nullable().describe('TRACK_TYPE: main, spur, PROVISIONAL, PROVISIONAL_spur; null when the file has no such column'),
  usaAtcfIds: z
    .array(z.string())
    .describe('USA_ATCF_ID values of the rows, in order of first appearance (WP122024); the CSV carries no JMA, CMA or HKO storm number'),
});

export const agencyTrackSchema = z.discriminatedUnion('agency', [jmaTrackSchema, jtwcTrackSchema, hkoTrackSchema, ibtracsTrackSchema]);
export type JmaTrack = z.infer<typeof jmaTrackSchema>;
export type JtwcTrack = z.infer<typeof jtwcTrackSchema>;
export type HkoTrack = z.infer<typeof hkoTrackSchema>;
export type IbtracsTrack = z.infer<typeof ibtracsTrackSchema>;
export type AgencyTrack = z.infer<typeof agencyTrackSchema>;
