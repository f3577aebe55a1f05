/**
 * Entity tags, one rule for static files and function answers. A strong tag names one representation, so a
 * compressed body has its own (RFC 9110 §8.8.3): the identity tag with `-gzip` or `-br` inside the quotes, as
 * Apache's mod_deflate does (Netlify's CDN adds `-df` to its compressed files' tags the same way).
 * `If-None-Match` is compared weakly (§13.1.2), and names the resource in any of its encodings: a client that
 * has the gzip body need not fetch it again to learn that it has not changed.
 */
import { createHash } from 'node:crypto';

/** The strong tag of these bytes. */
export const etagOf = (bytes: string | Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** The tag of the body compressed with `encoding`. */
export const encodedEtag = (etag: string, encoding: string) => `${etag.slice(0, -1)}-${encoding}"`;

const ENCODED = /-(?:gzip|br|df)"$/;

/**
 * The tag of `If-None-Match` that names this resource (`etag` or one of its encoded tags, weak or strong), to
 * answer 304 with; `etag` itself for `*`; null when none does.
 */
export function matchingEtag(ifNoneMatch: string | null | undefined, etag: string): string | null {
  if (!ifNoneMatch) return null;
  for (const listed of ifNoneMatch.split(',')) {
    const tag = listed.trim().replace(/^W\//, '');
    if (tag === '*' || tag === etag) return etag;
    if (ENCODED.test(tag) && tag.replace(ENCODED, '"') === etag) return tag;
  }
  return null;
}
