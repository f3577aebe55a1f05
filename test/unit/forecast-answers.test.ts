/**
 * The forecast endpoints' answers on our invented storm VERIFICA (test/fixtures/forecasts): the build's archived
 * verification equals the engine run directly on the a-deck and the HURDAT2 track; a kept storm is verified
 * provisionally against its operational track, then again, final, once the build has its best track; a season
 * pools the archived and the kept forecasts, filtered by basin and agency; issuances are paged newest first.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGlobalArchive } from '../../src/archive/global/global-records.ts';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { archivedForecasts, verifyingStorms } from '../../src/forecasts/archived-forecasts.ts';
import {
  forecastStorm,
  liveStormVerification,
  seasonAnswer,
  stormForecastsPage,
  yearOfStormId,
} from '../../src/forecasts/forecast-answers.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { truthFromHurdat2 } from '../../src/forecasts/truth-tracks.ts';
import { issuancesToVerify, verifiableIssuance } from '../../src/forecasts/verification-set.ts';
import { summarizeVerifications } from '../../src/forecasts/verification-summary.ts';
import { verifyForecast } from '../../src/forecasts/verify-forecast.ts';
import {
  archivedStormVerificationSchema,
  stormForecastsAnswerSchema,
  stormVerificationSchema,
  verificationSummaryAnswerSchema,
} from '../../src/model/forecast-answer-schemas.ts';
import type { TruthTrack } from '../../src/model/verification-schemas.ts';
import { parseHurdat2 } from '../../src/sources/global/hurdat2.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { read } from '../helpers/read-text.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'forecasts');
const hurdat2 = parseHurdat2(read(FIXTURES, 'hurdat2', 'hurdat2-verifica-al072049.txt'), 'hurdat2-verifica-al072049.txt').storms;
const records = parseAtcfDeck(read(FIXTURES, 'aal072049.dat')).records;
const globalStorms = buildGlobalArchive({ hurdat2, ibtracs: [], ibtracsLinks: [], nwPacific: null }).storms;
const archived = archivedForecasts({
  decks: [{ atcfId: 'al072049', file: 'nhc/aal072049.dat', records }],
  verifying: verifyingStorms([], globalStorms),
  wpBaseline: null,
});
const best = truthFromHurdat2(hurdat2[0] as never);
/** The engine run directly: the issuances verified against HURDAT2 as the parser reads it. */
const direct = (issuances: Parameters<typeof issuancesToVerify>[0]) =>
  issuancesToVerify(issuances).map((i) => verifyForecast(verifiableIssuance(i), best));

/** The same forecasts as the scheduled run keeps them (read live), with the operational track as it stood. */
const keptIssuances = mergeIssuances(
  [],
  adeckIssuances(records, { atcfId: 'al072049', channel: 'live', file: null, seenAt: new Date('2049-08-03T01:00:00Z') }),
).issuances;
const operational: TruthTrack = {
  ...best,
  source: 'atcf-bdeck',
  status: 'provisional',
  asOf: '2049-08-02T12:00:00Z',
  fixes: best.fixes.filter((f) => f.time <= '2049-08-02T12:00:00Z'),
};
const kept = { issuances: keptIssuances, operational };

describe('archived forecasts (the build)', () => {
  const [storm] = archived.storms;

  it("verifies the a-deck against the archive's record of the storm, equal to the engine run on HURDAT2 directly", () => {
    expect(archived.unmatched).toEqual([]);
    expect(archivedStormVerificationSchema.parse(storm)).toBeTruthy();
    expect(storm?.storm).toEqual({
      id: 'al072049',
      code: null,
      atcfId: 'al072049',
      archivedId: 'nhc-al072049',
      name: 'VERIFICA',
      basin: 'AL',
    });
    expect(storm?.against).toEqual({ source: 'hurdat2', status: 'final', asOf: null });
    const verified = direct(storm?.issuances ?? []);
    expect(storm?.agencies.map((a) => a.agency)).toEqual(['nhc']);
    expect(storm?.agencies[0]?.leads).toEqual(summarizeVerifications(verified));
    expect(storm?.forecasts.map((f) => f.leads)).toEqual([...verified].reverse().map((f) => f.leads));
  });

  it("writes the season's means, the storms, and the final track the functions verify kept forecasts against", () => {
    expect(archived.file.seasons.map((s) => s.year)).toEqual([2049]);
    expect(archived.file.seasons[0]?.groups.map((g) => [g.agency, g.basin, g.source, g.forecasts])).toEqual([['nhc', 'AL', 'archive', 3]]);
    expect(archived.file.storms).toEqual([{ archivedId: 'nhc-al072049', atcfId: 'al072049', code: null, year: 2049 }]);
    expect(archived.file.finalTracks.al072049?.status).toBe('final');
    // Three forecasts are too few for a cone (10 errors a lead).
    expect(archived.file.cones).toEqual([]);
  });

  it('does not publish a deck whose storm the archive does not hold', () => {
    const other = archivedForecasts({
      decks: [{ atcfId: 'al082049', file: 'nhc/aal082049.dat', records: records.map((r) => ({ ...r, number: '08' })) }],
      verifying: verifyingStorms([], globalStorms),
      wpBaseline: null,
    });
    expect(other.storms).toEqual([]);
    expect(other.unmatched).toEqual(['al082049']);
  });
});

