/**
 * How far a path segment someone wrote is from a fixed segment of an endpoint's path, for the hints of errors
 * (./classify-miss.ts, ./request.ts): the letters to change, in any case, where a plural for a singular
 * (`histories` for `history`, `typhoon` for `typhoons`) or a `.json` the API's paths never have counts as one edit.
 */
import { distance } from 'fastest-levenshtein';

/** Edits a segment may need and still name the endpoint's; beyond them it names nothing. */
export const MAX_TYPOS = 2;

/** A segment without its case, a `.json` ending and an English plural ending (`agencies` → agency, `flashes` → flash). */
const stem = (segment: string) =>
  segment
    .toLowerCase()
    .replace(/\.json$/, '')
    .replace(/ies$/, 'y')
    .replace(/(sh|ch|x|s)es$/, '$1')
    .replace(/s$/, '');

/** The edits `written` needs to be `fixed`: 0 when equal in any case; null beyond MAX_TYPOS. */
export function segmentEdits(fixed: string, written: string): number | null {
  const want = fixed.toLowerCase();
  const got = written.toLowerCase();
  if (want === got) return 0;
  const edits = Math.min(distance(want, got), stem(want) === stem(got) ? 1 : Number.POSITIVE_INFINITY);
  return edits <= MAX_TYPOS ? edits : null;
}
