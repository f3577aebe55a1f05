/**
 * The live store's forecasts: one document per storm, `forecasts/<storm id>` (a north-western Pacific code such as
 * `202699`, or an ATCF id such as `al132025`), holding every issuance the scheduled run has read of that storm
 * (src/model/forecast-schemas.ts) and the storm's operational track as last read (the verifying track until the
 * agency's best track is final: docs/data/verification.md#provisional-then-final). Written through src/store/documents.ts
 * (two copies, versioned, a damaged copy set aside, never overwritten unread).
 *
 * recordForecasts is the run's one step for them: it takes the issuance drafts and tracks every part of the run read
 * (a ForecastCapture each: the Zhejiang service's, NMC's, NHC's a-deck, JTWC's warnings, JMA's own documents, and any
 * other source that makes drafts), and per storm merges them into the stored document (mergeIssuances:
 * each issuance once, none lost, amendments numbered) and writes it only when something was added or completed,
 * the track changed, or a copy needs healing. The captures' faults (payloads whose forecasts could not be read, JMA's
 * forecasts linked to no storm) go to the live data-quality document with the faults of this step, in one write.
 *
 * - Times never after their fetch: a draft whose initial or issue time is later than the run's moment (beyond
 *   FUTURE_TOLERANCE_MS) is left out and recorded as a fault, as every source time is (docs/api/freshness.md); so are
 *   the operational track's fixes. An earlier issuance is not a bulletin going backwards: it is kept (it was
 *   issued), which is how a fetch that failed is made up for by the next.
 * - A document both of whose copies cannot be read is rebuilt, not refused: every issuance either damaged copy
 *   still holds that reads on its own, and what this run read; the loss is recorded in the data-quality document.
 */
import { z } from 'zod';
import { issuanceSchema, type ForecastProduct, type Issuance } from '../model/forecast-schemas.ts';
import { FUTURE_TOLERANCE_MS } from '../model/freshness.ts';
import type { IssuanceDraft } from '../model/issuance-key.ts';
import { toUtcIso } from '../model/time.ts';
import { truthTrackSchema, type TruthTrack } from '../model/verification-schemas.ts';
import { documentNames, readableData, readDocument, writeDocument, type DocumentKind } from '../store/documents.ts';
import type { KeyValueStore } from '../store/store.ts';
import { recordFaults, type LiveFault } from '../store/text-quality.ts';
import { mergeIssuances } from './merge-issuances.ts';

export const FORECASTS_PREFIX = 'forecasts/';
export const forecastsKey = (stormId: string) => `${FORECASTS_PREFIX}${stormId}`;

export const stormForecastsSchema = z.object({
  /** Every issuance of the storm, newest first (mergeIssuances' order). */
  issuances: z.array(issuanceSchema),
  /** The storm's operational track as last read (provisional), by the source whose analyses it is; null when none was read. */
  operational: truthTrackSchema.nullable(),
});
export type StormForecasts = z.infer<typeof stormForecastsSchema>;

export const STORM_FORECASTS: DocumentKind<StormForecasts> = { name: 'forecasts', schema: stormForecastsSchema, version: 1 };

/** What one part of a run read of forecasts. */
export interface ForecastCapture {
  /** Issuance drafts, of any product and storm. */
  drafts: IssuanceDraft[];
  /** The operational track of each storm as just read, by storm id (the issuances' `storm.id`). */
  tracks: Record<string, TruthTrack>;
  /** Payloads whose forecasts could not be read or fetched, and why (the refresh itself went on). */
  problems: string[];
  /**
   * The faults among those for the live data-quality document (a payload whose forecasts cannot be read, a forecast
   * linked to no storm), written by recordForecasts with its own; a fetch that failed is not one (the next poll asks again).
   */
  faults: LiveFault[];
}

export const emptyCapture = (): ForecastCapture => ({ drafts: [], tracks: {}, problems: [], faults: [] });

