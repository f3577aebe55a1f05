/**
 * The command line: `build`, `serve`, `refresh`, `sources fetch`, `backfill`, `dump`, `fingerprint` and `deploy`.
 * Each command is a straight line of calls into the modules that do the work.
 */
import path from 'node:path';
import { Command } from 'commander';
import fs from 'fs-extra';
import type { ArchiveReport } from '../src/archive/archive-report.ts';
import { readConfig, type Config } from '../src/config/env.ts';
import { withoutCredentials } from '../src/model/credentials.ts';
import { showProgress } from '../src/console/progress.ts';
import {
  CACHE_DIR,
  FETCHED_SOURCES_DIR,
  FUNCTIONS_DIR,
  PROJECT_ROOT,
  PUBLIC_DIR,
  resolveAgenciesDir,
  resolveGlobalSourcesDir,
  resolveForecastDecksDir,
  resolveForecastDecksToBuild,
  resolveGlobalSourcesToBuild,
  resolveSources,
  type SourcesLocation,
} from '../src/config/paths.ts';
import { summarizeGlobalQuality } from '../src/archive/global/global-report.ts';
import { CMA_ARCHIVE_URL } from '../src/sources/fetch-cma.ts';
import { BuildError, buildSite, inputFingerprint, type SourceFolders } from './build-site.ts';
import { writeFunctions } from './write-functions.ts';

/** The folder options `build` and `fingerprint` share. */
interface FolderOptions {
  agencies?: string;
  forecastDecks?: string;
  globalSources?: string;
}

/**
 * The folders a build of `sourcesDir` reads, resolved one way for `build`, `serve` and `fingerprint`: the deploy
 * workflow deploys when the fingerprint changes, so it must hash every folder the build reads.
 */
function foldersToBuild(sourcesDir: string, options: FolderOptions, settings: Config): SourceFolders {
  return {
    sourcesDir,
    agenciesDir: resolveAgenciesDir(options.agencies, settings.agenciesDir),
    globalSourcesDir: resolveGlobalSourcesToBuild(options.globalSources, settings.globalSourcesDir),
    forecastDecksDir: resolveForecastDecksToBuild(options.forecastDecks, settings.forecastDecksDir),
  };
}

// What only some commands run (the server, the fetchers, the dump, the deploy) is imported by those commands
// when they run: starting the CLI takes 1.2 s of CPU instead of 1.9 (a test run starts it for every killed build).
const program = new Command()
  .name('typhoon-api')
  .description('Builds and serves the typhoon API (static JSON + Netlify functions).')
  .showHelpAfterError();

const log = (line: string) => console.log(line);

/** This process's configuration (the environment, parsed once: src/config/env.ts). */
let configured: Config | undefined;
const config = () => (configured ??= readConfig());
// Progress lines on an interactive terminal only, never in CI.
showProgress(!config().ci);

/** The report of the archive last published (the deploy workflow keeps it; see docs/maintainers/operations.md). */
const PUBLISHED_REPORT = path.join(CACHE_DIR, 'published-archive-report.json');
/** The live store of `npm start -- --mock-upstream`, apart from the real one (.cache/live). */
const MOCK_LIVE_DIR = path.join(CACHE_DIR, 'live-mock');

async function refreshAndLog(): Promise<void> {
  const { runWithConfig } = await import('../src/jobs/scheduled-function.ts');
  const { typhoons: result, global, disturbances, flash, text, milliseconds } = await runWithConfig(config());
  log(
    result.ok
      ? `Live: ${result.typhoons} active storm(s) from ${result.source}`
      : `Live refresh failed, keeping the last good snapshot: ${result.errors.join(' | ')}`,
  );
  log(`Flash news: ${flash.typhoons + flash.global + flash.disturbances} new item(s)`);
  const rejected = Object.entries(text?.rejected ?? {})
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  if (text)
    log(
      `Language model: ${text.asked} text(s) asked, ${text.llm} published, ${text.template} template text(s)${rejected ? ` (rejected: ${rejected})` : ''}`,
    );
  log(
    `Global: NHC ${global.nhc.ok ? `${global.nhc.cyclones} cyclone(s)` : `failed (${global.nhc.error})`}, JTWC ${global.jtwc.ok ? `${global.jtwc.cyclones} cyclone(s)` : `failed (${global.jtwc.error})`}`,
  );
  log(
    disturbances.ok
      ? `Disturbances: ${disturbances.active} active, ${disturbances.total} kept`
      : `Disturbances: refresh failed, keeping the last good data (${disturbances.error})`,
  );
  log(`Refresh took ${(milliseconds / 1000).toFixed(1)} s`);
}

