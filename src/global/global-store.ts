/**
 * The global archive in the live store: one document per cyclone (`global/<id>`), an index of summaries
 * (`global-index`) and the refresh status per source (`global-status`). Cyclone documents are written before
 * the index, each in one atomic write; an index that is missing or lags the documents (a run that stopped
 * between the two) is repaired from the documents themselves, so a crash can never lose a cyclone.
 *
 * A cyclone whose document cannot be read (both copies damaged, or gone while the index lists it) is told apart
 * from one that does not exist: readers answer "unavailable" for it, and the next refresh restores it from the
 * upstream (src/global/refresh-global.ts).
 */
import { z } from 'zod';
import { documentNames, readDocument, readDocumentValue, writeDocument, type DocumentKind, type DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import {
  BASINS,
  globalCycloneSchema,
  globalIdSchema,
  globalSummarySchema,
  type Basin,
  type GlobalCyclone,
  type GlobalSummary,
} from '../model/global-schemas.ts';
import { latestTime } from '../model/track-point.ts';
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

/**
 * Version 3 gave records `publishedAt`, the upstream's own time of the data. An older record reads with the time
 * of its latest fix: what the upstream issued with it is not stored, and the next refresh of an active cyclone
 * writes the upstream's own time.
 */
function withPublishedAt(record: unknown): unknown {
  if (typeof record !== 'object' || record === null || 'publishedAt' in record) return record;
  const { points } = record as { points?: unknown };
  if (!Array.isArray(points)) return record;
  const published = latestTime(points.filter((p): p is { time: string } => typeof p?.time === 'string'));
  return published ? { ...record, publishedAt: published } : record;
}

const CYCLONE: DocumentKind<GlobalCyclone> = {
  name: 'global cyclone',
  schema: globalCycloneSchema,
  version: 3,
  migrate: (data) => withPublishedAt(withTyphoonNames(data)),
};
const STATUS_DOC: DocumentKind<GlobalStatus> = { name: 'global status', schema: globalStatusSchema, version: 1 };
const INDEX_DOC: DocumentKind<GlobalSummary[]> = {
  name: 'global index',
  schema: z.array(globalSummarySchema),
  version: 2,
  migrate: (data) => (Array.isArray(data) ? data.map(withTyphoonNames) : data),
};

export const readCycloneDocument = (store: KeyValueStore, id: string): Promise<DocumentRead<GlobalCyclone>> =>
  readDocument(store, PREFIX + id, CYCLONE);
export const readCyclone = (store: KeyValueStore, id: string) => readDocumentValue(store, PREFIX + id, CYCLONE);
export const writeCyclone = (store: KeyValueStore, cyclone: GlobalCyclone) => writeDocument(store, PREFIX + cyclone.id, CYCLONE, cyclone);
export const readGlobalStatusDocument = (store: KeyValueStore): Promise<DocumentRead<GlobalStatus>> =>
  readDocument(store, STATUS, STATUS_DOC);
export const readGlobalStatus = async (store: KeyValueStore): Promise<GlobalStatus> =>
  (await readDocumentValue(store, STATUS, STATUS_DOC)) ?? { nhc: null, jtwc: null };
export const writeGlobalStatus = (store: KeyValueStore, status: GlobalStatus) => writeDocument(store, STATUS, STATUS_DOC, status);

export interface ArchiveIndex {
  /** Newest first. */
  summaries: GlobalSummary[];
  /** Ids with a document that cannot be read (both copies) and no entry in the index: nothing else is known of them. */
  unknown: string[];
}

/** The index, repaired from the cyclone documents when it is missing entries (or cannot be read at all). */
export async function readArchiveIndex(store: KeyValueStore): Promise<ArchiveIndex> {
  const index = [...((await readDocumentValue(store, INDEX, INDEX_DOC)) ?? [])];
  const known = new Set(index.map((s) => s.id));
  // Names that are not cyclone ids were not written by the archive: they are no cyclone.
  const missing = (await documentNames(store, PREFIX)).filter((id) => !known.has(id) && globalIdSchema.safeParse(id).success);
  const unknown: string[] = [];
  for (const id of missing) {
    const cyclone = await readCyclone(store, id);
    if (cyclone) index.push(summarizeCyclone(cyclone));
    else unknown.push(id);
  }
  return { summaries: index.sort((a, b) => b.startTime.localeCompare(a.startTime) || a.id.localeCompare(b.id)), unknown };
}

export const readIndex = async (store: KeyValueStore): Promise<GlobalSummary[]> => (await readArchiveIndex(store)).summaries;

export const writeIndex = (store: KeyValueStore, index: GlobalSummary[]) => writeDocument(store, INDEX, INDEX_DOC, index);

export interface StoredArchive {
  /** The index, repaired as readArchiveIndex does. */
  summaries: GlobalSummary[];
  /** Every cyclone document that can be read, by id. */
  cyclones: Map<string, GlobalCyclone>;
  /** Cyclones the index lists, or with a document, whose document cannot be read (both copies damaged, or gone). */
  unreadable: string[];
  /** Cyclones read from their backup copy (the main one damaged or gone): writing them again heals the main copy. */
  recovered: string[];
}

/**
 * Every cyclone document, read to find the ones that cannot be (the refresh restores them): one read per cyclone
 * of the archive, side by side.
 */
export async function readArchive(store: KeyValueStore): Promise<StoredArchive> {
  const { summaries, unknown } = await readArchiveIndex(store);
  const reads = await Promise.all(summaries.map(async (s) => [s.id, await readCycloneDocument(store, s.id)] as const));
  const cyclones = new Map<string, GlobalCyclone>();
  const unreadable = [...unknown];
  const recovered: string[] = [];
  for (const [id, read] of reads) {
    if (read.state === 'ok') {
      cyclones.set(id, read.value);
      if (read.recovered !== null) recovered.push(id);
    } else {
      unreadable.push(id);
      console.warn(
        `global archive: the record of ${id} is ${read.state}${read.state === 'missing' ? ' although the index lists it' : ` (${read.error})`}`,
      );
    }
  }
  return { summaries, cyclones, unreadable: unreadable.sort(), recovered };
}
