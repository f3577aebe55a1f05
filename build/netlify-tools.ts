/**
 * Netlify's own tools, pinned and installed outside the project's lockfile (docs/maintainers/operations.md#npm-run-testnetlify):
 * netlify-cli 26 (the newest that runs on Node 20) and its bundler, zip-it-and-ship-it 14. `npm run test:netlify`
 * installs them into .cache/netlify-tools (or uses NETLIFY_TOOLS_DIR) with --ignore-scripts: a plain install runs an
 * image library's script that downloads from outside the npm registry.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fs from 'fs-extra';

export const NETLIFY_CLI = 'netlify-cli@26.2.0';
export const ZISI = '@netlify/zip-it-and-ship-it@14.7.1';

const installed = (dir: string, name: string) => {
  const pkg = path.join(dir, 'node_modules', name, 'package.json');
  return fs.existsSync(pkg) ? (fs.readJsonSync(pkg) as { version: string }).version : null;
};

/** The tools folder, installing the pinned versions when they are not there yet. */
export function ensureNetlifyTools(dir: string, log: (line: string) => void = () => {}): string {
  const wanted: [string, string][] = [NETLIFY_CLI, ZISI].map((spec) => [
    spec.slice(0, spec.lastIndexOf('@')),
    spec.slice(spec.lastIndexOf('@') + 1),
  ]);
  if (wanted.every(([name, version]) => installed(dir, name) === version)) return dir;
  log(`Installing ${NETLIFY_CLI} and ${ZISI} into ${dir} (outside the lockfile, --ignore-scripts) …`);
  fs.mkdirpSync(dir);
  execFileSync('npm', ['install', '--prefix', dir, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', NETLIFY_CLI, ZISI], {
    stdio: 'inherit',
  });
  return dir;
}

export const netlifyBin = (dir: string) => path.join(dir, 'node_modules', 'netlify-cli', 'bin', 'run.js');
export const zisiEntry = (dir: string) => path.join(dir, 'node_modules', '@netlify', 'zip-it-and-ship-it', 'dist', 'main.js');

/** Tests talk only to loopback: under Netlify's tools the functions' upstreams point at a closed local port. */
export const CLOSED_UPSTREAMS: Record<string, string> = Object.fromEntries(
  ['TYPHOON_ZJ_BASE', 'TYPHOON_NMC_BASE', 'TYPHOON_NHC_BASE', 'TYPHOON_NHC_ATCF_BASE', 'TYPHOON_JTWC_BASE'].map((name) => [
    name,
    'http://127.0.0.1:9',
  ]),
);
