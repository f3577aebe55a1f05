/**
 * Path and query parameters, each one zod schema over the URL's text (a path segment once percent-decoded; a query
 * value as URLSearchParams reads it, `undefined` when the query leaves it out). The schema is the parameter: it
 * checks a value and words what is wrong in the project's own 40001 message, gives the handler the value's type
 * (its output: `query.lat` is a number, `query.minGrade` a grade or null), and documents the parameter in OpenAPI
 * (its input side: src/api/openapi.ts). A well-formed value that names nothing is 40401, decided by whoever looks
 * it up.
 */
import { z } from 'zod';
import { KNOWLEDGE_CATEGORIES, PLATFORMS, platformSchema, slugSchema } from '../model/content-schemas.ts';
import { disturbanceIdSchema } from '../model/disturbance-schemas.ts';
import { ARCHIVE_BASINS, archivedStormIdSchema, BASIN_NAMES } from '../model/global-archive-schemas.ts';
import { globalIdSchema } from '../model/global-schemas.ts';
import { GRADE_CODES } from '../model/grades.ts';
import { typhoonCodeSchema } from '../model/typhoon-schemas.ts';
import { WARNING_AGENCIES } from '../model/warning-schemas.ts';
import { ApiError, badParameter } from './errors.ts';

export const FIRST_ARCHIVE_YEAR = 1945;
export const MAX_KEYWORD_LENGTH = 50;

const YEAR = /^\d{4}$/;
/** MM-DD of a day that exists in a leap year: 02-29 is one, 02-30 and 04-31 are not. */
const CALENDAR_DAY = /^(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-9])|(?:0[13-9]|1[0-2])-30|(?:0[13578]|1[02])-31)$/;
const FLASH_ID = /^[0-9a-f]{12}$/;
/** Semantic versions have no leading zeros (semver would throw on 01.2.3): only what compares is accepted. */
const VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

/** A zod issue as an error message function sees it. */
type Issue = { input?: unknown };

/** The 40001 of a malformed value: the rule, and the text given (cut, as it is echoed: 60 characters in a path, 40 in a query). */
const malformed = (rule: string, cut: number) => (issue: Issue) => `${rule}; got "${String(issue.input).slice(0, cut)}".`;
const inPath = (rule: string) => ({ error: malformed(rule, 60) });
const inQuery = (rule: string) => ({ error: malformed(rule, 40) });

export interface ParamSpec {
  description: string;
  example: string;
  /** A malformed value: the OpenAPI document shows the 40001 it gets as an example. */
  invalid: string;
  /** The parameter: checks the decoded segment (its 40001 in its checks' own words), types it and documents it. */
  schema: z.ZodType<unknown, string>;
  /**
   * The 40001 of the schema's issues that have no words of ours: a schema of src/model (a storm code, a global
   * id) is the domain's and says nothing of URLs, so the parameter words its failures (zod's per-parse error map).
   */
  error?: (issue: Issue) => string;
}

