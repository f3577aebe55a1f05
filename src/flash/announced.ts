/**
 * What flash news has announced so far, per north-western Pacific storm: the store document `announced`.
 *
 * Events are derived by comparing the current snapshot with this document, not with the previous snapshot, so
 * a transition is never lost: a run stopped between the snapshot write and the flash step leaves the document
 * as it was, and the next run finds the same transition again (its key makes sure it is written once). The
 * document is written after the flash items, in the same step (src/flash/record-events.ts): a run stopped
 * between the two writes derives the same events again, and their keys are already used.
 */
import { z } from 'zod';
import { readDocument, writeDocument, type DocumentKind, type DocumentRead } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { gradeCodeSchema, trackPointSchema } from '../model/typhoon-schemas.ts';

const positionSchema = z.object({ time: z.string(), lat: z.number(), lng: z.number() });

export const announcedStormSchema = z.object({
  code: z.string(),
  name: z.string().nullable(),
  enname: z.string().nullable(),
  /** The last grade announced (or taken as the starting point when the storm was first seen); null when unknown. */
  grade: gradeCodeSchema.nullable(),
  /** The time of the point that grade belongs to: only later points can change it. */
  gradeTime: z.string(),
  /** The latest point seen: a source whose data ends earlier is older and makes no event. */
  lastPoint: trackPointSchema,
  /** Its entry into the 48-hour warning line was announced, or it was inside the line when first seen. */
  warning48h: z.boolean(),
  /** Times of the landfalls announced (carried over when an unnumbered system gets its China number). */
  landfalls: z.array(z.string()),
  /** `fetchedAt` of the last snapshot that listed it as active. */
  lastSeenActiveAt: z.string(),
  /** Snapshots in a row, since then, that did not list it. */
  absentRefreshes: z.number().int().min(0),
  /** Its end was decided (and its "dissipated" item written). */
  ended: z.boolean(),
  /** An unnumbered system (8-digit id) recognised later under this China number: followed under that code. */
  renumberedAs: z.string().nullable(),
  /** Unnumbered systems only: the track, to recognise the storm under its China number (src/live/storm-identity.ts). */
  track: z.array(positionSchema),
});
export type AnnouncedStorm = z.infer<typeof announcedStormSchema>;

export const announcedSchema = z.object({
  /** `fetchedAt` of the last snapshot compared: the same snapshot read twice counts one refresh. */
  snapshotFetchedAt: z.string().nullable(),
  storms: z.record(z.string(), announcedStormSchema),
});
export type Announced = z.infer<typeof announcedSchema>;

export const ANNOUNCED_KEY = 'announced';
const ANNOUNCED: DocumentKind<Announced> = { name: 'announced state', schema: announcedSchema, version: 1 };

/** The stored document (the backup copy when the main one is damaged), with why there is none. */
export const readAnnounced = (store: KeyValueStore): Promise<DocumentRead<Announced>> => readDocument(store, ANNOUNCED_KEY, ANNOUNCED);
export const writeAnnounced = (store: KeyValueStore, announced: Announced) => writeDocument(store, ANNOUNCED_KEY, ANNOUNCED, announced);
