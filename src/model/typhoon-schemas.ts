/**
 * The typhoon's schemas: a north-western Pacific storm, its track points, wind circles, landfalls, forecasts,
 * ids and provenance, and the archive's answers made of them (years, search, today in history). Like every
 * schema file in src/model, these zod schemas are the single source of the TypeScript types, of the validation the
 * build runs before it writes anything, and of the published JSON Schema (OpenAPI). Units and time zones
 * are part of each field's description, so they reach the OpenAPI document too.
 */
import { z } from 'zod';
import { GRADE_CODES } from './grades.ts';

const beijingTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/)
  .describe('ISO 8601 time in Beijing time with an explicit +08:00 offset');

const nullableNumber = (description: string) => z.number().nullable().describe(description);

export const gradeCodeSchema = z
  .enum(GRADE_CODES)
  .describe('Intensity grade code (GB/T 19201-2006); ET = extratropical stage')
  .meta({ id: 'GradeCode' });

const radiusKm = (quadrant: string) => z.number().nullable().describe(`Radius in the ${quadrant} quadrant, km`);

export const windCircleSchema = z
  .object({
    ne: radiusKm('north-east'),
    se: radiusKm('south-east'),
    sw: radiusKm('south-west'),
    nw: radiusKm('north-west'),
  })
  .describe('Wind radius per quadrant in km (null when that quadrant is unknown)')
  .meta({ id: 'WindCircles' });

export const trackPointSchema = z
  .object({
    time: beijingTime,
    lat: z.number().min(-90).max(90).describe('Latitude in degrees, north positive'),
    lng: z.number().min(-180).max(180).describe('Longitude in degrees, −180…180, east positive'),
    strong: z.string().nullable().describe('Chinese grade name (热带低压 … 超强台风, 温带气旋); null below TD or unknown'),
    grade: gradeCodeSchema.nullable(),
    power: z.number().int().min(0).max(17).nullable().describe('Beaufort force of the maximum wind (GB/T 28591-2012, 17 = 17 or above)'),
    speed: nullableNumber(
      "Maximum sustained wind in m/s, averaged over the storm's windPeriod: 2 minutes (CMA's best track, the Chinese live services), 1 minute for the 1945–1948 storms (JTWC's best track)",
    ),
    pressure: nullableNumber('Central pressure in hPa'),
    moveDir: z.string().nullable().describe('Direction of motion as a 16-point compass code (N, NNE, … NNW)'),
    moveSpeed: nullableNumber('Speed of motion in km/h'),
    radius7: windCircleSchema.nullable().describe('Radius of force-7 winds (≥ 13.9 m/s) per quadrant, km'),
    radius10: windCircleSchema.nullable().describe('Radius of force-10 winds (≥ 24.5 m/s) per quadrant, km'),
    radius12: windCircleSchema.nullable().describe('Radius of force-12 winds (≥ 32.7 m/s) per quadrant, km'),
  })
  .meta({ id: 'TrackPoint' });

export const landfallSchema = z
  .object({
    time: beijingTime,
    lat: z.number().describe('Latitude of the landfall point, degrees north'),
    lng: z.number().describe('Longitude of the landfall point, degrees east (−180…180)'),
    position: z
      .string()
      .describe('Place of landfall as the source writes it (Chinese); empty when the source gives none or its text failed the check'),
    positionEn: z
      .string()
      .nullable()
      .describe(
        'The same place in English, from a reviewed table of place names (provinces, countries, islands, cities), a name the table does not know in pinyin: ' +
          'a phrase to follow "at" ("the coast of Wenchang, Hainan"); empty when position is empty; null only on a live landfall stored before English places were given (the next refresh gives it)',
      ),
    strong: z.string().nullable().describe('Grade name at the nearest track point'),
    grade: gradeCodeSchema.nullable(),
    speed: nullableNumber('Maximum wind at the nearest track point, m/s'),
    pressure: nullableNumber('Central pressure at the nearest track point, hPa'),
  })
  .meta({ id: 'Landfall' });

/** The forecast agencies' keys (src/upstream/forecast-agencies.ts maps the upstreams' labels to them). */
export const FORECAST_AGENCIES = ['cma', 'jma', 'jtwc', 'hko', 'cwa', 'kma', 'pagasa', 'ecmwf'] as const;
export type ForecastAgency = (typeof FORECAST_AGENCIES)[number];

