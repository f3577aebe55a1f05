/**
 * One conditional GET for `sources fetch`: a 304 says "what you have is current"; a 200 brings the bytes and the
 * validators (ETag, Last-Modified) to send next time; any other status is an HttpStatusError that names it.
 */
import { createHash } from 'node:crypto';
import { fetch } from 'undici';
import { withoutCredentials } from '../model/credentials.ts';

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  /** Its credentials (user:pass@) written `***`: the error is logged. */
  readonly url: string;
  constructor(
    url: string,
    readonly status: number,
  ) {
    super(`GET ${withoutCredentials(url)} answered HTTP ${status}`);
    this.url = withoutCredentials(url);
  }
}

export type Download = { status: 304 } | { status: 200; bytes: Uint8Array; etag: string | null; lastModified: string | null };

export async function download(url: string, timeoutMs: number, conditions: Record<string, string>): Promise<Download> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { 'User-Agent': 'typhoon-api sources fetch', ...conditions },
  });
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 304 };
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpStatusError(url, response.status);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: 200, bytes, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}
