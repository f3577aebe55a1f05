/**
 * Official forecast issuances: one agency's forecast of one storm from one initial time, as a source gave it, kept
 * once and never lost (docs/data/verification.md). Times are UTC (`Z`); each issuance states its wind unit and averaging
 * period once, and every point is in that unit (nothing is converted between averaging periods). `schemaVersion`
 * says which shape a stored record has, so a later shape can read the records of an earlier one.
 */
import { z } from 'zod';
import { utcTime } from './global-schemas.ts';

export const ISSUANCE_SCHEMA_VERSION = 1;

/**
 * Where forecasts are read from: the product, whatever the channel it came by (the live a-deck and the archive's
 * a-deck are one product, so the same OFCL forecast read from either is one issuance).
 */
export const FORECAST_PRODUCTS = ['zj-service', 'nmc-service', 'atcf-adeck', 'jtwc-tcw', 'jma-vptw'] as const;
export type ForecastProduct = (typeof FORECAST_PRODUCTS)[number];

export const windAveragingSchema = z.enum(['1min', '2min', '10min']).describe('Averaging period of a maximum sustained wind');

export const issuanceWindSchema = z
  .object({
    unit: z.enum(['kt', 'm/s']).describe('Unit of every wind of the issuance'),
    period: windAveragingSchema
      .nullable()
      .describe("Averaging period of the winds; null when the source does not state it (the Zhejiang service's foreign agencies)"),
  })
  .meta({ id: 'IssuanceWind' });

export const forecastPositionSchema = z
  .object({
    leadHours: z.number().describe('Hours after the initial time'),
    validTime: utcTime,
    lat: z.number().describe('Latitude of the forecast centre, degrees north'),
    lng: z.number().describe('Longitude, −180…180, east positive'),
    wind: z.number().nullable().describe('Maximum sustained wind in the issuance unit and period; null when not forecast'),
    pressure: z.number().nullable().describe('Central pressure, hPa (ATCF: mb, the same unit); null when not forecast'),
    stage: z.string().nullable().describe("The stage or grade the source gives the point, in the issuance's `stageScheme`"),
  })
  .meta({ id: 'ForecastPosition' });

export const issuanceSourceSchema = z
  .object({
    product: z
      .enum(FORECAST_PRODUCTS)
      .describe(
        "The product read: zj-service (the Zhejiang typhoon service's forecast groups), nmc-service (NMC's), atcf-adeck (an ATCF a-deck, live or archived), jtwc-tcw (a JTWC warning's .tcw), jma-vptw (JMA's own typhoon analysis and forecast, its VPTW6x XML document)",
      ),
    channel: z.enum(['live', 'archive']).describe('Read by the scheduled run from a live service, or from an archive file by the build'),
    file: z
      .string()
      .nullable()
      .describe(
        "The archive file (a-deck) or the live document it was read from (JMA's: the document's file name, which begins with the UTC time it was published)",
      ),
    tech: z.string().nullable().describe('The ATCF technique of the rows (OFCL, OFCS, JTWC); null for other products'),
    seenAt: utcTime.nullable().describe('When the scheduled run first read it; null for an archive file'),
  })
  .meta({ id: 'IssuanceSource' });

export const issuanceSchema = z
  .object({
    schemaVersion: z.literal(ISSUANCE_SCHEMA_VERSION).describe('The shape the record was written in'),
    key: z.string().describe('Stable key: agency, product, storm, initial time and a digest of the content'),
    agency: z.string().describe('cma, jma, jtwc, hko, cwa, kma, nhc, …'),
    basin: z
      .enum(['WP', 'AL', 'EP', 'CP', 'IO', 'SH'])
      .describe(
        'ATCF basin: WP north-western Pacific, AL Atlantic, EP eastern and CP central North Pacific, IO North Indian, SH Southern Hemisphere',
      ),
    storm: z
      .object({
        id: z
          .string()
          .describe(
            "The storm's id in the key: a north-western Pacific code (`202411`, 8-digit when unnumbered) or an ATCF id; `jma-` and JMA's event id (`jma-tc2425`) for a JMA forecast not linked to a storm yet (kept, not answered, until it is)",
          ),
        code: z.string().nullable().describe('North-western Pacific code, when the source names one'),
        atcfId: z.string().nullable().describe('ATCF id (`al032004`), when the source names one'),
        name: z.string().nullable().describe('Its English name as the source gives it, upper case; null when none'),
      })
      .describe('The storm forecast')
      .meta({ id: 'IssuanceStorm' }),
    initialTime: utcTime.describe("The forecast's initial (synoptic) time: leads count from it"),
    issuedAt: utcTime.nullable().describe('When the agency issued it, when the source says; null when it does not'),
    advisory: z
      .string()
      .nullable()
      .describe("The agency's advisory or warning number, when the source gives it (NHC's forecast advisory; JMA's document serial)"),
    wind: issuanceWindSchema.describe("The unit and averaging period of the issuance's winds"),
    stageScheme: z
      .enum(['atcf', 'china-grade', 'jma-class'])
      .nullable()
      .describe(
        "How `stage` is written: ATCF system types (TD, TS, HU, EX, …), the Chinese grades (TD … SuperTY, ET) or JMA's classes (TD, TS, STS, TY, LOW: extratropical low)",
      ),
    initial: forecastPositionSchema.nullable().describe("The agency's own analysis at the initial time, when the source gives it"),
    points: z.array(forecastPositionSchema).describe('Forecast positions after the initial time, by lead'),
    special: z.boolean().describe("A special advisory's forecast (ATCF OFCS): it amends the issuance of its initial time"),
    revision: z
      .number()
      .int()
      .min(1)
      .describe('1 for the first content seen for this agency, product, storm and initial time; 2, 3, … for each amendment'),
    amends: z.string().nullable().describe('The key of the issuance this one amends (the previous revision); null for revision 1'),
    source: issuanceSourceSchema.describe('Where and how it was read'),
  })
  .meta({ id: 'Issuance' });

export type IssuanceWind = z.infer<typeof issuanceWindSchema>;
export type ForecastPosition = z.infer<typeof forecastPositionSchema>;
export type IssuanceSource = z.infer<typeof issuanceSourceSchema>;
export type Issuance = z.infer<typeof issuanceSchema>;
