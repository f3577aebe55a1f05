/**
 * NHC's official forecasts (OFCL) of Camille 1969, Andrew 1992 and Charley 2004, verified by the project's engine,
 * against an independent computation written here: the a-deck read by a plain comma split, the verifying positions
 * taken only at exact best-track times, the stages filtered by their codes, and the distance by the chord of the
 * unit vectors on the same sphere (not the haversine the engine uses). Mean track errors agree within 1 n mi and the
 * counts are equal at every lead (depression stage counted; extratropical, remnant-low and wave stages left out).
 *
 * Best tracks: Andrew and Charley from NHC's raw HURDAT2 (TYPHOON_HISTORY_SAMPLES), read by the project's parser.
 * Camille 1969 is in no raw HURDAT2 file we have: only in a third party's JSON conversion of HURDAT2
 * (TYPHOON_CROSSCHECK_DATA hurdat2/atl-json-1851-2023/1969.json). It is used here as a cross-check set, read by
 * this test alone: the project takes no best track from it.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGlobalArchive } from '../../src/archive/global/global-records.ts';
import { adeckBaseline } from '../../src/forecasts/adeck-baselines.ts';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { archivedForecasts, verifyingStorms } from '../../src/forecasts/archived-forecasts.ts';
import { measuredConeRadii } from '../../src/forecasts/error-cones.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { truthFromHurdat2 } from '../../src/forecasts/truth-tracks.ts';
import { issuancesToVerify, verifiableIssuance } from '../../src/forecasts/verification-set.ts';
import { homogeneousComparison, skillAgainst, summarizeVerifications } from '../../src/forecasts/verification-summary.ts';
import { verifyForecast } from '../../src/forecasts/verify-forecast.ts';
import { EARTH_RADIUS_KM } from '../../src/model/geo.ts';
import { stageOfAtcfCode } from '../../src/model/system-stage.ts';
import { isCycloneStage, VERIFICATION_LEADS, type TruthTrack } from '../../src/model/verification-schemas.ts';
import { parseHurdat2 } from '../../src/sources/global/hurdat2.ts';
import { parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { read } from '../helpers/read-text.ts';
import { describeRealData, realData } from '../helpers/real-data.ts';

interface Fix {
  time: string;
  lat: number;
  lng: number;
  status: string;
}

/** The third party's JSON of one Atlantic year → the fixes of one storm (date `19690817`, time_utc `1800`). */
function crosscheckFixes(json: string, id: string): Fix[] {
  const storms = JSON.parse(json) as {
    id: string;
    data: { date: string; time_utc: string; status: string; lat: number; lng: number; max_wind_kt: number }[];
  }[];
  const storm = storms.find((s) => s.id.startsWith(id));
  if (!storm) throw new Error(`${id} is not in the cross-check JSON`);
  return storm.data.map((d) => ({
    time: `${d.date.slice(0, 4)}-${d.date.slice(4, 6)}-${d.date.slice(6, 8)}T${d.time_utc.slice(0, 2)}:${d.time_utc.slice(2, 4)}:00Z`,
    lat: d.lat,
    lng: d.lng,
    status: d.status,
  }));
}

/** The same fixes as the engine's verifying track (synoptic fixes only, as the engine's own tracks). */
const truthOf = (fixes: readonly Fix[]): TruthTrack => ({
  source: 'hurdat2-json-crosscheck',
  status: 'final',
  asOf: null,
  windPeriod: '1min',
  fixes: fixes
    .filter((f) => /T(00|06|12|18):00:00Z$/.test(f.time))
    .map((f) => ({ time: f.time, lat: f.lat, lng: f.lng, windKt: null, stage: stageOfAtcfCode(f.status), stageCode: f.status })),
});

/** The chord between two positions on the unit sphere, turned into the arc: an independent great-circle distance. */
function chordKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const v = (p: { lat: number; lng: number }) => {
    const [φ, λ] = [(p.lat * Math.PI) / 180, (p.lng * Math.PI) / 180];
    return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
  };
  const [x, y] = [v(a), v(b)];
  const chord = Math.hypot(...x.map((xi, i) => xi - (y[i] as number)));
  return 2 * EARTH_RADIUS_KM * Math.asin(chord / 2);
}