/**
 * Reads a payload's forecasts into a capture. A forecast that cannot be read whole, which a reader that reads one
 * issuance at a time tells `unreadable` (the Zhejiang service's and NMC's payloads hold many), or a payload whose
 * forecasts cannot be read at all (it throws), is a problem of the capture and a fault of its source
 * (`unreadable-forecast`, the payload named as JMA's documents are): left out, never kept in part, and never a failure
 * of the refresh that fetched it (its track and the rest are good without it).
 */
export function captureDrafts(
  capture: ForecastCapture,
  source: LiveFault['source'],
  what: string,
  read: (unreadable: (detail: string) => void) => readonly (IssuanceDraft | null)[],
): void {
  const unreadable = (detail: string) => {
    capture.problems.push(`${what}: ${detail}`);
    capture.faults.push({ source, product: what, kind: 'unreadable-forecast', detail, action: 'left out' });
  };
  try {
    capture.drafts.push(...read(unreadable).filter((d): d is IssuanceDraft => d !== null));
  } catch (error) {
    unreadable((error as Error).message);
  }
}

/** Whose a fault of a product is, as the data-quality document names live sources. */
const FAULT_SOURCE: Record<ForecastProduct, LiveFault['source']> = {
  'zj-service': 'zj-live',
  'nmc-service': 'nmc',
  'atcf-adeck': 'nhc',
  'jtwc-tcw': 'jtwc',
  'jma-vptw': 'jma',
};

export interface ForecastRecordResult {
  /** Storms whose document was written. */
  written: string[];
  /** Issuances added, and stored ones completed (an issue time, an advisory number, a name), over every storm. */
  added: number;
  completed: number;
  /** Drafts left out: not a valid issuance, or a time later than the fetch. */
  rejected: number;
  /** Storms whose document could not be read (both copies) and was rebuilt from what could be read. */
  rebuilt: string[];
  /** Storms whose document could not be written this run (retried at the next). */
  errors: string[];
}

/** The issuances a damaged document's copies still hold, each that reads on its own; and its track when one reads. */
async function salvaged(store: KeyValueStore, key: string): Promise<StormForecasts> {
  const issuances: Issuance[] = [];
  let operational: TruthTrack | null = null;
  for (const data of await readableData(store, key, STORM_FORECASTS)) {
    const copy = (typeof data === 'object' && data !== null ? data : {}) as { issuances?: unknown; operational?: unknown };
    for (const item of Array.isArray(copy.issuances) ? copy.issuances : []) {
      const parsed = issuanceSchema.safeParse(item);
      if (parsed.success) issuances.push(parsed.data);
    }
    const track = truthTrackSchema.safeParse(copy.operational);
    if (track.success && (!operational || (track.data.asOf ?? '') > (operational.asOf ?? ''))) operational = track.data;
  }
  return { issuances, operational };
}

const later = (time: string | null, limit: number) => time !== null && Date.parse(time) > limit;

/** A track's fixes no later than the limit. */
const trackUpTo = (track: TruthTrack, limit: number): TruthTrack => ({
  ...track,
  fixes: track.fixes.filter((f) => Date.parse(f.time) <= limit),
});

const sameFixes = (a: TruthTrack | null, b: TruthTrack | null) => JSON.stringify(a?.fixes ?? null) === JSON.stringify(b?.fixes ?? null);

