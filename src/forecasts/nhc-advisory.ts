/**
 * NHC's advisory number and issue time for the official forecast they belong to. The a-deck has neither; the
 * storm's entry in CurrentStorms.json names its latest forecast/advisory (src/upstream/nhc-current.ts). NHC issues
 * the forecast/advisory 3 hours after its forecast's initial time (03, 09, 15, 21 UTC for 00, 06, 12, 18) and a
 * special advisory at any time before the next: an advisory issued 0–6 hours after the latest forecast's initial
 * time is that forecast's (its special advisory's, when the deck holds one). Anything else is left unmatched.
 */
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { toUtcIso } from '../model/time.ts';
import type { NhcStorm } from '../upstream/nhc-current.ts';

const MAX_ISSUE_DELAY_MS = 6 * 3_600_000;

/** The drafts, the latest NHC (or CPHC) forecast given the storm's forecast advisory when it is that forecast's. */
export function withNhcAdvisory(drafts: readonly IssuanceDraft[], advisory: NhcStorm['forecastAdvisory']): IssuanceDraft[] {
  const official = drafts.filter((d) => d.agency === 'nhc' || d.agency === 'cphc');
  const latest = official.reduce<IssuanceDraft | null>(
    (best, d) =>
      !best || d.initialTime > best.initialTime || (d.initialTime === best.initialTime && d.special && !best.special) ? d : best,
    null,
  );
  if (!advisory || !latest) return [...drafts];
  const delay = advisory.issuedAt.getTime() - Date.parse(latest.initialTime);
  if (delay <= 0 || delay > MAX_ISSUE_DELAY_MS) return [...drafts];
  return drafts.map((d) => (d === latest ? { ...d, advisory: advisory.number, issuedAt: toUtcIso(advisory.issuedAt) } : d));
}
