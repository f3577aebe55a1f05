/**
 * Path and query parameters: what a well-formed value is. A malformed value is 40001; a well-formed one that
 * names nothing is 40401 (decided by whoever looks it up).
 */
import { z } from 'zod';
import { KNOWLEDGE_CATEGORIES, PLATFORMS, platformSchema, slugSchema, type Platform } from '../model/content-schemas.ts';
import { DISTURBANCE_ID, disturbanceIdSchema } from '../model/disturbance-schemas.ts';
import { globalIdSchema } from '../model/global-schemas.ts';
import { GRADE_CODES, type GradeCode } from '../model/grades.ts';
import { typhoonCodeSchema } from '../model/typhoon-schemas.ts';
import { ApiError, badParameter } from './errors.ts';

export const FIRST_ARCHIVE_YEAR = 1945;
export const MAX_KEYWORD_LENGTH = 50;

const YEAR = /^\d{4}$/;
/** MM-DD of a day that exists in a leap year: 02-29 is one, 02-30 and 04-31 are not. */
const CALENDAR_DAY = /^(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-9])|(?:0[13-9]|1[0-2])-30|(?:0[13578]|1[02])-31)$/;
const FLASH_ID = /^[0-9a-f]{12}$/;
/** Semantic versions have no leading zeros (semver would throw on 01.2.3): only what compares is accepted. */
const VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
const keywordText = z.string().min(1).max(MAX_KEYWORD_LENGTH);

export interface ParamSpec {
  description: string;
  example: string;
  /** A malformed value: the OpenAPI document shows the 40001 it gets (parse's own message) as an example. */
  invalid: string;
  /** A well-formed value, for the OpenAPI document (what `parse` accepts, as far as a schema can say). */
  schema: z.ZodType;
  /** The value decoded and checked; throws a 40001 ApiError when malformed. */
  parse(raw: string): string;
}

/** Percent-decodes one path segment; broken escapes are a parameter error, not a crash. */
export function decodeSegment(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badParameter(`${name} is not valid percent-encoded UTF-8.`);
  }
}

const matching = (name: string, pattern: RegExp, expected: string) => (raw: string) => {
  const value = decodeSegment(raw, name);
  if (!pattern.test(value)) throw badParameter(`${name} must be ${expected}; got "${value.slice(0, 60)}".`);
  return value;
};

export const PARAMS = {
  year: {
    description: `Four-digit year; the archive starts in ${FIRST_ARCHIVE_YEAR}`,
    example: '2024',
    invalid: '24',
    schema: z.string().regex(YEAR),
    parse: matching('year', YEAR, 'a four-digit year such as 2024'),
  },
  code: {
    description: 'Storm code: YYYYNN, YYYYCSS or either with -n (secondary CMA entries); 8-digit Zhejiang ids for unnamed systems',
    example: '202411',
    invalid: '2024-11',
    schema: typhoonCodeSchema,
    parse: (raw: string) => {
      const value = decodeSegment(raw, 'code');
      if (!typhoonCodeSchema.safeParse(value).success) {
        throw badParameter(`code must look like 202411, 1967C05 or 197920-1; got "${value.slice(0, 60)}".`);
      }
      return value;
    },
  },
  date: {
    description: 'Calendar day MM-DD, two digits each, of a day that exists in a leap year: 02-29 is one, 02-30 and 04-31 are not',
    example: '09-06',
    invalid: '02-30',
    schema: z.string().regex(CALENDAR_DAY),
    parse: matching('date', CALENDAR_DAY, 'a calendar day MM-DD that exists, such as 09-06 or 02-29'),
  },
  keyword: {
    description: `Code or code prefix, Chinese or English name (any case), its pinyin (weimaxun), an English name with a typo, optionally with a year (Haiyan 2013); 1–${MAX_KEYWORD_LENGTH} characters`,
    example: '摩羯',
    invalid: '%2F',
    schema: keywordText,
    parse: (raw: string) => {
      const value = decodeSegment(raw, 'keyword').normalize('NFKC').trim();
      if (value.length === 0) throw badParameter('keyword is empty.');
      if ([...value].length > MAX_KEYWORD_LENGTH) throw badParameter(`keyword is longer than ${MAX_KEYWORD_LENGTH} characters.`);
      if (/[\u0000-\u001f\u007f/\\]/.test(value)) throw badParameter('keyword contains control characters or slashes.');
      return value;
    },
  },
  globalId: {
    description: 'Global cyclone id: <agency>-<atcf id>, lower case (nhc-al132025, jtwc-sh062024)',
    example: 'nhc-al132025',
    invalid: 'AL132025',
    schema: globalIdSchema,
    parse: (raw: string) => {
      const value = decodeSegment(raw, 'id');
      if (!globalIdSchema.safeParse(value).success)
        throw badParameter(`id must look like nhc-al132025 or jtwc-sh062024; got "${value.slice(0, 60)}".`);
      return value;
    },
  },
  disturbanceId: {
    description: 'Disturbance id: jtwc-<atcf id> of an invest (numbers 90–99), lower case (jtwc-wp942026)',
    example: 'jtwc-wp942026',
    invalid: 'wp94',
    schema: disturbanceIdSchema,
    parse: matching('id', DISTURBANCE_ID, 'jtwc-wp942026 (jtwc-, basin, invest number 90–99, year)'),
  },
  flashId: {
    description: 'Flash news id: 12 hexadecimal digits',
    example: '3f9a1c0b2d4e',
    invalid: '3F9A',
    schema: z.string().regex(FLASH_ID),
    parse: matching('id', FLASH_ID, '12 hexadecimal digits'),
  },
  slug: {
    description: 'Article identifier: lower-case ASCII words joined by hyphens',
    example: 'storm-surge',
    invalid: 'Storm_Surge',
    schema: slugSchema,
    parse: (raw: string) => {
      const value = decodeSegment(raw, 'slug');
      if (!slugSchema.safeParse(value).success)
        throw badParameter(`slug must be lower-case words joined by hyphens; got "${value.slice(0, 60)}".`);
      return value;
    },
  },
} satisfies Record<string, ParamSpec>;