describe('a kept storm', () => {
  it('is verified provisionally against its operational track while the build has no best track of it', () => {
    const noFinal = { ...archived.file, finalTracks: {} };
    const storm = forecastStorm('al072049', keptIssuances, noFinal);
    expect(storm.archivedId).toBe('nhc-al072049');
    const { answer } = liveStormVerification(storm, kept, noFinal);
    expect(stormVerificationSchema.parse(answer)).toBeTruthy();
    expect(answer.against).toEqual({ source: 'atcf-bdeck', status: 'provisional', asOf: '2049-08-02T12:00:00Z' });
    expect(answer.agencies[0]?.status).toBe('provisional');
    expect(answer.forecasts.flatMap((f) => f.leads).some((l) => l.excluded === 'no-verifying-position')).toBe(true);
  });

  it('is verified again, final, against the best track once the build has it: the same as the archived verification', () => {
    const { answer } = liveStormVerification(forecastStorm('al072049', keptIssuances, archived.file), kept, archived.file);
    expect(answer.against).toEqual({ source: 'hurdat2', status: 'final', asOf: null });
    expect(answer.agencies[0]?.leads).toEqual(archived.storms[0]?.agencies[0]?.leads);
  });

  it('with nothing kept, answers empty lists and no verifying track', () => {
    const { answer } = liveStormVerification(forecastStorm('209901', [], archived.file), null, archived.file);
    expect(answer).toMatchObject({ storm: { id: '209901', code: '209901', basin: 'WP' }, against: null, agencies: [], forecasts: [] });
  });

  it('pages its issuances newest first, with when the run last read one', () => {
    const storm = forecastStorm('al072049', keptIssuances, archived.file);
    const page = stormForecastsPage(storm, kept, { page: 2, size: 2 });
    expect(stormForecastsAnswerSchema.parse(page)).toBeTruthy();
    expect(page).toMatchObject({ total: keptIssuances.length, page: 2, size: 2, pages: Math.ceil(keptIssuances.length / 2) });
    expect(page.list).toEqual(keptIssuances.slice(2, 4));
    expect(page.updatedAt).toBe('2049-08-03T01:00:00Z');
    expect(stormForecastsPage(storm, null, { page: 1, size: 20 })).toMatchObject({ list: [], total: 0, pages: 0, updatedAt: null });
  });
});

describe('a season', () => {
  const live = liveStormVerification(forecastStorm('al072049', keptIssuances, archived.file), kept, archived.file).set;

  it('pools the archived and the kept forecasts, per agency, basin and source', () => {
    const answer = seasonAnswer(archived.file, [live], { year: 2049, basin: null, agency: null });
    expect(verificationSummaryAnswerSchema.parse(answer)).toBeTruthy();
    expect(answer.list.map((g) => [g.agency, g.basin, g.source, g.status])).toEqual([
      ['nhc', 'AL', 'archive', 'final'],
      ['nhc', 'AL', 'live', 'final'],
    ]);
    expect(answer.list[1]?.leads).toEqual(answer.list[0]?.leads);
    expect(answer.total).toBe(2);
  });

  it('answers only the basin and agency asked for, and an empty season when nothing was verified', () => {
    expect(seasonAnswer(archived.file, [live], { year: 2049, basin: 'AL', agency: 'nhc' }).total).toBe(2);
    expect(seasonAnswer(archived.file, [live], { year: 2049, basin: 'WP', agency: null }).list).toEqual([]);
    expect(seasonAnswer(archived.file, [live], { year: 2049, basin: null, agency: 'jma' }).list).toEqual([]);
    expect(seasonAnswer(archived.file, [], { year: 2048, basin: null, agency: null })).toMatchObject({
      list: [],
      total: 0,
      comparisons: [],
    });
  });

  it("reads a kept storm's year from its id", () => {
    expect(['202411', '20241105', 'al132025', 'wp272026', 'nope'].map(yearOfStormId)).toEqual([2024, 2024, 2025, 2026, null]);
  });
});
