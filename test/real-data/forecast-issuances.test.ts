/**
 * Keeping issuances over recorded payload sequences (TYPHOON_FORECAST_SAMPLES), with faults and restarts.
 *
 * - The a-decks of Camille, Andrew and Charley replayed as the scheduled run would have read them: the deck as it
 *   stood after each base time (an a-deck grows one base time at a time, so the rows up to it are what the live
 *   file held then; derived from the archived deck, as those seasons were not recorded live). Some fetches fail,
 *   some gzipped decks arrive cut off (they do not decompress: the run reads `aid_public/a<id>.dat.gz`), an older
 *   deck is served again after a newer one, the same deck is read twice, and the run dies before writing (the next
 *   run starts from the store as last written); the run after the last base time reads the deck once more. Every
 *   issuance is kept once and none is lost.
 * - Helene's and Milton's CurrentStorms.json and b-deck at every advisory: these recordings hold no forecast (the
 *   a-deck was not recorded), so they check what the run takes from them for issuances: the forecast advisory's
 *   number and issue time, which is how an advisory is matched to its OFCL forecast (issued 3 hours after it,
 *   a special advisory up to 6), and that the operational track's stages leave the potential tropical cyclone
 *   advisories (the system still a disturbance) out of the verification. Two facts of the recordings: Milton's
 *   advisory 9 was a special one, issued at 12 UTC; and the CurrentStorms.json recorded with Milton's advisory 13
 *   still named forecast advisory 12 (the feed updates each product on its own).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adeckIssuances } from '../../src/forecasts/adeck-issuances.ts';
import { mergeIssuances } from '../../src/forecasts/merge-issuances.ts';
import { withNhcAdvisory } from '../../src/forecasts/nhc-advisory.ts';
import { truthFromBdeck } from '../../src/forecasts/truth-tracks.ts';
import { truthAt } from '../../src/forecasts/verify-forecast.ts';
import type { Issuance } from '../../src/model/forecast-schemas.ts';
import { isCycloneStage } from '../../src/model/verification-schemas.ts';
import { bestTrack, parseAtcfDeck } from '../../src/upstream/atcf.ts';
import { parseCurrentStorms } from '../../src/upstream/nhc-current.ts';
import { read } from '../helpers/read-text.ts';
import { describeRealData } from '../helpers/real-data.ts';

/** The deck as it stood after each of its base times, oldest first. */
function growingDeck(text: string): string[] {
  const rows = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => ({ line, base: line.split(',')[2]?.trim() as string }));
  const bases = [...new Set(rows.map((r) => r.base))].sort();
  return bases.map((base) => `${rows.flatMap((r) => (r.base <= base ? [r.line] : [])).join('\n')}\n`);
}

/**
 * A deck as the run fetches it (`.dat.gz`). The fastest level: the bytes only need to be gzip, whole or cut off
 * (a cut-off one does not decompress whatever the level).
 */
const gzipped = (deck: string) => gzipSync(deck, { level: 1 });

const keys = (list: readonly Issuance[]) => list.map((i) => i.key);