export type ParamKind = keyof typeof PARAMS;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

export type QueryValue = string | number | boolean | readonly number[] | null;

/** Query parameters. A missing optional one gives `null`; a present malformed one is 40001. */
export interface QuerySpec {
  description: string;
  example: string | number;
  /** A malformed value: the OpenAPI document shows the 40001 it gets (parse's own message) as an example. */
  invalid: string;
  required: boolean;
  /** The parameter's name in the URL when it is not the kind's (one parameter, two kinds with other defaults). */
  name?: string;
  /** A well-formed value, for the OpenAPI document. */
  schema: z.ZodType;
  parse(raw: string | null): QueryValue;
}

const integerIn = (name: string, min: number, max: number, fallback: number) => ({
  invalid: String(max + 1),
  schema: z.int().min(min).max(max).default(fallback),
  parse: (raw: string | null) => {
    if (raw === null) return fallback;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw badParameter(`${name} must be a whole number from ${min} to ${max}; got "${raw.slice(0, 40)}".`);
    }
    return Number(raw);
  },
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
  required: true,
  invalid: '0x10',
  schema: z.number().min(min).max(max),
  parse: (raw: string | null) => {
    if (raw === null || raw === '') throw badParameter(`${name} is required: a number from ${min} to ${max}${unit}.`);
    const value = Number(raw);
    if (raw.length > MAX_NUMBER_LENGTH || !NUMBER.test(raw) || !(value >= min && value <= max)) {
      throw badParameter(
        `${name} must be a number from ${min} to ${max}${unit}, written as JSON writes numbers (22.3, -0.5, 1e-7); got "${raw.slice(0, 40)}".`,
      );
    }
    return value;
  },
});

const fourDigitYear = (name: string) => ({
  required: false,
  invalid: '25',
  schema: z.string().regex(YEAR),
  parse: (raw: string | null) => {
    if (raw === null) return null;
    if (!YEAR.test(raw)) throw badParameter(`${name} must be a four-digit year such as 2025; got "${raw.slice(0, 40)}".`);
    return Number(raw);
  },
});

const MONTH_LIST = /^(0?[1-9]|1[0-2])(,(0?[1-9]|1[0-2]))*$/;
/** Peak grades a storm can reach: ET is a stage, not an intensity. */
const INTENSITY_GRADES = GRADE_CODES.filter((code) => code !== 'ET');

