/**
 * The command line: `build`, `serve`, `sources fetch`, `backfill` and `mock-upstream`. Each command is a straight
 * line of calls into the modules that do the work.
 */
import path from 'node:path';
import { Command } from 'commander';
import { writeDump } from '../src/dump/write-dump.ts';
import { FETCHED_SOURCES_DIR, PUBLIC_DIR, resolveSourcesDir } from '../src/config.ts';
import { recordEvents } from '../src/flash/record-events.ts';
import { globalUpstreamsFromEnv, refreshGlobal } from '../src/global/refresh-global.ts';
import { backfillYear } from '../src/live/backfill.ts';
import { mockUpstreamEnv, startMockUpstream } from '../src/live/mock-upstream.ts';
import { refreshLive, upstreamsFromEnv } from '../src/live/refresh.ts';
import { readSnapshot } from '../src/live/snapshot.ts';
import { liveStore } from '../src/live/store.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { CMA_ARCHIVE_URL, fetchCmaBestTrack } from '../src/sources/fetch-cma.ts';
import { BuildError, buildSite } from './build-site.ts';

const program = new Command()
  .name('typhoon-api')
  .description('Builds and serves the typhoon API (static JSON + Netlify functions).')
  .showHelpAfterError();

const log = (line: string) => console.log(line);

/** Codes of the storms in the current live snapshot: the build gives them no static file. */
async function activeCodes(): Promise<Set<string>> {
  const snapshot = await readSnapshot(liveStore());
  return new Set(snapshot?.typhoons.map((t) => t.code) ?? []);
}

async function refreshAndLog(): Promise<void> {
  const [result, global] = await Promise.all([refreshLive(upstreamsFromEnv(), liveStore()), refreshGlobal(globalUpstreamsFromEnv(), liveStore())]);
  log(result.ok ? `Live: ${result.typhoons} active storm(s) from ${result.source}` : `Live refresh failed, keeping the last good snapshot: ${result.errors.join(' | ')}`);
  const flash = await recordEvents(liveStore());
  log(`Flash news: ${flash.length} new item(s)`);
  log(`Global: NHC ${global.nhc.ok ? `${global.nhc.cyclones} cyclone(s)` : `failed (${global.nhc.error})`}, JTWC ${global.jtwc.ok ? `${global.jtwc.cyclones} cyclone(s)` : `failed (${global.jtwc.error})`}`);
}

program
  .command('build')
  .description('Render every static answer into public/ (skipped when nothing changed)')
  .option('--sources <dir>', 'archive sources folder (cma-bst/, zj/); default $TYPHOON_SOURCES')
  .option('--public <dir>', 'output folder', PUBLIC_DIR)
  .option('--live', 'refresh the live snapshot first (upstreams from $TYPHOON_ZJ_BASE, $TYPHOON_NMC_BASE)')
  .option('--force', 'rebuild even when nothing changed')
  .option('--dry-run', 'render and validate, write nothing')
  .action(async (options: { sources?: string; public: string; live?: boolean; force?: boolean; dryRun?: boolean }) => {
    if (options.live) await refreshAndLog();
    const report = await buildSite({
      sourcesDir: resolveSourcesDir(options.sources),
      publicDir: options.public,
      activeCodes: await activeCodes(),
      force: options.force,
      dryRun: options.dryRun,
      log,
    });
    log(`${report.skipped ? 'Up to date' : 'Built'}: ${report.storms} storms, ${report.files} files, ${(report.bytes / 1e6).toFixed(1)} MB in ${(report.milliseconds / 1000).toFixed(2)} s`);
  });