export const forecastPointSchema = trackPointSchema
  .pick({
    time: true,
    lat: true,
    lng: true,
    strong: true,
    grade: true,
    power: true,
    speed: true,
    pressure: true,
  })
  .meta({ id: 'ForecastPoint' });

export const agencyForecastSchema = z
  .object({
    agency: z.enum(FORECAST_AGENCIES).describe('Agency key, the same as its key in forecasts'),
    nameZh: z.string().describe("The agency's name in Chinese"),
    nameEn: z.string().describe("The agency's name in English"),
    issuedAt: beijingTime.nullable().describe('Time of the agency analysis the forecast starts from'),
    origin: z
      .object({
        time: beijingTime,
        lat: z.number().describe('Latitude of the analysis position, degrees north'),
        lng: z.number().describe('Longitude of the analysis position, degrees east'),
      })
      .nullable()
      .describe("The agency's own analysis (base) position; it can lag the observed track by up to 18 h and is not a forecast point"),
    points: z.array(forecastPointSchema).describe('Forecast positions after the base time'),
  })
  .describe("One agency's latest forecast of the storm's track and intensity")
  .meta({ id: 'Forecast' });

/**
 * `forecasts` has one optional key per agency, so that a client's types name them (a record would type
 * `forecasts.length` as a forecast); the archive keeps none (its leftovers are not a forecast record).
 */
const agencyForecast = agencyForecastSchema.optional();
export const forecastsSchema = z
  .object({
    cma: agencyForecast,
    jma: agencyForecast,
    jtwc: agencyForecast,
    hko: agencyForecast,
    cwa: agencyForecast,
    kma: agencyForecast,
    pagasa: agencyForecast,
    ecmwf: agencyForecast,
  } satisfies Record<ForecastAgency, typeof agencyForecast>)
  .describe(
    "The latest forecast of each agency the source gives, by agency key; {} when none is given. A forecast that cannot be read whole is left out, and its absence is not the agency's: it is listed as a fault (unreadable-forecast) in the live data-quality document",
  );

export const SOURCE_IDS = ['cma', 'jtwc', 'zj', 'names-table', 'name-corrections', 'zj-live', 'nmc'] as const;
export const sourceIdSchema = z
  .enum(SOURCE_IDS)
  .describe(
    'cma: CMA best track; jtwc: JTWC best track (the 1945–1948 winds, as the Zhejiang archive relays them); zj: Zhejiang archive; names-table: Typhoon Committee name list; name-corrections: reviewed per-storm corrections of a source spelling (content/names/corrections.yaml, each listed with its evidence in /api/_data/data-quality.json); zj-live, nmc: live services',
  )
  .meta({ id: 'SourceId' });

export const provenanceSchema = z
  .object({
    track: sourceIdSchema.describe('Who gave time, position, pressure and wind'),
    nameZh: sourceIdSchema.nullable(),
    nameEn: sourceIdSchema
      .nullable()
      .describe("Who gave enname; name-corrections: the source's spelling was corrected, and cma.name keeps CMA's"),
    landfall: sourceIdSchema.nullable(),
    windCircles: sourceIdSchema.nullable(),
    motion: sourceIdSchema.nullable(),
    peakGrade: sourceIdSchema.nullable().describe('Whose winds the headline peakGrade is graded from (null when there is none)'),
    maxSpeed: sourceIdSchema
      .nullable()
      .describe(
        "Whose wind the headline maxSpeed is (averaged over windPeriod); /api/v1/typhoons/{code}/agencies gives every agency's own",
      ),
    minPressure: sourceIdSchema.nullable().describe('Whose pressure the headline minPressure is'),
  })
  .describe('Which source gave what')
  .meta({ id: 'Provenance' });

export const typhoonCodeSchema = z
  .string()
  .regex(/^(\d{6}|\d{8}|\d{4}C\d{2})(-\d)?$/)
  .describe('Storm code: YYYYNN (China-numbered), YYYYCSS (CMA entries China did not number), -n for secondary entries');

