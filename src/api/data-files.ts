/**
 * The files the build writes for functions to read, under public/: one handle per file (or family of files: one
 * per year, one per calendar day), with its path and the type of its content. The build writes each through its
 * handle (`render(value)`: the value must be of the handle's type), a route declares the handles its function
 * reads (`reads` in the route table: the function's `includedFiles`, and a build that did not write one stops),
 * and a handler reads one with `ctx.data(handle)` (src/api/context.ts): typed by the handle, and only a handle
 * its route declares (a type error otherwise). The type is checked where the file is written and trusted where
 * it is read: the bytes are the same build's.
 *
 * On Netlify each function bundles the files it reads through its config's `includedFiles`, at the same path
 * under the bundle root, which is the working directory on Lambda; locally the server passes its public/ folder
 * in the functions' configuration. The folder is a plain relative path on purpose: the bundler (nft) resolves
 * `process.cwd()`, `__dirname` or `import.meta` in a path expression and then copies the whole folder into every
 * bundle (73 MB each, measured). Parsed files are kept for the life of the instance.
 */
import { type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import type { ArchiveReport } from '../archive/archive-report.ts';
import type { ArchiveTracksFile } from '../archive/archive-tracks.ts';
import type { DataQualityReport } from '../archive/data-quality.ts';
import type { ProximityIndexFile } from '../archive/proximity-index.ts';
import type { SimilarTracksFile } from '../archive/similar-tracks.ts';
import type { ForecastArchiveFile } from '../forecasts/archived-forecasts.ts';
import type { StormAgencies } from '../model/agency-comparison-schemas.ts';
import type { Announcement, KnowledgeItem, NewsItem, SiteConfig, VersionsFile } from '../model/content-schemas.ts';
import type { SearchEntry, TodayInHistory, TyphoonSummary } from '../model/typhoon-schemas.ts';
import type { GlobalArchiveReport, GlobalDataQuality } from '../archive/global/global-report.ts';
import type { GlobalSearchKeys } from '../archive/global/global-search.ts';
import type { GlobalProximityFile } from '../archive/global/global-track-search.ts';
import type { ArchivedSummary } from '../model/global-archive-schemas.ts';

/** A generated file: a static answer lives at exactly its URL path (`api/v1/history/2024`, no extension). */
export interface RenderedFile {
  /** Path under public/, e.g. `api/v1/history/2024`. */
  file: string;
  /** Text, or bytes (the gzipped data files). */
  body: string | Buffer;
}

const gzipAsync = promisify(gzip);

const textOf = (file: string, bytes: Uint8Array) => (file.endsWith('.gz') ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');

/** A generated file's content as JSON: `.json.gz` files are gzipped JSON (too big to bundle as text). */
export const parseDataFile = (file: string, bytes: Uint8Array): unknown => JSON.parse(textOf(file, bytes));

/**
 * A data file's bytes as its handle's content. JSON.parse's value is taken for a `T` without a check: the same
 * handle's `render` wrote these bytes, from a `T`.
 */
export const decodeDataFile = <T>(file: DataFile<T>, bytes: Uint8Array): T => JSON.parse(textOf(file.path, bytes));

/**
 * The file's size and times, or null when it cannot be seen. Asked on every answer (the dataset header reads the
 * archive report): a synchronous stat takes about a tenth of the CPU of one through libuv's pool (2 against 20 µs).
 */
function statOrNull(file: string): Stats | null {
  try {
    return statSync(file, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * One file the build writes, holding a `T`. `Id` names what a route declares: the file's path, or its family's
 * glob for a file of a family.
 */
export class DataFile<T, Id extends string = string> {
  /** Parsed contents by folder, with the size and time the file had: a rebuild under a running local server is seen at once. */
  private readonly parsed = new Map<string, { stamp: string; value: Promise<T> }>();

  constructor(
    readonly id: Id,
    /** Its path under public/. */
    readonly path: string,
  ) {}

  /**
   * The file with this content: JSON, gzipped (level 9, no time in the header: the same data, the same bytes) for
   * `.gz`, off the main thread (libuv's pool), so the build renders on while its data files are compressed.
   */
  async render(value: T): Promise<RenderedFile> {
    const json = JSON.stringify(value);
    return { file: this.path, body: this.path.endsWith('.gz') ? await gzipAsync(json, { level: 9 }) : json };
  }

  /** Its content in a public/ folder, or null when the file is not there. */
  async read(publicDir: string): Promise<T | null> {
    const file = path.join(publicDir, this.path);
    const found = statOrNull(file);
    if (!found) return null;
    const stamp = `${found.size}:${found.mtimeMs}:${found.ino}`;
    let entry = this.parsed.get(file);
    if (entry?.stamp !== stamp) {
      entry = { stamp, value: readFile(file).then((bytes) => decodeDataFile(this, bytes)) };
      entry.value.catch(() => this.parsed.delete(file));
      this.parsed.set(file, entry);
    }
    return entry.value;
  }
}

/** A family of files of one type, one per key (a year, a calendar day); a route declares the family (`Id`: its glob). */
export class DataFileFamily<T, Key, Id extends string> {
  private readonly members = new Map<string, DataFile<T, Id>>();

  constructor(
    readonly id: Id,
    private readonly pathOf: (key: Key) => string,
  ) {}

  /** The file of one key (the same handle each time, so its parsed content is kept). */
  of(key: Key): DataFile<T, Id> {
    const file = this.pathOf(key);
    let member = this.members.get(file);
    if (!member) this.members.set(file, (member = new DataFile(this.id, file)));
    return member;
  }
}

/** What a route declares it reads: a file or a family of files. */
export type DataFileRef = DataFile<unknown> | DataFileFamily<unknown, never, string>;

/** A file of content `T` at `path` (curried: `T` is written, the path's literal type inferred). */
const file =
  <T>() =>
  <const Path extends string>(path: Path) =>
    new DataFile<T, Path>(path, path);

/** A family of files of content `T`, one per `Key`, every path matching `glob`. */
const family =
  <T, Key>() =>
  <const Glob extends string>(glob: Glob, pathOf: (key: Key) => string) =>
    new DataFileFamily<T, Key, Glob>(glob, pathOf);

/** The data files: what each holds, and who writes it. */
export const DATA_FILES = {
  searchIndex: file<SearchEntry[]>()('api/_data/search-index.json'),
  newsList: file<Omit<NewsItem, 'body'>[]>()('api/_data/news-list.json'),
  knowledgeList: file<Omit<KnowledgeItem, 'body'>[]>()('api/_data/knowledge-list.json'),
  versions: file<VersionsFile>()('api/_data/versions.json'),
  site: file<SiteConfig>()('api/_data/site.json'),
  announcements: file<Announcement[]>()('api/_data/announcements.json'),
  /** What the archive holds (src/archive/archive-report.ts); compared before a production publish, and its seasons tell typhoon-lookup which codes to ask the upstream. */
  archiveReport: file<ArchiveReport>()('api/_data/archive-report.json'),
  /** zj values the build left out of the records, and why (src/archive/data-quality.ts). */
  dataQuality: file<DataQualityReport>()('api/_data/data-quality.json'),
  /** The track searches' files (src/archive/track-search-data.ts): storm i is the same storm in each. */
  archiveSummaries: file<TyphoonSummary[]>()('api/_data/archive-summaries.json'),
  archiveTracks: file<ArchiveTracksFile>()('api/_data/archive-tracks.json'),
  proximityIndex: file<ProximityIndexFile>()('api/_data/proximity-index.json'),
  similarTracks: file<SimilarTracksFile>()('api/_data/similar-tracks.json'),
  /**
   * Every agency's track of each storm of a year, by code (src/archive/agency-comparison.ts; the typhoon-agencies
   * function reads them). Gzipped: 19 MB of JSON in all, 1.7 MB gzipped, and a function bundle holds under 5 MB of data.
   */
  agencyComparison: family<Record<string, StormAgencies>, number>()(
    'api/_data/agencies/*.json.gz',
    (year) => `api/_data/agencies/${year}.json.gz`,
  ),
  /**
   * The official forecasts' archive (src/forecasts/archived-forecasts.ts): the archived seasons' verification, each
   * agency's cone, the final tracks of the storms since the run began keeping forecasts, the north-western Pacific's
   * baseline. The forecast and verification functions read it.
   */
  forecastArchive: file<ForecastArchiveFile>()('api/_data/forecast-archive.json'),
  /**
   * A calendar day's today in history: the web answer of /api/history/today/{date} (the static route writes it,
   * checked against its schema), which the history-today and bootstrap functions read.
   */
  todayInHistory: family<TodayInHistory, string>()('api/history/today/*', (monthDay) => `api/history/today/${monthDay}`),
  /**
   * The archive of every basin (src/archive/global/): which basins it holds, its dataset and release (the `dataset`
   * and `ts` of its answers functions give).
   */
  globalReport: file<GlobalArchiveReport>()('api/_data/global/report.json'),
  /** What the other basins' files had wrong (published for people; no function reads it). */
  globalDataQuality: file<GlobalDataQuality>()('api/_data/global/data-quality.json'),
  /**
   * Its search and track-search files (src/archive/global/global-track-search.ts): storm i is the same storm in each.
   * Gzipped: every basin's tracks are over 10 MB of JSON, and a function bundle holds under 5 MB of data.
   */
  globalSummaries: file<ArchivedSummary[]>()('api/_data/global/summaries.json.gz'),
  globalSearchKeys: file<GlobalSearchKeys[]>()('api/_data/global/search-keys.json.gz'),
  globalTracks: file<ArchiveTracksFile>()('api/_data/global/tracks.json.gz'),
  globalProximity: file<GlobalProximityFile>()('api/_data/global/proximity.json.gz'),
  globalSimilar: file<SimilarTracksFile>()('api/_data/global/similar.json.gz'),
} as const;
