/**
 * Every function bundled as a deploy bundles it (zip-it-and-ship-it 14, the bundler of netlify-cli 26 and
 * Netlify's builds), then unpacked and called once in a child process whose working directory is the bundle
 * root, as on Lambda. Each bundle must load on this Node (20 in CI), answer JSON, carry only the code and data it
 * reads (under 5 MB of code, and only the data files its routes declare, plus the archive report every answer names), and keep the routes and methods the route table gives its function.
 * Run by `npm run test:netlify` after a build of public/ (the bundles include generated files).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import fs from 'fs-extra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersJson, ENDPOINTS, fillPath, mediaTypeOf, RESOURCES } from '../../src/api/route-table.ts';
import { DATA_FILES } from '../../src/api/data-files.ts';
import { exampleQuery, PARAMS, type ParamKind } from '../../src/api/params.ts';
import { FUNCTIONS_DIR, PROJECT_ROOT } from '../../src/config/paths.ts';
import { SCHEDULED_FUNCTION } from '../../src/jobs/schedule.ts';
import { CLOSED_UPSTREAMS, zisiEntry } from '../../build/netlify-tools.ts';

const TOOLS = process.env.NETLIFY_TOOLS_DIR;
if (!TOOLS) throw new Error('NETLIFY_TOOLS_DIR is not set: run this through `npm run test:netlify`');
const MAX_UNZIPPED_BYTES = 5_000_000;
/**
 * The scheduled run carries every live parser, the place names' pinyin fallback (pinyin-pro, 1.2 MB), the purge
 * client and, for PAGASA's bulletins, pdf.js (unpdf, 1.6 MB); it answers no request, so its cold start is no one's
 * wait. Measured 6.0 MB on 2026-11-26, 8.26 MB with the warnings on 2026-11-29.
 */
const MAX_SCHEDULED_RUN_CODE_BYTES = 9_000_000;
/** Netlify accepts 50 MB zipped per function; ours stay far below, so a stray folder shows at once. */
const MAX_ZIPPED_BYTES = 2_500_000;
/** The scheduled run, with pdf.js (above): measured 2.74 MB zipped on 2026-11-29. */
const MAX_SCHEDULED_RUN_ZIPPED_BYTES = 3_000_000;