export const cmaEntrySchema = z
  .object({
    year: z.number().int().describe('Year of the CMA file holding the entry'),
    seq: z.number().int().describe('Sequence number in the CMA year file (TDs included)'),
    internationalNumber: z.string().nullable().describe('YYNN, null when none'),
    chineseNumbers: z.array(z.string()).describe('YYNN numbers China gave; empty when none'),
    name: z.string().describe('Name exactly as the CMA header writes it (also where enname corrects it: search finds both)'),
    endFlag: z.number().int().describe('0 dissipated, 1 left the area, 2 merged, 3 quasi-stationary'),
    releaseDate: z
      .string()
      .describe("The release date the entry's CMA header writes, YYYYMMDD (the newest of them dates the archive's release)"),
  })
  .describe(
    "The storm's entry in CMA's best track; null for a storm CMA's best track does not hold (live data, a storm of the upstream service only)",
  )
  .meta({ id: 'CmaEntry' });

export const WIND_PERIODS = ['2min', '1min'] as const;
export const windPeriodSchema = z
  .enum(WIND_PERIODS)
  .describe(
    "Averaging period of the storm's maximum sustained winds (speed, maxSpeed): 2min for CMA's best track and the Chinese live services, 1min for the 1945–1948 storms, whose winds are JTWC's (the same field as the global cyclones')",
  )
  .meta({ id: 'WindPeriod' });

const landRecordedSchema = z
  .boolean()
  .describe(
    'Whether the source recorded landfalls for this storm, so that an empty land[] means "no landfall recorded" rather than "not recorded". ' +
      'true for a storm with a Zhejiang record in a year whose Zhejiang records carry landfalls (at least 2 storms with one: 1947–1996 and 2013 on), or whose own record lists one; ' +
      'false for 1945–1946, most storms of 1997–2012, CMA entries without a Zhejiang record (storms China did not number, secondary entries, the end of 2025) and NMC live data. ' +
      'Before 2013 the records are of landfalls on the Chinese mainland and Hainan only; from 2013 of landfalls anywhere',
  );

export const stormIdsSchema = z
  .object({
    cma: typhoonCodeSchema.describe("This API's code of the storm (from CMA's best-track numbering)"),
    jma: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .describe('RSMC Tokyo (JMA) international number, YYNN (1330)'),
    jtwc: z
      .string()
      .regex(/^[a-z]{2}\d{6}$/)
      .nullable()
      .describe('JTWC ATCF id, basin + number + year in lower case as its b-deck files are named (wp312013)'),
    hko: z
      .string()
      .regex(/^\d{4}-\d{4}$/)
      .nullable()
      .describe('Hong Kong Observatory: year of its best-track file and its code there (2013-0031); HKO numbers afresh each year'),
    ibtracs: z
      .string()
      .regex(/^\d{7}[NS]\d{5}$/)
      .nullable()
      .describe('IBTrACS storm id, SID (2013306N07162)'),
  })
  .describe(
    "The same storm in each agency's records: null where the agency has none, where its data was not read, or where the match was ambiguous (reported in /api/_data/data-quality.json). " +
      'Found from IBTrACS where it covers the storm, else by matching tracks (centres within 150 km at the same instants: docs/data/agencies.md gives the rules); ' +
      'CMA and HKO write JMA numbers in their headers, which must agree. Several entries of ours can carry one agency id: CMA splits some storms into a main entry and continuations',
  )
  .meta({ id: 'StormIds' });

export const typhoonSchema = z
  .object({
    code: typhoonCodeSchema,
    name: z.string().nullable().describe('Chinese name'),
    enname: z.string().nullable().describe('English name, upper case'),
    year: z.number().int().describe('Year the storm belongs to (its number’s year)'),
    isActive: z.boolean().describe("Whether the source lists the storm as active: the live services' flag; false for every archived storm"),
    startTime: beijingTime,
    endTime: beijingTime,
    peakGrade: gradeCodeSchema.nullable(),
    maxSpeed: nullableNumber('Highest maximum wind of the track, m/s, averaged over windPeriod'),
    minPressure: nullableNumber('Lowest central pressure of the track, hPa'),
    windPeriod: windPeriodSchema,
    points: z.array(trackPointSchema).min(1).describe('The track: every fix in time order, at least one'),
    forecasts: forecastsSchema,
    land: z.array(landfallSchema).describe('Recorded landfalls in time order; empty also when none were recorded (see landRecorded)'),
    landRecorded: landRecordedSchema,
    cma: cmaEntrySchema.nullable().describe(cmaEntrySchema.description ?? ''),
    ids: stormIdsSchema,
    zjId: z.string().nullable().describe('tfbh of the Zhejiang record merged in'),
    provenance: provenanceSchema,
    retiredName: z.boolean().describe('The name was retired because of this storm'),
    live: z
      .object({
        source: z.enum(['zj-live', 'nmc']).describe('Upstream that gave this snapshot'),
        fetchedAt: beijingTime.describe('When the snapshot was fetched'),
        publishedAt: beijingTime.describe(
          "The upstream's own time of this data: the time of the storm's latest position (the service releases a position some minutes after it)",
        ),
        stale: z
          .boolean()
          .describe(
            'true when this is not current: the latest refresh failed, was stopped or is overdue, this server polls no upstream, or the upstream has published nothing new on this storm within its publishing bound (it was last reported at publishedAt)',
          ),
        staleReason: z
          .string()
          .nullable()
          .default(null)
          .describe(
            'Why it is stale, in words (the list\'s reason, or "the upstream has published nothing new since <publishedAt>"); null when it is not',
          ),
      })
      .nullable()
      .describe('Live status of an active storm; null for archived storms'),
  })
  .meta({ id: 'TyphoonRecord' });

