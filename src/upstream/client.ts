/**
 * The one HTTP client for live upstreams. Every call has a timeout; retries are bounded and happen
 * only for the failures listed in RETRYABLE (a 404 or a garbage body is an answer, not a hiccup). Bodies are
 * decoded as UTF-8 whatever the headers say (the Zhejiang service sends no charset), a BOM is dropped, and
 * JSONP wrappers (one or two levels of parentheses, any callback name) are stripped before JSON.parse.
 *
 * Given a cache of validators (`validators`), a request for a URL whose last answer carried an ETag or a
 * Last-Modified is conditional (If-None-Match, If-Modified-Since), and a 304 answer that confirms the validator sent
 * means "unchanged": the client returns the body it kept. A 304 that does not (another ETag, or none where one was
 * sent: a cache in the way that answers for another version) is not taken as "unchanged": the URL is asked again
 * without conditions. An upstream that sends neither header is asked as before.
 */
import { withoutCredentials } from '../model/credentials.ts';
import { jsonFault } from '../model/parse-problems.ts';

export type UpstreamFailure = 'timeout' | 'network' | 'http' | 'html' | 'empty' | 'json' | 'shape';

export class UpstreamError extends Error {
  /** The URL asked, its credentials (user:pass@) written `***`: the error is logged, and its message stored. */
  readonly url: string;
  constructor(
    readonly failure: UpstreamFailure,
    url: string,
    message: string,
    readonly status?: number,
  ) {
    // The message fetch gives about a URL may quote it, credentials and all.
    super(withoutCredentials(`${url}: ${message}`));
    this.name = 'UpstreamError';
    this.url = withoutCredentials(url);
  }
}

/**
 * Worth another try: the request never completed, or the server said it is overloaded or briefly broken.
 * 408 Request Timeout, 429 Too Many Requests, 500/502/503/504 server and gateway errors.
 */
const RETRYABLE_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const RETRYABLE_FAILURES = new Set<UpstreamFailure>(['timeout', 'network']);

export interface UpstreamClientOptions {
  /** The most one attempt may take. */
  timeoutMs?: number;
  retries?: number;
  /** Wait before retry n (1-based), in ms; tests pass 0. */
  backoffMs?: number;
  headers?: Record<string, string>;
  /**
   * The fetch to use: Node's own by default (request-path functions stay small); the scheduled run passes a
   * pooled one (pool.ts).
   */
  fetch?: typeof globalThis.fetch;
  /**
   * When the whole job must be over (ms since the epoch): every attempt's timeout is cut to the time left, and
   * no attempt or retry starts without at least MIN_ATTEMPT_MS left. A scheduled run derives all its requests
   * from one deadline this way, so it ends in time whatever the upstreams do.
   */
  deadline?: number;
  /** Reads the time the deadline is measured against (ms since the epoch): Date.now unless a test passes its own. */
  clock?: () => number;
  /** Waits between retries: a real timer unless a test passes its own (one that takes no time). */
  sleep?: (ms: number) => Promise<void>;
  /** The validators and bodies of earlier answers, per URL: requests for those URLs are conditional. */
  validators?: ValidatorCache;
}

/** What a conditional request needs of an earlier answer. */
export interface Validated {
  etag: string | null;
  lastModified: string | null;
  body: Uint8Array;
}

export interface ValidatorCache {
  get(url: string): Validated | undefined;
  set(url: string, answer: Validated): void;
}

/** Below this much time left, an attempt could not get an answer anyway: it is not started. */
export const MIN_ATTEMPT_MS = 250;

export interface UpstreamClient {
  /** The body as bytes (gzipped decks); throws UpstreamError for HTTP errors and empty bodies. */
  bytes(url: string): Promise<Uint8Array>;
  /** The body as text; throws UpstreamError for HTTP errors, HTML error pages and empty bodies. */
  text(url: string): Promise<string>;
  /** The body as JSON (JSONP and BOM stripped); throws UpstreamError when it is not JSON. */
  json(url: string): Promise<unknown>;
}

/**
 * The results of a set of requests (each with the work done on its answer), once every one has succeeded or failed;
 * the first failure, in the set's order, when any failed. Unlike Promise.all it never settles while a request is still
 * out, so what each one records on the way (a storm's forecasts) is recorded before its caller goes on, whatever its
 * siblings did.
 */
