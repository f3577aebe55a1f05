/**
 * Parameter values as the document states them: numbers as JSON, JavaScript, Kotlin and Swift write them, the
 * calendar-day pattern against the calendar, the category filter's values, and 40400s that name the endpoint a
 * path most likely meant.
 */
import { describe, expect, it } from 'vitest';
import { classifyMiss } from '../../src/api/classify-miss.ts';
import { ApiError } from '../../src/api/errors.ts';
import {
  checkYearRange,
  isRequired,
  PARAMS,
  QUERIES,
  queryName,
  readParam,
  readQueryValue,
  rejection,
  type ParamKind,
  type QueryKind,
} from '../../src/api/params.ts';
import { KNOWLEDGE_CATEGORIES } from '../../src/model/content-schemas.ts';

const rejected = (parse: () => unknown) => {
  try {
    parse();
    return null;
  } catch (thrown) {
    return thrown instanceof ApiError ? thrown.code : thrown;
  }
};

describe('numbers (lat, lng, radius)', () => {
  it.each([
    ['22.3', 22.3],
    ['1e-7', 1e-7], // JavaScript's String(0.0000001)
    ['1.0E-7', 1e-7], // Kotlin's Double.toString()
    ['1e-07', 1e-7], // Swift's description
    ['-0.0', -0],
    ['+22.3', 22.3],
    ['90', 90],
    ['-9.0E1', -90],
    [String(0.1 + 0.2), 0.1 + 0.2],
  ])('accepts %s', (raw, value) => {
    expect(readQueryValue('lat', raw)).toBe(value);
  });

  it.each([
    'NaN',
    'Infinity',
    '-Infinity',
    '0x10',
    '',
    ' 1',
    '1e',
    '.5',
    '5.',
    '022.3',
    '1_000',
    '9e1x',
    '90.0000001',
    '1e400',
    '1'.repeat(41),
  ])('rejects %j with a 40001', (raw) => {
    expect(rejected(() => readQueryValue('lat', raw))).toBe(40001);
  });

  it('says what a number is in the message', () => {
    expect(() => readQueryValue('radius', '0x10')).toThrow(/written as JSON writes numbers/);
  });
});

describe('calendar days', () => {
  it('accepts exactly the days of a leap year', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (let day = 1; day <= 31; day += 1) {
        const value = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const exists = new Date(Date.UTC(2000, month - 1, day)).getUTCDate() === day;
        expect(
          rejected(() => readParam('date', 'date', value)),
          value,
        ).toBe(exists ? null : 40001);
      }
    }
    for (const value of ['00-10', '13-01', '9-6', '09-6', '0906'])
      expect(
        rejected(() => readParam('date', 'date', value)),
        value,
      ).toBe(40001);
  });
});

describe('cross-parameter rules and the category filter', () => {
  it('refuses from after to, allows from = to and either alone', () => {
    expect(rejected(() => checkYearRange({ from: 2000, to: 1990 }))).toBe(40001);
    for (const range of [
      { from: 2000, to: 2000 },
      { from: null, to: 1990 },
      { from: 2000, to: null },
    ])
      expect(() => checkYearRange(range)).not.toThrow();
  });

  it('knows every knowledge category and no other', () => {
    for (const category of KNOWLEDGE_CATEGORIES) expect(readQueryValue('category', category)).toBe(category);
    expect(readQueryValue('category', undefined)).toBeNull();
    expect(() => readQueryValue('category', 'weather')).toThrow(/category must be one of basics, /);
  });
});

describe('every parameter', () => {
  // Each schema words its 40001 itself (or through its error map): a message of zod's own would name no parameter.
  it.each(Object.keys(PARAMS) as ParamKind[])('path %s: a malformed value is told in our words, naming the parameter', (kind) => {
    const name = kind.endsWith('Id') ? 'id' : kind;
    expect(rejection(() => readParam(kind, name, PARAMS[kind].invalid))).toMatch(new RegExp(`^${name} .*\\.$`));
  });

  it.each(Object.keys(QUERIES) as QueryKind[])('query %s: malformed or missing, told in our words, naming the parameter', (kind) => {
    const name = queryName(kind);
    expect(rejection(() => readQueryValue(kind, QUERIES[kind].invalid))).toMatch(new RegExp(`^${name} .*\\.$`));
    if (isRequired(kind)) expect(rejection(() => readQueryValue(kind, undefined))).toMatch(new RegExp(`^${name} is required: .*\\.$`));
    else expect(() => readQueryValue(kind, undefined)).not.toThrow();
  });
});

