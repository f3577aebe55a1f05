/**
 * The command line: `build`, `serve` and `sources fetch`. Each command is a straight line of calls into
 * the modules that do the work.
 */
import { Command } from 'commander';
import { FETCHED_SOURCES_DIR, PUBLIC_DIR, resolveSourcesDir } from '../src/config.ts';
import { CMA_ARCHIVE_URL, fetchCmaBestTrack } from '../src/sources/fetch-cma.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { BuildError, buildSite } from './build-site.ts';

const program = new Command()
  .name('typhoon-api')
  .description('Builds and serves the typhoon API (static JSON + Netlify functions).')
  .showHelpAfterError();

const log = (line: string) => console.log(line);

program
  .command('build')
  .description('Render every static answer into public/ (skipped when nothing changed)')
  .option('--sources <dir>', 'archive sources folder (cma-bst/, zj/); default $TYPHOON_SOURCES')
  .option('--public <dir>', 'output folder', PUBLIC_DIR)
  .option('--force', 'rebuild even when nothing changed')
  .option('--dry-run', 'render and validate, write nothing')
  .action(async (options: { sources?: string; public: string; force?: boolean; dryRun?: boolean }) => {
    const report = await buildSite({
      sourcesDir: resolveSourcesDir(options.sources),
      publicDir: options.public,
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
  .action(async (options: { sources?: string; port: string; host: string }) => {
    await buildSite({ sourcesDir: resolveSourcesDir(options.sources), publicDir: PUBLIC_DIR, log });
    const server = await startLocalServer({ publicDir: PUBLIC_DIR, port: Number(options.port), host: options.host });
    log(`Typhoon API on ${server.url} (try ${server.url}/api/v1/history/years)`);
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

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof BuildError ? error.message : error instanceof Error ? `Error: ${error.message}` : error);
  process.exitCode = 1;
});