program
  .command('serve')
  .description('Build when needed, then serve public/ and the functions like Netlify does')
  .option('--sources <dir>', 'archive sources folder; default $TYPHOON_SOURCES')
  .option('--port <port>', 'port to listen on', process.env.PORT ?? '8888')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--live', 'run the scheduled live refresh against the real upstreams')
  .option('--mock-upstream', 'run the scheduled live refresh against a local mock upstream (offline demo)')
  .action(async (options: { sources?: string; port: string; host: string; live?: boolean; mockUpstream?: boolean }) => {
    if (options.mockUpstream) {
      const mock = await startMockUpstream();
      Object.assign(process.env, mockUpstreamEnv(mock));
      log(`Mock upstream on ${mock.url} (faults: POST ${mock.url}/__mock/fault?service=zj&fault=timeout)`);
      await refreshAndLog();
    }
    await buildSite({ sourcesDir: resolveSourcesDir(options.sources), publicDir: PUBLIC_DIR, activeCodes: await activeCodes(), log });
    const schedules = Boolean(options.live || options.mockUpstream);
    const server = await startLocalServer({ publicDir: PUBLIC_DIR, port: Number(options.port), host: options.host, schedules, log });
    log(`Typhoon API on ${server.url} (try ${server.url}/api/v1/history/years)${schedules ? '; live refresh every 15 minutes' : ''}`);
  });

const sources = program.command('sources').description('Manage the archive sources');
sources
  .command('fetch')
  .description('Download the CMA best track from its official address, verify it and install it')
  .option('--url <url>', 'archive address (env TYPHOON_CMA_URL)', process.env.TYPHOON_CMA_URL ?? CMA_ARCHIVE_URL)
  .option('--dest <dir>', 'sources folder to install into', FETCHED_SOURCES_DIR)
  .option('--sha256 <hex>', 'expected SHA-256 of the archive')
  .action(async (options: { url: string; dest: string; sha256?: string }) => {
    await fetchCmaBestTrack({ url: options.url, destDir: options.dest, sha256: options.sha256, log });
  });

program
  .command('backfill')
  .description("Pull a season's storms from the Zhejiang service into the sources folder (zj format), resumably")
  .requiredOption('--year <year>', 'season, e.g. 2025')
  .option('--sources <dir>', 'sources folder to write zj/ into; default $TYPHOON_SOURCES')
  .option('--delay <ms>', 'pause between storms', '1000')
  .option('--force', 'fetch storms whose file exists too')
  .action(async (options: { year: string; sources?: string; delay: string; force?: boolean }) => {
    const report = await backfillYear({
      upstreams: upstreamsFromEnv(),
      year: Number(options.year),
      sourcesDir: resolveSourcesDir(options.sources),
      delayMs: Number(options.delay),
      force: options.force,
      log,
    });
    log(`Backfill ${options.year}: ${report.written.length} written, ${report.skipped.length} skipped, ${report.failed.length} failed`);
    if (report.failed.length) process.exitCode = 1;
  });

program
  .command('dump')
  .description('Write the offline dump (zip: storms JSON, points CSV and JSON Lines, GeoJSON, manifest, SHA256SUMS) to public/dump/')
  .option('--sources <dir>', 'archive sources folder; default $TYPHOON_SOURCES')
  .option('--out <dir>', 'output folder', path.join(PUBLIC_DIR, 'dump'))
  .action(async (options: { sources?: string; out: string }) => {
    const report = await writeDump({ sourcesDir: resolveSourcesDir(options.sources), outDir: options.out });
    log(`Dump: ${report.storms} storms, ${(report.bytes / 1e6).toFixed(1)} MB → ${report.files.join(', ')}`);
  });

program
  .command('mock-upstream')
  .description('Run the mock upstream alone (point TYPHOON_ZJ_BASE / TYPHOON_NMC_BASE at it)')
  .option('--port <port>', 'port to listen on', '8890')
  .action(async (options: { port: string }) => {
    const mock = await startMockUpstream({ port: Number(options.port) });
    log(`Mock upstream on ${mock.url}: ${Object.entries(mockUpstreamEnv(mock)).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof BuildError ? error.message : error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 1;
});
