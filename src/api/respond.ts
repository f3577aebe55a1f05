/**
 * Response bodies and headers of both families, shared by the build (static files) and the functions,
 * so a static answer and a function answer for the same resource have the same shape and headers.
 *
 * - v1: every body is the envelope `{code, msg, data, ts}` and every answer carries `X-Api-Version: v1`.
 * - web: a success body is the payload itself; an error body is `{error: {code, status, message}}`.
 */
import { createHash } from 'node:crypto';
import { ApiError, ERROR_CATALOG } from './errors.ts';

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
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Content-Type, If-None-Match, X-Requested-With',
  'Access-Control-Expose-Headers': 'X-Api-Version, ETag',
  'Access-Control-Max-Age': '86400',
};

export const familyHeaders = (family: Family) => (family === 'v1' ? { ...COMMON_HEADERS, ...V1_HEADERS } : { ...COMMON_HEADERS });

/** Cache policies: `Cache-Control` for browsers, `Netlify-CDN-Cache-Control` for Netlify's CDN (functions only). */
export const CACHE = {
  /** Archive data changes only with a deploy, which purges the CDN. */
  archive: 'public, max-age=3600, stale-while-revalidate=86400',
  /** Errors may stop being errors after the next deploy. */
  error: 'public, max-age=60',
  /** A fault of ours or of an upstream may be over in seconds. */
  fault: 'public, max-age=15',
} as const;

export interface JsonResponseOptions {
  status?: number;
  cacheControl?: string;
  cdnCacheControl?: string;
  extraHeaders?: Record<string, string>;
}

export function jsonResponse(family: Family, body: unknown, options: JsonResponseOptions = {}): Response {
  const headers: Record<string, string> = { ...familyHeaders(family), 'Cache-Control': options.cacheControl ?? CACHE.archive };
  if (options.cdnCacheControl) headers['Netlify-CDN-Cache-Control'] = options.cdnCacheControl;
  Object.assign(headers, options.extraHeaders);
  return new Response(JSON.stringify(body), { status: options.status ?? 200, headers });
}

export const okResponse = (family: Family, payload: unknown, options: JsonResponseOptions = {}, now = Date.now()) =>
  jsonResponse(family, family === 'v1' ? envelope(payload, now) : payload, options);

export function errorResponse(family: Family, error: ApiError, now = Date.now()): Response {
  return jsonResponse(family, errorBody(family, error, now), { status: error.status, cacheControl: error.status >= 500 ? CACHE.fault : CACHE.error });
}

/** Turns anything thrown into a JSON answer: ApiErrors as they are, the rest as 50000 without internals. */
export function toErrorResponse(family: Family, thrown: unknown, now = Date.now()): Response {
  if (thrown instanceof ApiError) return errorResponse(family, thrown, now);
  console.error(thrown);
  return errorResponse(family, new ApiError('serverError', ERROR_CATALOG.serverError.title + ': the error was logged.'), now);
}

/**
 * Conditional requests: a successful answer gets a strong ETag (a hash of its body) and an `If-None-Match` that
 * names it gets 304 with the same headers and no body. v1 envelopes carry `ts`, which changes every answer, so
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
  const etag = `"${createHash('sha256').update(hashed).digest('base64url').slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  const wanted = req.headers.get('If-None-Match');
  if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** HEAD answers like GET, headers included, without a body. */
const withoutBodyForHead = (req: Request, response: Response) =>
  req.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;

/** Wraps a handler so that no throw ever escapes as a platform error page, and adds conditional requests. */
export function safeHandler(handler: (req: Request) => Promise<Response> | Response) {
  return async (req: Request): Promise<Response> => {
    try {
      return withoutBodyForHead(req, await withEtag(req, await handler(req)));
    } catch (thrown) {
      return withoutBodyForHead(req, toErrorResponse(familyOfPath(new URL(req.url).pathname), thrown));
    }
  };
}
