/**
 * The one route table. Every endpoint is declared here once; the build's static files, `_redirects`,
 * `_headers`, the local server's function routing, the error classifier, the README's endpoint table and
 * the contract tests all read it. Adding an endpoint is one entry plus its renderer.
 */
import type { z } from 'zod';
import {
  historyYearSchema, historyYearsSchema, searchResultSchema, todayInHistorySchema, typhoonSchema,
} from '../model/schemas.ts';
import type { ErrorName } from './errors.ts';
import type { ParamKind } from './params.ts';
import type { Family } from './respond.ts';

export type ServedBy = { kind: 'static' } | { kind: 'function'; fn: FunctionName };

export const FUNCTION_NAMES = ['history-search', 'history-today', 'v1-preflight', 'api-miss'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export interface Resource {
  id: string;
  summary: string;
  /** Path pattern per family; `:name` is one path segment. */
  paths: Partial<Record<Family, string>>;
  params: Partial<Record<string, ParamKind>>;
  servedBy: ServedBy;
  dataSchema: z.ZodType;
  /** The web family's body around the payload (the detail is `{typhoon: …}` per the spec). */
  webKey?: string;
  errors: ErrorName[];
}

export const RESOURCES: readonly Resource[] = [
  {
    id: 'history-years',
    summary: 'Statistics per archived year (1945 on): counts by peak grade, strongest storm, landfalls, ACE',
    paths: { web: '/api/history/years', v1: '/api/v1/history/years' },
    params: {},
    servedBy: { kind: 'static' },
    dataSchema: historyYearsSchema,
    errors: [],
  },
  {
    id: 'history-year',
    summary: "Summary list of one year's storms, in order of formation",
    paths: { web: '/api/history/:year', v1: '/api/v1/history/:year' },
    params: { year: 'year' },
    servedBy: { kind: 'static' },
    dataSchema: historyYearSchema,
    errors: ['badParameter', 'notFound'],
  },
  {
    id: 'typhoon-detail',
    summary: 'One storm: track points with wind circles, landfalls, forecasts, sources',
    paths: { web: '/api/typhoons/:code', v1: '/api/v1/typhoons/:code' },
    params: { code: 'code' },
    servedBy: { kind: 'static' },
    dataSchema: typhoonSchema,
    webKey: 'typhoon',
    errors: ['badParameter', 'notFound'],
  },
  {
    id: 'history-search',
    summary: 'Storms matching a Chinese or English name, a code or a code prefix; at most 50, best match first',
    paths: { web: '/api/history/search/:keyword', v1: '/api/v1/history/search/:keyword' },
    params: { keyword: 'keyword' },
    servedBy: { kind: 'function', fn: 'history-search' },
    dataSchema: searchResultSchema,
    errors: ['badParameter'],
  },
  {
    id: 'history-today',
    summary: 'Well-known storms active on this calendar day in past years (today in Asia/Shanghai)',
    paths: { web: '/api/history/today' },
    params: {},
    servedBy: { kind: 'function', fn: 'history-today' },
    dataSchema: todayInHistorySchema,
    errors: [],
  },
  {
    id: 'history-today-date',
    summary: 'The same for a given calendar day MM-DD',
    paths: { web: '/api/history/today/:date' },
    params: { date: 'date' },
    servedBy: { kind: 'static' },
    dataSchema: todayInHistorySchema,
    errors: ['badParameter'],
  },
];

export interface Endpoint {
  resource: Resource;
  family: Family;
  path: string;
}

export const ENDPOINTS: readonly Endpoint[] = RESOURCES.flatMap((resource) =>
  (Object.entries(resource.paths) as [Family, string][]).map(([family, path]) => ({ resource, family, path })),
);

/** Fills a pattern's `:name` segments; values must already be URL-safe. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing parameter ${name} for ${pattern}`);
    return value;
  });
}

/** Matches a pathname against a pattern; returns the raw (still encoded) segment values or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

/** The collection prefix of a pattern (`/api/v1/history/:year` → `/api/v1/history/`), for per-collection rules. */
export const collectionOf = (pattern: string) => pattern.slice(0, pattern.indexOf(':'));
