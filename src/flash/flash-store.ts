/**
 * Flash news items, kept durably in the live store (one document, replaced atomically) and never written
 * twice for the same event: an item's id is derived from the event's key.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { KeyValueStore } from '../live/store.ts';
import { EVENT_TYPES, type FlashEvent } from './events.ts';
import { rewrite, type LlmConfig } from './llm.ts';
import { writeFlash } from './writer.ts';

const FLASH_KEY = 'flash-items';

export const flashItemSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{12}$/).describe('Stable id derived from the event'),
  code: z.string().describe('Typhoon code or global cyclone id'),
  type: z.enum(EVENT_TYPES),
  time: z.string().describe('When the event happened (ISO 8601 with offset)'),
  title: z.string(),
  content: z.string(),
  titleEn: z.string(),
  contentEn: z.string(),
  aiGenerated: z.literal(true).describe('Flash text is machine-written'),
  generator: z.enum(['template', 'llm']).describe('template: the deterministic generator; llm: rewritten by a language model and checked number by number'),
  createdAt: z.string(),
});
export type FlashItem = z.infer<typeof flashItemSchema>;

export const flashId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

export async function readFlash(store: KeyValueStore): Promise<FlashItem[]> {
  const text = await store.get(FLASH_KEY);
  if (text === null) return [];
  const parsed = z.array(flashItemSchema).safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
}

/** Adds the items of events not seen before; returns the new items. Newest first in the store. */
export async function recordFlash(store: KeyValueStore, events: readonly FlashEvent[], llm: LlmConfig | null, now = new Date()): Promise<FlashItem[]> {
  const items = await readFlash(store);
  const known = new Set(items.map((item) => item.id));
  const added: FlashItem[] = [];
  for (const event of events) {
    const id = flashId(event.key);
    if (known.has(id)) continue;
    known.add(id);
    const text = writeFlash(event);
    const [content, contentEn] = await Promise.all([rewrite(text.content, 'zh', llm), rewrite(text.contentEn, 'en', llm)]);
    added.push({
      id, code: event.code, type: event.type, time: event.time, title: text.title, content: content.text, titleEn: text.titleEn, contentEn: contentEn.text,
      aiGenerated: true, generator: content.generator === 'llm' || contentEn.generator === 'llm' ? 'llm' : 'template', createdAt: now.toISOString(),
    });
  }
  if (added.length) {
    const all = [...items, ...added].sort((a, b) => b.time.localeCompare(a.time) || a.id.localeCompare(b.id));
    await store.set(FLASH_KEY, JSON.stringify(all));
  }
  return added;
}
