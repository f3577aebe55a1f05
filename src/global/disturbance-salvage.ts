/**
 * A damaged `disturbances` document is rebuilt by the next refresh, never refused (docs/maintainers/store-and-recovery.md): from
 * what its damaged copies still hold (every record, advisory and outlook that reads on its own), then this refresh's
 * bulletins over it (src/global/refresh-disturbances.ts). The damaged copies are set aside, never deleted, by the
 * write that heals the document (src/store/documents.ts), and what could not be recovered is recorded in the live
 * data-quality document. A document missing although a refresh wrote it is rebuilt from the bulletins alone.
 */
import type { z } from 'zod';
import { advisorySummarySchema } from '../model/disturbance-answer-schemas.ts';
import { disturbanceSchema, formationOutlookSchema } from '../model/disturbance-schemas.ts';
import type { DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import type { LiveFault } from '../store/text-quality.ts';
import { readDisturbanceCopies, type DisturbanceStatus, type StoredDisturbances } from './disturbance-store.ts';

const EMPTY: StoredDisturbances = { records: [], advisories: [], outlooks: [] };

/** The items of a list field that read on their own, newest first by `key`'s order of appearance: one per identity. */
function itemsOf<T>(
  data: readonly unknown[],
  field: string,
  schema: z.ZodType<T>,
  identity: (item: T) => string,
): { items: T[]; seen: number } {
  const byIdentity = new Map<string, T>();
  let seen = 0;
  for (const copy of data) {
    const list = typeof copy === 'object' && copy !== null ? (copy as Record<string, unknown>)[field] : undefined;
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      seen += 1;
      const parsed = schema.safeParse(item);
      if (parsed.success && !byIdentity.has(identity(parsed.data))) byIdentity.set(identity(parsed.data), parsed.data);
    }
  }
  return { items: [...byIdentity.values()], seen };
}

/** A refresh ever wrote the document (a part or the whole refresh succeeded once). */
export const everWritten = (status: DisturbanceStatus) =>
  status.jtwc?.lastSuccessAt != null || Object.values(status.parts).some((p) => p.lastSuccessAt !== null);

/** The stored document, or what can be rebuilt of it when it is damaged or lost (with the loss in `faults`). */
export async function storedOrRebuilt(
  store: KeyValueStore,
  read: DocumentRead<StoredDisturbances>,
  status: DisturbanceStatus,
  faults: LiveFault[],
): Promise<StoredDisturbances> {
  if (read.state === 'ok') return read.value;
  if (read.state === 'missing') {
    if (everWritten(status))
      faults.push({
        source: 'store',
        product: 'disturbances',
        kind: 'store-loss',
        detail: 'both copies are missing although a refresh wrote them',
        action: "rebuilt from this refresh's bulletins; the records of disturbances no longer listed and the older history are lost",
      });
    return EMPTY;
  }
  const copies = await readDisturbanceCopies(store);
  // The first copy that holds an item wins: the main copy, then the backup (the same text when both were written).
  const records = itemsOf(copies, 'records', disturbanceSchema, (r) => r.id);
  const advisories = itemsOf(copies, 'advisories', advisorySummarySchema, (a) => a.product);
  const outlooks = itemsOf(copies, 'outlooks', formationOutlookSchema, (o) => o.product);
  faults.push({
    source: 'store',
    product: 'disturbances',
    kind: 'store-loss',
    detail: `both copies were ${read.state} (${read.error}); ${records.items.length} record(s) of ${records.seen} listed in them could be read`,
    action:
      "rebuilt from the records that could be read and this refresh's bulletins; the damaged copies are kept under quarantine/disturbances",
  });
  return { records: records.items, advisories: advisories.items, outlooks: outlooks.items };
}
