/**
 * The live data-quality document (`data-quality` in the live store): the upstream names, places, codes, agency
 * labels and outlook titles the scheduled refresh left out because they failed the upstream-text check
 * (src/model/upstream-text.ts), so that a fault of an upstream is seen, not just silently dropped. It holds the last MAX_PROBLEMS distinct problems (the
 * same value at the same field of the same storm from the same source is one problem, with the times it was first
 * and last seen and how many refreshes saw it), most recently seen first. Values are shown inert (reportedValue).
 *
 * Both parts of a scheduled run record their problems when they end; the writes of one process are chained, so
 * the two cannot overwrite each other's (runs themselves never overlap: one started a minute apart, 30 s at most).
 */
import { z } from 'zod';
import { toBeijingIso } from '../model/time.ts';
import { LEFT_OUT, reportedValue, TEXT_KINDS, type TextRejection } from '../model/upstream-text.ts';
import { readDocumentValue, writeDocument, type DocumentKind } from './documents.ts';
import type { KeyValueStore } from './store.ts';

export const LIVE_TEXT_SOURCES = ['zj-live', 'nmc', 'nhc', 'jtwc'] as const;
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

export const liveTextQualitySchema = z.object({ problems: z.array(liveTextProblemSchema) });
export type LiveTextQuality = z.infer<typeof liveTextQualitySchema>;

export const TEXT_QUALITY_KEY = 'data-quality';
const TEXT_QUALITY: DocumentKind<LiveTextQuality> = { name: 'live data quality', schema: liveTextQualitySchema, version: 1 };

export const readTextQuality = async (store: KeyValueStore): Promise<LiveTextQuality> =>
  (await readDocumentValue(store, TEXT_QUALITY_KEY, TEXT_QUALITY)) ?? { problems: [] };

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
  return { problems };
}

/** The writes of this process, one after the other (both parts of a scheduled run record their problems). */
let chain: Promise<unknown> = Promise.resolve();

/** Records a refresh's rejections in the live data-quality document (times in Beijing time); nothing is written when there are none. */
export function recordTextProblems(store: KeyValueStore, found: readonly LiveRejection[], now: Date): Promise<void> {
  if (found.length === 0) return Promise.resolve();
  const seenAt = toBeijingIso(now);
  const write = chain.then(async () =>
    writeDocument(store, TEXT_QUALITY_KEY, TEXT_QUALITY, mergeTextProblems(await readTextQuality(store), found, seenAt)),
  );
  chain = write.catch(() => undefined);
  return write;
}
