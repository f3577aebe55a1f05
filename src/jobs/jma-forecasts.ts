/**
 * JMA's own forecasts kept as issuances (docs/data/verification.md, "JMA's own forecasts"). The warnings part of the
 * run fetches JMA's typhoon documents (VPTW6x) once each and keeps them 72 hours (src/warnings/fetch-jma.ts); every run
 * that polled JMA reads the forecasts of all of them again (src/forecasts/jma-issuances.ts), nothing fetched twice. The
 * same forecast read again has the same key, so what a stopped run or a lost write did not keep, the next one does.
 * Run after the refreshes: it reads the live snapshot and the forecast store (the rooms never import each other).
 *
 * Which storm: the documents of one JMA event (its EventID, `TC1725`: one disturbance, from depression to its end)
 * are one storm of the live list, linked as JMA's storm-area warnings are (src/model/warning-rules.ts `stormNamed`):
 * by JMA's typhoon number where the storm's record has it, else by JMA's name for it; else, for a depression JMA has
 * not named, by track: JMA's analyses and the storm's fixes share instants and agree within SAME_DEPRESSION_DEGREES
 * (a China number first, then an unnumbered depression), as an invest is linked (src/jobs/link-disturbances.ts). The
 * archive's crosswalk of JMA numbers (src/archive/crosswalk.ts) covers the best-tracked seasons, not the live list.
 *
 * An event linked to no storm is kept under `jma-<event id>` (heldStormId) and reported; once a later run links it,
 * what was kept there is written under the storm and then taken out of the held document (moveHeld), so each
 * issuance is kept once and none is lost. A document whose forecast cannot be read whole is reported and left out.
 */
import { emptyCapture, forecastsKey, readStormForecasts, releaseIssuances } from '../forecasts/forecast-store.ts';
import type { ForecastCapture } from '../forecasts/forecast-store.ts';
import { heldStormId, jmaIssuance, type JmaKeptDocument } from '../forecasts/jma-issuances.ts';
import { readSnapshotDocument } from '../live/snapshot.ts';
import { sameStorm } from '../live/storm-identity.ts';
import { SAME_DEPRESSION_DEGREES } from '../model/disturbance-schemas.ts';
import type { Issuance } from '../model/forecast-schemas.ts';
import { issuanceKey, type IssuanceDraft } from '../model/issuance-key.ts';
import { instantOf } from '../model/offset-time.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { activeStormOf, stormNamed } from '../model/warning-rules.ts';
import type { KeyValueStore } from '../store/store.ts';

type Listed = Pick<Typhoon, 'code' | 'name' | 'enname' | 'ids' | 'points'>;

export interface JmaLink {
  /** The storm's code in the live list. */
  code: string;
  by: 'agency-number' | 'agency-name' | 'track';
}

/** The storm of the live list one JMA event's documents are of (see the top of this file); null when none is. */
export function linkJmaEvent(documents: readonly JmaKeptDocument[], storms: readonly Listed[]): JmaLink | null {
  const newest = [...documents].sort((a, b) => instantOf(b.document.reportTime) - instantOf(a.document.reportTime));
  const number = newest.find((d) => d.document.number)?.document.number ?? null;
  const name = newest.find((d) => d.document.name)?.document.name ?? null;
  const named = stormNamed({ number, name, localName: null }, storms.map(activeStormOf));
  if (named) return { code: named.code, by: named.by === 'agency-number' ? 'agency-number' : 'agency-name' };
  const analyses = documents.flatMap(({ document }) =>
    document.points.flatMap((p) =>
      p.kind === 'analysis' && p.lat !== null && p.lng !== null ? [{ time: p.time, lat: p.lat, lng: p.lng }] : [],
    ),
  );
  const agrees = (s: Listed) => sameStorm(analyses, s.points, SAME_DEPRESSION_DEGREES);
  const storm = storms.find((s) => /^\d{6}$/.test(s.code) && agrees(s)) ?? storms.find((s) => /^\d{8}$/.test(s.code) && agrees(s));
  return storm ? { code: storm.code, by: 'track' } : null;
}

/** Issuances kept apart under `from` that this run writes under the storm `to` their event is now linked to: each held key and its key there. */
export interface HeldMove {
  from: string;
  to: string;
  keys: { held: string; moved: string }[];
}

export interface JmaForecastRead {
  capture: ForecastCapture;
  moves: HeldMove[];
}