/**
 * The sources `serve` builds from. Nothing given and nothing fetched yet: download the real archive (a first
 * start with internet); without internet, the demo archive kept in the repository, said loudly.
 */
async function sourcesToServe(option: string | undefined, demo: boolean): Promise<SourcesLocation> {
  const location = resolveSources(option, config().sourcesDir);
  if (location.origin !== 'demo' || demo) return location;
  log(
    'No archive sources yet: downloading the CMA best track and the Zhejiang archive into .cache/sources (resumable; Ctrl-C and start again to continue) …',
  );
  try {
    const { fetchSources } = await import('../src/sources/fetch-sources.ts');
    const report = await fetchSources({ destDir: FETCHED_SOURCES_DIR, zjBase: config().upstreams.zj, log });
    for (const line of report.summary) log(line);
    return { dir: FETCHED_SOURCES_DIR, origin: 'fetched' };
  } catch (error) {
    log(`Could not download the sources (${withoutCredentials((error as Error).message)}).`);
    log('Serving the DEMO archive (demo/archive: a few storms, for demonstration only; every history answer says so).');
    log(
      'For the real archive: connect to the internet and run "npm run cli -- sources fetch", or point TYPHOON_SOURCES at a folder holding cma-bst/ and zj/.',
    );
    return location;
  }
}

program
  .command('build')
  .description('Render every static answer into public/ (skipped when nothing changed and the output is intact)')
  .option('--sources <dir>', 'archive sources folder (cma-bst/, zj/); default $TYPHOON_SOURCES, else .cache/sources, else the demo archive')
  .option(
    '--agencies <dir>',
    "other agencies' best tracks (jma/, jtwc/, hko/, ibtracs/); default $TYPHOON_AGENCY_SOURCES, else <sources>/agencies",
  )
  .option(
    '--forecast-decks <dir>',
    "the official forecasts' archived a-decks (nhc/, jtwc/); default $TYPHOON_FORECAST_DECKS, else .cache/forecast-decks, else the demo's with the demo archive",
  )
  .option(
    '--global-sources <dir>',
    "other basins' best tracks (hurdat2/, ibtracs/); default $TYPHOON_GLOBAL_SOURCES, else .cache/global-sources, else with the demo archive the demo's (demo/global-sources), else none",
  )
  .option('--public <dir>', 'output folder', PUBLIC_DIR)
  .option('--force', 'rebuild even when nothing changed')
  .option('--dry-run', 'render and validate, write nothing')
  .option(
    '--production',
    `refuse an archive poorer than the published one (its report: --baseline, default ${path.relative(process.cwd(), PUBLISHED_REPORT)})`,
  )
  .option('--baseline <file>', 'archive report of the published site (api/_data/archive-report.json)')
  .option('--allow-poorer', 'publish even if the archive is poorer than the baseline')
  .action(
    async (options: {
      sources?: string;
      agencies?: string;
      forecastDecks?: string;
      globalSources?: string;
      public: string;
      force?: boolean;
      dryRun?: boolean;
      production?: boolean;
      baseline?: string;
      allowPoorer?: boolean;
    }) => {
      const baselineFile = options.baseline ?? (options.production ? PUBLISHED_REPORT : undefined);
      const baseline: ArchiveReport | null = baselineFile ? await fs.readJson(baselineFile).catch(() => null) : null;
      if (options.production)
        log(
          baseline
            ? `Baseline: the published archive (${baselineFile}): ${baseline.storms} storms`
            : `No baseline at ${baselineFile}: nothing to compare with`,
        );
      await writeFunctions(FUNCTIONS_DIR);
      const report = await buildSite({
        ...foldersToBuild(resolveSources(options.sources, config().sourcesDir).dir, options, config()),
        publicDir: options.public,
        force: options.force,
        dryRun: options.dryRun,
        baseline,
        allowPoorer: options.allowPoorer,
        log,
      });
      log(
        `${report.skipped ? 'Up to date' : 'Built'}: ${report.storms} storms, ${report.files} files, ${(report.bytes / 1e6).toFixed(1)} MB in ${(report.milliseconds / 1000).toFixed(2)} s`,
      );
    },
  );

