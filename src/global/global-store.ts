/**
 * The global archive in the live store: one document per cyclone (`global/<id>`), an index of summaries
 * (`global-index`) and the refresh status per source (`global-status`). Cyclone documents are written before
 * the index, each in one atomic write; an index that is missing or lags the documents (a run that stopped
 * between the two) is repaired from the documents themselves, so a crash can never lose a cyclone.
 */
import { z } from 'zod';
import { readDocumentValue, writeDocument, type DocumentKind } from '../live/documents.ts';
import type { KeyValueStore } from '../live/store.ts';
import { globalCycloneSchema, globalSummarySchema, type GlobalCyclone, type GlobalSummary } from '../model/global-schemas.ts';
import { summarizeCyclone } from './build-cyclone.ts';

const PREFIX = 'global/';
const INDEX = 'global-index';
const STATUS = 'global-status';

export const sourceStatusSchema = z.object({
  lastAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Set when a run starts, cleared when it ends (see RUN_STOPPED_AFTER_MS). */
  runningSince: z.string().nullable().default(null),
});
export const globalStatusSchema = z.object({ nhc: sourceStatusSchema.nullable(), jtwc: sourceStatusSchema.nullable() });
export type GlobalStatus = z.infer<typeof globalStatusSchema>;

const CYCLONE: DocumentKind<GlobalCyclone> = { name: 'global cyclone', schema: globalCycloneSchema, version: 1 };
const STATUS_DOC: DocumentKind<GlobalStatus> = { name: 'global status', schema: globalStatusSchema, version: 1 };
const INDEX_DOC: DocumentKind<GlobalSummary[]> = { name: 'global index', schema: z.array(globalSummarySchema), version: 1 };

export const readCyclone = (store: KeyValueStore, id: string) => readDocumentValue(store, PREFIX + id, CYCLONE);
export const writeCyclone = (store: KeyValueStore, cyclone: GlobalCyclone) => writeDocument(store, PREFIX + cyclone.id, CYCLONE, cyclone);
export const readGlobalStatus = async (store: KeyValueStore): Promise<GlobalStatus> => (await readDocumentValue(store, STATUS, STATUS_DOC)) ?? { nhc: null, jtwc: null };
export const writeGlobalStatus = (store: KeyValueStore, status: GlobalStatus) => writeDocument(store, STATUS, STATUS_DOC, status);

/** The index, repaired from the cyclone documents when it is missing entries (or cannot be read at all). */
export async function readIndex(store: KeyValueStore): Promise<GlobalSummary[]> {
  const index = [...((await readDocumentValue(store, INDEX, INDEX_DOC)) ?? [])];
  const known = new Set(index.map((s) => s.id));
  const ids = (await store.list(PREFIX)).map((key) => key.slice(PREFIX.length));
  const missing = ids.filter((id) => !known.has(id));
  for (const id of missing) {
    const cyclone = await readCyclone(store, id);
    if (cyclone) index.push(summarizeCyclone(cyclone));
  }
  return index.sort((a, b) => b.startTime.localeCompare(a.startTime) || a.id.localeCompare(b.id));
}

export const writeIndex = (store: KeyValueStore, index: GlobalSummary[]) => writeDocument(store, INDEX, INDEX_DOC, index);