export const typhoonSummarySchema = typhoonSchema
  .pick({
    code: true,
    name: true,
    enname: true,
    year: true,
    startTime: true,
    endTime: true,
    peakGrade: true,
    maxSpeed: true,
    minPressure: true,
    windPeriod: true,
    landRecorded: true,
    retiredName: true,
  })
  .extend({
    peakStrong: z.string().nullable().describe('Chinese name of the peak grade'),
    landfalls: z.number().int().describe('Number of recorded landfalls (0 also when none were recorded: see landRecorded)'),
  })
  .meta({ id: 'TyphoonSummary' });

export const gradeCountsSchema = z
  .object({
    below: z.number().int().describe('Storms whose peak was below TD or unknown'),
    TD: z.number().int().describe('Storms that peaked as TD'),
    TS: z.number().int().describe('Storms that peaked as TS'),
    STS: z.number().int().describe('Storms that peaked as STS'),
    TY: z.number().int().describe('Storms that peaked as TY'),
    STY: z.number().int().describe('Storms that peaked as STY'),
    SuperTY: z.number().int().describe('Storms that peaked as SuperTY'),
  })
  .describe('Storms counted by peak grade')
  .meta({ id: 'GradeCounts' });

const yearField = z.number().int().describe('Calendar year');
const countField = (what: string) => z.number().int().describe(`Number of ${what}`);

export const yearStatisticSchema = z
  .object({
    year: yearField,
    total: z.number().int().describe('Every archived system of the year, TDs included'),
    named: z.number().int().describe('Systems that reached TS (17.2 m/s) or stronger'),
    typhoons: z.number().int().describe('Systems that reached TY (32.7 m/s) or stronger'),
    byGrade: gradeCountsSchema,
    landRecordedStorms: z
      .number()
      .int()
      .describe('Storms whose landfalls the source recorded (landRecorded): landfallStorms and landfalls count among these only'),
    landfallStorms: z
      .number()
      .int()
      .describe('Storms with at least one recorded landfall (not a count of every landfall: see landRecordedStorms)'),
    landfalls: z.number().int().describe('Recorded landfall events (recorded ones only: see landRecordedStorms)'),
    strongest: typhoonSummarySchema.nullable().describe('Lowest central pressure (highest wind breaks ties)'),
    firstStart: beijingTime.nullable(),
    lastEnd: beijingTime.nullable(),
    ace: z
      .number()
      .describe(
        'Accumulated cyclone energy in 10⁴ kt²: the sum of the squared maximum winds (kt) at the 6-hourly fixes (00/06/12/18 UTC) of TS strength, wind ≥ 17.2 m/s (on these whole-m/s and 5-kt winds the same fixes as ≥ 34 kt), extratropical stage left out. ' +
          "Computed from the track's winds: CMA's 2-minute winds from 1949, JTWC's 1-minute winds for 1945–1948 (the storms' windPeriod). " +
          'ACE as JTWC or NOAA publish it uses 1-minute winds throughout, so values from 1949 do not compare directly with theirs: aceJtwc is that one',
      ),
    aceJtwc: z
      .number()
      .nullable()
      .describe(
        "Accumulated cyclone energy from JTWC's 1-minute winds, by the same rule (10⁴ kt²): the sum over the year's storms of their JTWC tracks' ACE, each track once; " +
          "for 1945–1948 the same as ace (those tracks are JTWC's). null unless JTWC's track of every storm of the year that reached TS was read and linked (/api/v1/typhoons/{code}/agencies)",
      ),
  })
  .meta({ id: 'YearStatistic' });

