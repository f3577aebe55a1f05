/**
 * `sources fetch`: everything the build reads, from the official sources, verified and incremental: the CMA
 * best track (conditional download, fetch-cma.ts), then the Zhejiang per-storm archive (fetch-zj.ts), then,
 * when asked, the other agencies' best tracks (agencies/fetch-agencies.ts) and the best tracks of the other basins
 * (global/fetch-global.ts: HURDAT2, IBTrACS), and the archived a-decks of the official forecasts
 * (fetch-forecast-decks.ts: NHC's, JTWC's) of the seasons asked for. A CMA failure throws (nothing of it is installed); zj, agency and
 * global failures are per storm, season or file and are reported.
 */
import { createUpstreamClient, type UpstreamClient } from '../upstream/client.ts';
import { pooledFetch } from '../upstream/pool.ts';
import type { AgencySource } from '../model/agency-track-schemas.ts';
import { agencySummary, fetchAgencyTracks, type AgencyFetchOptions, type AgencyFetchReport } from './agencies/fetch-agencies.ts';
import { CMA_ARCHIVE_URL, fetchCmaBestTrack, type FetchReport } from './fetch-cma.ts';
import { FIRST_ZJ_YEAR, fetchZjArchive, type ZjFetchReport } from './fetch-zj.ts';
import type { FilesFetchReport } from './fetch-files.ts';
import { fetchForecastDecks, forecastDecksSummary, type ForecastDeckFetchOptions } from './fetch-forecast-decks.ts';
import {
  fetchGlobalSources,
  globalSummary,
  type GlobalFetchOptions,
  type GlobalFetchReport,
  type GlobalSourceKind,
} from './global/fetch-global.ts';

export interface FetchSourcesOptions {
  destDir: string;
  /** Default CMA_ARCHIVE_URL. */
  cmaUrl?: string;
  /** Expected SHA-256 of the CMA archive. */
  cmaSha256?: string;
  /** The Zhejiang service (the configuration's TYPHOON_ZJ_BASE). */
  zjBase: string;
  /** zj seasons; default 1945 to the current year. */
  years?: number[];
  delayMs?: number;
  concurrency?: number;
  force?: boolean;
  /** HTTP client for the zj service (tests pass one without retries). */
  client?: UpstreamClient;
  /** Other agencies' best tracks to fetch (jma, jtwc, hko, ibtracs); default none. */
  agencies?: readonly AgencySource[];
  /** Their folders when not the official ones, and the years of JTWC's and HKO's yearly files (tests). */
  agencyBases?: AgencyFetchOptions['bases'];
  agencyYears?: AgencyFetchOptions['years'];
  /** Best tracks of the other basins to fetch (hurdat2, ibtracs); default none. */
  global?: readonly GlobalSourceKind[];
  /** Where they go (the global sources folder); needed with `global`. */
  globalDestDir?: string;
  /** Their folders when not the official ones (tests). */
  globalBases?: GlobalFetchOptions['bases'];
  /** Seasons of the official forecasts' archived a-decks to fetch (NHC's, JTWC's); default none. */
  forecastYears?: readonly number[];
  /** Where they go (the forecast decks folder); needed with `forecastYears`. */
  forecastDestDir?: string;
  /** Their folders when not the official ones (tests). */
  forecastBases?: ForecastDeckFetchOptions['bases'];
  log?: (line: string) => void;
  now?: Date;
}

export interface FetchSourcesReport {
  cma: FetchReport;
  zj: ZjFetchReport;
  /** Null when no agency was asked for. */
  agencies: AgencyFetchReport | null;
  /** Null when no global source was asked for. */
  global: GlobalFetchReport | null;
  /** Null when no season of forecast decks was asked for. */
  forecasts: FilesFetchReport | null;
  /** One line per source, for the command line. */
  summary: string[];
}

export const cmaSummary = (r: FetchReport) =>
  `CMA best track: ${r.unchanged ? 'unchanged' : 'installed'}, ${r.years[0]}–${r.years[1]}, ${r.entries} entries (SHA-256 ${r.archiveSha256.slice(0, 12)}…)`;

export function zjSummary(r: ZjFetchReport): string {
  const failed = r.failed.length
    ? `: ${r.failed
        .slice(0, 5)
        .map((f) => f.id)
        .join(', ')}${r.failed.length > 5 ? ', …' : ''}`
    : '';
  return `Zhejiang archive: ${r.years.length} season(s), ${r.written.length} written, ${r.unchanged.length} unchanged, ${r.skipped.length} skipped (active or unnamed), ${r.failed.length} failed${failed}`;
}

/** `2025`, `2020-2025`, `1949,2019-2021` → sorted distinct years within 1945…`until`; throws on anything else. */
export function parseYears(text: string, until = new Date().getUTCFullYear() + 1): number[] {
  const years = new Set<number>();
  for (const part of text.split(',').map((p) => p.trim())) {
    const match = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    const [from, to] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [NaN, NaN];
    if (!(from >= FIRST_ZJ_YEAR && to >= from && to <= until))
      throw new Error(`years: "${part}" is not a year or range within ${FIRST_ZJ_YEAR}–${until}`);
    for (let y = from; y <= to; y += 1) years.add(y);
  }
  return [...years].sort((a, b) => a - b);
}

export async function fetchSources(options: FetchSourcesOptions): Promise<FetchSourcesReport> {
  const log = options.log ?? (() => {});
  const cma = await fetchCmaBestTrack({
    url: options.cmaUrl ?? CMA_ARCHIVE_URL,
    destDir: options.destDir,
    sha256: options.cmaSha256,
    force: options.force,
    log,
  });
  // Detail answers can be large (a long track with forecasts): a longer timeout than the live refresh's.
  const client = options.client ?? createUpstreamClient({ timeoutMs: 30_000, fetch: pooledFetch });
  const zj = await fetchZjArchive({
    upstreams: { zjBase: options.zjBase, client },
    destDir: options.destDir,
    years: options.years,
    delayMs: options.delayMs,
    concurrency: options.concurrency,
    force: options.force,
    log,
    now: options.now,
  });
  const agencies = options.agencies?.length
    ? await fetchAgencyTracks({
        destDir: options.destDir,
        agencies: options.agencies,
        bases: options.agencyBases,
        years: options.agencyYears,
        delayMs: options.delayMs,
        force: options.force,
        log,
        now: options.now,
      })
    : null;
  if (options.global?.length && !options.globalDestDir) throw new Error('global best tracks need a folder to go to (globalDestDir)');
  const global =
    options.global?.length && options.globalDestDir
      ? await fetchGlobalSources({
          destDir: options.globalDestDir,
          kinds: options.global,
          bases: options.globalBases,
          delayMs: options.delayMs,
          force: options.force,
          log,
        })
      : null;
  if (options.forecastYears?.length && !options.forecastDestDir) throw new Error('forecast decks need a folder to go to (forecastDestDir)');
  const forecasts =
    options.forecastYears?.length && options.forecastDestDir
      ? await fetchForecastDecks({
          destDir: options.forecastDestDir,
          years: options.forecastYears,
          bases: options.forecastBases,
          delayMs: options.delayMs,
          force: options.force,
          log,
        })
      : null;
  return {
    cma,
    zj,
    agencies,
    global,
    forecasts,
    summary: [
      cmaSummary(cma),
      zjSummary(zj),
      ...(agencies ? [agencySummary(agencies)] : []),
      ...(global ? [globalSummary(global)] : []),
      ...(forecasts ? [forecastDecksSummary(forecasts)] : []),
    ],
  };
}