export const PARAMS = {
  year: {
    description: `Four-digit year; the archive starts in ${FIRST_ARCHIVE_YEAR}`,
    example: '2024',
    invalid: '24',
    schema: z.string().regex(YEAR, inPath('year must be a four-digit year such as 2024')),
  },
  code: {
    description: 'Storm code: YYYYNN, YYYYCSS or either with -n (secondary CMA entries); 8-digit Zhejiang ids for unnamed systems',
    example: '202411',
    invalid: '2024-11',
    schema: typhoonCodeSchema,
    ...inPath('code must look like 202411, 1967C05 or 197920-1'),
  },
  date: {
    description: 'Calendar day MM-DD, two digits each, of a day that exists in a leap year: 02-29 is one, 02-30 and 04-31 are not',
    example: '09-06',
    invalid: '02-30',
    schema: z.string().regex(CALENDAR_DAY, inPath('date must be a calendar day MM-DD that exists, such as 09-06 or 02-29')),
  },
  keyword: {
    description: `Code or code prefix, Chinese or English name (any case), its pinyin (weimaxun), an English name with a typo, optionally with a year (Haiyan 2013); 1–${MAX_KEYWORD_LENGTH} characters`,
    example: '摩羯',
    invalid: '%2F',
    schema: z
      .string()
      .normalize('NFKC')
      .trim()
      .min(1, 'keyword is empty.')
      .max(MAX_KEYWORD_LENGTH, `keyword is longer than ${MAX_KEYWORD_LENGTH} characters.`)
      .refine((text) => !/[\u0000-\u001f\u007f/\\]/.test(text), 'keyword contains control characters or slashes.'),
  },
  globalId: {
    description: 'Global cyclone id: <agency>-<atcf id>, lower case (nhc-al132025, jtwc-sh062024)',
    example: 'nhc-al132025',
    invalid: 'AL132025',
    schema: globalIdSchema,
    ...inPath('id must look like nhc-al132025 or jtwc-sh062024'),
  },
  archivedId: {
    description:
      'Archived storm id of any basin: nhc-<ATCF id> (HURDAT2: nhc-al122005), ibtracs-<SID> (IBTrACS: ibtracs-2019246N12125), cma-<code> (the north-western Pacific: cma-201330)',
    // In the demo, the tests' fixtures and the real archive alike (YAGI 2024).
    example: 'cma-202411',
    invalid: 'AL041992',
    schema: archivedStormIdSchema,
    ...inPath('id must look like nhc-al122005, ibtracs-2019246N12125 or cma-201330'),
  },
  disturbanceId: {
    description: 'Disturbance id: jtwc-<atcf id> of an invest (numbers 90–99), lower case (jtwc-wp942026)',
    example: 'jtwc-wp942026',
    invalid: 'wp94',
    schema: disturbanceIdSchema,
    ...inPath('id must be jtwc-wp942026 (jtwc-, basin, invest number 90–99, year)'),
  },

  flashId: {
    description: 'Flash news id: 12 hexadecimal digits',
    example: '3f9a1c0b2d4e',
    invalid: '3F9A',
    schema: z.string().regex(FLASH_ID, inPath('id must be 12 hexadecimal digits')),
  },
  agency: {
    description: `A warning agency: ${WARNING_AGENCIES.join(', ')} (Hong Kong Observatory, Japan Meteorological Agency, PAGASA)`,
    example: 'hko',
    invalid: 'HKO',
    schema: z
      .string()
      .regex(new RegExp(`^(${WARNING_AGENCIES.join('|')})$`), inPath(`agency must be one of ${WARNING_AGENCIES.join(', ')}`)),
  },
  slug: {
    description: 'Article identifier: lower-case ASCII words joined by hyphens',
    example: 'storm-surge',
    invalid: 'Storm_Surge',
    schema: slugSchema,
    ...inPath('slug must be lower-case words joined by hyphens'),
  },
} satisfies Record<string, ParamSpec>;

export type ParamKind = keyof typeof PARAMS;
/** A path parameter's value as the handler gets it. */
export type ParamValueOf<K extends ParamKind> = z.output<(typeof PARAMS)[K]['schema']>;

/** Percent-decodes one path segment; broken escapes are a parameter error, not a crash. */
export function decodeSegment(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badParameter(`${name} is not valid percent-encoded UTF-8.`);
  }
}

/** The first issue's words as a 40001. */
function checked<S extends z.core.$ZodType>(spec: { schema: S; error?: (issue: Issue) => string }, value: unknown): z.output<S> {
  const result = z.safeParse(spec.schema, value, spec.error && { error: spec.error });
  if (!result.success) throw badParameter(result.error.issues[0]?.message ?? 'malformed parameter');
  return result.data;
}

