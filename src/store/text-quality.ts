/**
 * The live data-quality document (`data-quality` in the live store): the upstream names, places, codes, agency
 * labels and outlook titles the scheduled refresh left out because they failed the upstream-text check
 * (src/model/upstream-text.ts), so that a fault of an upstream is seen, not just silently dropped. It holds the last MAX_PROBLEMS distinct problems (the
 * same value at the same field of the same storm from the same source is one problem, with the times it was first
 * and last seen and how many refreshes saw it), most recently seen first. Values are shown inert (reportedValue).
 *
 * Beside them, `faults`: what else a refresh left out or could not keep, the same way (recordFaults): a source time
 * later than its fetch (bad source data, left out), a bulletin older than one already read for the same product
 * (a stale mirror or CDN node: it replaces nothing), a store document lost to damage and rebuilt (what could
 * not be recovered), and official forecasts that could not be read or linked to their storm.
 *
 * Both parts of a scheduled run record their problems when they end; the writes of one process are chained, so
 * the two cannot overwrite each other's (runs themselves never overlap: one started a minute apart, 30 s at most).
 */
import { z } from 'zod';
import { toBeijingIso } from '../model/time.ts';
import { LEFT_OUT, reportedValue, TEXT_KINDS, type TextRejection } from '../model/upstream-text.ts';
import { readDocument, readDocumentValue, writeDocument, type DocumentKind } from './documents.ts';
import type { KeyValueStore } from './store.ts';

export const LIVE_TEXT_SOURCES = ['zj-live', 'nmc', 'nhc', 'jtwc', 'hko', 'jma', 'pagasa'] as const;
export type LiveTextSource = (typeof LIVE_TEXT_SOURCES)[number];

/** A rejection as a live refresh found it: with the source it came from. */
export interface LiveRejection extends TextRejection {
  source: LiveTextSource;
}

export const MAX_PROBLEMS = 200;

export const liveTextProblemSchema = z.object({
  source: z.enum(LIVE_TEXT_SOURCES),
  /** The storm's code or id (tfid, China number, ATCF id), when the value belongs to one. */
  storm: z.string().nullable(),
  /** Where in the upstream's answer: `name`, `land[0].landaddress`, `activeStorms[0].name`, `STORMNAME`. */
  field: z.string(),
  kind: z.enum(TEXT_KINDS),
  reason: z.enum(['markup', 'link', 'length', 'shape', 'word', 'unlisted']),
  /** The value received, inert: every character but letters, digits and spaces as `\u{hex}`. */
  value: z.string(),
  rule: z.string(),
  action: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** Refreshes that saw it. */
  seen: z.number().int().positive(),
});
export type LiveTextProblem = z.infer<typeof liveTextProblemSchema>;

/**
 * `future-time`, `older-bulletin`, `store-loss` (above); `unreadable-forecast`: a forecast a payload holds (a JMA
 * document, a Zhejiang or NMC answer, an a-deck, a JTWC `.tcw`) that cannot be read whole (left out);
 * `unlinked-forecast`: a forecast linked to no storm of the live list (kept apart until it is: src/jobs/jma-forecasts.ts).
 */
export const LIVE_FAULT_KINDS = ['future-time', 'older-bulletin', 'store-loss', 'unreadable-forecast', 'unlinked-forecast'] as const;

/** A fault a refresh found that is not a string's (see the top of this file). */
export interface LiveFault {
  /** Whose: a live source (`zj-live`, `nmc`, `nhc`, `jtwc`, the warning agencies `hko`, `jma`, `pagasa`), or `store` for a damaged document. */
  source: LiveTextSource | 'store';
  /** Which product or document: `ABPW10`, `TyphoonInfo/202699`, `CurrentStorms al132025`, `disturbances`. */
  product: string;
  kind: (typeof LIVE_FAULT_KINDS)[number];
  /** What was seen, in words (times as the source gave them). */
  detail: string;
  /** What the refresh did about it. */
  action: string;
}

export const liveFaultSchema = z.object({
  source: z.enum([...LIVE_TEXT_SOURCES, 'store']),
  product: z.string(),
  kind: z.enum(LIVE_FAULT_KINDS),
  detail: z.string(),
  action: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  seen: z.number().int().positive(),
});

export const liveTextQualitySchema = z.object({ problems: z.array(liveTextProblemSchema), faults: z.array(liveFaultSchema) });
export type LiveTextQuality = z.infer<typeof liveTextQualitySchema>;

export const TEXT_QUALITY_KEY = 'data-quality';
/** Version 2 added `faults` (none before). */
const TEXT_QUALITY: DocumentKind<LiveTextQuality> = {
  name: 'live data quality',
  schema: liveTextQualitySchema,
  version: 2,
  migrate: (data) => (typeof data === 'object' && data !== null ? { faults: [], ...data } : data),
};

