/**
 * The build: sources → archive → every static answer, `_redirects`, `_headers` → public/.
 * Each file is written into a new folder as soon as it is rendered (the output, over 500 MB with every basin, is
 * never held whole), and the folder is published with one rename of the `public` link (publish.ts) only once
 * everything is rendered and valid, so a failed or killed build never leaves a half-written site. The same inputs give the
 * same bytes (static `ts` values are release times, not the build time), so a deploy uploads only what changed.
 * A build is skipped when its inputs (sources, content, code, by content) are unchanged and the output on disk
 * still matches what the last build wrote, file by file.
 */
import { createHash, hash as digest } from 'node:crypto';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { buildArchive } from '../src/archive/build-archive.ts';
import { indexArchive } from '../src/archive/archive-index.ts';
import { archiveReport, datasetOf, poorerThan, type ArchiveReport } from '../src/archive/archive-report.ts';
import { archiveAttribution } from '../src/archive/attribution.ts';
import { compareArchive } from '../src/archive/agency-comparison.ts';
import { dataQualityReport, rejectedTextProblem, summarizeDataQuality, type DataQualityReport } from '../src/archive/data-quality.ts';
import { DATA_FILES, type RenderedFile } from '../src/api/data-files.ts';
import { renderHeaders, renderRedirects } from '../src/api/netlify-rules.ts';
import type { SiteData } from '../src/api/context.ts';
import { loadBindings } from '../src/api/handler-modules.ts';
import { renderDataFiles, renderStaticAnswers, unwrittenDataFiles, type EmitFile } from '../src/api/render-static.ts';
import { renderTodayInHistory } from '../src/archive/today-in-history.ts';
import { CONTENT_DIR, NAMES_FILE, PROJECT_ROOT, STATIC_DIR } from '../src/config/paths.ts';
import { ContentError, loadContent } from '../src/content/load-content.ts';
import { AGENCY_SOURCES } from '../src/model/agency-track-schemas.ts';
import { AGENCIES_DIR, describeAgencySources, listAgencyFiles } from '../src/sources/agencies/read-agency-sources.ts';
import { CMA_FILE_PATTERN, DEMO_MARKER, listSourceFiles, type LoadedSources } from '../src/sources/read-sources.ts';
import {
  describeGlobalSources,
  GLOBAL_DEMO_MARKER,
  globalSourcesFolder,
  listGlobalSourceFiles,
  readGlobalSources,
  type GlobalSources,
} from '../src/sources/global/read-global-sources.ts';
import { buildGlobalHistory } from '../src/archive/global/global-history.ts';
import {
  globalArchiveReport,
  globalDataQuality,
  summarizeGlobalQuality,
  type GlobalDataQuality,
} from '../src/archive/global/global-report.ts';
import { searchEntry } from '../src/archive/search-index.ts';
import type { SearchEntry } from '../src/model/typhoon-schemas.ts';
import { readArchiveSources } from '../src/archive/read-archive-sources.ts';
import { renderBasemap, renderWorldBasemap } from './basemap.ts';
import { forecastInputFiles, renderForecastArchive, type ForecastFolders } from './forecast-archive.ts';
import { buildRecordFile, discardBuild, publishBuild, removeInterrupted, startBuild } from './publish.ts';
import { siteAssets } from './site-assets.ts';

/**
 * Where the build reads from: the archive sources, the other agencies' best tracks (default <sources>/agencies), the
 * other basins' (default: the demo's with the demo archive, none with a real one: globalSourcesFolder), and the
 * official forecasts' archived a-decks (build/forecast-archive.ts), verified against both archives.
 */
export interface SourceFolders extends ForecastFolders {
  sourcesDir: string;
  agenciesDir?: string;
  globalSourcesDir?: string;
}

export interface BuildOptions extends SourceFolders {
  publicDir: string;
  force?: boolean;
  dryRun?: boolean;
  /**
   * A production build: refuse to publish an archive poorer than this report of the published one (fewer storms,
   * Chinese names, landfalls, wind circles, 1945–1948 storms, or the demo archive), unless `allowPoorer`.
   */
  baseline?: ArchiveReport | null;
  allowPoorer?: boolean;
  log?: (line: string) => void;
}

export interface BuildReport {
  skipped: boolean;
  storms: number;
  files: number;
  bytes: number;
  milliseconds: number;
  archive: ArchiveReport;
}

/** How many problems a BuildError's message lists; `problems` keeps every one. */
export const BUILD_ERROR_SHOWN = 50;

