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

/**
 * `JSON.stringify(envelope(data, ts))` around the data's JSON already written (`dataJson`): the build writes the same
 * data in both families, and serialises it once.
 */
export function envelopeJson(dataJson: string, ts: number): string {
  const { code, msg } = envelope(null, ts);
  return `{"code":${code},"msg":${JSON.stringify(msg)},"data":${dataJson},"ts":${JSON.stringify(ts)}}`;
}

export function errorBody(family: Family, error: ApiError, ts: number): unknown {
  if (family === 'v1') return { code: error.code, msg: error.message, data: null, ts } satisfies Envelope<null>;
  return { error: { code: error.code, status: error.status, message: error.message } };
}

/** v1 is every path under `/api/v1`, in any case (a wrong-case path is a miss, answered in the family it meant). */
export const familyOfPath = (pathname: string): Family => (/^\/api\/v1(\/|$)/i.test(pathname) ? 'v1' : 'web');

/**
 * The methods the API answers, in both families: GET and HEAD, and OPTIONS, the CORS preflight a browser sends
 * before a cross-origin request with a header of its own (If-None-Match). Anything else is 405 (docs/api/http.md).
 */
export const ALLOWED_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Headers every answer of both families carries, static or not (static answers get their Content-Type per
 * collection): full CORS, the same in both families, so any request a browser may send from another origin,
 * preflighted or not, is answered, and scripts may read the headers that matter (the ETag to revalidate with).
 * Any request header is allowed (`*`, a wildcard for requests without credentials, which are all this API takes; it
 * does not cover Authorization, which the API does not read): an app's own header (`X-App-Version`) must not fail
 * the preflight.
 */
export const SHARED_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Expose-Headers': 'X-Api-Version, ETag, X-Typhoon-Dataset',
  'Access-Control-Max-Age': '86400',
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

/** What v1 adds: the version header. */
export const V1_HEADERS: Readonly<Record<string, string>> = { 'X-Api-Version': 'v1' };

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

/** 405 for a method the API does not answer, with the `Allow` header (RFC 9110 §15.5.6). */
export function methodNotAllowedResponse(family: Family, method: string, now = Date.now()): Response {
  const response = errorResponse(family, methodNotAllowed(method, ALLOWED_METHODS), now);
  response.headers.set('Allow', ALLOWED_METHODS.join(', '));
  return response;
}

/**
 * The CORS preflight of every path of the API, in its family's form: v1 answers 200 with the envelope (every v1
 * answer has one), the web family 204 without a body (its answers are the payload, and a preflight has none); both
 * with the CORS headers every answer carries.
 */
export function preflight(family: Family, now = Date.now()): Response {
  if (family === 'v1') return jsonResponse('v1', envelope(null, now), 200, CACHE_POLICIES.preflight);
  return new Response(null, { status: 204, headers: { ...SHARED_HEADERS, 'Cache-Control': CACHE_POLICIES.preflight.browser } });
}

/** The preflight function's handler: the preflight of the request's family. */
export const answerPreflight = (req: Request): Response => preflight(familyOfPath(new URL(req.url).pathname));

/**
 * What a method other than GET and HEAD gets: the preflight for OPTIONS on a path of the API (`preflights`; the
 * local server says no for the site's other paths), else 405; null for GET and HEAD.
 */
export function answerToMethod(method: string, family: Family, preflights = true): Response | null {
  if (method === 'GET' || method === 'HEAD') return null;
  return method === 'OPTIONS' && preflights ? preflight(family) : methodNotAllowedResponse(family, method);
}

/** Turns anything thrown into a JSON answer: ApiErrors as they are, the rest as 50000 without internals. */
export function toErrorResponse(family: Family, thrown: unknown, now = Date.now()): Response {
  if (thrown instanceof ApiError) return errorResponse(family, thrown, now);
  console.error(thrown);
  return errorResponse(family, new ApiError('serverError', ERROR_CATALOG.serverError.title + ': the error was logged.'), now);
}
