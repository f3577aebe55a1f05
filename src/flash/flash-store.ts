/**
 * Flash news items, kept durably in the live store (one document, replaced atomically) and never written
 * twice for the same event: an item's id is derived from the event's key.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readDocument, readDocumentValue, writeDocument, type DocumentKind } from '../live/documents.ts';
import type { KeyValueStore } from '../live/store.ts';
import type { FlashEvent } from './events.ts';
import { rewrite, type LlmConfig } from './llm.ts';
import { flashItemSchema, type FlashItem } from '../model/flash-schemas.ts';
import { writeFlash } from './writer.ts';

const FLASH_KEY = 'flash-items';


export const flashId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

const FLASH: DocumentKind<FlashItem[]> = { name: 'flash items', schema: z.array(flashItemSchema), version: 1 };

/** The stored items (the backup copy when the main one is damaged), or none. */
export async function readFlash(store: KeyValueStore): Promise<FlashItem[]> {
  return (await readDocumentValue(store, FLASH_KEY, FLASH)) ?? [];
}

/** Adds the items of events not seen before; returns the new items. Newest first in the store. */
export async function recordFlash(store: KeyValueStore, events: readonly FlashEvent[], llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  const stored = await readDocument(store, FLASH_KEY, FLASH);
  // Both copies damaged (a double fault): they are set aside under quarantine/ by the write below, never
  // written over, and the list starts again with this run's items.
  if (stored.state === 'unreadable' || stored.state === 'invalid') console.warn(`flash items ${stored.state} (${stored.error}); setting them aside`);
  const items = stored.state === 'ok' ? stored.value : [];
  const known = new Set(items.map((item) => item.id));
  const added: FlashItem[] = [];
  for (const event of events) {
    const id = flashId(event.key);
    if (known.has(id)) continue;
    known.add(id);
    const text = writeFlash(event);
    // The model sees the contents' patterns only, never their clauses (src/flash/llm.ts).
    const [content, contentEn] = await Promise.all([rewrite(text.content, 'zh', llm), rewrite(text.contentEn, 'en', llm)]);
    added.push({
      id, code: event.code, type: event.type, time: event.time, title: text.title, content: content.text, titleEn: text.titleEn, contentEn: contentEn.text,
      aiGenerated: true, generator: content.generator === 'llm' || contentEn.generator === 'llm' ? 'llm' : 'template', createdAt: now.toISOString(),
    });
  }
  // Also when the items came from the backup copy: the write heals the damaged main copy.
  if (added.length || (stored.state === 'ok' && stored.recovered !== null)) {
    const all = [...items, ...added].sort((a, b) => b.time.localeCompare(a.time) || a.id.localeCompare(b.id));
    await writeDocument(store, FLASH_KEY, FLASH, all);
  }
  return added;
}