/** Thrown with every problem found, each naming its file (and line where there is one). */
export class BuildError extends Error {
  constructor(
    readonly problems: string[],
    heading = `The build found ${problems.length} problem(s)`,
  ) {
    const more = problems.length - BUILD_ERROR_SHOWN;
    const lines = problems.slice(0, BUILD_ERROR_SHOWN).map((p) => `  - ${p}`);
    if (more > 0) lines.push(`  … and ${more} more`);
    super(`${heading}:\n${lines.join('\n')}`);
    this.name = 'BuildError';
  }
}

/** One call, no Hash object: a build hashes 24,000 files, most of them a few kB (a third less time than createHash). */
const sha256 = (data: string | Buffer) => digest('sha256', data);

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · Typhoon API</title></head>
<body><h1>Not found</h1><p>This page does not exist. The API lives under <a href="/">/api/</a>; see the home page for its endpoints.</p></body></html>
`;

/** Every file the output depends on: the source files, then the content, the code and the lockfile (absolute paths). */
export async function inputFiles(folders: SourceFolders): Promise<string[]> {
  const { sourcesDir, agenciesDir = path.join(sourcesDir, AGENCIES_DIR) } = folders;
  const agencyFiles = (await Promise.all(AGENCY_SOURCES.map((agency) => listAgencyFiles(agenciesDir, agency)))).flat();
  const demo = await fs.pathExists(path.join(sourcesDir, DEMO_MARKER));
  const globalDir = await globalSourcesFolder(folders);
  const sources = [
    ...(await listSourceFiles(sourcesDir)).map((file) => path.join(sourcesDir, file)),
    ...agencyFiles.map((file) => path.join(agenciesDir, file)),
    ...(globalDir ? [...(await listGlobalSourceFiles(globalDir)), GLOBAL_DEMO_MARKER].map((file) => path.join(globalDir, file)) : []),
    ...(await forecastInputFiles(folders, demo)),
  ];
  const own = await fg(['src/**/*.ts', 'build/**/*.ts', 'content/**/*', 'static/**/*', 'package-lock.json'], {
    cwd: PROJECT_ROOT,
    absolute: true,
  });
  return [...sources, ...own.sort()];
}

/** Hash of everything the output depends on (inputFiles), by content. */
export async function inputFingerprint(folders: SourceFolders): Promise<string> {
  const files = await inputFiles(folders);
  const digests = await digestAll(files);
  const hash = createHash('sha256');
  files.forEach((file, i) => hash.update(path.relative(PROJECT_ROOT, file)).update(digests[i] ?? 'missing'));
  return hash.digest('hex');
}

/** The sha256 of each file (null when it cannot be read), read a few dozen at a time. */
async function digestAll(files: readonly string[]): Promise<(string | null)[]> {
  const digests: (string | null)[] = new Array(files.length).fill(null);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < files.length; i = next++) {
      const bytes = await fs.readFile(files[i] as string).catch(() => null);
      digests[i] = bytes && sha256(bytes);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return digests;
}

/** The output as the last build wrote it: file → sha256 (only the generated files). */
type OutputManifest = Record<string, string>;

async function outputMatches(publicDir: string, manifest: OutputManifest): Promise<boolean> {
  const entries = Object.entries(manifest);
  const digests = await digestAll(entries.map(([file]) => path.join(publicDir, file)));
  return entries.length > 0 && entries.every(([, digest], i) => digests[i] === digest);
}

/** One line per source: what the build read, so a log says which archive went out. */
export function describeSources(sourcesDir: string, sources: LoadedSources): string {
  const cmaYears = sources.files.map((f) => Number(CMA_FILE_PATTERN.exec(path.basename(f))?.[1])).filter((y) => y > 0);
  const zjYears = sources.zj.map((s) => Number(s.tfbh.slice(0, 4)));
  const span = (years: number[]) => (years.length ? `${Math.min(...years)}–${Math.max(...years)}` : 'none');
  const zjFiles = sources.files.filter((f) => f.startsWith('zj/')).length;
  return [
    `Sources: ${sourcesDir}${sources.demo ? ' (DEMO archive: not the real data; get it with "npm run cli -- sources fetch")' : ''}`,
    `  CMA best track: ${cmaYears.length} year files, ${span(cmaYears)}`,
    `  Zhejiang archive: ${zjFiles} storm files, ${span(zjYears)}${zjFiles ? '' : ' (none: no Chinese names, landfalls, wind circles or 1945–1948 storms)'}`,
    `  Other agencies' folder: ${sources.agenciesDir}`,
    ...describeAgencySources(sources.agencies).map((line) => `  ${line}`),
  ].join('\n');
}