export async function allAnswered<T>(requests: readonly (T | Promise<T>)[]): Promise<T[]> {
  const settled = await Promise.allSettled(requests);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/** Strips a JSONP wrapper: everything up to the first `(` and after the last `)`, repeated (NMC nests two). */
export function stripJsonp(text: string): string {
  let body = text.trim();
  while (!/^[[{"]/.test(body)) {
    const open = body.indexOf('(');
    const close = body.lastIndexOf(')');
    if (open === -1 || close <= open) break;
    body = body.slice(open + 1, close).trim();
  }
  return body;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const conditionalHeaders = (known: Validated | undefined): Record<string, string> => ({
  ...(known?.etag ? { 'If-None-Match': known.etag } : {}),
  ...(known?.lastModified ? { 'If-Modified-Since': known.lastModified } : {}),
});

/**
 * A 304 confirms what was sent when it names the same ETag (weak or strong alike, RFC 9110 §13.1.2), or, when only a
 * Last-Modified was sent, names no other one.
 */
function confirms(response: Response, sent: Validated): boolean {
  const bare = (etag: string | null) => etag?.trim().replace(/^W\//, '') ?? null;
  const etag = bare(response.headers.get('etag'));
  if (sent.etag) return etag !== null && etag === bare(sent.etag);
  const lastModified = response.headers.get('last-modified');
  return etag === null && (lastModified === null || lastModified === sent.lastModified);
}

async function fetchOnce(
  url: string,
  options: { timeoutMs: number; headers: Record<string, string>; fetch: typeof globalThis.fetch; validators?: ValidatorCache },
  conditional = true,
): Promise<Uint8Array> {
  const known = conditional ? options.validators?.get(url) : undefined;
  const headers = { ...options.headers, ...conditionalHeaders(known) };
  let response: Response;
  try {
    response = await options.fetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new UpstreamError('timeout', url, `no answer within ${options.timeoutMs} ms`);
    throw new UpstreamError('network', url, (error as Error).message);
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    const name = (error as Error).name;
    throw new UpstreamError(
      name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      url,
      `body not received: ${(error as Error).message}`,
    );
  }
  if (response.status === 304 && known) {
    if (confirms(response, known)) return known.body;
    console.warn(`${url}: 304 Not Modified for another validator than the one sent; asked again without conditions`);
    return fetchOnce(url, options, false);
  }
  if (!response.ok) throw new UpstreamError('http', url, `HTTP ${response.status}`, response.status);
  if (bytes.byteLength === 0) throw new UpstreamError('empty', url, 'empty body');
  const body = new Uint8Array(bytes);
  const etag = response.headers.get('etag');
  const lastModified = response.headers.get('last-modified');
  if (options.validators && (etag || lastModified)) options.validators.set(url, { etag, lastModified, body });
  return body;
}

function decode(url: string, bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new UpstreamError('empty', url, 'empty body');
  // An error page; XML (the JTWC RSS) is fine.
  if (/^\s*<(!doctype html|html)/i.test(text)) throw new UpstreamError('html', url, 'an HTML page instead of data');
  return text;
}

export function createUpstreamClient(options: UpstreamClientOptions = {}): UpstreamClient {
  const timeoutMs = options.timeoutMs ?? 8000;
  const headers = options.headers ?? {};
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 300;
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? timerSleep;
  const timeLeft = () => (options.deadline === undefined ? Infinity : options.deadline - clock());
  const bytes = async (url: string): Promise<Uint8Array> => {
    for (let attempt = 0; ; attempt += 1) {
      const left = timeLeft();
      if (left < MIN_ATTEMPT_MS) throw new UpstreamError('timeout', url, 'not asked: the time for this run is used up');
      try {
        return await fetchOnce(url, {
          timeoutMs: Math.min(timeoutMs, left),
          headers,
          fetch: options.fetch ?? globalThis.fetch,
          validators: options.validators,
        });
      } catch (error) {
        const retryable =
          error instanceof UpstreamError &&
          (RETRYABLE_FAILURES.has(error.failure) || (error.failure === 'http' && RETRYABLE_STATUS.has(error.status ?? 0)));
        const wait = backoffMs * (attempt + 1);
        if (!retryable || attempt >= retries || timeLeft() - wait < MIN_ATTEMPT_MS) throw error;
        await sleep(wait);
      }
    }
  };
  const text = async (url: string) => decode(url, await bytes(url));
  return {
    bytes,
    text,
    json: async (url) => {
      const body = stripJsonp(await text(url));
      try {
        return JSON.parse(body);
      } catch (error) {
        throw new UpstreamError('json', url, `not JSON (${jsonFault(error)})`);
      }
    },
  };
}
