/**
 * Response bodies and headers of both families, shared by the build (static files) and the functions,
 * so a static answer and a function answer for the same resource have the same shape and headers.
 *
 * - v1: every body is the envelope `{code, msg, data, ts}` and every answer carries `X-Api-Version: v1`.
 * - web: a success body is the payload itself; an error body is `{error: {code, status, message}}`.
 */
import { CACHE_POLICIES, type CachePolicy } from './cache-policy.ts';
import { ApiError, ERROR_CATALOG, methodNotAllowed } from './errors.ts';
import { etagOf, matchingEtag } from './etag.ts';

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
 * there is 405 like any other method (docs/http.md).
 */
export const ALLOWED_METHODS: Readonly<Record<Family, readonly string[]>> = { web: ['GET', 'HEAD'], v1: ['GET', 'HEAD', 'OPTIONS'] };

/** Headers every /api answer carries, static or not (static answers get their Content-Type per collection). */
export const SHARED_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};

/** What a function answer carries: JSON, and the shared headers. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': 'application/json; charset=utf-8', ...SHARED_HEADERS };

/** What v1 adds: the version header and full CORS (preflights included). */
export const V1_HEADERS: Readonly<Record<string, string>> = {
  'X-Api-Version': 'v1',
  'Access-Control-Allow-Methods': ALLOWED_METHODS.v1.join(', '),
  'Access-Control-Allow-Headers': 'Accept, Content-Type, If-None-Match, X-Requested-With',
  'Access-Control-Expose-Headers': 'X-Api-Version, ETag',
  'Access-Control-Max-Age': '86400',
};

export const familyHeaders = (family: Family) => (family === 'v1' ? { ...COMMON_HEADERS, ...V1_HEADERS } : { ...COMMON_HEADERS });

/** A JSON answer of a family that is not a route's answer (errors, preflights), with a browser cache policy. */
export function jsonResponse(family: Family, body: unknown, status: number, policy: CachePolicy): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...familyHeaders(family), 'Cache-Control': policy.browser } });
}

export function errorResponse(family: Family, error: ApiError, now = Date.now()): Response {
  return jsonResponse(family, errorBody(family, error, now), error.status, error.status >= 500 ? CACHE_POLICIES.fault : CACHE_POLICIES.error);
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

/**
 * Conditional requests: a successful answer gets a strong ETag (a hash of its body) and an `If-None-Match` that
 * names it (in any encoding: etag.ts) gets 304 with the same headers and no body. v1 envelopes carry `ts`, which changes every answer, so
 * their ETag hashes the body without it: the same data keeps its tag.
 */
export async function withEtag(req: Request, response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const body = await response.text();
  let hashed = body;
  if (response.headers.get('X-Api-Version') === 'v1') {
    try {
      const { ts: _ts, ...rest } = JSON.parse(body) as Record<string, unknown>;
      hashed = JSON.stringify(rest);
    } catch {
      // Not an envelope: hash the body as it is.
    }
  }
  const etag = etagOf(hashed);
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  const matched = matchingEtag(req.headers.get('If-None-Match'), etag);
  if (matched) {
    headers.set('ETag', matched);
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** HEAD answers like GET, headers included, without a body. */
const withoutBodyForHead = (req: Request, response: Response) =>
  req.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;

/**
 * Wraps a handler so that no throw ever escapes as a platform error page, and adds conditional requests. The
 * handler sees only GET and HEAD: on Netlify a request with another method falls through a function's
 * `config.method` to the files and `_redirects`, whose rules send it to the miss functions, so every function
 * answers methods the same way (answerToMethod).
 */
export function safeHandler(handler: (req: Request) => Promise<Response> | Response) {
  return async (req: Request): Promise<Response> => {
    const family = familyOfPath(new URL(req.url).pathname);
    try {
      return withoutBodyForHead(req, await withEtag(req, answerToMethod(req.method, family) ?? (await handler(req))));
    } catch (thrown) {
      return withoutBodyForHead(req, toErrorResponse(family, thrown));
    }
  };
}
