/**
 * After a refresh: find what happened and record the flash items. The north-western Pacific events come from
 * the last two snapshots, the global ones from the global archive's active cyclones; each part is recorded as
 * soon as its refresh is done, so a late global part never costs the typhoon events of a run.
 */
import { activeGlobalCyclones } from '../global/global-view.ts';
import { readPreviousSnapshot, readSnapshot } from '../live/snapshot.ts';
import type { KeyValueStore } from '../live/store.ts';
import { globalEvents, typhoonEvents } from './events.ts';
import { recordFlash, type FlashItem } from './flash-store.ts';
import { llmFromEnv, type LlmConfig } from './llm.ts';

export async function recordTyphoonEvents(store: KeyValueStore, llm: LlmConfig | null = llmFromEnv(), now = new Date()): Promise<FlashItem[]> {
  const current = await readSnapshot(store);
  if (!current) return [];
  // An unreadable previous snapshot compares like none: only the events derived from the current one.
  const previous = await readPreviousSnapshot(store);
  return recordFlash(store, typhoonEvents(previous?.typhoons ?? null, current.typhoons), llm, now);
}

export async function recordGlobalEvents(store: KeyValueStore, llm: LlmConfig | null = llmFromEnv(), now = new Date()): Promise<FlashItem[]> {
  return recordFlash(store, globalEvents((await activeGlobalCyclones(store)).typhoons), llm, now);
}

/** Both parts, one after the other (they write the same document). */
export async function recordEvents(store: KeyValueStore, llm: LlmConfig | null = llmFromEnv(), now = new Date()): Promise<FlashItem[]> {
  return [...(await recordTyphoonEvents(store, llm, now)), ...(await recordGlobalEvents(store, llm, now))];
}