/** A path parameter's raw (still percent-encoded) segment, decoded and checked: its value, or a 40001. */
export function readParam<K extends ParamKind>(kind: K, name: string, raw: string): ParamValueOf<K> {
  const spec: { schema: (typeof PARAMS)[K]['schema']; error?: (issue: Issue) => string } = PARAMS[kind];
  return checked(spec, decodeSegment(raw, name));
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** Query parameters. A missing optional one is `null` (or its default); a present malformed one is 40001. */
export interface QuerySpec {
  description: string;
  example: string | number;
  /** A malformed value: the OpenAPI document shows the 40001 it gets as an example. */
  invalid: string;
  /** The parameter's name in the URL when it is not the kind's (one parameter, two kinds with other defaults). */
  name?: string;
  /** The parameter: required unless it takes `undefined` (a default, or null); see PARAMS. */
  schema: z.ZodType<unknown, unknown>;
  error?: (issue: Issue) => string;
}

/** A parameter the query may leave out: absent, it is null. */
const optional = <S extends z.ZodType>(schema: S) => schema.optional().transform((value) => value ?? null);

/**
 * A value read from the query's text as a number: `read` checks the text and says what is wrong (the message
 * quotes the text as given, so it is checked as text); `value` types and documents the number. A number that
 * reaches it is a default (zod's prefault, which the document shows), already a value.
 */
const numberFromText = <S extends z.ZodType<number>>(read: (text: string | undefined) => number | { rejected: string }, value: S) =>
  z.preprocess((input, ctx) => {
    if (typeof input === 'number') return input;
    const result = read(typeof input === 'string' ? input : undefined);
    if (typeof result === 'number') return result;
    ctx.issues.push({ code: 'custom', message: result.rejected, input });
    return z.NEVER;
  }, value);

/** A whole number in a range, with a default. */
const integerIn = (name: string, min: number, max: number, fallback: number) => ({
  invalid: String(max + 1),
  schema: numberFromText(
    (text) =>
      text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max
        ? Number(text)
        : { rejected: `${name} must be a whole number from ${min} to ${max}; got "${String(text).slice(0, 40)}".` },
    z.int().min(min).max(max),
  ).prefault(fallback),
});

/**
 * A number as JSON writes it, which is also what JavaScript's String(), Kotlin's toString() and Swift's
 * description write for a finite Double (`22.3`, `-0.0`, `1e-7`, `1.0E-7`, `1e-07`, `1.5e+21`), plus a leading
 * `+`; not NaN, Infinity, hexadecimal, leading zeros or an empty value. Its length is bounded (the text is echoed).
 */
const NUMBER = /^[-+]?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const MAX_NUMBER_LENGTH = 40;
const NUMBER_TEXT = 'written as a JSON number (22.3, 1e-7 and 1.0E-7 are accepted; NaN, Infinity, hexadecimal and leading zeros are not)';

/** A number in a range; required. */
const decimalIn = (name: string, min: number, max: number, unit: string) => ({
  invalid: '0x10',
  schema: numberFromText((text) => {
    if (text === undefined || text === '') return { rejected: `${name} is required: a number from ${min} to ${max}${unit}.` };
    const value = Number(text);
    if (text.length <= MAX_NUMBER_LENGTH && NUMBER.test(text) && value >= min && value <= max) return value;
    return {
      rejected: `${name} must be a number from ${min} to ${max}${unit}, written as JSON writes numbers (22.3, -0.5, 1e-7); got "${text.slice(0, 40)}".`,
    };
  }, z.number().min(min).max(max)),
});

/** A four-digit year, as a number. */
const fourDigitYear = (name: string) => ({
  invalid: '25',
  schema: optional(
    z
      .string()
      .regex(YEAR, inQuery(`${name} must be a four-digit year such as 2025`))
      .transform(Number),
  ),
});

/** The ATCF basins of the official forecasts (src/model/forecast-schemas.ts). */
const FORECAST_BASINS = ['WP', 'AL', 'EP', 'CP', 'IO', 'SH'] as const;

const MONTH_LIST = /^(0?[1-9]|1[0-2])(,(0?[1-9]|1[0-2]))*$/;
/** Peak grades a storm can reach: ET is a stage, not an intensity. */
const INTENSITY_GRADES = GRADE_CODES.filter((code) => code !== 'ET');

export const QUERIES = {
  page: { description: 'Page number from 1 (default 1)', example: 1, ...integerIn('page', 1, 100_000, 1) },
  size: {
    description: `Items per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
    example: DEFAULT_PAGE_SIZE,
    ...integerIn('size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  },
  platform: {
    description: `Client platform: ${PLATFORMS.join(', ')}`,
    example: 'android',
    invalid: 'windows',
    schema: platformSchema,
    error: (issue: Issue) =>
      issue.input === undefined || issue.input === ''
        ? `platform is required: one of ${PLATFORMS.join(', ')}.`
        : malformed(`platform must be one of ${PLATFORMS.join(', ')}`, 40)(issue),
  },
  year: { description: 'Four-digit year', example: '2025', ...fourDigitYear('year') },
  q: {
    description: `Keyword, 1–${MAX_KEYWORD_LENGTH} characters: a part of a live cyclone's name, ATCF id or sea area; in the archive of every basin a name (Chinese, English, pinyin; a near miss), an id of any agency, optionally with a year (Katrina 2005)`,
    example: 'melissa',
    invalid: 'x'.repeat(MAX_KEYWORD_LENGTH + 1),
    schema: optional(
      z
        .string()
        .normalize('NFKC')
        .trim()
        .min(1, `q must be 1–${MAX_KEYWORD_LENGTH} characters.`)
        .max(MAX_KEYWORD_LENGTH, `q must be 1–${MAX_KEYWORD_LENGTH} characters.`)
        .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), 'q contains control characters.'),
    ),
  },
  code: {
    description: 'Typhoon code (202411) or global cyclone id (nhc-al132025)',
    example: '202411',
    invalid: 'AL132025',
    schema: optional(
      z.union(
        [typhoonCodeSchema, globalIdSchema],
        inQuery('code must be a typhoon code such as 202411 or a global id such as nhc-al132025'),
      ),
    ),
  },
  storm: {
    description: 'A storm code (202411; 8-digit Zhejiang ids for unnamed systems): the changes of the warnings linked to it',
    example: '202411',
    invalid: '2024-11',
    schema: optional(typhoonCodeSchema),
    ...inQuery('storm must be a storm code such as 202411'),
  },
  current: {
    description: 'The version the client runs (x.y.z); adds updateAvailable and forceUpdate',
    example: '1.3.0',
    invalid: '1.03.0',
    schema: optional(z.string().regex(VERSION, inQuery('current must be a version x.y.z without leading zeros'))),
  },
  lat: {
    description: `Latitude of the place, degrees north (−90…90), ${NUMBER_TEXT}`,
    example: 22.3,
    ...decimalIn('lat', -90, 90, '° (north positive)'),
  },
  lng: {
    description: `Longitude of the place, degrees east (−180…180), ${NUMBER_TEXT}`,
    example: 114.2,
    ...decimalIn('lng', -180, 180, '° (east positive)'),
  },
  radius: { description: `Search radius in km, 1–1000, ${NUMBER_TEXT}`, example: 300, ...decimalIn('radius', 1, 1000, ' km') },
  from: { description: 'First year of the storms (the year a storm belongs to), four digits', example: '1990', ...fourDigitYear('from') },
  to: {
    description: 'Last year of the storms, four digits; not before `from` (from after to is 40001)',
    example: '2025',
    ...fourDigitYear('to'),
  },
  months: {
    description: 'Months (1–12, comma-separated) of the closest approach, Beijing time',
    example: '7,8,9',
    invalid: '7-9',
    schema: optional(
      z
        .string()
        .regex(MONTH_LIST, inQuery('months must be months 1–12 separated by commas, such as 7,8,9'))
        .transform((text) => [...new Set(text.split(',').map(Number))].sort((a, b) => a - b)),
    ),
  },
  minGrade: {
    description: `Lowest peak grade of the storms: ${INTENSITY_GRADES.join(', ')} (GB/T 19201-2006)`,
    example: 'TY',
    invalid: 'ET',
    schema: optional(z.enum(INTENSITY_GRADES, inQuery(`minGrade must be one of ${INTENSITY_GRADES.join(', ')}`))),
  },
  landfall: {
    description: 'true: only storms with a recorded landfall; false: only storms without one',
    example: 'true',
    invalid: 'yes',
    schema: optional(z.enum(['true', 'false'], inQuery('landfall must be true or false')).transform((text) => text === 'true')),
  },
  category: {
    description: `Only the articles of this category: ${KNOWLEDGE_CATEGORIES.join(', ')} (default: every category)`,
    example: 'basics',
    invalid: 'weather',
    schema: optional(z.enum(KNOWLEDGE_CATEGORIES, inQuery(`category must be one of ${KNOWLEDGE_CATEGORIES.join(', ')}`))),
  },
  season: {
    name: 'year',
    description: "The season: the year of the forecasts' initial times (UTC), four digits; required",
    example: '1992',
    invalid: '92',
    schema: z
      .string(inQuery('year is required: a four-digit year such as 2024'))
      .regex(YEAR, inQuery('year must be a four-digit year such as 2024'))
      .transform(Number),
  },
  forecastBasin: {
    name: 'basin',
    description: `Only this basin (ATCF): ${FORECAST_BASINS.join(', ')} (default: every basin)`,
    example: 'AL',
    invalid: 'NA',
    schema: optional(z.enum(FORECAST_BASINS, inQuery(`basin must be one of ${FORECAST_BASINS.join(', ')}`))),
  },
  agency: {
    description: 'Only this agency, lower case: nhc, cphc, jtwc, cma, jma, hko, cwa, kma, … (default: every agency)',
    example: 'nhc',
    invalid: 'N H C',
    schema: optional(z.string().regex(/^[a-z][a-z0-9-]{1,19}$/, inQuery('agency must be an agency key such as nhc, jtwc or cma'))),
  },
  basin: {
    description: `Only storms whose track entered this basin (IBTrACS's codes): ${ARCHIVE_BASINS.map((b) => `${b} ${BASIN_NAMES[b].en}`).join(', ')}`,
    example: 'NA',
    invalid: 'AL',
    schema: optional(z.enum(ARCHIVE_BASINS, inQuery(`basin must be one of ${ARCHIVE_BASINS.join(', ')}`))),
  },
  similarSize: {
    name: 'size',
    description: 'How many similar storms, 1–50 (default 10)',
    example: 10,
    ...integerIn('size', 1, MAX_PAGE_SIZE, 10),
  },
} satisfies Record<string, QuerySpec>;

