/**
 * After a refresh: find what happened and record the flash items. The north-western Pacific events come from
 * the current snapshot compared with what was announced so far (the `announced` document), the global ones
 * from the global archive's active cyclones; each part is recorded as soon as its refresh is done, so a late
 * global part never costs the typhoon events of a run.
 *
 * Order of the writes: the flash items first, then the announced state. A run stopped before the items are
 * written leaves the announced state as it was, so the next run derives the same transitions again; a run
 * stopped between the two writes derives them again too, and their keys are already used.
 */
import { readDisturbanceRecords } from '../global/disturbance-view.ts';
import { activeGlobalCyclones } from '../global/global-view.ts';
import { readPreviousSnapshot, readSnapshot } from '../live/snapshot.ts';
import type { KeyValueStore } from '../store/store.ts';
import { readAnnounced, writeAnnounced, type Announced } from './announced.ts';
import { disturbanceEvents, globalEvents, outlookEvents, typhoonEvents, type FlashEvent } from './events.ts';
import type { FlashItem } from '../model/flash-schemas.ts';
import { recordFlash } from './flash-store.ts';
import type { LlmConfig } from './llm.ts';
import { readWarningHistory } from '../warnings/warning-view.ts';
import { ANNOUNCE_WITHIN_MS, warningEvents } from './warning-events.ts';

/**
 * What was announced so far. When the document is missing (the first run with it, or a run stopped before its
 * first flash step) or both copies are damaged, the previous snapshot stands in for it, as the comparison
 * before the document existed did: its storms are taken as seen, with the items of a first sighting (numbered,
 * formed, landfalls; their keys make sure that items written before are not written again), and the current
 * snapshot is compared with it. With no previous snapshot either, every storm is seen for the first time.
 */
async function announcedSoFar(store: KeyValueStore): Promise<{ announced: Announced | null; events: FlashEvent[]; stored: string | null }> {
  const read = await readAnnounced(store);
  if (read.state === 'ok')
    return { announced: read.value, events: [], stored: read.recovered === null ? JSON.stringify(read.value) : null };
  if (read.state !== 'missing') console.warn(`announced state ${read.state} (${read.error}); starting again from the previous snapshot`);
  const previous = await readPreviousSnapshot(store);
  const seed = previous ? typhoonEvents(null, previous) : null;
  return { announced: seed?.announced ?? null, events: seed?.events ?? [], stored: null };
}

export async function recordTyphoonEvents(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  const current = await readSnapshot(store);
  if (!current) return [];
  const before = await announcedSoFar(store);
  const derived = typhoonEvents(before.announced, current);
  const added = await recordFlash(store, [...before.events, ...derived.events], llm, now);
  // Unchanged state (the same snapshot again) is not written again; a recovered or missing one always is.
  if (JSON.stringify(derived.announced) !== before.stored) await writeAnnounced(store, derived.announced);
  return added;
}

export async function recordGlobalEvents(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  return recordFlash(store, globalEvents((await activeGlobalCyclones(store, now)).typhoons), llm, now);
}

/**
 * Formation alerts issued and cancelled, potentials raised to HIGH, NHC's 7-day chances reaching 60%; nothing when
 * the disturbances cannot be read.
 */
export async function recordDisturbanceEvents(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  const read = await readDisturbanceRecords(store, now);
  return read.state === 'ok' ? recordFlash(store, [...disturbanceEvents(read.records), ...outlookEvents(read.outlooks)], llm, now) : [];
}

/**
 * The warnings' changes the agencies said, recorded within ANNOUNCE_WITHIN_MS (src/flash/warning-events.ts): read
 * from the history, so a run stopped after recording a change and before its item writes it at the next run.
 * Nothing when the history cannot be read.
 */
export async function recordWarningEvents(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  const years = [...new Set([new Date(now.getTime() - ANNOUNCE_WITHIN_MS).getUTCFullYear(), now.getUTCFullYear()])];
  const read = await readWarningHistory(store, years);
  return read.state === 'ok' ? recordFlash(store, warningEvents(read.entries, now), llm, now) : [];
}

/** Every part, one after the other (they write the same document). */
export async function recordEvents(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  return [
    ...(await recordTyphoonEvents(store, llm, now)),
    ...(await recordGlobalEvents(store, llm, now)),
    ...(await recordDisturbanceEvents(store, llm, now)),
    ...(await recordWarningEvents(store, llm, now)),
  ];
}
