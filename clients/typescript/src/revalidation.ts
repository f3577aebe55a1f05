/**
 * ETag revalidation: a cache of each GET answer's body and ETag by URL. Installed as openapi-fetch middleware
 * (`api.use(cache.middleware)`), it sends `If-None-Match` with the ETag it keeps and turns a 304 into the kept
 * answer, so the caller gets data whether the body came over the network or from the cache. The API's ETags
 * change only when the answer does (docs/api/conventions.md#etags).
 */
import type { Middleware } from 'openapi-fetch';

export interface EtagCacheOptions {
  /** How many URLs it keeps; the least recently used goes first. */
  maxEntries?: number;
}

export interface EtagCache {
  /** Give it to `api.use(…)`. */
  readonly middleware: Middleware;
  /** Whether a response is a kept body the server confirmed with a 304. */
  revalidated(response: Response): boolean;
  /** How many URLs it keeps. */
  readonly size: number;
  clear(): void;
}

interface Kept {
  etag: string;
  body: string;
  status: number;
  headers: [string, string][];
}

/** Headers of the kept answer that describe its bytes on the wire, not the body kept (already decoded). */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

export function createEtagCache({ maxEntries = 200 }: EtagCacheOptions = {}): EtagCache {
  const kept = new Map<string, Kept>();
  const fromCache = new WeakSet<Response>();
  const keep = (url: string, entry: Kept) => {
    kept.delete(url);
    kept.set(url, entry);
    for (const oldest of kept.keys()) {
      if (kept.size <= maxEntries) break;
      kept.delete(oldest);
    }
  };

  const middleware: Middleware = {
    onRequest({ request }) {
      const entry = request.method === 'GET' ? kept.get(request.url) : undefined;
      if (!entry || request.headers.has('If-None-Match')) return undefined;
      const headers = new Headers(request.headers);
      headers.set('If-None-Match', entry.etag);
      return new Request(request, { headers });
    },
    async onResponse({ request, response }) {
      if (request.method !== 'GET') return undefined;
      const entry = kept.get(request.url);
      if (response.status === 304 && entry) {
        keep(request.url, entry);
        const headers = new Headers(entry.headers);
        // The 304's own headers are current (Cache-Control, ETag); the body and its type are the kept ones.
        response.headers.forEach((value, name) => {
          if (!WIRE_HEADERS.has(name)) headers.set(name, value);
        });
        const answer = new Response(entry.body, { status: entry.status, headers });
        fromCache.add(answer);
        return answer;
      }
      const etag = response.headers.get('ETag');
      if (response.status === 200 && etag) {
        const headers: [string, string][] = [];
        response.headers.forEach((value, name) => {
          if (!WIRE_HEADERS.has(name)) headers.push([name, value]);
        });
        keep(request.url, { etag, body: await response.clone().text(), status: response.status, headers });
      }
      return undefined;
    },
  };

  return {
    middleware,
    revalidated: (response) => fromCache.has(response),
    get size() {
      return kept.size;
    },
    clear: () => kept.clear(),
  };
}
