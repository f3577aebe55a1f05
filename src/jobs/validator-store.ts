/**
 * The validators (ETag, Last-Modified) and bodies of the live services' last answers, kept in the store between
 * runs so that each run's requests can be conditional (src/upstream/client.ts). An entry not used for
 * KEEP_UNUSED_MS is dropped (a storm gone); an unreadable document only costs one unconditional round.
 */
import { z } from 'zod';
import { readDocumentValue, writeDocument, type DocumentKind } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { Validated, ValidatorCache } from '../upstream/client.ts';

/** An hour: longer than the idle pace, so that a full poll's details stay conditional between full polls. */
const KEEP_UNUSED_MS = 60 * 60_000;

const entrySchema = z.object({
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  /** The body, base64. */
  body: z.string(),
  usedAt: z.string(),
});
const validatorsSchema = z.record(z.string(), entrySchema);
type Entries = z.infer<typeof validatorsSchema>;

const VALIDATORS: DocumentKind<Entries> = { name: 'upstream validators', schema: validatorsSchema, version: 1 };
/** The north-western Pacific services' document; the warning agencies keep theirs apart (`warning-validators`: PDFs, feeds). */
export const UPSTREAM_VALIDATORS_KEY = 'upstream-validators';
export const WARNING_VALIDATORS_KEY = 'warning-validators';

export interface StoredValidators extends ValidatorCache {
  /** Writes the entries used this run and those used within KEEP_UNUSED_MS. */
  save(): Promise<void>;
}

export async function openValidators(store: KeyValueStore, now: Date, key = UPSTREAM_VALIDATORS_KEY): Promise<StoredValidators> {
  // A copy of what was read (a run's documents are shared by its readers, and frozen): this run's uses are its own.
  const entries: Entries = { ...(await readDocumentValue(store, key, VALIDATORS).catch(() => null)) };
  const stamp = now.toISOString();
  return {
    get(url) {
      const entry = entries[url];
      if (!entry) return undefined;
      entries[url] = { ...entry, usedAt: stamp };
      return { etag: entry.etag, lastModified: entry.lastModified, body: new Uint8Array(Buffer.from(entry.body, 'base64')) };
    },
    set(url, answer: Validated) {
      entries[url] = {
        etag: answer.etag,
        lastModified: answer.lastModified,
        body: Buffer.from(answer.body).toString('base64'),
        usedAt: stamp,
      };
    },
    save: () =>
      writeDocument(
        store,
        key,
        VALIDATORS,
        Object.fromEntries(Object.entries(entries).filter(([, e]) => now.getTime() - Date.parse(e.usedAt) < KEEP_UNUSED_MS)),
      ),
  };
}
