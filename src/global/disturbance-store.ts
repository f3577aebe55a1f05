/**
 * The disturbances in the live store: one document (`disturbances`) holding every record ever ingested, active or
 * ended (nothing is ever dropped from it), with the last good read of each advisory, and the refresh status
 * (`disturbance-status`), marked when a refresh starts and written when it ends, as for the global cyclones
 * (src/global/global-store.ts). The status keeps each part of the refresh apart (`parts`: each advisory, each
 * outlook, the feed, each formation alert), so that one failed part makes stale what it would have told, never the
 * whole list "never fetched".
 */
import { z } from 'zod';
import { disturbanceSchema, formationOutlookSchema, type Disturbance, type FormationOutlook } from '../model/disturbance-schemas.ts';
import { advisorySummarySchema, type AdvisorySummary } from '../model/disturbance-answer-schemas.ts';
import { readableData, readDocument, readDocumentValue, writeDocument, type DocumentKind, type DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { sourceStatusSchema } from './global-store.ts';

const RECORDS = 'disturbances';
const STATUS = 'disturbance-status';

/** One part of a disturbance refresh: a bulletin (`ABPW10`, `ABNT20`, `feed`, `alert:wp9726`). */
export const partStatusSchema = z.object({
  lastAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type PartStatus = z.infer<typeof partStatusSchema>;

/** The part of a formation alert, by its product id (`wp9726`). */
export const alertPart = (productId: string) => `alert:${productId}`;

export const disturbanceStatusSchema = z.object({
  /** The refresh as a whole: `lastSuccessAt` is the last one that read every part; `runningSince` marks a run. */
  jtwc: sourceStatusSchema.nullable(),
  parts: z.record(z.string(), partStatusSchema),
});
export type DisturbanceStatus = z.infer<typeof disturbanceStatusSchema>;

/** Every record ever ingested, and the last good read of each advisory. */
export const storedDisturbancesSchema = z.object({
  records: z.array(disturbanceSchema),
  advisories: z.array(advisorySummarySchema),
  outlooks: z.array(formationOutlookSchema),
});
export type StoredDisturbances = { records: Disturbance[]; advisories: AdvisorySummary[]; outlooks: FormationOutlook[] };

/** Version 2 stores the links to the north-western Pacific list (`sameAs`, `becameStorm.code`) and NHC's outlooks: none before. */
function linksAdded(data: unknown): unknown {
  const stored = data as { records?: { becameStorm?: object | null }[] };
  if (!Array.isArray(stored?.records)) return data;
  return {
    outlooks: [],
    ...stored,
    records: stored.records.map((r) => ({ sameAs: null, ...r, becameStorm: r.becameStorm ? { code: null, ...r.becameStorm } : null })),
  };
}

/** What an alert of version 2 lacks: the text's values, the alert's own wind and pressure (not kept then). */
const ALERT_ADDED = { textSays: null, wind: null, pressureHpa: null };
/** What a last alert of version 2 lacks: it kept only its times. */
const LAST_ALERT_ADDED = {
  heading: null,
  reissued: false,
  box: null,
  line: null,
  halfWidthKm: null,
  halfWidthNm: null,
  centre: null,
  formationWithinHours: null,
  ...ALERT_ADDED,
};

/**
 * Version 3 keeps the whole last alert (box, centre, …; version 2 kept its times only) and the alert's own wind and
 * pressure and its text's values: a version 2 record reads with them null (not known then), the next alert fills them.
 */
function alertsKept(data: unknown): unknown {
  const stored = data as { records?: { alert?: object | null; lastAlert?: object | null }[] };
  if (!Array.isArray(stored?.records)) return data;
  return {
    ...stored,
    records: stored.records.map((r) => ({
      ...r,
      alert: r.alert ? { ...ALERT_ADDED, ...r.alert } : (r.alert ?? null),
      lastAlert: r.lastAlert ? { ...LAST_ALERT_ADDED, ...r.lastAlert } : (r.lastAlert ?? null),
    })),
  };
}

const RECORDS_DOC: DocumentKind<StoredDisturbances> = {
  name: 'disturbances',
  schema: storedDisturbancesSchema,
  version: 3,
  migrate: (data, from) => alertsKept(from < 2 ? linksAdded(data) : data),
};
/** Version 2 keeps each part of the refresh (none recorded before). */
const STATUS_DOC: DocumentKind<DisturbanceStatus> = {
  name: 'disturbance status',
  schema: disturbanceStatusSchema,
  version: 2,
  migrate: (data) => (typeof data === 'object' && data !== null ? { parts: {}, ...data } : data),
};

export const readDisturbanceDocument = (store: KeyValueStore): Promise<DocumentRead<StoredDisturbances>> =>
  readDocument(store, RECORDS, RECORDS_DOC);
/** What the copies of a damaged document still hold, for a rebuild (src/global/disturbance-salvage.ts). */
export const readDisturbanceCopies = (store: KeyValueStore): Promise<unknown[]> => readableData(store, RECORDS, RECORDS_DOC);
export const writeDisturbances = (store: KeyValueStore, stored: StoredDisturbances) => writeDocument(store, RECORDS, RECORDS_DOC, stored);
export const readDisturbanceStatusDocument = (store: KeyValueStore): Promise<DocumentRead<DisturbanceStatus>> =>
  readDocument(store, STATUS, STATUS_DOC);
export const readDisturbanceStatus = async (store: KeyValueStore): Promise<DisturbanceStatus> =>
  (await readDocumentValue(store, STATUS, STATUS_DOC)) ?? { jtwc: null, parts: {} };
export const writeDisturbanceStatus = (store: KeyValueStore, status: DisturbanceStatus) => writeDocument(store, STATUS, STATUS_DOC, status);
