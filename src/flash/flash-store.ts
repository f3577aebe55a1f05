/**
 * Flash news items, kept durably in the live store and never written twice for the same event: an item's id is
 * derived from the event's key.
 *
 * The items are one list document (`flash-items`, replaced atomically, what requests read), and each item is also
 * its own document (`flash/<id>`), written once, before the list. When both copies of the list cannot be read,
 * the items are rebuilt from their own documents (the next run writes the list again), so no item published is
 * lost; and since the events already announced are known by these ids, none is written twice. A run stopped
 * between the item documents and the list leaves items that the list lacks: the next run takes them in.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { documentNames, readDocument, readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { FlashEvent } from './events.ts';
import { rewrite, type LlmConfig } from './llm.ts';
import { flashItemSchema, type FlashItem } from '../model/flash-schemas.ts';
import { writeFlash } from './writer.ts';

const FLASH_KEY = 'flash-items';
const ITEM_PREFIX = 'flash/';
/**
 * Items of a list written before item documents existed, given their own document per run, at most: a run's store
 * writes fit in the few seconds its budget leaves them (src/jobs/scheduled-run.ts), and a run adds few items.
 */
const BACKFILL_PER_RUN = 20;

export const flashId = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 12);

const FLASH: DocumentKind<FlashItem[]> = { name: 'flash items', schema: z.array(flashItemSchema), version: 1 };
const ITEM: DocumentKind<FlashItem> = { name: 'flash item', schema: flashItemSchema, version: 1 };

const newestFirst = (a: FlashItem, b: FlashItem) => b.time.localeCompare(a.time) || a.id.localeCompare(b.id);

/** The items kept as their own documents under these ids (one that cannot be read either is logged and left out). */
async function readItems(store: KeyValueStore, ids: readonly string[]): Promise<FlashItem[]> {
  const items = await Promise.all(ids.map((id) => readDocumentValue(store, ITEM_PREFIX + id, ITEM)));
  return items.filter((item): item is FlashItem => item !== null);
}

/** The stored items, newest first: the list (its backup copy when the main one is damaged), else rebuilt from the items' own documents. */
export async function readFlash(store: KeyValueStore): Promise<FlashItem[]> {
  const list = await readDocument(store, FLASH_KEY, FLASH);
  if (list.state === 'ok') return list.value;
  if (list.state !== 'missing') console.warn(`flash items ${list.state} (${list.error}); rebuilt from the items' own documents`);
  return (await readItems(store, await documentNames(store, ITEM_PREFIX))).sort(newestFirst);
}

/** Item documents checked per run: the newest half and as many more in turn, a window that moves with the minute. */
const CHECKED_PER_RUN = 10;

/**
 * Listed items whose own document cannot be read (both copies damaged, or one: healed by writing it again), among
 * those checked this run: the newest CHECKED_PER_RUN / 2 and as many more in turn, so that every item's document is
 * checked within N / 5 runs at a bounded cost (10 reads a run).
 */
async function damagedItemDocuments(store: KeyValueStore, documented: readonly FlashItem[], now: Date): Promise<FlashItem[]> {
  const half = CHECKED_PER_RUN / 2;
  const start = documented.length ? (Math.floor(now.getTime() / 60_000) * half) % documented.length : 0;
  const checked = new Set([...documented.slice(0, half), ...documented.slice(start, start + half)]);
  const reads = await Promise.all(
    [...checked].map(async (item) => ({ item, read: await readDocument(store, ITEM_PREFIX + item.id, ITEM) })),
  );
  return reads.filter(({ read }) => read.state !== 'ok' || read.recovered !== null).map(({ item }) => item);
}

/** Adds the items of events not seen before; returns the new items. Newest first in the store. */
export async function recordFlash(
  store: KeyValueStore,
  events: readonly FlashEvent[],
  llm: LlmConfig | null,
  now = new Date(),
): Promise<FlashItem[]> {
  const [list, documented] = await Promise.all([readDocument(store, FLASH_KEY, FLASH), documentNames(store, ITEM_PREFIX)]);
  // Both copies of the list damaged (a double fault): they are set aside under quarantine/ by the write below,
  // never written over, and the list is rebuilt from the items' own documents.
  if (list.state === 'unreadable' || list.state === 'invalid')
    console.warn(`flash items ${list.state} (${list.error}); rebuilding them from the items' own documents`);
  const listed = list.state === 'ok' ? list.value : [];
  const listedIds = new Set(listed.map((item) => item.id));
  const unlisted = await readItems(
    store,
    documented.filter((id) => !listedIds.has(id)),
  );
  const items = [...listed, ...unlisted];
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
      id,
      code: event.code,
      type: event.type,
      time: event.time,
      title: text.title,
      content: content.text,
      titleEn: text.titleEn,
      contentEn: contentEn.text,
      aiGenerated: true,
      generator: content.generator === 'llm' || contentEn.generator === 'llm' ? 'llm' : 'template',
      createdAt: now.toISOString(),
    });
  }
  // The items' own documents first, side by side: whatever happens to the list after them, they can be read back.
  const hasDocument = new Set(documented);
  const backfill = [
    ...listed.filter((item) => !hasDocument.has(item.id)).slice(0, BACKFILL_PER_RUN),
    ...(await damagedItemDocuments(
      store,
      listed.filter((item) => hasDocument.has(item.id)),
      now,
    )),
  ];
  await Promise.all([...added, ...backfill].map((item) => writeDocument(store, ITEM_PREFIX + item.id, ITEM, item)));
  // The list is written when it grows, and to heal it: a damaged main copy (served from its backup), both copies
  // damaged or gone while items remain, items it lacks.
  const heal = (list.state === 'ok' ? list.recovered !== null : list.state !== 'missing') || unlisted.length > 0;
  if (added.length || heal) await writeDocument(store, FLASH_KEY, FLASH, [...items, ...added].sort(newestFirst));
  return added;
}
