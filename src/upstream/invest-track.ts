/**
 * The track of an invest (ATCF numbers 90–99, named `INVEST`) from its b-deck, read with the ATCF parser
 * (./atcf.ts): one point per time, winds in kt and m/s (1-minute mean), pressure in hPa, the ATCF system type.
 * A deck of another system, or with rows of more than one, is not an invest track: null and a problem.
 */
import { BASINS, type Basin } from '../model/global-schemas.ts';
import type { InvestTrack } from '../model/disturbance-product-schemas.ts';
import type { ParseProblem } from '../model/parse-problems.ts';
import { toUtcIso } from '../model/time.ts';
import { bestTrack, parseAtcfDeck } from './atcf.ts';
import { ktToMs } from './jtwc-text.ts';

/**
 * The year in an ATCF id. Southern-hemisphere seasons run from July to June and take the later year (a storm
 * first seen in December 2023 is sh032024); elsewhere it is the calendar year of the first row.
 */
export function atcfIdYear(basin: string, firstTime: Date): number {
  const year = firstTime.getUTCFullYear();
  return basin === 'SH' && firstTime.getUTCMonth() >= 6 ? year + 1 : year;
}

export function investTrack(deck: string): { track: InvestTrack | null; problems: ParseProblem[] } {
  const { records, problems } = parseAtcfDeck(deck);
  const systems = new Set(records.map((r) => `${r.basin}${r.number}`));
  const first = records[0];
  if (!first) return { track: null, problems: [...problems, { line: 1, message: 'the deck has no ATCF rows' }] };
  if (systems.size > 1)
    return {
      track: null,
      problems: [...problems, { line: 1, message: `the deck holds rows of ${[...systems].join(', ')}: not one system` }],
    };
  const number = Number(first.number);
  if (!(first.basin in BASINS) || number < 90 || number > 99) {
    return {
      track: null,
      problems: [...problems, { line: first.line, message: `${first.basin} ${first.number} is not an invest (numbers 90–99)` }],
    };
  }
  const points = bestTrack(records).map((r) => ({
    time: toUtcIso(r.time),
    lat: r.lat,
    lng: r.lng,
    windKt: r.windKt,
    windMs: r.windKt === null ? null : ktToMs(r.windKt),
    pressureMb: r.pressure,
    type: r.type && /^[A-Z0-9]{2}$/.test(r.type) ? r.type : null,
  }));
  const year = atcfIdYear(first.basin, first.time);
  return {
    track: {
      atcfId: `${first.basin.toLowerCase()}${first.number}${year}`,
      basin: first.basin as Basin,
      number,
      year,
      windPeriod: '1min',
      points,
    },
    problems,
  };
}