/** Merges what the run read into each storm's document; see the top of this file. */
export async function recordForecasts(
  store: KeyValueStore,
  captures: readonly ForecastCapture[],
  now: Date,
): Promise<ForecastRecordResult> {
  const limit = now.getTime() + FUTURE_TOLERANCE_MS;
  const faults: LiveFault[] = [];
  const drafts = new Map<string, IssuanceDraft[]>();
  const tracks = new Map<string, TruthTrack>();
  let rejected = 0;
  for (const capture of captures) {
    faults.push(...capture.faults);
    for (const draft of capture.drafts) {
      const future = [
        ...(later(draft.initialTime, limit) ? [`initial time ${draft.initialTime}`] : []),
        ...(later(draft.issuedAt, limit) ? [`issue time ${draft.issuedAt}`] : []),
      ];
      if (future.length) {
        rejected += 1;
        faults.push({
          source: FAULT_SOURCE[draft.source.product],
          product: `${forecastsKey(draft.storm.id)} ${draft.agency}`,
          kind: 'future-time',
          detail: `a forecast with ${future.join(' and ')}, later than the fetch (${toUtcIso(now)})`,
          action: 'left out',
        });
        continue;
      }
      drafts.set(draft.storm.id, [...(drafts.get(draft.storm.id) ?? []), draft]);
    }
    for (const [id, track] of Object.entries(capture.tracks)) tracks.set(id, trackUpTo(track, limit));
  }
  const result: ForecastRecordResult = { written: [], added: 0, completed: 0, rejected, rebuilt: [], errors: [] };
  const storms = [...new Set([...drafts.keys(), ...tracks.keys()])].sort();
  await Promise.all(
    storms.map(async (id) => {
      const key = forecastsKey(id);
      try {
        const read = await readDocument(store, key, STORM_FORECASTS);
        const damaged = read.state === 'unreadable' || read.state === 'invalid';
        const stored = read.state === 'ok' ? read.value : damaged ? await salvaged(store, key) : { issuances: [], operational: null };
        if (damaged) {
          result.rebuilt.push(id);
          faults.push({
            source: 'store',
            product: key,
            kind: 'store-loss',
            detail: `both copies were ${read.state} (${read.error}); ${stored.issuances.length} issuance(s) could be read from them`,
            action: 'rebuilt from those and the forecasts this run read',
          });
        }
        const merge = mergeIssuances(stored.issuances, drafts.get(id) ?? []);
        rejected += merge.rejected.length;
        for (const r of merge.rejected)
          console.warn(`forecasts: ${key}: a draft of ${r.group ?? 'an unknown group'} left out: ${r.message}`);
        const track = tracks.get(id) ?? null;
        const operational = track?.fixes.length && !sameFixes(track, stored.operational) ? track : stored.operational;
        const healing = damaged || (read.state === 'ok' && read.recovered !== null);
        if (!healing && merge.added.length === 0 && merge.completed.length === 0 && operational === stored.operational) return;
        await writeDocument(store, key, STORM_FORECASTS, { issuances: merge.issuances, operational });
        result.written.push(id);
        result.added += merge.added.length;
        result.completed += merge.completed.length;
      } catch (error) {
        result.errors.push(`${key}: ${(error as Error).message}`);
      }
    }),
  );
  result.rejected = rejected;
  result.written.sort();
  result.rebuilt.sort();
  await recordFaults(store, faults, now).catch((error: unknown) =>
    console.warn(`live data-quality document not written: ${(error as Error).message}`),
  );
  return result;
}

/** A storm's document: its value, `missing`, or `unreadable` (both copies damaged: the next run rebuilds it). */
export async function readStormForecasts(
  store: KeyValueStore,
  stormId: string,
): Promise<{ state: 'ok'; value: StormForecasts } | { state: 'missing' } | { state: 'unreadable'; error: string }> {
  const read = await readDocument(store, forecastsKey(stormId), STORM_FORECASTS);
  if (read.state === 'ok') return { state: 'ok', value: read.value };
  if (read.state === 'missing') return read;
  return { state: 'unreadable', error: read.error };
}

/**
 * Takes issuances out of a storm's document, by key: only issuances that are now kept under another storm (a JMA
 * forecast kept apart until it was linked to its storm: src/jobs/jma-forecasts.ts), so that each is kept once and
 * none is lost. A document that cannot be read is left as it is (the next run tries again). True when it wrote.
 */
export async function releaseIssuances(store: KeyValueStore, stormId: string, keys: readonly string[]): Promise<boolean> {
  const key = forecastsKey(stormId);
  const read = await readDocument(store, key, STORM_FORECASTS);
  if (read.state !== 'ok') return false;
  const gone = new Set(keys);
  const issuances = read.value.issuances.filter((i) => !gone.has(i.key));
  if (issuances.length === read.value.issuances.length) return false;
  await writeDocument(store, key, STORM_FORECASTS, { ...read.value, issuances });
  return true;
}

/** The ids of the storms that have a forecasts document (either copy). */
export const storedForecastStorms = (store: KeyValueStore) => documentNames(store, FORECASTS_PREFIX);