const CYCLONE_CODES = new Set(['TD', 'TS', 'HU', 'SD', 'SS']);

/** OFCL errors per lead, computed from the deck text and the fixes alone. */
function independentErrors(deck: string, fixes: readonly Fix[]): Record<number, { count: number; meanNm: number | null }> {
  const at = new Map(fixes.map((f) => [f.time, f]));
  const seen = new Set<string>();
  const errors: Record<number, number[]> = Object.fromEntries(VERIFICATION_LEADS.map((h) => [h, []]));
  for (const line of deck.split('\n')) {
    const f = line.split(',').map((s) => s.trim());
    if (f[4] !== 'OFCL') continue;
    const tau = Number(f[5]);
    const dtg = f[2] as string;
    if (!(tau in errors) || seen.has(`${dtg}/${tau}`)) continue;
    seen.add(`${dtg}/${tau}`);
    const initial = `${dtg.slice(0, 4)}-${dtg.slice(4, 6)}-${dtg.slice(6, 8)}T${dtg.slice(8, 10)}:00:00Z`;
    const valid = new Date(Date.parse(initial) + tau * 3_600_000).toISOString().replace('.000Z', 'Z');
    const [from, to] = [at.get(initial), at.get(valid)];
    if (!from || !to || !CYCLONE_CODES.has(from.status) || !CYCLONE_CODES.has(to.status)) continue;
    const lat = (Number((f[6] as string).slice(0, -1)) / 10) * ((f[6] as string).endsWith('S') ? -1 : 1);
    const lng = (Number((f[7] as string).slice(0, -1)) / 10) * ((f[7] as string).endsWith('W') ? -1 : 1);
    errors[tau]?.push(chordKm({ lat, lng }, to) / 1.852);
  }
  return Object.fromEntries(
    Object.entries(errors).map(([h, list]) => [
      h,
      { count: list.length, meanNm: list.length ? list.reduce((s, e) => s + e, 0) / list.length : null },
    ]),
  );
}

function engine(deck: string, atcfId: string, truth: TruthTrack) {
  const { records, problems } = parseAtcfDeck(deck);
  expect(problems).toEqual([]);
  const { issuances } = mergeIssuances([], adeckIssuances(records, { atcfId, channel: 'archive', file: `a${atcfId}.dat`, seenAt: null }));
  const verified = issuancesToVerify(issuances).map((i) => verifyForecast(verifiableIssuance(i), truth));
  return { records, issuances, verified, summary: summarizeVerifications(verified) };
}