export const attributionSchema = z
  .array(
    z.object({
      source: z.string().describe('Which source: its short name'),
      credit: z.string().describe('The credit line to show with the data'),
      url: z.string().nullable().describe("The source's page; null when it has none"),
      cite: z.array(z.string()).describe('Papers to cite when the data is used in research; empty when the source names none'),
    }),
  )
  .describe('Credits the sources ask for: quote them with the data')
  .meta({ id: 'Attribution' });

export const historyYearsSchema = z
  .object({
    years: z.array(yearStatisticSchema).describe('One entry per archived year, oldest first'),
    attribution: attributionSchema,
  })
  .meta({ id: 'HistoryYears' });

export const historyYearSchema = z
  .object({
    year: yearField,
    total: countField('storms in the list'),
    typhoons: z.array(typhoonSummarySchema).describe("The year's storms in brief, in order of formation"),
    attribution: attributionSchema,
  })
  .meta({ id: 'HistoryYear' });

export const searchEntrySchema = typhoonSummarySchema.extend({
  ids: stormIdsSchema,
  aliases: z.array(z.string()).describe('Other spellings that find this storm'),
  pinyin: z
    .array(z.string())
    .describe('Toneless pinyin of its Chinese names, lower case, no spaces, ü as v (every reading of a polyphone)'),
});

export const searchHitSchema = typhoonSummarySchema
  .extend({
    ids: stormIdsSchema,
    matchedBy: z
      .enum(['code', 'id', 'name', 'pinyin', 'fuzzy'])
      .describe(
        "What matched the keyword: code (the code or a code prefix), id (another agency's id of the storm, whole: JMA 1330, ATCF wp312013, HKO 2013-0031, IBTrACS SID), name (a Chinese or English name or a known variant: whole, start or part), pinyin (the pinyin of the Chinese name: whole or start), fuzzy (an English name or pinyin within 1–2 typing errors)",
      ),
  })
  .meta({ id: 'SearchHit' });

export const searchResultSchema = z
  .object({
    keyword: z.string().describe('The keyword searched for: the path segment decoded, NFKC-normalised and trimmed'),
    total: countField('results (at most 50)'),
    typhoons: z.array(searchHitSchema).describe('Best match first (docs/api/endpoints-archive.md gives the ranking)'),
  })
  .meta({ id: 'SearchResult' });

export const todayEntrySchema = typhoonSummarySchema
  .extend({
    reasons: z
      .array(z.enum(['retired', 'landfall', 'super-typhoon', 'strongest-of-year']))
      .describe(
        'Why it is well known: retired (its name was retired because of it), landfall (a recorded landfall), super-typhoon (it reached SuperTY), strongest-of-year (the strongest storm of its year)',
      ),
  })
  .meta({ id: 'TodayEntry' });

export const todayInHistorySchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{2}-\d{2}$/)
      .describe('Calendar day MM-DD, Beijing time'),
    today: z.string().nullable().describe('YYYY-MM-DD in Asia/Shanghai when asked for today; null for a fixed day'),
    total: countField('well-known storms of the day (the list holds at most 20)'),
    typhoons: z.array(todayEntrySchema).describe('Well-known storms active on the day in past years, most notable first (at most 20)'),
  })
  .meta({ id: 'TodayInHistory' });

export type TrackPoint = z.infer<typeof trackPointSchema>;
export type WindCircle = z.infer<typeof windCircleSchema>;
export type Landfall = z.infer<typeof landfallSchema>;
export type Typhoon = z.infer<typeof typhoonSchema>;
export type TyphoonSummary = z.infer<typeof typhoonSummarySchema>;
export type YearStatistic = z.infer<typeof yearStatisticSchema>;
export type SearchEntry = z.infer<typeof searchEntrySchema>;
export type SearchHit = z.infer<typeof searchHitSchema>;
export type TodayEntry = z.infer<typeof todayEntrySchema>;
export type TodayInHistory = z.infer<typeof todayInHistorySchema>;
export type Provenance = z.infer<typeof provenanceSchema>;
export type StormIds = z.infer<typeof stormIdsSchema>;
export type Attribution = z.infer<typeof attributionSchema>;
export type AgencyForecast = z.infer<typeof agencyForecastSchema>;
export type Forecasts = z.infer<typeof forecastsSchema>;
