/**
 * The global archive in the live store: one document per cyclone (`global/<id>`), an index of summaries
 * (`global-index`) and the refresh status per source (`global-status`). Cyclone documents are written before
 * the index, each in one atomic write; an index that is missing or lags the documents (a run that stopped
 * between the two) is repaired from the documents themselves, so a crash can never lose a cyclone.
 */
import { z } from 'zod';
import { readDocumentValue, writeDocument, type DocumentKind } from '../live/documents.ts';
import type { KeyValueStore } from '../live/store.ts';
import { BASINS, globalCycloneSchema, globalSummarySchema, type Basin, type GlobalCyclone, type GlobalSummary } from '../model/global-schemas.ts';
import { summarizeCyclone } from './build-cyclone.ts';
import { cycloneNames } from './cyclone-names.ts';

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

/**
 * Version 2 gave records and summaries the typhoon records' names: `code` (= `id`), `enname`, `nameSource`, and a
 * Chinese `name` where one is known. A version 1 record (or summary) had the English name in `name`: it reads
 * with the names filled in from it, as a refresh would write them; nothing else changes.
 */
function withTyphoonNames(record: unknown): unknown {
  if (typeof record !== 'object' || record === null || 'enname' in record) return record;
  const { id, name, basin } = record as { id?: unknown; name?: unknown; basin?: unknown };
  // Anything else is left for the schema to refuse (and the document to be set aside, never lost).
  if (typeof id !== 'string' || typeof basin !== 'string' || !(basin in BASINS)) return record;
  return { ...record, code: id, ...cycloneNames(typeof name === 'string' ? name : null, basin as Basin) };
}

const CYCLONE: DocumentKind<GlobalCyclone> = { name: 'global cyclone', schema: globalCycloneSchema, version: 2, migrate: withTyphoonNames };
const STATUS_DOC: DocumentKind<GlobalStatus> = { name: 'global status', schema: globalStatusSchema, version: 1 };
const INDEX_DOC: DocumentKind<GlobalSummary[]> = {
  name: 'global index',
  schema: z.array(globalSummarySchema),
  version: 2,
  migrate: (data) => (Array.isArray(data) ? data.map(withTyphoonNames) : data),
};

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