export type QueryKind = keyof typeof QUERIES;
/** A query parameter's value as the handler gets it (an absent optional one is null or its default). */
export type QueryValueOf<K extends QueryKind> = z.output<(typeof QUERIES)[K]['schema']>;

/** The name of a query kind's parameter in the URL. */
export const queryName = (kind: QueryKind): string => (QUERIES[kind] as QuerySpec).name ?? kind;

/** Whether the query must give the parameter: its schema does not take its absence. */
export const isRequired = (kind: QueryKind): boolean => !QUERIES[kind].schema.safeParse(undefined).success;

/** One query value (undefined when the query leaves it out), checked: its value, or a 40001. */
export function readQueryValue<K extends QueryKind>(kind: K, text: string | undefined): QueryValueOf<K>;
// One body for every kind: TypeScript cannot follow a generic kind into the union of the schemas' outputs.
export function readQueryValue(kind: QueryKind, text: string | undefined): unknown {
  const spec: QuerySpec = QUERIES[kind];
  return checked(spec, text);
}

/** The rule between `from` and `to` (a range of years): checked wherever a route reads both (parseQuery). */
export function checkYearRange({ from, to }: Partial<Record<QueryKind, unknown>>): void {
  if (typeof from === 'number' && typeof to === 'number' && from > to) throw badParameter(`from (${from}) is after to (${to}).`);
}

