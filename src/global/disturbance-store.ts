/**
 * The disturbances in the live store: one document (`disturbances`) holding every record ever ingested, active or
 * ended (nothing is ever dropped from it), with the last good read of each advisory, and the refresh status (`disturbance-status`), marked when a refresh
 * starts and written when it ends, as for the global cyclones (src/global/global-store.ts).
 */
import { z } from 'zod';
import { disturbanceSchema, formationOutlookSchema, type Disturbance, type FormationOutlook } from '../model/disturbance-schemas.ts';
import { advisorySummarySchema, type AdvisorySummary } from '../model/disturbance-answer-schemas.ts';
import { readDocument, readDocumentValue, writeDocument, type DocumentKind, type DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { sourceStatusSchema } from './global-store.ts';

const RECORDS = 'disturbances';
const STATUS = 'disturbance-status';

export const disturbanceStatusSchema = z.object({ jtwc: sourceStatusSchema.nullable() });
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

const RECORDS_DOC: DocumentKind<StoredDisturbances> = {
  name: 'disturbances',
  schema: storedDisturbancesSchema,
  version: 2,
  migrate: linksAdded,
};
const STATUS_DOC: DocumentKind<DisturbanceStatus> = { name: 'disturbance status', schema: disturbanceStatusSchema, version: 1 };

export const readDisturbanceDocument = (store: KeyValueStore): Promise<DocumentRead<StoredDisturbances>> =>
  readDocument(store, RECORDS, RECORDS_DOC);
export const writeDisturbances = (store: KeyValueStore, stored: StoredDisturbances) => writeDocument(store, RECORDS, RECORDS_DOC, stored);
export const readDisturbanceStatusDocument = (store: KeyValueStore): Promise<DocumentRead<DisturbanceStatus>> =>
  readDocument(store, STATUS, STATUS_DOC);
export const readDisturbanceStatus = async (store: KeyValueStore): Promise<DisturbanceStatus> =>
  (await readDocumentValue(store, STATUS, STATUS_DOC)) ?? { jtwc: null };
export const writeDisturbanceStatus = (store: KeyValueStore, status: DisturbanceStatus) => writeDocument(store, STATUS, STATUS_DOC, status);