/** A held issuance as a draft of the storm it is linked to now (when and how it was read stay as they were). */
function relinked(issuance: Issuance, code: string): IssuanceDraft {
  const { schemaVersion: _version, key: _key, revision: _revision, amends: _amends, ...draft } = issuance;
  return { ...draft, storm: { ...draft.storm, id: code, code } };
}

/** JMA's event as the reports name it: `TC1725 (typhoon 1718 TALIM)`, `TC1725 (a depression)`. */
function describeEvent(eventId: string, documents: readonly JmaKeptDocument[]) {
  const named = documents.find((d) => d.document.number)?.document;
  return named ? `${eventId} (typhoon ${named.number}${named.name ? ` ${named.name}` : ''})` : `${eventId} (a depression)`;
}

/**
 * The issuances of JMA's kept typhoon documents, each linked to its storm or held, with the held issuances to move;
 * the documents whose forecast cannot be read and the events linked to no storm are the capture's faults (recorded
 * with the rest by recordForecasts). Nothing is read when the live snapshot cannot be (a later run does it: the
 * documents are kept 72 hours).
 */
export async function readJmaForecasts(store: KeyValueStore, documents: readonly JmaKeptDocument[], now: Date): Promise<JmaForecastRead> {
  const capture = emptyCapture();
  const read: JmaForecastRead = { capture, moves: [] };
  if (documents.length === 0) return read;
  const snapshot = await readSnapshotDocument(store);
  if (snapshot.state === 'unreadable' || snapshot.state === 'invalid') {
    capture.problems.push(`JMA's forecasts not read: the live snapshot is ${snapshot.state} (${snapshot.error})`);
    return read;
  }
  const storms = snapshot.state === 'ok' ? snapshot.value.typhoons : [];
  const events = new Map<string, JmaKeptDocument[]>();
  for (const kept of documents) events.set(kept.document.eventId, [...(events.get(kept.document.eventId) ?? []), kept]);
  const { faults } = capture;
  for (const [eventId, kept] of [...events.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const link = linkJmaEvent(kept, storms);
    const held = heldStormId(eventId);
    const id = link?.code ?? held;
    const before = capture.drafts.length;
    for (const doc of kept) {
      try {
        const draft = jmaIssuance(doc, { id, code: link?.code ?? null, atcfId: null, name: doc.document.name }, now);
        if (draft) capture.drafts.push(draft);
      } catch (error) {
        const detail = (error as Error).message;
        capture.problems.push(`${doc.file}: ${detail}`);
        faults.push({ source: 'jma', product: doc.file, kind: 'unreadable-forecast', detail, action: 'left out' });
      }
    }
    if (!link && capture.drafts.length > before)
      faults.push({
        source: 'jma',
        product: forecastsKey(held),
        kind: 'unlinked-forecast',
        detail: `JMA's forecasts of ${describeEvent(eventId, kept)} match no storm of the live list by number, name or track`,
        action: `kept under ${forecastsKey(held)} until a later run links them`,
      });
    if (link) {
      const heldRead = await readStormForecasts(store, held);
      if (heldRead.state === 'unreadable') {
        // Its copies stay as they are (never written over unread): what they hold is not moved, and is not lost.
        capture.problems.push(`${forecastsKey(held)} cannot be read (${heldRead.error}): what it holds is not moved to ${link.code}`);
        console.warn(`forecasts: ${forecastsKey(held)} cannot be read (${heldRead.error}): what it holds is not moved to ${link.code}`);
      }
      const issuances = heldRead.state === 'ok' ? heldRead.value.issuances : [];
      if (issuances.length === 0) continue;
      const drafts = issuances.map((i) => relinked(i, link.code));
      capture.drafts.push(...drafts);
      read.moves.push({
        from: held,
        to: link.code,
        keys: issuances.map((i, k) => ({ held: i.key, moved: issuanceKey(drafts[k] as IssuanceDraft) })),
      });
    }
  }
  return read;
}

/**
 * Takes the moved issuances out of their held documents, each only once the storm it was moved to holds it (written
 * by this run, or before): never earlier, so none is lost; a move not finished is done again by the next run.
 */
export async function finishHeldMoves(store: KeyValueStore, moves: readonly HeldMove[]): Promise<void> {
  for (const move of moves) {
    try {
      const target = await readStormForecasts(store, move.to);
      const there = new Set(target.state === 'ok' ? target.value.issuances.map((i) => i.key) : []);
      const done = move.keys.filter((k) => there.has(k.moved)).map((k) => k.held);
      if (done.length) await releaseIssuances(store, move.from, done);
    } catch (error) {
      console.warn(`forecasts: ${forecastsKey(move.from)} not released: ${(error as Error).message}`);
    }
  }
}