/** The 40001 message a malformed value gets, for the OpenAPI document's examples. */
export function rejection(read: () => unknown): string {
  try {
    read();
  } catch (thrown) {
    if (thrown instanceof ApiError) return thrown.message;
    throw thrown;
  }
  throw new Error('The invalid example of a parameter was accepted');
}

/** The query string of a good request: each required parameter with its example (empty when none is required). */
export function exampleQuery(kinds: readonly QueryKind[]): string {
  const required = kinds.filter(isRequired);
  return required.length ? `?${required.map((kind) => `${queryName(kind)}=${encodeURIComponent(QUERIES[kind].example)}`).join('&')}` : '';
}

/**
 * Broken percent-encoding in a declared parameter's value is a 40001, as it is in a path: URLSearchParams would
 * pass `%ZZ` on as text and turn broken UTF-8 into U+FFFD. Other parameters are not read, so not checked.
 */
function checkQueryEncoding(url: URL, names: ReadonlySet<string>): void {
  for (const pair of url.search.slice(1).split('&')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const [name] = new URLSearchParams(pair.slice(0, equals)).keys();
    if (name !== undefined && names.has(name)) decodeSegment(pair.slice(equals + 1).replace(/\+/g, ' '), name);
  }
}

/** Reads the declared query parameters of a request (each at most once: a repeated one is ambiguous), and the rules between them. */
export function parseQuery<K extends QueryKind>(url: URL, kinds: readonly K[]): { [P in K]: QueryValueOf<P> } {
  checkQueryEncoding(url, new Set(kinds.map(queryName)));
  const read = (kind: K) => {
    const values = url.searchParams.getAll(queryName(kind));
    if (values.length > 1) throw badParameter(`${queryName(kind)} is given ${values.length} times.`);
    return [kind, readQueryValue(kind, values[0])] as const;
  };
  const query: Partial<Record<QueryKind, unknown>> = Object.fromEntries(kinds.map(read));
  checkYearRange(query);
  return query as { [P in K]: QueryValueOf<P> };
}
