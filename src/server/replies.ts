/**
 * What goes on the wire for an answer: status, headers and body. Static files get their `_headers`, Netlify's
 * default Cache-Control when those set none, a strong ETag per encoding (304 to If-None-Match: ../api/etag.ts)
 * and their cached compressed variants; a function's answer is compressed on the fly. HEAD gets the headers of GET, without the body, never
 * compressed. Every answer of a text type says `Vary: Accept-Encoding`.
 */
import type http from 'node:http';
import path from 'node:path';
import { encodedEtag, matchingEtag } from '../api/etag.ts';
import { compress, compressibleType, MIN_COMPRESS_BYTES, negotiate, type Encoding } from './compression.ts';
import type { PublicFile } from './public-files.ts';
import { headersFor, type SiteRules } from './site-rules.ts';
import type { CachedFile, StaticCache } from './static-cache.ts';
import { whenReady, type MaybePromise } from './sync-first.ts';

/** A file to answer with, the status, and the URL path its `_headers` are matched on. */
export interface StaticAnswer {
  file: PublicFile;
  status: number;
  headersPath: string;
  rules: SiteRules;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2', // the docs page's web font (build/site-assets.ts)
};

/** What Netlify sends for a static file whose `_headers` set no Cache-Control. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Adds Accept-Encoding to a Vary value (unless it is there, or `*`). */
const varyWithEncoding = (vary: string | undefined) =>
  !vary ? 'Accept-Encoding' : /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;

/** A static file's headers, worked out once per cached file (again if the rules or the matched path change). */
interface StaticHeaders {
  rules: SiteRules;
  headersPath: string;
  /** Worth compressing: a text type, 1 KB or more. */
  compressible: boolean;
  /** For a 304: no Content-Length. */
  base: Record<string, string>;
  identity: Record<string, string>;
  encoded: Partial<Record<Encoding, Record<string, string>>>;
}

const staticHeadersMemo = new WeakMap<CachedFile, StaticHeaders>();

function staticHeaders(file: string, entry: CachedFile, headersPath: string, rules: SiteRules): StaticHeaders {
  const memo = staticHeadersMemo.get(entry);
  if (memo?.rules === rules && memo.headersPath === headersPath) return memo;
  const custom = headersFor(rules.headers, headersPath);
  const named = (name: string) => Object.keys(custom).find((key) => key.toLowerCase() === name);
  const typeKey = named('content-type');
  const varyKey = named('vary');
  const base: Record<string, string> = {};
  if (!typeKey) base['Content-Type'] = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (!named('cache-control')) base['Cache-Control'] = DEFAULT_CACHE_CONTROL;
  Object.assign(base, custom, { ETag: entry.etag });
  const text = compressibleType(base[typeKey ?? 'Content-Type']);
  if (text) {
    if (varyKey) delete base[varyKey];
    base.Vary = varyWithEncoding(varyKey && custom[varyKey]);
  }
  const fresh: StaticHeaders = {
    rules,
    headersPath,
    compressible: text && entry.body.length >= MIN_COMPRESS_BYTES,
    base,
    identity: { ...base, 'Content-Length': String(entry.body.length) },
    encoded: {},
  };
  staticHeadersMemo.set(entry, fresh);
  return fresh;
}

export function staticReply(files: StaticCache, req: http.IncomingMessage, answer: StaticAnswer): MaybePromise<Reply> {
  return whenReady(files.get(answer.file.file, answer.file.stat), (entry): MaybePromise<Reply> => {
    const headers = staticHeaders(answer.file.file, entry, answer.headersPath, answer.rules);
    const matched = answer.status === 200 ? matchingEtag(req.headers['if-none-match'], entry.etag) : null;
    if (matched) return { status: 304, headers: { ...headers.base, ETag: matched }, body: null };
    const head = req.method === 'HEAD';
    const encoding = headers.compressible && !head ? negotiate(req.headers['accept-encoding']) : null;
    if (!encoding) return { status: answer.status, headers: headers.identity, body: head ? null : entry.body };
    return whenReady(files.encoded(entry, encoding), (body) => {
      const encoded = (headers.encoded[encoding] ??= {
        ...headers.base,
        ETag: encodedEtag(entry.etag, encoding),
        'Content-Encoding': encoding,
        'Content-Length': String(body.length),
      });
      return { status: answer.status, headers: encoded, body };
    });
  });
}

/** A function's (or our own) answer, compressed on the fly. */
export async function responseReply(req: http.IncomingMessage, response: Response): Promise<Reply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  const head = req.method === 'HEAD';
  if (!headers['content-encoding'] && compressibleType(headers['content-type'])) {
    headers.vary = varyWithEncoding(headers.vary);
    const encoding = head || body.length < MIN_COMPRESS_BYTES ? null : negotiate(req.headers['accept-encoding']);
    if (encoding) {
      body = await compress(body, encoding, false);
      headers['content-encoding'] = encoding;
      if (headers.etag) headers.etag = encodedEtag(headers.etag, encoding);
    }
  }
  // A 304 carries no Content-Length: the only one it may carry is the 200's (RFC 9110 §8.6), which a function does not send.
  if (response.status !== 304 && (!head || body.length)) headers['content-length'] = String(body.length);
  return { status: response.status, headers, body: head || response.status === 304 ? null : body };
}