describeRealData('forecasts', 'issuances kept over recorded payload sequences', (forecasts) => {
  describe('a-decks replayed as they grew, with faults and restarts', () => {
    for (const atcfId of ['al091969', 'al041992', 'al032004']) {
      it(`${atcfId}: every issuance once, none lost`, () => {
        const full = read(forecasts, 'nhc-archive', `a${atcfId}.dat`);
        const decks = growingDeck(full);
        const from = { atcfId, channel: 'live' as const, file: `a${atcfId}.dat`, seenAt: new Date('2026-01-01T00:00:00Z') };
        const fetch = (gzipped: Buffer) => {
          let text: string;
          try {
            text = gunzipSync(gzipped).toString('utf8');
          } catch {
            return null; // cut off: it does not decompress, and nothing of it is read
          }
          const { records, problems } = parseAtcfDeck(text);
          return problems.length ? null : adeckIssuances(records, from);
        };
        let store: Issuance[] = [];
        let written: Issuance[] = [];
        decks.forEach((deck, step) => {
          if (step % 7 === 3) return; // the fetch failed
          const bytes = gzipped(step % 13 === 8 ? (decks[step - 3] as string) : deck);
          const drafts = fetch(step % 11 === 5 ? bytes.subarray(0, Math.floor(bytes.length * 0.6)) : bytes);
          if (!drafts) return; // cut off: rejected whole
          for (let pass = 0; pass < (step % 5 === 1 ? 2 : 1); pass += 1) store = mergeIssuances(store, drafts).issuances;
          if (step % 9 === 6) {
            store = written; // the run died before writing: the next starts from the store as last written
            return;
          }
          written = store;
        });
        // The next run after the last base time reads the deck once more (it stays listed until the storm ends).
        written = mergeIssuances(written, fetch(gzipped(decks.at(-1) as string)) ?? []).issuances;
        const fullDrafts = fetch(gzipped(full)) ?? [];
        const whole = mergeIssuances([], fullDrafts).issuances;
        expect(new Set(keys(written)).size).toBe(written.length);
        expect(keys(written).sort()).toEqual(keys(whole).sort());
        // The special advisory stays the amendment of its original, whatever came first.
        for (const i of written.filter((w) => w.special)) expect(written.find((w) => w.key === i.amends)?.initialTime).toBe(i.initialTime);
        // A replay from the beginning changes nothing.
        expect(mergeIssuances(written, fullDrafts).added).toEqual([]);
      });
    }
  });

  for (const atcfId of ['al092024', 'al142024']) {
    describe(`${atcfId}: CurrentStorms and b-deck at every advisory`, () => {
      const dir = path.join(forecasts, 'advisories-2024', atcfId);
      const advisories = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.CurrentStorms.json'))
        .sort()
        .map((file) => {
          const label = file.replace('.CurrentStorms.json', '');
          const storm = parseCurrentStorms(JSON.parse(read(dir, file)), []).find((s) => s.atcfId === atcfId);
          const best = bestTrack(parseAtcfDeck(read(dir, `${label}.${atcfId}.dat`)).records);
          return { label, storm, best };
        });

      const OFF_CYCLE: Record<string, string[]> = { al092024: [], al142024: ['009'] };

      it('names forecast advisories in order, each once, 3 h after a synoptic time (a special one off that cycle); an intermediate advisory names none of its own', () => {
        const seen: string[] = [];
        for (const { label, storm } of advisories) {
          const advisory = storm?.forecastAdvisory;
          if (!advisory) throw new Error(`${label}: no forecast advisory`);
          // The number is this advisory's, or an earlier one's (an intermediate advisory, or the feed not yet updated).
          expect(Number.parseInt(advisory.number, 10), label).toBeLessThanOrEqual(Number.parseInt(label, 10));
          if (seen.at(-1) !== advisory.number) seen.push(advisory.number);
        }
        expect(seen).toEqual([...new Set(seen)].sort());
        const offCycle = seen.filter((n) => {
          const issued = advisories.find((a) => a.storm?.forecastAdvisory?.number === n)?.storm?.forecastAdvisory?.issuedAt;
          return issued?.getUTCHours() !== undefined && issued.getUTCHours() % 6 !== 3;
        });
        expect(offCycle).toEqual(OFF_CYCLE[atcfId]);
      });

      it('gives a forecast advisory to the OFCL forecast it was issued for, and to none older', () => {
        const draft = (initialTime: string) => ({
          agency: 'nhc',
          basin: 'AL' as const,
          storm: { id: atcfId, code: null, atcfId, name: null },
          initialTime,
          issuedAt: null,
          advisory: null,
          wind: { unit: 'kt' as const, period: '1min' as const },
          stageScheme: 'atcf' as const,
          initial: null,
          points: [],
          special: false,
          source: { product: 'atcf-adeck' as const, channel: 'live' as const, file: null, tech: 'OFCL', seenAt: null },
        });
        const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
        for (const { label, storm } of advisories) {
          const advisory = storm?.forecastAdvisory ?? null;
          if (!advisory) continue;
          // The synoptic time at or before 3 h before the issue time: 15 UTC → 12 UTC, a special 12 UTC → 06 UTC.
          const hours = 3 + ((advisory.issuedAt.getUTCHours() - 3 + 24) % 6);
          const initial = advisory.issuedAt.getTime() - hours * 3_600_000;
          expect(withNhcAdvisory([draft(iso(initial))], advisory)[0]?.advisory, label).toBe(advisory.number);
          expect(withNhcAdvisory([draft(iso(initial - 6 * 3_600_000))], advisory)[0]?.advisory, label).toBeNull();
        }
      });

      it('reads the operational track as a provisional verifying track; a potential tropical cyclone is not a cyclone there', () => {
        for (const { label, storm, best } of advisories) {
          const truth = truthFromBdeck(best, 'provisional', storm?.time ?? null);
          const at = truthAt(truth.fixes, Date.parse(truth.fixes.at(-1)?.time as string)).state;
          const ptc = storm?.classification === 'PC';
          if (ptc) expect(at && isCycloneStage(at.stage), label).toBe(false);
        }
        const last = advisories.at(-1) as (typeof advisories)[number];
        const truth = truthFromBdeck(last.best, 'provisional', last.storm?.time ?? null);
        expect(truth.status).toBe('provisional');
        expect(truth.fixes.some((f) => f.stage === 'extratropical')).toBe(true);
      });
    });
  }
});
