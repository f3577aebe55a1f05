/**
 * Verification by NHC's rules on our own invented storm (test/fixtures/forecasts): errors where the answer is known
 * by construction, the stage rules, interpolation, provisional tracks, summaries, homogeneous samples and skill.
 * The sample a-decks against their best tracks: test/real-data/forecast-verification.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adeckBaseline } from '../../src/forecasts/adeck-baselines.ts';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { truthFromHurdat2 } from '../../src/forecasts/truth-tracks.ts';
import { issuancesToVerify, verifiableIssuance } from '../../src/forecasts/verification-set.ts';
import {
  homogeneousComparison,
  skillAgainst,
  summarizeByAgencyBasinYear,
  summarizeByStorm,
  summarizeVerifications,
} from '../../src/forecasts/verification-summary.ts';
import { verifyForecast, type VerifiableForecast } from '../../src/forecasts/verify-forecast.ts';
import { forecastVerificationSchema, type TruthTrack } from '../../src/model/verification-schemas.ts';
import { parseHurdat2 } from '../../src/sources/global/hurdat2.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { read } from '../helpers/read-text.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'forecasts');
const storm = parseHurdat2(read(FIXTURES, 'hurdat2', 'hurdat2-verifica-al072049.txt'), 'hurdat2-verifica-al072049.txt').storms[0];
const truth = truthFromHurdat2(storm as never);
const records = parseAtcfDeck(read(FIXTURES, 'aal072049.dat')).records;
const issuances = mergeIssuances(
  [],
  adeckIssuances(records, { atcfId: 'al072049', channel: 'archive', file: 'aal072049.dat', seenAt: null }),
).issuances;
const verified = issuancesToVerify(issuances).map((i) => verifyForecast(verifiableIssuance(i), truth));
const at = (initial: string) => verified.find((v) => v.initialTime === initial);
const lead = (initial: string, hours: number) => at(initial)?.leads.find((l) => l.leadHours === hours);
/** One degree of latitude on the sphere (R = 6371.0088 km), km. */
const DEGREE_KM = (6371.0088 * Math.PI) / 180;

describe('verifying track', () => {
  it('keeps the synoptic fixes of HURDAT2, with their stages', () => {
    expect(truth.fixes.map((f) => f.time.slice(8, 13))).not.toContain('02T03');
    expect(truth.fixes.map((f) => f.stage)).toEqual([
      'disturbance',
      ...Array(8).fill('tropical'),
      'extratropical',
      'extratropical',
      'remnant-low',
    ]);
    expect(truth).toMatchObject({ source: 'hurdat2', status: 'final', windPeriod: '1min' });
  });
});