program
  .command('serve')
  .description(
    'Build when needed, then serve public/ and the functions like Netlify does, polling the real upstreams for live data as production does',
  )
  .option(
    '--sources <dir>',
    'archive sources folder; default $TYPHOON_SOURCES, else .cache/sources (downloaded on the first start), else the demo archive',
  )
  .option(
    '--demo',
    'serve the demo archive without trying to download the real one, and ask no real upstream (no live polling, no lookups)',
  )
  .option(
    '--agencies <dir>',
    "other agencies' best tracks (jma/, jtwc/, hko/, ibtracs/); default $TYPHOON_AGENCY_SOURCES, else <sources>/agencies",
  )
  .option(
    '--global-sources <dir>',
    "other basins' best tracks (hurdat2/, ibtracs/); default $TYPHOON_GLOBAL_SOURCES, else .cache/global-sources, else with the demo archive the demo's (demo/global-sources), else none",
  )
  .option('--port <port>', 'port to listen on (default $PORT, else 8888)')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--offline', 'poll no upstream: the live answers say so, naming this flag')
  .option('--live', 'poll the real upstreams (the default; kept for the command lines that name it)')
  .option('--mock-upstream', 'poll a local mock of the upstreams instead of the real ones (offline demo)')
  .action(
    async (options: {
      sources?: string;
      agencies?: string;
      globalSources?: string;
      demo?: boolean;
      port?: string;
      host: string;
      offline?: boolean;
      live?: boolean;
      mockUpstream?: boolean;
    }) => {
      let serverConfig = config();
      if (options.mockUpstream) {
        const { startMockUpstream } = await import('../src/demo/mock-upstream.ts');
        const mock = await startMockUpstream();
        // Its own live store: the mock's invented storm must never be served later by a start without the mock.
        serverConfig = { ...serverConfig, upstreams: mock.addresses, store: { kind: 'files', dir: MOCK_LIVE_DIR } };
        log(`Mock upstream on ${mock.url} (faults: POST ${mock.url}/__mock/fault?service=zj&fault=timeout)`);
      }
      // Live data is polled as production does, unless a flag says otherwise; the live answers then name that flag.
      const liveOff = options.offline ? '--offline' : options.demo && !options.mockUpstream ? '--demo' : null;
      serverConfig = { ...serverConfig, liveOff };
      const sources = await sourcesToServe(options.sources, Boolean(options.demo));
      await writeFunctions(FUNCTIONS_DIR);
      await buildSite({
        ...foldersToBuild(sources.dir, options, serverConfig),
        publicDir: PUBLIC_DIR,
        log,
      });
      const schedules = liveOff === null;
      const { startLocalServer } = await import('../src/server/local-server.ts');
      const port = options.port === undefined ? serverConfig.port : Number(options.port);
      const server = await startLocalServer({ publicDir: PUBLIC_DIR, config: serverConfig, port, host: options.host, schedules, log });
      log(`Typhoon API on ${server.url} (try ${server.url}/api/v1/history/years)`);
      const { upstreams } = serverConfig;
      log(
        schedules
          ? `Live data: polling ${options.mockUpstream ? 'the mock upstream' : 'the real upstreams'} now and then every minute, paced as on Netlify (Zhejiang ${upstreams.zj}, NMC ${upstreams.nmc}, NHC ${upstreams.nhc}, JTWC ${upstreams.jtwc}); each run is logged below. Start with --offline to poll nothing.`
          : `Live data: not polled (${liveOff}): the live answers say so; start without ${liveOff} to poll the real upstreams.`,
      );
      if (sources.origin === 'demo')
        log('(DEMO archive: every answer says so in its X-Typhoon-Dataset header; run "npm run cli -- sources fetch" for the real one.)');
    },
  );

