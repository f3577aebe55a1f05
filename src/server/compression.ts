/**
 * Content negotiation and compression for the local server: brotli or gzip (node:zlib) when the client asks,
 * for text bodies of 1 KB or more. Static files are compressed once and cached, so they take the smaller,
 * slower settings; function answers are compressed on every request, so they take the fast ones (brotli 11
 * would spend over a second on the 700 KB search index).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';

/** Bodies under this size are sent as they are: the headers would eat what compression saves. */
export const MIN_COMPRESS_BYTES = 1024;

const TEXT_TYPES = /^(text\/|image\/svg\+xml|application\/([\w.-]+\+)?(json|xml|javascript))/i;

/**
 * Whether answers of this type are compressed (those of 1 KB or more). Every such answer says `Vary:
 * Accept-Encoding`, whatever its size, so a HEAD, which has no body to measure, has the headers of its GET.
 */
export const compressibleType = (contentType: string | null | undefined) => TEXT_TYPES.test(contentType ?? '');

/** What we offer, best first: on a tie in the client's weights brotli, which is smaller. */
const OFFERED = ['br', 'gzip', 'identity'];

function parseAcceptEncoding(header: string): Encoding | null {
  // RFC 9110 §8.4.1.3: x-gzip is gzip (negotiator 1.1 does not know it).
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header.replace(/\bx-gzip\b/gi, 'gzip') } });
  const encoding = negotiator.encoding(OFFERED, { preferred: OFFERED });
  // undefined: even identity is refused (`identity;q=0`, `*;q=0`); it is sent anyway rather than a 406.
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

// Clients send the same few headers over and over: remember the answers (bounded, it is a client's string).
const negotiated = new Map<string, Encoding | null>();

/** The encoding to answer with for an `Accept-Encoding` header (`q=0` refuses one), or null for none. */
export function negotiate(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let encoding = negotiated.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(acceptEncoding);
    if (negotiated.size >= 100) negotiated.clear();
    negotiated.set(acceptEncoding, encoding);
  }
  return encoding;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compresses off the main thread; `cached` bodies are compressed once, so harder. */
export function compress(body: Buffer, encoding: Encoding, cached: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: cached ? 9 : 6 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: cached ? 9 : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
