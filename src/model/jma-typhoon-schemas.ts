/**
 * JMA's typhoon analysis and forecast as its disturbance-prevention XML gives it (VPTW6x 台風解析・予報情報, and the
 * older VPTW4x/5x of the same layout; src/upstream/jma-xml.ts): the centre, intensity, 70 % probability circles
 * and wind areas of every time of one document. The warnings read from it are storm areas (warning-schemas.ts);
 * its analysis and forecast points are JMA's own official forecast, kept as an issuance (src/forecasts/jma-issuances.ts).
 * Wind is JMA's 10-minute mean; JMA gives knots and m/s, and the km/h, km and nautical miles of its own descriptions:
 * every value is kept as JMA gives it, none converted.
 */
import { z } from 'zod';
import { offsetTime } from './warning-schemas.ts';

/** JMA's 熱帯擾乱種類 codes, in its words `台風(TY)`: typhoon classes, tropical depression, extratropical low. */
export const JMA_CLASSES = ['TY', 'STS', 'TS', 'TD', 'LOW'] as const;

export const jmaWindAreaSchema = z
  .object({
    kind: z
      .enum(['storm-area', 'storm-warning-area', 'gale-area'])
      .describe('暴風域 (≥ 25 m/s now), 暴風警戒域 (≥ 25 m/s may reach), 強風域 (≥ 15 m/s)'),
    axes: z
      .array(
        z.object({
          direction: z
            .string()
            .nullable()
            .describe('The side the radius is for, as an 8-point compass code (NE, SW); null for all sides (全域)'),
          radiusKm: z.number().min(0).describe('Radius, km (JMA gives km and nautical miles)'),
          radiusNm: z.number().min(0).nullable().describe('The same in nautical miles as JMA gives it'),
        }),
      )
      .min(1),
  })
  .meta({ id: 'JmaWindArea' });
export type JmaWindArea = z.infer<typeof jmaWindAreaSchema>;

export const jmaTyphoonPointSchema = z
  .object({
    kind: z.enum(['analysis', 'estimate', 'forecast']).describe('実況 (analysis), 推定 (estimate an hour on), 予報 / 延長予報 (forecast)'),
    hours: z.number().int().min(0).describe('Hours after the analysis time (0 for the analysis)'),
    time: offsetTime.describe('Valid time (+09:00)'),
    classCode: z.enum(JMA_CLASSES).nullable().describe('JMA class code (TY, STS, TS, TD, LOW); null when not given'),
    intensityClass: z.string().nullable().describe('強さ階級 as JMA writes it (強い, 非常に強い, 猛烈な); null for none'),
    sizeClass: z.string().nullable().describe('大きさ階級 as JMA writes it (大型, 超大型); null for none'),
    lat: z.number().min(-90).max(90).nullable().describe('Centre (analysis) or forecast-circle centre, degrees north'),
    lng: z.number().min(-180).max(180).nullable().describe('The same, degrees east (−180…180)'),
    probabilityRadiusKm: z
      .number()
      .min(0)
      .nullable()
      .describe('Radius of the circle the centre falls in with 70 % probability, km (forecasts only)'),
    location: z.string().nullable().describe('Where JMA says the centre is (宮古島の北約80km), shape-checked; null for none'),
    movement: z
      .object({
        direction: z.string().nullable().describe('Heading as a 16-point compass code (NNW); null when JMA gives none (ほとんど停滞)'),
        speedKmh: z.number().min(0).nullable(),
        speedKt: z.number().min(0).nullable(),
        words: z.string().nullable().describe('What JMA writes instead of a speed (ゆっくり, ほとんど停滞); null when it gives one'),
      })
      .nullable(),
    pressureHpa: z.number().nullable().describe('Central pressure, hPa'),
    maxWindMs: z
      .number()
      .nullable()
      .describe("Maximum wind near the centre, m/s (10-minute mean); null when not given (JMA's 0 with condition なし included)"),
    maxWindKt: z.number().nullable().describe('The same in knots as JMA gives it'),
    gustMs: z.number().nullable().describe('Maximum gust, m/s'),
    gustKt: z.number().nullable(),
    windAreas: z.array(jmaWindAreaSchema),
  })
  .meta({ id: 'JmaTyphoonPoint' });
export type JmaTyphoonPoint = z.infer<typeof jmaTyphoonPointSchema>;

export const jmaTyphoonDocumentSchema = z
  .object({
    dataType: z
      .string()
      .regex(/^VPTW[456]\d$/)
      .describe('JMA data type code (VPTW60: 5-day forecast, H30 format)'),
    reportTime: offsetTime.describe('ReportDateTime (+09:00)'),
    infoType: z
      .enum(['発表', '訂正', '取消'])
      .describe('発表 issued, 訂正 corrected (replaces the one of the same serial), 取消 withdrawn'),
    eventId: z
      .string()
      .regex(/^TC\d{4}$/)
      .describe("JMA's event id (TC1725): year and JMA's own disturbance serial, not the typhoon number"),
    serial: z.string().nullable(),
    number: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .describe("JMA's typhoon number (1718: year 2017, typhoon 18); null for a tropical depression"),
    name: z.string().nullable().describe('International name (TALIM); null for none'),
    nameKana: z.string().nullable().describe('The name in katakana as JMA writes it (タリム)'),
    points: z.array(jmaTyphoonPointSchema).min(1),
  })
  .meta({ id: 'JmaTyphoonDocument' });
export type JmaTyphoonDocument = z.infer<typeof jmaTyphoonDocumentSchema>;

/** JMA's typhoon information (VPTI5x): prose, of which only the structured head is kept. */
export const jmaTyphoonInfoSchema = z
  .object({
    dataType: z.string().regex(/^VPTI5\d$/),
    reportTime: offsetTime,
    infoType: z.enum(['発表', '訂正', '取消']),
    eventId: z.string().regex(/^TC\d{4}$/),
    subject: z
      .enum(['typhoon', 'developing-depression'])
      .describe('台風第N号に関する情報 (a numbered typhoon) or 発達する熱帯低気圧に関する情報 (a depression expected to become one)'),
    number: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .describe("The typhoon's number with its year (0908) for a typhoon; null for a depression"),
    serial: z.string().nullable().describe("The information's own number as written in its title (26, 01の02 → 01-02)"),
    formed: z.boolean().describe('The headline is JMA saying the typhoon formed (台風第N号が発生しました)'),
  })
  .meta({ id: 'JmaTyphoonInfo' });
export type JmaTyphoonInfo = z.infer<typeof jmaTyphoonInfoSchema>;
