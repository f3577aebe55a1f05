/**
 * The live summary (`/api/llm/summary`'s `summary`/`summaryEn`, bootstrap's `briefing`): written by the scheduled
 * run (src/flash/record-summary.ts) and kept in the live store; requests only read it and never call a model.
 *
 * The stored summary records the template text it was written from. A request answers it only while the current
 * live view still gives that same template text; otherwise (none stored yet, damaged, or the view has changed
 * since, e.g. it went stale) it answers the template text of the current view, with `generator: 'template'`.
 */
import { z } from 'zod';
import { briefingText, type Briefing, type BriefingText } from './briefing.ts';
import { readDocument, readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import type { LiveView } from '../live/snapshot.ts';
import type { KeyValueStore } from '../store/store.ts';
import { GENERATORS, type Generator } from '../model/flash-schemas.ts';

export const SUMMARY_KEY = 'live-summary';

export const storedSummarySchema = z.object({
  source: z.object({ text: z.string(), textEn: z.string() }).describe('The template text the summary was written from'),
  text: z.string(),
  textEn: z.string(),
  generator: z.enum(GENERATORS),
  writtenAt: z.string(),
});
export type StoredSummary = z.infer<typeof storedSummarySchema>;

const SUMMARY: DocumentKind<StoredSummary> = { name: 'live summary', schema: storedSummarySchema, version: 1 };

export const readStoredSummary = (store: KeyValueStore) => readDocument(store, SUMMARY_KEY, SUMMARY);
export const writeStoredSummary = (store: KeyValueStore, summary: StoredSummary) => writeDocument(store, SUMMARY_KEY, SUMMARY, summary);

export interface Summary extends BriefingText {
  generator: Generator;
}

/** The stored summary when it was written from this view's template text, else that template text. No model call. */
export async function currentSummary(store: KeyValueStore, view: LiveView): Promise<Summary> {
  const template = briefingText(view);
  const stored = await readDocumentValue(store, SUMMARY_KEY, SUMMARY);
  if (stored && stored.source.text === template.text && stored.source.textEn === template.textEn) {
    return { text: stored.text, textEn: stored.textEn, generator: stored.generator };
  }
  return { ...template, generator: 'template' };
}

/** Bootstrap's `briefing`: the current summary, or null before the first refresh. */
export async function currentBriefing(store: KeyValueStore, view: LiveView): Promise<Briefing | null> {
  if (view.upstream === 'never-fetched') return null;
  const { text, textEn, generator } = await currentSummary(store, view);
  return { text, textEn, generatedAt: view.fetchedAt ?? '', publishedAt: view.publishedAt, aiGenerated: true, generator };
}
