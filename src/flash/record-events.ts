/** After a refresh: compare the snapshots, look at the global archive, and record the flash items. */
import { activeGlobalCyclones } from '../global/global-view.ts';
import { KEYS, liveSnapshotSchema, readSnapshot } from '../live/snapshot.ts';
import type { KeyValueStore } from '../live/store.ts';
import { globalEvents, typhoonEvents } from './events.ts';
import { recordFlash, type FlashItem } from './flash-store.ts';
import { llmFromEnv, type LlmConfig } from './llm.ts';

export async function recordEvents(store: KeyValueStore, llm: LlmConfig | null = llmFromEnv(), now = new Date()): Promise<FlashItem[]> {
  const current = await readSnapshot(store);
  if (!current) return [];
  const previousText = await store.get(KEYS.previous);
  const previous = previousText ? liveSnapshotSchema.safeParse(JSON.parse(previousText)) : null;
  const global = await activeGlobalCyclones(store);
  const events = [...typhoonEvents(previous?.success ? previous.data.typhoons : null, current.typhoons), ...globalEvents(global.typhoons)];
  return recordFlash(store, events, llm, now);
}