describeRealData('forecasts', 'official forecasts of the sample a-decks, verified', (forecasts) => {
  const deckOf = (file: string) => read(forecasts, 'nhc-archive', file);

  describeRealData('history', 'Andrew 1992 and Charley 2004 against HURDAT2', (history) => {
    const hurdat2 = parseHurdat2(read(history, 'hurdat2_atl_1970-2018.apatel726.txt'), 'hurdat2_atl_1970-2018.apatel726.txt');
    const cases = [
      { file: 'aal041992.dat', id: 'AL041992', counts: [44, 43, 41, 39, 35, 0, 0] },
      { file: 'aal032004.dat', id: 'AL032004', counts: [20, 18, 16, 14, 10, 6, 2] },
    ];
    for (const { file, id, counts } of cases) {
      it(`${id}: the mean OFCL track errors equal the independent computation within 1 n mi, with the same counts`, () => {
        const storm = hurdat2.storms.find((s) => s.id === id);
        if (!storm) throw new Error(`${id} is not in the HURDAT2 sample`);
        const fixes = storm.points.map((p) => ({ time: p.time, lat: p.lat, lng: p.lng, status: p.status ?? '' }));
        const { summary } = engine(deckOf(file), id.toLowerCase(), truthFromHurdat2(storm));
        const independent = independentErrors(deckOf(file), fixes);
        for (const lead of summary) {
          const other = independent[lead.leadHours];
          expect(lead.count, `${id} ${lead.leadHours} h count`).toBe(other?.count);
          if (other?.meanNm === null) expect(lead.trackErrorNm).toBeNull();
          else
            expect(Math.abs((lead.trackErrorNm as number) - (other?.meanNm as number)), `${id} ${lead.leadHours} h`).toBeLessThanOrEqual(1);
        }
        expect(summary.map((l) => l.count)).toEqual(counts);
      });
    }

    it("the build's archived verification (archivedForecasts, against the archive's HURDAT2 records) equals the independent computation within 1 n mi, with the same counts", () => {
      const decks = cases.map(({ file, id }) => ({
        atcfId: id.toLowerCase(),
        file: `nhc/${file}`,
        records: parseAtcfDeck(deckOf(file)).records,
      }));
      const globalStorms = buildGlobalArchive({ hurdat2: hurdat2.storms, ibtracs: [], ibtracsLinks: [], nwPacific: null }).storms;
      const archived = archivedForecasts({ decks, verifying: verifyingStorms([], globalStorms), wpBaseline: null });
      expect(archived.storms.map((s) => s.storm.archivedId)).toEqual(['nhc-al032004', 'nhc-al041992']);
      for (const { file, id, counts } of cases) {
        const storm = hurdat2.storms.find((s) => s.id === id);
        const fixes = (storm?.points ?? []).map((p) => ({ time: p.time, lat: p.lat, lng: p.lng, status: p.status ?? '' }));
        const independent = independentErrors(deckOf(file), fixes);
        const answer = archived.storms.find((s) => s.storm.atcfId === id.toLowerCase());
        expect(answer?.against).toEqual({ source: 'hurdat2', status: 'final', asOf: null });
        const nhc = answer?.agencies.find((a) => a.agency === 'nhc');
        expect(nhc?.leads.map((l) => l.count)).toEqual(counts);
        for (const lead of nhc?.leads ?? []) {
          const other = independent[lead.leadHours];
          expect(lead.count, `${id} ${lead.leadHours} h count`).toBe(other?.count);
          if (other?.meanNm !== null)
            expect(Math.abs((lead.trackErrorNm as number) - (other?.meanNm as number)), `${id} ${lead.leadHours} h`).toBeLessThanOrEqual(1);
        }
        expect(nhc?.skill?.baseline).toBe('OCD5');
      }
      // Each season's means are its storm's (one storm a season here).
      expect(archived.file.seasons.map((s) => [s.year, s.groups.map((g) => g.leads.map((l) => l.count))])).toEqual([
        [1992, [cases[0]?.counts]],
        [2004, [cases[1]?.counts]],
      ]);
    });

    it("Charley's special advisory is kept as an amendment and its original is the one verified", () => {
      const storm = hurdat2.storms.find((s) => s.id === 'AL032004');
      const { issuances, verified } = engine(deckOf('aal032004.dat'), 'al032004', truthFromHurdat2(storm as never));
      const special = issuances.filter((i) => i.special);
      expect(special.map((i) => [i.initialTime, i.revision, i.source.tech])).toEqual([['2004-08-13T12:00:00Z', 2, 'OFCS']]);
      const original = issuances.find((i) => i.initialTime === '2004-08-13T12:00:00Z' && !i.special);
      expect(special[0]?.amends).toBe(original?.key);
      // The 2004 deck repeats the initial's stage on every tau (TD on a 65-kt 72-h position): no forecast stage is taken from it.
      const contradicted = (p: { stage: string | null; wind: number | null }) =>
        (p.stage === 'TD' && (p.wind ?? 0) >= 34) || (p.stage === 'TS' && ((p.wind ?? 34) < 34 || (p.wind ?? 0) > 63));
      expect(issuances.flatMap((i) => i.points).filter(contradicted)).toEqual([]);
      expect(issuances.filter((i) => i.points.some((p) => p.stage !== null)).map((i) => i.initialTime)).toEqual(['2004-08-15T12:00:00Z']);
      expect(issuances.filter((i) => i.initial?.stage === 'TD').length).toBeGreaterThan(0);
      expect(verified.filter((v) => v.initialTime === '2004-08-13T12:00:00Z').map((v) => v.key)).toEqual([original?.key]);
    });

    it("OFCL has skill against the deck's own CLIPER5 (OCD5) on a homogeneous sample", () => {
      for (const { file, id } of cases) {
        const storm = hurdat2.storms.find((s) => s.id === id);
        const truth = truthFromHurdat2(storm as never);
        const { records, verified } = engine(deckOf(file), id.toLowerCase(), truth);
        const baseline = adeckBaseline(records, id.toLowerCase());
        expect(baseline?.tech).toBe('OCD5');
        const compared = homogeneousComparison({ OFCL: verified, OCD5: baseline?.forecasts.map((f) => verifyForecast(f, truth)) ?? [] });
        const skill = skillAgainst(compared.OFCL ?? [], compared.OCD5 ?? []);
        for (const lead of skill.filter((l) => l.count > 0 && l.leadHours <= 72))
          expect(lead.trackSkillPct, `${id} ${lead.leadHours} h`).toBeGreaterThan(0);
      }
    });
    it("measures NHC's cone on the sample (Andrew and Charley, final best tracks): two thirds of the errors within", () => {
      const verified = cases.flatMap(
        ({ file, id }) =>
          engine(deckOf(file), id.toLowerCase(), truthFromHurdat2(hurdat2.storms.find((s) => s.id === id) as never)).verified,
      );
      const radii = measuredConeRadii(verified);
      expect(radii.sample).toEqual({
        forecasts: 70,
        storms: 2,
        firstInitialTime: '1992-08-16T12:00:00Z',
        lastInitialTime: '2004-08-15T12:00:00Z',
        against: ['hurdat2 (final)'],
      });
      expect(radii.leads.map((l) => [l.leadHours, l.count, l.radiusNm])).toEqual([
        [12, 64, 42.4],
        [24, 61, 84.3],
        [36, 57, 121.8],
        [48, 53, 167],
        [72, 45, 232.9],
        [96, 6, null],
        [120, 2, null],
      ]);
    });
  });

  describe('Camille 1969 against the cross-check JSON', () => {
    const crosscheck = realData('crosscheck');
    it('the mean OFCL track errors equal the independent computation within 1 n mi, with the same counts; no intensity is verified', () => {
      if (!crosscheck) throw new Error('Camille needs TYPHOON_CROSSCHECK_DATA');
      const fixes = crosscheckFixes(read(path.join(crosscheck, 'hurdat2/atl-json-1851-2023/1969.json')), 'AL091969');
      const { summary, issuances } = engine(deckOf('aal091969.dat'), 'al091969', truthOf(fixes));
      // Old-style short rows: positions only, the wind written 0 (unknown), no pressure, no analysis row.
      expect(issuances.every((i) => i.initial === null && i.points.every((p) => p.wind === null && p.pressure === null))).toBe(true);
      const independent = independentErrors(deckOf('aal091969.dat'), fixes);
      for (const lead of summary) {
        expect(lead.count).toBe(independent[lead.leadHours]?.count);
        expect(lead.intensityCount).toBe(0);
        if (lead.count)
          expect(Math.abs((lead.trackErrorNm as number) - (independent[lead.leadHours]?.meanNm as number))).toBeLessThanOrEqual(1);
      }
      expect(summary.map((l) => l.count)).toEqual(summary.map((l) => independent[l.leadHours]?.count));
      expect(summary[0]?.count).toBeGreaterThan(0);
    });
  });

  it('stages are read from the verifying track: a forecast is left out where the best track is not a cyclone', () => {
    expect(isCycloneStage(stageOfAtcfCode('TD'))).toBe(true);
    expect(['EX', 'LO', 'WV', 'DB'].map((c) => isCycloneStage(stageOfAtcfCode(c)))).toEqual([false, false, false, false]);
  });
});