/** The functions the build generated (build/write-functions.ts), by name. */
const FUNCTION_NAMES = fs
  .readdirSync(FUNCTIONS_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

/** The resources a function answers: its own routes and the collection misses it takes. */
const resourcesOf = (name: string) =>
  RESOURCES.filter((r) => (r.servedBy.kind === 'function' && r.servedBy.fn === name) || r.missFn === name);

interface ManifestEntry {
  name: string;
  path: string;
  runtimeVersion: string;
  schedule?: string;
  routes?: { pattern: string; methods: string[] }[];
}

let out = '';
let manifest: ManifestEntry[] = [];

beforeAll(async () => {
  const { zipFunctions } = (await import(pathToFileURL(zisiEntry(TOOLS)).href)) as {
    zipFunctions: (sources: unknown, dest: string, options: unknown) => Promise<unknown>;
  };
  out = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-bundles-'));
  // As @netlify/build calls it for a deploy: the runtime follows the Node of the build.
  await zipFunctions({ user: { directories: [FUNCTIONS_DIR] } }, out, {
    basePath: PROJECT_ROOT,
    repositoryRoot: PROJECT_ROOT,
    config: { '*': { includedFilesBasePath: PROJECT_ROOT, nodeVersion: process.version, zipGo: true } },
    featureFlags: { functionsBundlingManifest: true },
    manifest: path.join(out, 'manifest.json'),
  });
  manifest = (await fs.readJson(path.join(out, 'manifest.json'))).functions as ManifestEntry[];
  // A hang's limit, not a speed check: bundling the 29 functions is all CPU, about 20 s idle, and took over 180 s
  // on this 2-core machine while another suite kept both cores busy (2026-11-29).
}, 900_000);

afterAll(() => fs.remove(out));

/** A request each function answers: the route table's first endpoint for it, with example parameter values. */
function sampleRequest(name: string): { url: string; method: string } {
  if (name === 'api-miss') return { url: 'http://localhost/api/v1/no-such-endpoint', method: 'GET' };
  if (name === 'typhoon-lookup') return { url: 'http://localhost/api/v1/typhoons/209901', method: 'GET' };
  if (name === 'preflight') return { url: 'http://localhost/api/v1/typhoons', method: 'OPTIONS' };
  if (name === 'scheduled-run') return { url: 'http://localhost/.netlify/functions/scheduled-run', method: 'POST' };
  const endpoint = ENDPOINTS.find((e) => e.resource.servedBy.kind === 'function' && e.resource.servedBy.fn === name);
  if (!endpoint) throw new Error(`no endpoint for ${name}`);
  const params = Object.fromEntries(
    Object.entries(endpoint.resource.params).map(([key, kind]) => [
      key,
      endpoint.resource.examples?.[key] ?? PARAMS[kind as ParamKind].example,
    ]),
  );
  return { url: `http://localhost${fillPath(endpoint.path, params)}${exampleQuery(endpoint.resource.query ?? [])}`, method: 'GET' };
}

/** Imports the bundled function in a fresh Node whose cwd is the bundle root and calls it once. */
function invoke(
  root: string,
  module: string,
  request: { url: string; method: string },
): Promise<{ status: number | null; type: string | null; error?: string }> {
  const script = `
    const mod = await import(${JSON.stringify(pathToFileURL(path.join(root, module)).href)});
    const req = new Request(${JSON.stringify(request.url)}, { method: ${JSON.stringify(request.method)} });
    const res = await mod.default(req, { params: {}, geo: {}, site: {}, deploy: { context: 'production' }, waitUntil() {} });
    console.log('@@' + JSON.stringify(res instanceof Response ? { status: res.status, type: res.headers.get('content-type') } : { status: null, type: null }));
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      // The live store inside the bundle root: its default, .cache/live beside the project root, is here the parent
      // of the root (the temporary folder), shared with every other run on the machine.
      env: { PATH: process.env.PATH ?? '', HOME: root, TYPHOON_LIVE_DIR: path.join(root, '.cache', 'live'), ...CLOSED_UPSTREAMS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', () => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('@@'));
      resolve(line ? JSON.parse(line.slice(2)) : { status: null, type: null, error: stderr.slice(-800) || 'no answer' });
    });
  });
}

describe('function bundles (zip-it-and-ship-it 14)', () => {
  it('bundles every function', () => {
    expect(manifest.map((f) => f.name).sort()).toEqual([...FUNCTION_NAMES].sort());
  });

  it('keeps the paths and methods of the route table (HEAD declared beside GET)', () => {
    for (const fn of manifest.filter((f) => f.routes?.length)) {
      const expected = ENDPOINTS.filter((e) => e.resource.servedBy.kind === 'function' && e.resource.servedBy.fn === fn.name).map(
        (e) => e.path,
      );
      const patterns = fn.routes?.map((r) => r.pattern) ?? [];
      if (fn.name === 'preflight')
        expect(fn.routes?.map((r) => [r.pattern, r.methods])).toEqual([
          ['/api/*', ['OPTIONS']],
          ['/feeds/*', ['OPTIONS']],
        ]);
      else {
        expect(patterns.sort(), fn.name).toEqual(expected.sort());
        for (const route of fn.routes ?? []) expect(route.methods.sort(), fn.name).toEqual(['GET', 'HEAD']);
      }
    }
    expect(manifest.find((f) => f.name === 'scheduled-run')?.schedule).toBe('* * * * *');
  });

  it(`runs on the build's Node (${process.version.split('.')[0]}), stated in every bundle's manifest entry`, () => {
    for (const fn of manifest) expect(fn.runtimeVersion, fn.name).toBe(`nodejs${process.versions.node.split('.')[0]}.x`);
  });

  it('carries only what each function reads: under 5 MB of code (the scheduled run 9) and 2.5 MB zipped each (the scheduled run 3), only its declared data files', () => {
    let zipped = 0;
    for (const fn of manifest) {
      const bytes = fs.readFileSync(fn.path);
      zipped += bytes.length;
      const zippedBudget = fn.name === SCHEDULED_FUNCTION.name ? MAX_SCHEDULED_RUN_ZIPPED_BYTES : MAX_ZIPPED_BYTES;
      expect(bytes.length, `${fn.name}: ${(bytes.length / 1e6).toFixed(2)} MB zipped`).toBeLessThan(zippedBudget);
      const files = Object.entries(unzipSync(bytes)).filter(([file]) => !file.endsWith('/'));
      // Generated data sits under public/ at its path there; everything else is code (and node_modules).
      const data = files.filter(([file]) => file.startsWith('public/'));
      const code = files.filter(([file]) => !file.startsWith('public/')).reduce((n, [, content]) => n + content.length, 0);
      const codeBudget = fn.name === SCHEDULED_FUNCTION.name ? MAX_SCHEDULED_RUN_CODE_BYTES : MAX_UNZIPPED_BYTES;
      expect(code, `${fn.name}: ${(code / 1e6).toFixed(2)} MB of code`).toBeLessThan(codeBudget);
      // Its routes' reads, and the archive report every function reads (each answer names its dataset).
      const declared = [DATA_FILES.archiveReport, ...resourcesOf(fn.name).flatMap((r) => r.reads ?? [])].map(
        ({ id }) => new RegExp(`^public/${id.replace(/[.]/g, '\\.').replace('*', '[^/]+')}$`),
      );
      for (const [file] of data)
        expect(
          declared.some((pattern) => pattern.test(file)),
          `${fn.name} bundles ${file}`,
        ).toBe(true);
      const dataBytes = data.reduce((n, [, content]) => n + content.length, 0);
      expect(dataBytes, `${fn.name}: ${(dataBytes / 1e6).toFixed(2)} MB of data`).toBeLessThan(MAX_UNZIPPED_BYTES);
    }
    console.log(`${manifest.length} bundles, ${(zipped / 1e6).toFixed(1)} MB zipped in all`);
  });

  it.each([...FUNCTION_NAMES])(
    '%s loads from its bundle root and answers',
    async (name) => {
      const fn = manifest.find((f) => f.name === name) as ManifestEntry;
      const root = await fs.mkdtemp(path.join(os.tmpdir(), `typhoon-bundle-${name}-`));
      try {
        for (const [file, bytes] of Object.entries(unzipSync(await fs.readFile(fn.path))))
          if (!file.endsWith('/')) await fs.outputFile(path.join(root, file), bytes);
        const entry = await fs.readFile(path.join(root, '___netlify-entry-point.mjs'), 'utf8');
        const module = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
        expect(module, 'the entry point names the function module').toBeTruthy();
        const answer = await invoke(root, module as string, sampleRequest(name));
        expect(answer.error, name).toBeUndefined();
        if (name === 'scheduled-run') return expect(answer.status).toBe(204);
        // JSON, but a feed's own media type (its sample is the first route of flash-feed: the RSS feed).
        const feed = ENDPOINTS.find(
          (e) => e.resource.servedBy.kind === 'function' && e.resource.servedBy.fn === name && !answersJson(e.resource),
        );
        if (feed) expect(answer.type).toBe(mediaTypeOf(feed.resource));
        else expect(answer.type).toMatch(/^application\/json/);
        // Found, or a JSON error from the function itself (no upstream here: the lookup says it could not ask).
        const expected: Record<string, number> = { 'api-miss': 404, 'typhoon-lookup': 503, 'flash-item': 404, 'global-typhoon': 404 };
        expect(answer.status).toBe(expected[name] ?? 200);
      } finally {
        await fs.remove(root);
      }
    },
    30_000,
  );
});