/** What the build says of the other basins' files: the folder and what was read, or that none were given. */
export function describeGlobal(dir: string | null, sources: GlobalSources | null): string {
  if (!dir || !sources)
    return [
      "Other basins' best tracks: none given: only the north-western Pacific is answered; the global archive's answers say the other basins are not loaded",
      '  (get them with "npm run cli -- sources fetch", or give --global-sources / TYPHOON_GLOBAL_SOURCES)',
    ].join('\n');
  return [
    `Other basins' best tracks: ${dir}${sources.demo ? ' (DEMO: a few storms, not the real record)' : ''}`,
    ...describeGlobalSources(sources).map((line) => `  ${line}`),
  ].join('\n');
}

/** What rendering the site gives besides its files. */
export interface RenderedSite {
  storms: number;
  archive: ArchiveReport;
}

/** What the site is rendered from, and the reports published beside it. */
interface SiteInputs {
  site: SiteData;
  /** The archive's search entries (search-index.ts). */
  searchIndex: SearchEntry[];
  report: ArchiveReport;
  dataQuality: DataQualityReport;
  globalQuality: GlobalDataQuality;
  storms: number;
}

/**
 * Reads the sources and builds everything the answers are rendered from. The parsed sources are not returned: the
 * build renders over 500 MB with only the archives in memory, the files they were read from garbage by then.
 */
async function readSite(folders: SourceFolders, log: (line: string) => void): Promise<SiteInputs> {
  const { sourcesDir, agenciesDir } = folders;
  const sources = await readArchiveSources(sourcesDir, NAMES_FILE, { agenciesDir });
  log(describeSources(sourcesDir, sources));
  const globalDir = await globalSourcesFolder(folders);
  const globalSources = globalDir ? await readGlobalSources(globalDir) : null;
  log(describeGlobal(globalDir, globalSources));
  const problems = sources.problems.map((p) => `${path.join(sourcesDir, p.file)}:${p.line}: ${p.message}`);
  const content = await loadContent(CONTENT_DIR).catch((error: unknown) => {
    if (!(error instanceof ContentError)) throw error;
    problems.push(...error.problems.map((p) => `${p.file}:${p.line}: ${p.message}`));
    return null;
  });
  if (problems.length || !content) throw new BuildError(problems);

  const { typhoons, quality, crosswalk } = buildArchive(sources);
  // Data quality: zj values left out of the records (src/archive/data-quality.ts) and names and places the parsers
  // left out (src/model/upstream-text.ts), printed and published.
  const rejectedText = [
    ...sources.rejected.map((r) => rejectedTextProblem(r)),
    ...sources.agencies.rejected.map((r) => rejectedTextProblem(r, `${AGENCIES_DIR}/`)),
  ];
  const dataQuality = dataQualityReport(sources, [...quality, ...rejectedText]);
  log(summarizeDataQuality(dataQuality, DATA_FILES.dataQuality.path));
  const archive = indexArchive(typhoons);
  const agencies = compareArchive(typhoons, crosswalk, sources.demo);
  const attribution = archiveAttribution(sources.demo, agencies.values());
  const report = archiveReport(typhoons, sources.demo);
  const today = renderTodayInHistory(archive);
  const searchIndex = typhoons.map((t) => searchEntry(t, sources.names));
  // The other basins' values left out are reported, never copied, and do not stop the build (docs/data/data-sources.md).
  const globalHistory = buildGlobalHistory(globalSources ?? { hurdat2: [], ibtracs: [], ibtracsLinks: [] }, {
    typhoons,
    agencies,
    searchEntries: searchIndex,
  });
  const globalQuality = globalDataQuality(globalHistory, globalSources);
  log(summarizeGlobalQuality(globalQuality, DATA_FILES.globalDataQuality.path));
  const forecasts = await renderForecastArchive(folders, { typhoons, demo: sources.demo, global: globalSources }, log);
  const site: SiteData = {
    archive,
    content,
    today,
    agencies,
    demo: sources.demo,
    releasedAt: report.releasedAt,
    dataset: datasetOf(report),
    attribution,
    global: {
      history: globalHistory,
      report: globalArchiveReport(globalHistory, globalSources, {
        demo: sources.demo || Boolean(globalSources?.demo),
        nwReleasedAt: report.releasedAt,
      }),
    },
    forecasts: { storms: forecasts.storms, file: forecasts.file },
  };
  return { site, searchIndex, report, dataQuality, globalQuality, storms: typhoons.length };
}

/**
 * Renders and validates everything, handing each file to `emit` as it is made (the build writes it at once); throws a
 * BuildError with every problem after the last file. Pure apart from reading the sources. Before a file is emitted
 * its path is checked: none may leave public/, nor be written twice.
 */
