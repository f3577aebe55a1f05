/**
 * What a handler may use, passed in rather than reached for (as hono's context does), one type per kind of
 * handler so that a handler cannot use what its kind does not have (a type error, not a run-time guard):
 *
 * - ArchiveContext: the build's static renderers get the archive and the site's content in memory, and nothing
 *   else: no clock, no store, no upstream, so a static answer depends only on its inputs.
 * - RequestContext: a function's handlers get the request's clock, the generated data files their route declares
 *   (the ones its function bundles: reading another is a type error) and the live store of this deploy, all made
 *   from the function's configuration.
 * - LookupContext: the typhoon-lookup function's handlers get, besides, the upstream service's lookup.
 */
import type { ArchiveIndex } from '../archive/archive-index.ts';
import type { GlobalHistory } from '../archive/global/global-history.ts';
import type { GlobalArchiveReport } from '../archive/global/global-report.ts';
import type { Dataset } from '../archive/archive-report.ts';
import type { SiteContent } from '../content/load-content.ts';
import type { Config } from '../config/env.ts';
import type { ForecastArchiveFile } from '../forecasts/archived-forecasts.ts';
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import type { ArchivedStormVerification } from '../model/forecast-answer-schemas.ts';
import type { Attribution, Typhoon, TodayInHistory } from '../model/typhoon-schemas.ts';
import { openStore, type KeyValueStore } from '../store/store.ts';
import type { DataFile } from './data-files.ts';

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
  /** The official forecasts of the archived a-decks, verified (build/forecast-archive.ts), and what the functions read of them. */
  forecasts: { storms: readonly ArchivedStormVerification[]; file: ForecastArchiveFile };
  /** The archive of every basin (src/archive/global/), the north-western Pacific's storms among its records, and its report. */
  global: { history: GlobalHistory; report: GlobalArchiveReport };
}

export interface ArchiveContext {
  site: SiteData;
}

/**
 * `Files`: the data files it may read, by id (a route's `reads`: ReadsOf). A helper that reads none takes a
 * RequestContext (`never`): every context is one.
 */
export interface RequestContext<Files extends string = never> {
  /** The moment of the request. */
  now(): Date;
  /** A generated file under public/ that the route declares (its function bundles it), typed by its handle; throws when it is missing. */
  readonly data: <T>(file: DataFile<T, Files>) => Promise<T>;
  /** The live store of this deploy. */
  store: KeyValueStore;
  /** The function's configuration (upstream addresses and the like). */
  config: Config;
}

/** The files a route declares it reads (its `reads` in the route table), by id. */
export type ReadsOf<R> = R extends { reads: readonly (infer F)[] } ? (F extends { id: infer Id extends string } ? Id : never) : never;

export interface LookupContext<Files extends string = never> extends RequestContext<Files> {
  /** Asks the upstream service for one storm: null when it says it has none; throws when it cannot be asked. */
  lookupUpstream(code: string): Promise<Typhoon | null>;
}

/**
 * A function's context for one request: the clock (the real one but in tests), the bundled data files (any: a
 * binding hands its handler the files its route declares), the live store.
 */
export function requestContext(config: Config, now: () => Date = () => new Date()): RequestContext<string> {
  return {
    now,
    data: async (file) => {
      const value = await file.read(config.publicDir);
      if (value === null) throw new Error(`${file.path} is missing: run the build first`);
      return value;
    },
    store: openStore(config.store),
    config,
  };
}