export const readTextQuality = async (store: KeyValueStore): Promise<LiveTextQuality> =>
  (await readDocumentValue(store, TEXT_QUALITY_KEY, TEXT_QUALITY)) ?? { problems: [], faults: [] };

const identity = (p: Pick<LiveTextProblem, 'source' | 'storm' | 'field' | 'value'>) =>
  JSON.stringify([p.source, p.storm, p.field, p.value]);

/** The document with this refresh's rejections merged in (pure): new ones added, known ones seen again. */
export function mergeTextProblems(stored: LiveTextQuality, found: readonly LiveRejection[], seenAt: string): LiveTextQuality {
  const byIdentity = new Map(stored.problems.map((p) => [identity(p), p]));
  const thisRun = new Set<string>();
  for (const rejection of found) {
    const problem = {
      source: rejection.source,
      storm: rejection.storm,
      field: rejection.field,
      kind: rejection.kind,
      reason: rejection.reason,
      value: reportedValue(rejection.value),
      rule: rejection.rule,
      action: LEFT_OUT[rejection.kind],
    };
    const key = identity(problem);
    if (thisRun.has(key)) continue;
    thisRun.add(key);
    const known = byIdentity.get(key);
    byIdentity.set(
      key,
      known
        ? { ...known, ...problem, lastSeenAt: seenAt, seen: known.seen + 1 }
        : { ...problem, firstSeenAt: seenAt, lastSeenAt: seenAt, seen: 1 },
    );
  }
  const problems = [...byIdentity.entries()]
    .sort(([ka, a], [kb, b]) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt) || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, MAX_PROBLEMS)
    .map(([, p]) => p);
  return { problems, faults: stored.faults };
}

/** The document with this refresh's faults merged in (pure), as mergeTextProblems does for strings. */
export function mergeFaults(stored: LiveTextQuality, found: readonly LiveFault[], seenAt: string): LiveTextQuality {
  const key = (f: LiveFault) => JSON.stringify([f.source, f.product, f.kind, f.detail]);
  const byKey = new Map(stored.faults.map((f) => [key(f), f]));
  for (const fault of new Map(found.map((f) => [key(f), f])).values()) {
    const known = byKey.get(key(fault));
    byKey.set(
      key(fault),
      known
        ? { ...known, ...fault, lastSeenAt: seenAt, seen: known.seen + 1 }
        : { ...fault, firstSeenAt: seenAt, lastSeenAt: seenAt, seen: 1 },
    );
  }
  const faults = [...byKey.values()].sort((a, b) => Date.parse(b.lastSeenAt) - Date.parse(a.lastSeenAt)).slice(0, MAX_PROBLEMS);
  return { problems: stored.problems, faults };
}

/** The writes of this process, one after the other (both parts of a scheduled run record their problems). */
let chain: Promise<unknown> = Promise.resolve();

/** Records a refresh's rejections in the live data-quality document (times in Beijing time); nothing is written when there are none. */
export function recordTextProblems(store: KeyValueStore, found: readonly LiveRejection[], now: Date): Promise<void> {
  if (found.length === 0) return Promise.resolve();
  return update(store, (stored) => mergeTextProblems(stored, found, toBeijingIso(now)));
}

/** Records a refresh's faults (times in Beijing time), logged too; nothing is written when there are none. */
export function recordFaults(store: KeyValueStore, found: readonly LiveFault[], now: Date): Promise<void> {
  if (found.length === 0) return Promise.resolve();
  for (const f of found) console.warn(`live data quality: ${f.source} ${f.product}: ${f.detail}; ${f.action}`);
  return update(store, (stored) => mergeFaults(stored, found, toBeijingIso(now)));
}

/**
 * A data-quality document that cannot be read (both copies) is written again at once, starting afresh with its own
 * loss recorded (the damaged copies are set aside under quarantine/, never deleted); one copy damaged is healed from
 * the other. Returns whether it was written.
 */
export async function healTextQuality(store: KeyValueStore, now: Date): Promise<boolean> {
  const read = await readDocument(store, TEXT_QUALITY_KEY, TEXT_QUALITY);
  if (read.state === 'missing' || (read.state === 'ok' && read.recovered === null)) return false;
  if (read.state === 'ok') await update(store, (stored) => stored);
  else
    await recordFaults(
      store,
      [
        {
          source: 'store',
          product: TEXT_QUALITY_KEY,
          kind: 'store-loss',
          detail: `both copies were ${read.state} (${read.error})`,
          action: 'written again from this run on: the problems recorded before are lost (the damaged copies are kept under quarantine/)',
        },
      ],
      now,
    );
  return true;
}

function update(store: KeyValueStore, change: (stored: LiveTextQuality) => LiveTextQuality): Promise<void> {
  const write = chain.then(async () => writeDocument(store, TEXT_QUALITY_KEY, TEXT_QUALITY, change(await readTextQuality(store))));
  chain = write.catch(() => undefined);
  return write;
}
