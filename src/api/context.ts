/**
 * What a handler may use, passed in rather than reached for (as hono's context does): the clock, the live
 * store, the generated data files, the archive in memory, the upstream lookup. Functions build one per request
 * from their environment; the build builds one over the archive, with no clock, no live store and no upstream,
 * so a static answer cannot depend on anything but its inputs.
 */
import type { ArchiveIndex } from '../archive/archive-index.ts';
import type { SiteContent } from '../content/load-content.ts';
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import type { Attribution, Typhoon, TodayInHistory } from '../model/schemas.ts';
import { liveStore, type KeyValueStore } from '../store/store.ts';
import { readPublicJson } from './site-data.ts';

/** The archive and the site's content, in memory: what the build renders static answers from. */
export interface SiteData {
  archive: ArchiveIndex;
  content: SiteContent;
  /** Calendar day MM-DD → today-in-history payload. */
  today: ReadonlyMap<string, TodayInHistory>;
  /** Storm code → every agency's track of it (src/archive/agency-comparison.ts). */
  agencies: ReadonlyMap<string, StormAgencies>;
  demo: boolean;
  /** The archive answers' attribution (src/archive/attribution.ts): worked out once, as it reads every storm's agencies. */
  attribution: Attribution;
}

export interface HandlerContext {
  /** The moment of the request; the build's context throws, as static answers must not depend on the clock. */
  now(): Date;
  /** The live store; null in the build. */
  live: KeyValueStore | null;
  /** A generated file under public/ that a function lists in its includedFiles; throws when it is missing. */
  data<T>(file: string): Promise<T>;
  /** The archive and content in memory: the build only (functions find archive answers served by the CDN). */
  site: SiteData | null;
  /** Asks the upstream service for one storm; null where none may be asked. */
  lookupUpstream: ((code: string, now: Date) => Promise<Typhoon | null>) | null;
}

async function requiredPublicJson<T>(file: string): Promise<T> {
  const value = await readPublicJson<T>(file);
  if (value === null) throw new Error(`${file} is missing: run the build first`);
  return value;
}

/** A function's context: the live store of this deploy, the bundled data files, the real clock. */
export function functionContext(extra: Partial<HandlerContext> = {}): HandlerContext {
  return { now: () => new Date(), live: liveStore(), data: requiredPublicJson, site: null, lookupUpstream: null, ...extra };
}

/** The build's context: the archive and content only. */
export function buildContext(site: SiteData): HandlerContext {
  return {
    now: () => {
      throw new Error('a static answer must not depend on the clock');
    },
    live: null,
    data: (file) => Promise.reject(new Error(`a static answer must not read ${file}: it has the archive in memory`)),
    site,
    lookupUpstream: null,
  };
}

/** The live store, for handlers that only run as functions. */
export function liveOf(ctx: HandlerContext): KeyValueStore {
  if (!ctx.live) throw new Error('this answer needs the live store');
  return ctx.live;
}