export async function renderSiteTo(folders: SourceFolders, emit: EmitFile, log: (line: string) => void = () => {}): Promise<RenderedSite> {
  const { site, searchIndex, report, dataQuality, globalQuality, storms } = await readSite(folders, log);
  const refused: string[] = [];
  const seen = new Set<string>();
  const put: EmitFile = async (file) => {
    if (path.posix.normalize(file.file) !== file.file || file.file.startsWith('.'))
      refused.push(`refusing to write outside public/: ${file.file}`);
    else if (seen.size === seen.add(file.file).size) refused.push(`two outputs write ${file.file}`);
    else await emit(file);
  };
  // The data files are serialised first, and gzipped off the main thread while the static answers are rendered.
  const dataFiles = Promise.all([
    renderDataFiles(site, searchIndex),
    DATA_FILES.archiveReport.render(report),
    DATA_FILES.dataQuality.render(dataQuality),
    DATA_FILES.globalDataQuality.render(globalQuality),
  ]);
  dataFiles.catch(() => {}); // awaited below, unless the static answers fail first
  const { statics } = await loadBindings();
  const invalid = await renderStaticAnswers(
    site,
    statics.map((b) => b.binding),
    put,
  );
  if (invalid.length) throw new BuildError(invalid);

  for (const file of [
    ...(await dataFiles).flat(),
    { file: '_redirects', body: renderRedirects() },
    { file: '_headers', body: renderHeaders(site.demo) },
    { file: '404.html', body: NOT_FOUND_PAGE },
    // The docs page's map and its third-party files (static/index.html).
    renderBasemap(),
    renderWorldBasemap(),
    ...siteAssets(),
  ])
    await put(file);
  const unwritten = unwrittenDataFiles([...seen]).map((id) => `no output writes ${id}, which a route reads`);
  if (refused.length || unwritten.length) throw new BuildError([...refused, ...unwritten]);
  return { storms, archive: report };
}

/** Renders and validates everything in memory (renderSiteTo); returns the files. */
export async function renderSite(
  folders: SourceFolders,
  log: (line: string) => void = () => {},
): Promise<RenderedSite & { files: RenderedFile[] }> {
  const files: RenderedFile[] = [];
  const site = await renderSiteTo(folders, async (file) => void files.push(file), log);
  return { ...site, files };
}

export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const fingerprint = await inputFingerprint(options);
  const previous = await fs.readJson(buildRecordFile(options.publicDir)).catch(() => null);
  if (
    !options.force &&
    !options.dryRun &&
    previous?.fingerprint === fingerprint &&
    (await outputMatches(options.publicDir, previous.output ?? {}))
  ) {
    await removeInterrupted(options.publicDir);
    log('Nothing changed since the last build and public/ still holds its output (use --force to rebuild).');
    return {
      skipped: true,
      storms: previous.storms,
      files: previous.files,
      bytes: previous.bytes,
      archive: previous.archive,
      milliseconds: performance.now() - started,
    };
  }

  // Each file's digest is the build record's (what the next build checks public/ against), taken as it is written.
  const output: OutputManifest = {};
  let bytes = 0;
  const build = options.dryRun ? null : await startBuild(options.publicDir, STATIC_DIR);
  // A text is hashed and written as it is (UTF-8, as a Buffer of it would be), never copied into a Buffer first.
  const emit: EmitFile = async (file) => {
    output[file.file] = sha256(file.body);
    bytes += typeof file.body === 'string' ? Buffer.byteLength(file.body) : file.body.length;
    build?.write(file);
  };
  let rendered: RenderedSite;
  try {
    rendered = await renderSiteTo(options, emit, log);
    const poorer = options.baseline ? poorerThan(rendered.archive, options.baseline) : [];
    if (poorer.length && !options.allowPoorer) {
      throw new BuildError(poorer, 'Refusing to publish an archive poorer than the published one (--allow-poorer overrides)');
    }
    for (const line of poorer) log(`Poorer than the published archive (allowed): ${line}`);
  } catch (error) {
    if (build) await discardBuild(build);
    throw error;
  }
  const { storms, archive } = rendered;
  const files = Object.keys(output).length;
  log(`Rendered ${files} files (${(bytes / 1e6).toFixed(1)} MB) for ${storms} storms`);
  if (build) {
    await publishBuild(options.publicDir, build);
    await fs.outputJson(buildRecordFile(options.publicDir), {
      fingerprint,
      publicDir: path.resolve(options.publicDir),
      storms,
      files,
      bytes,
      archive,
      output,
    });
    log(`Wrote ${options.publicDir}`);
  }
  return { skipped: false, storms, files, bytes, archive, milliseconds: performance.now() - started };
}