program
  .command('refresh')
  .description('Run the scheduled live refresh once (upstreams from $TYPHOON_ZJ_BASE, $TYPHOON_NMC_BASE, …)')
  .action(refreshAndLog);

const sources = program.command('sources').description('Manage the archive sources');
sources
  .command('fetch')
  .description(
    "Download the CMA best track, the Zhejiang per-storm archive, the other agencies' best tracks and the other basins' (HURDAT2, IBTrACS), verify them and install what is new or changed",
  )
  .option('--url <url>', 'CMA archive address (default $TYPHOON_CMA_URL, else the official address)')
  .option('--dest <dir>', 'sources folder to install into', FETCHED_SOURCES_DIR)
  .option('--sha256 <hex>', 'expected SHA-256 of the CMA archive')
  .option('--years <years>', 'zj seasons: 2025, 2020-2025 or 1949,2024-2025; default 1945 to this year')
  .option('--delay <ms>', 'pause after each zj or agency request', '250')
  .option('--agencies <list>', "other agencies' best tracks: all, none, or some of jma,jtwc,hko,ibtracs", 'all')
  .option('--global <list>', 'best tracks of the other basins: all, none, or some of hurdat2,ibtracs', 'all')
  .option('--global-sources <dir>', 'folder to install them into; default $TYPHOON_GLOBAL_SOURCES, else .cache/global-sources')
  .option(
    '--forecasts <years>',
    "seasons of the official forecasts' archived a-decks (NHC's, JTWC's): 2020-2025, 1970,2004 or none; default the five seasons before this year",
  )
  .option('--forecast-decks <dir>', 'folder to install them into; default $TYPHOON_FORECAST_DECKS, else .cache/forecast-decks')
  .option('--force', 'download everything again, changed or not')
  .action(
    async (options: {
      url?: string;
      dest: string;
      sha256?: string;
      years?: string;
      delay: string;
      agencies: string;
      global: string;
      globalSources?: string;
      forecasts?: string;
      forecastDecks?: string;
      force?: boolean;
    }) => {
      const [{ parseAgencyList }, { fetchSources, parseYears }, { parseGlobalList }, { defaultForecastYears }] = await Promise.all([
        import('../src/sources/agencies/fetch-agencies.ts'),
        import('../src/sources/fetch-sources.ts'),
        import('../src/sources/global/fetch-global.ts'),
        import('../src/sources/fetch-forecast-decks.ts'),
      ]);
      const forecastYears =
        options.forecasts === 'none' ? [] : options.forecasts ? parseYears(options.forecasts) : defaultForecastYears(new Date());
      const report = await fetchSources({
        agencies: parseAgencyList(options.agencies),
        global: parseGlobalList(options.global),
        globalDestDir: resolveGlobalSourcesDir(options.globalSources, config().globalSourcesDir),
        forecastYears,
        forecastDestDir: resolveForecastDecksDir(options.forecastDecks, config().forecastDecksDir),
        destDir: options.dest,
        cmaUrl: options.url ?? config().cmaUrl ?? CMA_ARCHIVE_URL,
        zjBase: config().upstreams.zj,
        cmaSha256: options.sha256,
        years: options.years ? parseYears(options.years) : undefined,
        delayMs: Number(options.delay),
        force: options.force,
        log,
      });
      for (const line of report.summary) log(line);
      if (report.zj.failed.length || report.agencies?.failed.length || report.global?.failed.length || report.forecasts?.failed.length)
        process.exitCode = 1;
    },
  );

program
  .command('backfill')
  .description("Pull one season's storms from the Zhejiang service into the sources folder (zj format), resumably")
  .requiredOption('--year <year>', 'season, e.g. 2025')
  .option('--sources <dir>', 'sources folder to write zj/ into; default $TYPHOON_SOURCES, else .cache/sources')
  .option('--delay <ms>', 'pause after each request', '1000')
  .option('--force', 'fetch storms whose file is current too')
  .action(async (options: { year: string; sources?: string; delay: string; force?: boolean }) => {
    const [{ createUpstreamClient }, { fetchZjArchive }, { parseYears, zjSummary }] = await Promise.all([
      import('../src/upstream/client.ts'),
      import('../src/sources/fetch-zj.ts'),
      import('../src/sources/fetch-sources.ts'),
    ]);
    const report = await fetchZjArchive({
      upstreams: { zjBase: config().upstreams.zj, client: createUpstreamClient() },
      destDir: options.sources ?? config().sourcesDir ?? FETCHED_SOURCES_DIR,
      years: parseYears(options.year),
      delayMs: Number(options.delay),
      force: options.force,
      log,
    });
    log(zjSummary(report));
    if (report.failed.length) process.exitCode = 1;
  });