describe('one forecast', () => {
  it('verifies the original at its leads: on the track, 1° north (to the right), 1° west (ahead); winds forecast minus best', () => {
    expect(forecastVerificationSchema.parse(at('2049-08-01T06:00:00Z'))).toBeTruthy();
    expect(lead('2049-08-01T06:00:00Z', 12)).toMatchObject({
      verified: true,
      trackErrorKm: 0,
      trackErrorNm: 0,
      intensityErrorKt: 5,
      intensityErrorMs: 2.6,
      interpolated: false,
    });
    const north = lead('2049-08-01T06:00:00Z', 24);
    expect(north?.trackErrorKm).toBeCloseTo(DEGREE_KM, 0);
    expect(north?.trackErrorNm).toBeCloseTo(DEGREE_KM / 1.852, 0);
    expect(north?.crossTrackKm).toBeGreaterThan(100); // the track moves west-north-west: north is to its right
    expect(north?.intensityErrorKt).toBe(-5);
    const west = lead('2049-08-01T06:00:00Z', 36);
    expect(west?.alongTrackKm).toBeGreaterThan(100);
    expect(Math.hypot(west?.alongTrackKm as number, west?.crossTrackKm as number)).toBeCloseTo(west?.trackErrorKm as number, 0);
    expect(west?.intensityErrorKt).toBe(0);
  });

  it('leaves out what NHC leaves out: not a cyclone at the initial or the valid time, no forecast at a lead', () => {
    expect(
      at('2049-08-01T00:00:00Z')
        ?.leads.slice(0, 2)
        .map((l) => l.excluded),
    ).toEqual(['not-a-cyclone-at-initial', 'not-a-cyclone-at-initial']);
    expect(lead('2049-08-01T06:00:00Z', 48)?.excluded).toBe('not-a-cyclone-at-valid'); // extratropical by then
    expect(lead('2049-08-01T06:00:00Z', 72)?.excluded).toBe('no-forecast');
    expect(lead('2049-08-01T12:00:00Z', 72)?.excluded).toBe('not-a-cyclone-at-valid'); // past the final track's end
  });

  it('verifies old-style rows for track only (their wind is unknown)', () => {
    expect(lead('2049-08-01T12:00:00Z', 12)).toMatchObject({ verified: true, trackErrorKm: 0, intensityErrorKt: null });
  });

  it('verifies the original, not the special advisory issued for the same time', () => {
    expect(verified.filter((v) => v.initialTime === '2049-08-01T06:00:00Z').map((v) => v.key)).toEqual([
      issuances.find((i) => i.initialTime === '2049-08-01T06:00:00Z' && !i.special)?.key,
    ]);
  });

  it('interpolates between fixes off the synoptic hours, and says so', () => {
    const offHours: VerifiableForecast = {
      key: 'x',
      agency: 'hko',
      stormId: 'al072049',
      basin: 'AL',
      initialTime: '2049-08-01T09:00:00Z',
      wind: { unit: 'kt', period: '10min' },
      points: [{ leadHours: 12, validTime: '2049-08-01T21:00:00Z', lat: 15.5, lng: -52.5, wind: 60 }],
    };
    const v = verifyForecast(offHours, truth).leads[0];
    expect(v).toMatchObject({ verified: true, interpolated: true, intensityErrorKt: null }); // 10-min against 1-min: not compared
    expect(v?.trackErrorKm).toBeLessThan(1);
  });

  it('is provisional against an operational track, pending where it has not reached, and final against the best track', () => {
    const operational: TruthTrack = {
      ...truth,
      source: 'atcf-bdeck',
      status: 'provisional',
      asOf: '2049-08-02T12:00:00Z',
      fixes: truth.fixes.filter((f) => f.time <= '2049-08-02T12:00:00Z'),
    };
    const original = verifiableIssuance(issuances.find((i) => i.initialTime === '2049-08-01T06:00:00Z' && !i.special) as never);
    const provisional = verifyForecast(original, operational);
    expect(provisional.status).toBe('provisional');
    expect(provisional.against).toEqual({ source: 'atcf-bdeck', asOf: '2049-08-02T12:00:00Z' });
    expect(provisional.leads.find((l) => l.leadHours === 36)?.excluded).toBe('no-verifying-position');
    expect(verifyForecast(original, truth).leads.find((l) => l.leadHours === 36)?.verified).toBe(true);
  });
});

describe('summaries', () => {
  it('per lead: counts, mean track error, biases, intensity', () => {
    const [h12, h24, h36] = summarizeVerifications(verified);
    expect(h12).toMatchObject({ leadHours: 12, count: 2, trackErrorKm: 0, intensityCount: 1, intensityErrorKt: 5, intensityBiasKt: 5 });
    expect(h24?.count).toBe(2);
    expect(h24?.trackErrorKm).toBeCloseTo(DEGREE_KM / 2, 0);
    expect(h36?.count).toBe(1);
    expect(summarizeVerifications([]).every((l) => l.count === 0 && l.trackErrorKm === null)).toBe(true);
  });

  it('per storm and per agency, basin and year', () => {
    expect(summarizeByStorm(verified).map((g) => [g.agency, g.stormId, g.forecasts, g.status])).toEqual([['nhc', 'al072049', 3, 'final']]);
    expect(summarizeByAgencyBasinYear(verified).map((g) => [g.agency, g.basin, g.year])).toEqual([['nhc', 'AL', 2049]]);
  });

  it("homogeneous with the deck's CLIPER5, and skill on those cases", () => {
    const baseline = adeckBaseline(records, 'al072049');
    expect(baseline?.tech).toBe('OCD5');
    const compared = homogeneousComparison({ OFCL: verified, OCD5: baseline?.forecasts.map((f) => verifyForecast(f, truth)) ?? [] });
    expect(compared.OFCL?.[0]).toMatchObject({ count: 2, intensityCount: 1 });
    expect(compared.OCD5?.[0]?.count).toBe(2);
    expect(compared.OCD5?.[0]?.trackErrorKm).toBeCloseTo(DEGREE_KM / 2, 0); // 0.6° and 0.4° north
    const [s12] = skillAgainst(compared.OFCL ?? [], compared.OCD5 ?? []);
    expect(s12).toMatchObject({ leadHours: 12, count: 2, trackSkillPct: 100, intensityCount: 1, intensitySkillPct: 0 });
    expect(compared.OFCL?.[2]?.count).toBe(0); // OCD5 has no 36-h forecast here
  });
});
