/**
 * The warnings in the live store (docs/api/warnings.md, "Stored"): per agency the last answer that could be read and when
 * it was fetched (`warnings`), JMA's documents as read (the newest warnings document of each prefecture, the typhoon
 * documents, the addresses already fetched), the refresh status of each agency and of each of its parts
 * (`warning-status`, marked when a refresh starts, as for every live source), and every change recorded, one
 * document per year (`warning-history/<year>`, the year of the change in UTC; nothing is ever dropped from it).
 */
import { z } from 'zod';
import { warningChangeEntrySchema, type WarningChangeEntry } from '../model/warning-answer-schemas.ts';
import { jmaTyphoonDocumentSchema, jmaTyphoonInfoSchema } from '../model/jma-typhoon-schemas.ts';
import { WARNING_AGENCIES, warningSnapshotSchema, type WarningAgency } from '../model/warning-schemas.ts';
import { readableData, readDocument, readDocumentValue, writeDocument, type DocumentKind, type DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { instantOf } from '../model/offset-time.ts';

const WARNINGS = 'warnings';
const STATUS = 'warning-status';
const HISTORY_PREFIX = 'warning-history/';

/** One prefecture's newest warnings document as kept: the warnings this service keeps of it (docs/api/warnings.md, "JMA"). */
export const jmaPrefectureSchema = z.object({
  prefecture: z.string().regex(/^\d{6}$/),
  file: z.string(),
  infoType: z.enum(['発表', '訂正', '取消']),
  snapshot: warningSnapshotSchema,
});
export type JmaPrefecture = z.infer<typeof jmaPrefectureSchema>;

/**
 * A typhoon document as kept: parsed, with JMA's remark. Its forecast is also JMA's own official forecast, which the
 * scheduled run keeps as an issuance (src/jobs/jma-forecasts.ts): a document with a time it could not read is not
 * whole, and its forecast is left out (`unreadTimes`; 0 for the documents kept before it was counted).
 */
export const jmaTyphoonKeptSchema = z.object({
  file: z.string(),
  document: jmaTyphoonDocumentSchema,
  remark: z.string().nullable(),
  unreadTimes: z.number().int().min(0).default(0),
});
export type JmaTyphoonKept = z.infer<typeof jmaTyphoonKeptSchema>;

export const jmaStateSchema = z.object({
  prefectures: z.array(jmaPrefectureSchema),
  typhoons: z.array(jmaTyphoonKeptSchema),
  information: z.array(jmaTyphoonInfoSchema.extend({ file: z.string() })),
  /** The document files already fetched, newest last: none is fetched twice (JMA asks for that). */
  fetched: z.array(z.string()),
  /** When a feed was last read whole (UTC): past the high-frequency feed's window, the long feed is read too. */
  feedReadAt: z.string().nullable(),
});
export type JmaState = z.infer<typeof jmaStateSchema>;

/** A PAGASA bulletin as kept, by the file it is published as (`bulletin_henry.pdf`): a newer one of the file replaces it. */
export const pagasaBulletinKeptSchema = z.object({ file: z.string(), snapshot: warningSnapshotSchema });
export type PagasaBulletinKept = z.infer<typeof pagasaBulletinKeptSchema>;

export const agencyRecordSchema = z.object({
  /** The last answer that could be read (never a fault in its place), and when it was fetched (UTC). */
  snapshot: warningSnapshotSchema.nullable(),
  fetchedAt: z.string().nullable(),
  /** Why the answer's state is unknown though it was read (PAGASA's page lists no bulletin); null otherwise. */
  stateReason: z.string().nullable(),
});
export type AgencyRecord = z.infer<typeof agencyRecordSchema>;

export const storedWarningsSchema = z.object({
  agencies: z.object({ hko: agencyRecordSchema, jma: agencyRecordSchema, pagasa: agencyRecordSchema }),
  jma: jmaStateSchema,
  pagasa: z.object({ bulletins: z.array(pagasaBulletinKeptSchema) }),
});
export type StoredWarnings = z.infer<typeof storedWarningsSchema>;

export const NO_RECORD: AgencyRecord = { snapshot: null, fetchedAt: null, stateReason: null };
export const NO_WARNINGS: StoredWarnings = {
  agencies: { hko: NO_RECORD, jma: NO_RECORD, pagasa: NO_RECORD },
  jma: { prefectures: [], typhoons: [], information: [], fetched: [], feedReadAt: null },
  pagasa: { bulletins: [] },
};

const partStatusSchema = z.object({ lastAttemptAt: z.string(), lastSuccessAt: z.string().nullable(), lastError: z.string().nullable() });

/** An agency's refresh: the run record (src/model/freshness.ts RunRecord) and each part (`warnsum-en`, `feed`, `bulletin_henry.pdf`). */
export const agencyStatusSchema = z.object({
  lastAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  runningSince: z.string().nullable(),
  consecutiveFailures: z.number().int().min(0),
  parts: z.record(z.string(), partStatusSchema),
});
export type AgencyStatus = z.infer<typeof agencyStatusSchema>;

export const warningStatusSchema = z.object({
  hko: agencyStatusSchema.nullable(),
  jma: agencyStatusSchema.nullable(),
  pagasa: agencyStatusSchema.nullable(),
});
export type WarningStatus = z.infer<typeof warningStatusSchema>;
export const NO_STATUS: WarningStatus = { hko: null, jma: null, pagasa: null };

const historySchema = z.array(warningChangeEntrySchema);

const WARNINGS_DOC: DocumentKind<StoredWarnings> = { name: 'warnings', schema: storedWarningsSchema, version: 1 };
const STATUS_DOC: DocumentKind<WarningStatus> = { name: 'warning status', schema: warningStatusSchema, version: 1 };
const HISTORY_DOC: DocumentKind<WarningChangeEntry[]> = { name: 'warning history', schema: historySchema, version: 1 };

export const readWarningsDocument = (store: KeyValueStore): Promise<DocumentRead<StoredWarnings>> =>
  readDocument(store, WARNINGS, WARNINGS_DOC);
export const writeWarnings = (store: KeyValueStore, value: StoredWarnings) => writeDocument(store, WARNINGS, WARNINGS_DOC, value);
export const readWarningStatusDocument = (store: KeyValueStore): Promise<DocumentRead<WarningStatus>> =>
  readDocument(store, STATUS, STATUS_DOC);
export const readWarningStatus = async (store: KeyValueStore): Promise<WarningStatus> =>
  (await readDocumentValue(store, STATUS, STATUS_DOC).catch(() => null)) ?? NO_STATUS;
export const writeWarningStatus = (store: KeyValueStore, status: WarningStatus) => writeDocument(store, STATUS, STATUS_DOC, status);

export const historyKey = (year: number) => `${HISTORY_PREFIX}${year}`;
/** The year a change is kept under: of its agency's time (UTC), else of when it was seen. */
export const historyYearOf = (entry: Pick<WarningChangeEntry, 'at' | 'recordedAt'>) =>
  new Date(entry.at ? instantOf(entry.at) : Date.parse(entry.recordedAt)).getUTCFullYear();
export const readHistoryDocument = (store: KeyValueStore, year: number): Promise<DocumentRead<WarningChangeEntry[]>> =>
  readDocument(store, historyKey(year), HISTORY_DOC);
/**
 * The changes a damaged year's history still holds (each entry that reads on its own, once by id), for the write that
 * heals it: a damaged history loses only what cannot be read (its copies are set aside by the write, never deleted).
 */
export async function salvagedHistory(store: KeyValueStore, year: number): Promise<WarningChangeEntry[]> {
  const entries = new Map<string, WarningChangeEntry>();
  for (const copy of await readableData(store, historyKey(year), HISTORY_DOC))
    for (const entry of Array.isArray(copy) ? copy : []) {
      const parsed = warningChangeEntrySchema.safeParse(entry);
      if (parsed.success && !entries.has(parsed.data.id)) entries.set(parsed.data.id, parsed.data);
    }
  return [...entries.values()];
}
export const writeHistory = (store: KeyValueStore, year: number, entries: WarningChangeEntry[]) =>
  writeDocument(store, historyKey(year), HISTORY_DOC, entries);

/** Whether any refresh of an agency ever succeeded (its data was written): a missing document is then a loss, not "never". */
export const everWritten = (status: WarningStatus) => WARNING_AGENCIES.some((a) => status[a]?.lastSuccessAt != null);

export type { WarningAgency };