program
  .command('dump')
  .description(
    'Write the offline dump (zip: storms JSON, points CSV and JSON Lines, the archive of every basin, GeoJSON, manifest, SHA256SUMS) to public/dump/',
  )
  .option('--sources <dir>', 'archive sources folder; default as for build')
  .option('--agencies <dir>', "other agencies' best tracks; default as for build")
  .option('--global-sources <dir>', "other basins' best tracks; default as for build")
  .option('--out <dir>', 'output folder', path.join(PUBLIC_DIR, 'dump'))
  .action(async (options: { sources?: string; agencies?: string; globalSources?: string; out: string }) => {
    const { writeDump } = await import('../src/dump/write-dump.ts');
    const report = await writeDump({
      sourcesDir: resolveSources(options.sources, config().sourcesDir).dir,
      agenciesDir: resolveAgenciesDir(options.agencies, config().agenciesDir),
      globalSourcesDir: resolveGlobalSourcesToBuild(options.globalSources, config().globalSourcesDir),
      outDir: options.out,
    });
    log(summarizeGlobalQuality(report.quality, 'global-data-quality.json in the dump'));
    log(
      `Dump: ${report.storms} storms, ${report.records} records of every basin, ${(report.bytes / 1e6).toFixed(1)} MB → ${report.files.join(', ')}`,
    );
  });

program
  .command('fingerprint')
  .description('Print the hash of everything a build reads (sources, content, code): the deploy workflow deploys when it changes')
  .option('--sources <dir>', 'archive sources folder; default as for build')
  .option('--agencies <dir>', "other agencies' best tracks; default as for build")
  .option('--global-sources <dir>', "other basins' best tracks; default as for build")
  .option('--forecast-decks <dir>', "the official forecasts' archived a-decks; default as for build")
  .action(async (options: FolderOptions & { sources?: string }) =>
    log(await inputFingerprint(foldersToBuild(resolveSources(options.sources, config().sourcesDir).dir, options, config()))),
  );

program
  .command('deploy')
  .description(
    'Deploy public/ and functions/ to Netlify as a draft, run the contract suite against the draft, publish it only if it passes',
  )
  .option('--site <id>', 'Netlify site id (default $NETLIFY_SITE_ID)')
  .option('--netlify <command>', 'how to run the pinned netlify CLI (docs/maintainers/operations.md)', 'netlify')
  .option('--message <text>', 'deploy message', 'typhoon-api deploy')
  .action(async (options: { site?: string; netlify: string; message: string }) => {
    const siteId = options.site ?? config().netlifySiteId;
    if (!siteId) throw new Error('--site or NETLIFY_SITE_ID is required');
    const vitest = path.join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const { deployWithCheck, run } = await import('./deploy.ts');
    const result = await deployWithCheck({
      netlify: options.netlify.split(' '),
      siteId,
      dir: PUBLIC_DIR,
      functions: FUNCTIONS_DIR,
      message: options.message,
      check: (url) =>
        run(
          [process.execPath, vitest, 'run', 'test/contract/contract.test.ts'],
          // biome-ignore lint/style/noProcessEnv: the contract suite runs in a child process with this environment, plus the draft's address.
          { ...process.env, TYPHOON_API_BASE_URL: url },
          true,
        ).then(
          () => true,
          () => false,
        ),
      log,
    });
    if (!result.published) process.exitCode = 1;
  });

program.parseAsync().catch((error: unknown) => {
  console.error(
    withoutCredentials(error instanceof BuildError ? error.message : error instanceof Error ? `Error: ${error.message}` : String(error)),
  );
  // Exit now: a server or mock upstream started before the failure would keep the process alive.
  process.exit(1);
});