describe('a path that is no endpoint', () => {
  it.each([
    ['/api/typhoon/202411', 'web', 'Did you mean /api/typhoons/{code}?'],
    ['/api/history/today/09-06/x', 'web', '/api/history/today/{date} is an endpoint; it takes nothing after its last segment.'],
    ['/api/v1/geojson/202411', 'v1', 'The web family has /api/geojson/{code}.'],
    ['/api/v1/histroy/2024', 'v1', 'Did you mean /api/v1/history/{year}?'],
    // The other family's path of an endpoint this family names otherwise: its path in this family.
    ['/api/v1/llm/summary', 'v1', 'Did you mean /api/v1/summary?'],
    ['/api/summary', 'web', 'Did you mean /api/llm/summary?'],
    ['/api/flash', 'web', 'The v1 family has /api/v1/flash.'],
    // A plural for a singular and back, a `.json`: one slip each, in any case, before a shorter endpoint.
    ['/api/v1/histories/2024', 'v1', 'Did you mean /api/v1/history/{year}?'],
    ['/api/v1/Histories/Years', 'v1', 'Did you mean /api/v1/history/years?'],
    ['/api/typhoons/202411/agency', 'web', 'Did you mean /api/typhoons/{code}/agencies?'],
    ['/api/v1/flashes/abc', 'v1', 'Did you mean /api/v1/flash/{id}?'],
    ['/api/v1/typhoons.json', 'v1', 'Did you mean /api/v1/typhoons?'],
    ['/api/history/serach/yagi', 'web', 'Did you mean /api/history/search/{keyword}?'],
    // A trailing slash after an endpoint whose last segment is fixed: no empty parameter of another.
    ['/api/v1/history/today/', 'v1', 'Without the trailing slash it is /api/v1/history/today.'],
    // The wrong case: the path as the endpoint writes it, its values as given.
    ['/API/v1/typhoons', 'v1', 'Paths are case-sensitive: did you mean /api/v1/typhoons?'],
    ['/api/V1/Typhoons/1967C05', 'v1', 'Paths are case-sensitive: did you mean /api/v1/typhoons/1967C05?'],
    ['/Feeds/flash.xml', 'web', 'Paths are case-sensitive: did you mean /feeds/flash.xml?'],
    // The beginning of a longer path: not a year "search", in any case.
    ['/api/v1/history/search', 'v1', 'Did you mean /api/v1/history/search/{keyword}?'],
    ['/api/history/Search', 'web', 'Did you mean /api/history/search/{keyword}?'],
    ['/api/v1/global/storms', 'v1', 'Endpoints below it: /api/v1/global/storms/{id}, /api/v1/global/storms/{id}/similar.'],
    ['/api/v1/verification/storms', 'v1', 'Did you mean /api/v1/verification/storms/{id}?'],
    // After an endpoint that has longer ones below it: those, never "it takes nothing after".
    [
      '/api/v1/global/history/x',
      'v1',
      '/api/v1/global/history is an endpoint; below it: /api/v1/global/history/years, /api/v1/global/history/near.',
    ],
  ] as const)('%s says what is wrong', (path, family, hint) => {
    const error = classifyMiss(path, family);
    expect(error.code).toBe(40400);
    expect(error.message).toBe(`No endpoint at ${path}. ${hint} /api/openapi.json describes every endpoint.`);
  });

  it.each([
    ['/api/v1/history/search', 'q=yagi', 'v1', 'The keyword goes in the path: /api/v1/history/search/yagi.'],
    [
      '/api/history/search',
      'keyword=%E6%91%A9%E7%BE%AF&size=3',
      'web',
      'The keyword goes in the path: /api/history/search/%E6%91%A9%E7%BE%AF.',
    ],
    ['/api/v1/history', 'year=2024', 'v1', 'The year goes in the path: /api/v1/history/2024.'],
  ] as const)('%s?%s fills the path in from the query', (path, query, family, filled) => {
    expect(classifyMiss(path, family, new URLSearchParams(query)).message).toContain(` ${filled} /api/openapi.json`);
  });

  it('fills in nothing the endpoint would refuse, nor from a query it cannot tell the value in', () => {
    for (const query of ['q=', 'q=a%2Fb', 'q=yagi&page=2', `q=${'x'.repeat(51)}`])
      expect(classifyMiss('/api/v1/history/search', 'v1', new URLSearchParams(query)).message, query).not.toContain('goes in the path');
  });

  it('tells a malformed value that reads as a name where to search for it, in the family of the path', () => {
    const refused = (path: string, family: 'web' | 'v1') => rejection(() => classifyMiss(path, family));
    expect(refused('/api/v1/typhoons/yagi', 'v1')).toBe(
      'code must look like 202411, 1967C05 or 197920-1; got "yagi". To search for it: /api/v1/history/search/yagi.',
    );
    expect(refused('/api/geojson/%E6%91%A9%E7%BE%AF', 'web')).toBe(
      'code must look like 202411, 1967C05 or 197920-1; got "摩羯". To search for it: /api/history/search/%E6%91%A9%E7%BE%AF.',
    );
    // A slip of the endpoint beside it, whose fixed segment stands where this one has the parameter.
    expect(refused('/api/v1/history/year', 'v1')).toBe(
      'year must be a four-digit year such as 2024; got "year". Did you mean /api/v1/history/years?',
    );
    expect(refused('/api/history/nearby', 'web')).toMatch(/ Did you mean \/api\/history\/near\?$/);
    expect(refused('/api/v1/disturbances/histories', 'v1')).toMatch(/ Did you mean \/api\/v1\/disturbances\/history\?$/);
    // No letter first: a code mistyped, not a name to search for.
    expect(refused('/api/v1/typhoons/2024xx', 'v1')).toBe('code must look like 202411, 1967C05 or 197920-1; got "2024xx".');
    expect(refused('/api/v1/typhoons/2024-11', 'v1')).toBe('code must look like 202411, 1967C05 or 197920-1; got "2024-11".');
  });

  it('guesses nothing for a path far from every endpoint', () => {
    expect(classifyMiss('/api/nothing-like-it', 'web').message).toBe(
      'No endpoint at /api/nothing-like-it. /api/openapi.json describes every endpoint.',
    );
  });
});
