/**
 * The scheduled run's last step: the live summary, written from the live view by the template generator and,
 * when a language model is configured and the run's call budget allows, reworded by it (src/flash/llm.ts).
 * It is stored (src/flash/summary-store.ts) so that no request ever calls the model.
 */
import { briefingPatterns } from './briefing.ts';
import { readLiveView } from '../live/snapshot.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { Generator } from '../model/flash-schemas.ts';
import { rewrite, type LlmConfig } from './llm.ts';
import { fill } from './slotted-text.ts';
import { readStoredSummary, writeStoredSummary, type StoredSummary } from './summary-store.ts';

export interface SummaryResult {
  generator: Generator;
  /** False when the stored summary was already written from the same template text (no model call). */
  written: boolean;
}

export async function recordSummary(store: KeyValueStore, llm: LlmConfig | null, now = new Date()): Promise<SummaryResult> {
  const view = await readLiveView(store, now);
  const patterns = briefingPatterns(view);
  const source = { text: fill(patterns.zh), textEn: fill(patterns.en) };
  const stored = await readStoredSummary(store);
  if (stored.state === 'unreadable' || stored.state === 'invalid')
    console.warn(`live summary ${stored.state} (${stored.error}); writing it again`);
  const current = stored.state === 'ok' ? stored.value : null;
  // Nothing changed since the last run: keep what it wrote, unless a model may now do what it could not then.
  if (current && current.source.text === source.text && current.source.textEn === source.textEn && (current.generator === 'llm' || !llm)) {
    if (stored.state === 'ok' && stored.recovered !== null) await writeStoredSummary(store, current); // heals the main copy
    return { generator: current.generator, written: false };
  }
  // Without data (before the first refresh, or with the stored snapshot unreadable) the notice is not reworded.
  const model = view.fetchedAt === null ? null : llm;
  const [text, textEn] = await Promise.all([rewrite(patterns.zh, 'zh', model), rewrite(patterns.en, 'en', model)]);
  const summary: StoredSummary = {
    source,
    text: text.text,
    textEn: textEn.text,
    generator: text.generator === 'llm' || textEn.generator === 'llm' ? 'llm' : 'template',
    writtenAt: now.toISOString(),
  };
  await writeStoredSummary(store, summary);
  return { generator: summary.generator, written: true };
}
