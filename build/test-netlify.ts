/**
 * `npm run test:netlify`: the proof on Netlify's own tools (docs/maintainers/operations.md).
 *
 * 1. Installs the pinned netlify-cli 26 and zip-it-and-ship-it 14 outside the lockfile (.cache/netlify-tools,
 *    or NETLIFY_TOOLS_DIR).
 * 2. Builds public/ from the configured sources (as `npm run build`).
 * 3. Bundles every function as a deploy does and calls each bundle once (test/netlify/).
 * 4. Serves the built site with `netlify serve --offline` and runs the contract suite against it
 *    (TYPHOON_API_BASE_URL), with TYPHOON_TARGET=netlify-cli for the few differences that are the CLI's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { readConfig } from '../src/config/env.ts';
import { CACHE_DIR, FUNCTIONS_DIR, PROJECT_ROOT, PUBLIC_DIR, resolveGlobalSourcesToBuild, resolveSources } from '../src/config/paths.ts';
import { CLOSED_UPSTREAMS, ensureNetlifyTools, netlifyBin } from './netlify-tools.ts';
import { buildSite } from './build-site.ts';
import { writeFunctions } from './write-functions.ts';
import { run } from './deploy.ts';

const log = (line: string) => console.log(line);
const vitest = path.join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const READY_TIMEOUT_MS = 300_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForReady(url: string, child: ChildProcess): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (child.exitCode !== null) throw new Error(`netlify serve exited with ${child.exitCode} before it was ready`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`netlify serve was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

async function main(): Promise<void> {
  const config = readConfig();
  const tools = ensureNetlifyTools(config.netlifyToolsDir ?? path.join(CACHE_DIR, 'netlify-tools'), log);
  // biome-ignore lint/style/noProcessEnv: the bundle test and `netlify serve` run as child processes with this environment.
  const env = { ...process.env, NETLIFY_TOOLS_DIR: tools };

  await writeFunctions(FUNCTIONS_DIR);
  await buildSite({
    sourcesDir: resolveSources(undefined, config.sourcesDir).dir,
    globalSourcesDir: resolveGlobalSourcesToBuild(undefined, config.globalSourcesDir),
    publicDir: PUBLIC_DIR,
    log,
  });
  log('Bundling every function with zip-it-and-ship-it and calling each bundle …');
  await run([process.execPath, vitest, 'run', '--config', 'test/netlify/vitest.config.ts'], env, true);

  const port = await freePort();
  log(`Starting netlify serve --offline on port ${port} (it runs the build command and bundles the functions itself) …`);
  // --internal-disable-edge-functions: without it the CLI downloads Deno at the first request, even with no edge
  // functions, and stops when it cannot (offline). The site has none.
  const serve = spawn(
    process.execPath,
    [netlifyBin(tools), 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(port)],
    {
      cwd: PROJECT_ROOT,
      env: { ...env, ...CLOSED_UPSTREAMS, BROWSER: 'none', NETLIFY_SITE_ID: '', CI: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  const base = `http://localhost:${port}`;
  try {
    await waitForReady(`${base}/api/v1/history/years`, serve);
    log(`netlify serve is ready at ${base}: running the contract suite against it`);
    await run(
      [process.execPath, vitest, 'run', 'test/contract/contract.test.ts'],
      { ...env, TYPHOON_API_BASE_URL: base, TYPHOON_TARGET: 'netlify-cli' },
      true,
    );
  } finally {
    if (serve.pid) process.kill(-serve.pid, 'SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
