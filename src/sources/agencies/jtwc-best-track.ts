/**
 * JTWC best tracks as b-decks (`bwpNNYYYY.dat`, one storm per file; the yearly `bwpYYYY.zip` holds them all),
 * read with the project's ATCF parser (src/upstream/atcf.ts): the BEST rows, one point per time (the 34/50/64-kt
 * rows merged), 1-minute winds in kt. Quirks (docs/data/formats.md#jtwc-best-track-b-decks): 18 to 37 fields a line,
 * and a name that changes along the deck (THIRTYONE → HAIYAN, INVEST → NONETEEN → VONGFONG): the last one counts.
 */
import type { JtwcTrack } from '../../model/agency-track-schemas.ts';
import type { ParseProblem } from '../../model/parse-problems.ts';
import { bestTrack, deckName, parseAtcfDeck } from '../../upstream/atcf.ts';
import { checkPoint, increasingPoints, type AgencyParseResult, type PointRow } from './agency-points.ts';

/** `bwp312013.dat` → WP312013: the season comes from the name (a southern-hemisphere season starts in July). */
const DECK_NAME = /^b([a-z]{2})(\d{2})(\d{4})\.dat$/i;

/** One b-deck; `fileName` (its base name) gives the ATCF id, else the first row's basin, number and year. */
export function parseJtwcBdeck(text: string, fileName: string): AgencyParseResult<JtwcTrack> {
  const { records, problems, rejected } = parseAtcfDeck(text);
  const best = bestTrack(records);
  const first = best[0];
  if (!first) return { tracks: [], problems: [...problems, { line: 1, message: 'no BEST row: not a b-deck' }], rejected };
  const named = DECK_NAME.exec(fileName);
  const id = named ? `${named[1]}${named[2]}${named[3]}`.toUpperCase() : `${first.basin}${first.number}${first.time.getUTCFullYear()}`;
  const strays: ParseProblem[] = best
    .filter((r) => `${r.basin}${r.number}` !== id.slice(0, 4))
    .map((r) => ({ line: r.line, message: `a row of storm ${r.basin}${r.number} in the deck of ${id}: left out` }));
  const rows = best
    .filter((r) => `${r.basin}${r.number}` === id.slice(0, 4))
    .map((r) => ({
      point: checkPoint({ time: r.time, lat: r.lat, lng: r.lng, windKt: r.windKt, pressure: r.pressure, grade: r.type }, r.line, problems),
      line: r.line,
    }))
    .filter((row): row is PointRow => row.point !== null);
  const points = increasingPoints(rows, problems);
  const all = [...problems, ...strays].sort((a, b) => a.line - b.line);
  if (points.length === 0)
    return { tracks: [], problems: [...all, { line: 1, message: `storm ${id} has no usable row: left out` }], rejected };
  return {
    tracks: [{ agency: 'jtwc', id, name: deckName(best), windPeriodMinutes: 1, points }],
    problems: all,
    rejected: rejected.map((r) => ({ ...r, storm: id })),
  };
}