export const QUERIES = {
  page: { description: 'Page number from 1 (default 1)', example: 1, required: false, ...integerIn('page', 1, 100_000, 1) },
  size: {
    description: `Items per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE})`,
    example: DEFAULT_PAGE_SIZE,
    required: false,
    ...integerIn('size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  },
  platform: {
    description: `Client platform: ${PLATFORMS.join(', ')}`,
    example: 'android',
    invalid: 'windows',
    required: true,
    schema: platformSchema,
    parse: (raw: string | null): Platform => {
      if (raw === null || raw === '') throw badParameter(`platform is required: one of ${PLATFORMS.join(', ')}.`);
      const platform = PLATFORMS.find((p) => p === raw);
      if (!platform) throw badParameter(`platform must be one of ${PLATFORMS.join(', ')}; got "${raw.slice(0, 40)}".`);
      return platform;
    },
  },
  year: { description: 'Four-digit year', example: '2025', ...fourDigitYear('year') },
  q: {
    description: `Keyword: Chinese or English name, ATCF id or sea area, 1–${MAX_KEYWORD_LENGTH} characters`,
    example: 'melissa',
    invalid: 'x'.repeat(MAX_KEYWORD_LENGTH + 1),
    required: false,
    schema: keywordText,
    parse: (raw: string | null) => {
      if (raw === null) return null;
      const value = raw.normalize('NFKC').trim();
      if (value.length === 0 || [...value].length > MAX_KEYWORD_LENGTH) throw badParameter(`q must be 1–${MAX_KEYWORD_LENGTH} characters.`);
      if (/[\u0000-\u001f\u007f]/.test(value)) throw badParameter('q contains control characters.');
      return value;
    },
  },
  code: {
    description: 'Typhoon code (202411) or global cyclone id (nhc-al132025)',
    example: '202411',
    invalid: 'AL132025',
    required: false,
    schema: z.union([typhoonCodeSchema, globalIdSchema]),
    parse: (raw: string | null) => {
      if (raw === null) return null;
      if (!typhoonCodeSchema.safeParse(raw).success && !globalIdSchema.safeParse(raw).success) {
        throw badParameter(`code must be a typhoon code such as 202411 or a global id such as nhc-al132025; got "${raw.slice(0, 40)}".`);
      }
      return raw;
    },
  },
  current: {
    description: 'The version the client runs (x.y.z); adds updateAvailable and forceUpdate',
    example: '1.3.0',
    invalid: '1.03.0',
    required: false,
    schema: z.string().regex(VERSION),
    parse: (raw: string | null) => {
      if (raw === null) return null;
      if (!VERSION.test(raw)) throw badParameter(`current must be a version x.y.z without leading zeros; got "${raw.slice(0, 40)}".`);
      return raw;
    },
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
    required: false,
    schema: z.string().regex(MONTH_LIST),
    parse: (raw: string | null) => {
      if (raw === null) return null;
      if (!MONTH_LIST.test(raw))
        throw badParameter(`months must be months 1–12 separated by commas, such as 7,8,9; got "${raw.slice(0, 40)}".`);
      return [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b);
    },
  },
  minGrade: {
    description: `Lowest peak grade of the storms: ${INTENSITY_GRADES.join(', ')} (GB/T 19201-2006)`,
    example: 'TY',
    invalid: 'ET',
    required: false,
    schema: z.enum(INTENSITY_GRADES),
    parse: (raw: string | null): GradeCode | null => {
      if (raw === null) return null;
      const grade = INTENSITY_GRADES.find((g) => g === raw);
      if (!grade) throw badParameter(`minGrade must be one of ${INTENSITY_GRADES.join(', ')}; got "${raw.slice(0, 40)}".`);
      return grade;
    },
  },
  landfall: {
    description: 'true: only storms with a recorded landfall; false: only storms without one',
    example: 'true',
    invalid: 'yes',
    required: false,
    schema: z.enum(['true', 'false']),
    parse: (raw: string | null) => {
      if (raw === null) return null;
      if (raw !== 'true' && raw !== 'false') throw badParameter(`landfall must be true or false; got "${raw.slice(0, 40)}".`);
      return raw === 'true';
    },
  },
  category: {
    description: `Only the articles of this category: ${KNOWLEDGE_CATEGORIES.join(', ')} (default: every category)`,
    example: 'basics',
    invalid: 'weather',
    required: false,
    schema: z.enum(KNOWLEDGE_CATEGORIES),
    parse: (raw: string | null) => {
      if (raw === null) return null;
      const category = KNOWLEDGE_CATEGORIES.find((c) => c === raw);
      if (!category) throw badParameter(`category must be one of ${KNOWLEDGE_CATEGORIES.join(', ')}; got "${raw.slice(0, 40)}".`);
      return category;
    },
  },
  similarSize: {
    name: 'size',
    description: 'How many similar storms, 1–50 (default 10)',
    example: 10,
    required: false,
    ...integerIn('size', 1, MAX_PAGE_SIZE, 10),
  },
} satisfies Record<string, QuerySpec>;

export type QueryKind = keyof typeof QUERIES;

/** The rule between `from` and `to` (a range of years): checked where both are read. */
export function checkYearRange({ from, to }: { from: number | null; to: number | null }): void {
  if (from !== null && to !== null && from > to) throw badParameter(`from (${from}) is after to (${to}).`);
}

/** The 40001 message a malformed value gets: parse's own words, for the OpenAPI document's examples. */
export function rejection(parse: () => unknown): string {
  try {
    parse();
  } catch (thrown) {
    if (thrown instanceof ApiError) return thrown.message;
    throw thrown;
  }
  throw new Error('The invalid example of a parameter was accepted');
}

/** The name of a query kind's parameter in the URL. */
export const queryName = (kind: QueryKind): string => (QUERIES[kind] as QuerySpec).name ?? kind;

/** The query string of a good request: each required parameter with its example (empty when none is required). */
export function exampleQuery(kinds: readonly QueryKind[]): string {
  const required = kinds.filter((kind) => QUERIES[kind].required);
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

/** Reads the declared query parameters of a request (each at most once: a repeated one is ambiguous). */
export function parseQuery<K extends QueryKind>(url: URL, kinds: readonly K[]): { [P in K]: ReturnType<(typeof QUERIES)[P]['parse']> } {
  checkQueryEncoding(url, new Set(kinds.map(queryName)));
  const out: Record<string, unknown> = {};
  for (const kind of kinds) {
    const values = url.searchParams.getAll(queryName(kind));
    if (values.length > 1) throw badParameter(`${queryName(kind)} is given ${values.length} times.`);
    out[kind] = QUERIES[kind].parse(values[0] ?? null);
  }
  return out as { [P in K]: ReturnType<(typeof QUERIES)[P]['parse']> };
}
