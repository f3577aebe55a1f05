/**
 * What a handler may use, passed in rather than reached for (as hono's context does), one type per kind of
 * handler so that a handler cannot use what its kind does not have (a type error, not a run-time guard):
 *
 * - ArchiveContext: the build's static renderers get the archive and the site's content in memory, and nothing
 *   else: no clock, no store, no upstream, so a static answer depends only on its inputs.
 * - RequestContext: a function's handlers get the request's clock, the generated data files the function bundles
 *   and the live store of this deploy, all made from the function's configuration.
 * - LookupContext: the typhoon-lookup function's handlers get, besides, the upstream service's lookup.
 */
import type { ArchiveIndex } from '../archive/archive-index.ts';
import type { Dataset } from '../archive/archive-report.ts';
import type { SiteContent } from '../content/load-content.ts';
import type { Config } from '../config/env.ts';
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import type { Attribution, Typhoon, TodayInHistory } from '../model/typhoon-schemas.ts';
import { openStore, type KeyValueStore } from '../store/store.ts';
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
  /** When the archive's data was released (ms since the epoch, src/archive/release-time.ts): the v1 `ts` of archive answers. */
  releasedAt: number;
  /** Which archive it is (demo or real) and its storms: the v1 `data.dataset`. */
  dataset: Dataset;
  /** The archive answers' attribution (src/archive/attribution.ts): worked out once, as it reads every storm's agencies. */
  attribution: Attribution;
}

export interface ArchiveContext {
  site: SiteData;
}

export interface RequestContext {
  /** The moment of the request. */
  now(): Date;
  /** A generated file under public/ that the function bundles (its route's `reads`); throws when it is missing. */
  data<T>(file: string): Promise<T>;
  /** The live store of this deploy. */
  store: KeyValueStore;
  /** The function's configuration (upstream addresses and the like). */
  config: Config;
}

export interface LookupContext extends RequestContext {
  /** Asks the upstream service for one storm: null when it says it has none; throws when it cannot be asked. */
  lookupUpstream(code: string): Promise<Typhoon | null>;
}

/** A function's context for one request: the clock (the real one but in tests), the bundled data files, the live store. */
export function requestContext(config: Config, now: () => Date = () => new Date()): RequestContext {
  return {
    now,
    data: async <T>(file: string) => {
      const value = await readPublicJson<T>(config.publicDir, file);
      if (value === null) throw new Error(`${file} is missing: run the build first`);
      return value;
    },
    store: openStore(config.store),
    config,
  };
}
