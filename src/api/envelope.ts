/**
 * Response bodies and headers of both families, shared by the build (static files) and the functions,
 * so a static answer and a function answer for the same resource have the same shape and headers.
 *
 * - v1: every body is the envelope `{code, msg, data, ts}` and every answer carries `X-Api-Version: v1`.
 * - web: a success body is the payload itself; an error body is `{error: {code, status, message}}`.
 */
import { CACHE_POLICIES, type CachePolicy } from './cache-policy.ts';
import { ApiError, ERROR_CATALOG, methodNotAllowed } from './errors.ts';

export type Family = 'web' | 'v1';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  ts: number;
}

export const envelope = <T>(data: T, ts: number): Envelope<T> => ({ code: 0, msg: 'ok', data, ts });

export function errorBody(family: Family, error: ApiError, ts: number): unknown {
  if (family === 'v1') return { code: error.code, msg: error.message, data: null, ts } satisfies Envelope<null>;
  return { error: { code: error.code, status: error.status, message: error.message } };
}

export const familyOfPath = (pathname: string): Family => (/^\/api\/v1(\/|$)/.test(pathname) ? 'v1' : 'web');

/**
 * The methods each family answers: GET and HEAD, and on v1 OPTIONS, its CORS preflight. The web family has no
 * preflight: its answers need none (a cross-origin GET without custom headers is not preflighted), so OPTIONS
 * there is 405 like any other method (docs/api/http.md).
 */
export const ALLOWED_METHODS: Readonly<Record<Family, readonly string[]>> = { web: ['GET', 'HEAD'], v1: ['GET', 'HEAD', 'OPTIONS'] };

/** Headers every /api answer carries, static or not (static answers get their Content-Type per collection). */
export const SHARED_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};

/** What a function answer carries: JSON, and the shared headers. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'application/json; charset=utf-8', ...SHARED_HEADERS };

/**
 * Which archive the server was built from, on every answer of both families, static or not (docs/api/conventions.md):
 * `demo` (the demo archive kept in the repository) or `real`.
 */
export const DATASET_HEADER = 'X-Typhoon-Dataset';
export const datasetHeader = (demo: boolean): Record<string, string> => ({ [DATASET_HEADER]: demo ? 'demo' : 'real' });

/** What v1 adds: the version header and full CORS (preflights included). */
export const V1_HEADERS: Readonly<Record<string, string>> = {
  'X-Api-Version': 'v1',
  'Access-Control-Allow-Methods': ALLOWED_METHODS.v1.join(', '),
  'Access-Control-Allow-Headers': 'Accept, Content-Type, If-None-Match, X-Requested-With',
  'Access-Control-Expose-Headers': `X-Api-Version, ETag, ${DATASET_HEADER}`,
  'Access-Control-Max-Age': '86400',
};

export const familyHeaders = (family: Family) => (family === 'v1' ? { ...COMMON_HEADERS, ...V1_HEADERS } : { ...COMMON_HEADERS });

/** A JSON answer of a family that is not a route's answer (errors, preflights), with a browser cache policy. */
export function jsonResponse(family: Family, body: unknown, status: number, policy: CachePolicy): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...familyHeaders(family), 'Cache-Control': policy.browser } });
}

export function errorResponse(family: Family, error: ApiError, now = Date.now()): Response {
  return jsonResponse(
    family,
    errorBody(family, error, now),
    error.status,
    error.status >= 500 ? CACHE_POLICIES.fault : CACHE_POLICIES.error,
  );
}

/** 405 for a method the family does not answer, with the `Allow` header (RFC 9110 §15.5.6). */
export function methodNotAllowedResponse(family: Family, method: string, now = Date.now()): Response {
  const allowed = ALLOWED_METHODS[family];
  const response = errorResponse(family, methodNotAllowed(method, allowed), now);
  response.headers.set('Allow', allowed.join(', '));
  return response;
}

/** The CORS preflight of every v1 path: 200 with the envelope (every v1 answer has one) and the CORS headers. */
export const v1Preflight = (now = Date.now()): Response => jsonResponse('v1', envelope(null, now), 200, CACHE_POLICIES.preflight);

/** What a method other than GET and HEAD gets, whatever the path: v1's preflight for OPTIONS, else 405; null for GET and HEAD. */
export function answerToMethod(method: string, family: Family): Response | null {
  if (method === 'GET' || method === 'HEAD') return null;
  return method === 'OPTIONS' && family === 'v1' ? v1Preflight() : methodNotAllowedResponse(family, method);
}

/** Turns anything thrown into a JSON answer: ApiErrors as they are, the rest as 50000 without internals. */
export function toErrorResponse(family: Family, thrown: unknown, now = Date.now()): Response {
  if (thrown instanceof ApiError) return errorResponse(family, thrown, now);
  console.error(thrown);
  return errorResponse(family, new ApiError('serverError', ERROR_CATALOG.serverError.title + ': the error was logged.'), now);
}
