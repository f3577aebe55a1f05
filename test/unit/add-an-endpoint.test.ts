/**
 * docs/maintainers/architecture.md's walkthrough holds: an endpoint added in three files, as the walkthrough writes them, is
 * served in both families, described in OpenAPI, given a function, and listed in the docs' generated tables, with
 * no other file touched. The blocks the walkthrough marks (`<!-- walkthrough: <file> [imports|routes] -->`) are
 * applied to a copy of the project, which a child process then builds (the demo archive) and asks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/config/paths.ts';

/** What the project is made of, as far as building and serving it goes (node_modules is linked, not copied). */
const COPIED = [
  'src',
  'build',
  'content',
  'static',
  'demo',
  'docs',
  'README.md',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'biome.json',
  '.gitignore',
];

interface Change {
  file: string;
  /** Where in the file: the whole file, after its imports, or at the end of ROUTES. */
  place: 'file' | 'imports' | 'routes';
  code: string;
}

/** The walkthrough's marked blocks. */
function walkthrough(): Change[] {
  const text = fs.readFileSync(path.join(PROJECT_ROOT, 'docs', 'maintainers', 'architecture.md'), 'utf8');
  return [...text.matchAll(/<!-- walkthrough: (\S+)(?: (imports|routes))? -->\n```ts\n([\s\S]*?)\n```/g)].map(([, file, place, code]) => ({
    file: file as string,
    place: (place ?? 'file') as Change['place'],
    code: `${code}\n`,
  }));
}

function apply(root: string, { file, place, code }: Change): void {
  const target = path.join(root, file);
  if (place === 'file') {
    if (fs.existsSync(target)) throw new Error(`${file} exists: the walkthrough adds it`);
    fs.writeFileSync(target, code);
    return;
  }
  const text = fs.readFileSync(target, 'utf8');
  if (place === 'imports') {
    const end = text.lastIndexOf('\nimport ');
    const at = text.indexOf(';\n', end) + 2;
    fs.writeFileSync(target, text.slice(0, at) + code + text.slice(at));
    return;
  }
  const start = text.indexOf('export const ROUTES = defineRoutes({');
  const close = text.indexOf('\n});\n', start) + 1;
  fs.writeFileSync(target, text.slice(0, close) + code + text.slice(close));
}

/** Run in the copy: build the demo archive, ask the new endpoint in both families, render OpenAPI, the functions and the docs. */
const PROBE = `
import fs from 'node:fs';
import path from 'node:path';
import { buildSite } from './build/build-site.ts';
import { withTables } from './build/docs-tables.ts';
import { functionFiles } from './build/write-functions.ts';
import { loadBindings } from './src/api/handler-modules.ts';
import { renderOpenApi } from './src/api/openapi.ts';
import { serveFunction } from './src/api/serve.ts';
import { readConfig } from './src/config/env.ts';
import { DEMO_SOURCES_DIR } from './src/config/paths.ts';

const scratch = process.argv[2];
const publicDir = path.join(scratch, 'public');
await buildSite({ sourcesDir: DEMO_SOURCES_DIR, publicDir, force: true });
const { requests } = await loadBindings();
const config = { ...readConfig({}), publicDir, store: { kind: 'files', dir: path.join(scratch, 'live') } } as const;
const serve = serveFunction(requests.filter((b) => b.binding.fn === 'history-landfalls').map((b) => b.binding), config);
const answers = {};
for (const p of ['/api/history/2024/landfalls', '/api/v1/history/2024/landfalls', '/api/v1/history/1900/landfalls', '/api/history/24/landfalls']) {
  const response = await serve(new Request('http://localhost' + p));
  answers[p] = { status: response.status, body: await response.json() };
}
const doc = renderOpenApi();
const fn = (await functionFiles()).get('history-landfalls.ts') ?? null;
const docs = Object.fromEntries(
  ['docs/api/endpoints.md', 'docs/api/endpoints-archive.md'].map((file) => [file, withTables(fs.readFileSync(file, 'utf8'), file)]),
);
fs.writeFileSync(path.join(scratch, 'probe.json'), JSON.stringify({ answers, paths: Object.keys(doc.paths), fn, docs }));
`;

interface Probe {
  answers: Record<string, { status: number; body: Record<string, unknown> & { data?: Record<string, unknown> } }>;
  paths: string[];
  fn: string | null;
  docs: Record<string, string>;
}

let root: string;
let probe: Probe;
let touched: string[];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-walkthrough-'));
  for (const entry of COPIED) fs.cpSync(path.join(PROJECT_ROOT, entry), path.join(root, entry), { recursive: true });
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const changes = walkthrough();
  for (const change of changes) apply(root, change);
  touched = [...new Set(changes.map((c) => c.file))].sort();
  fs.writeFileSync(path.join(root, 'probe.ts'), PROBE);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'typhoon-walkthrough-out-'));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'probe.ts', scratch], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the copy with the walkthrough's endpoint failed:\n${run.stderr}`);
  probe = JSON.parse(fs.readFileSync(path.join(scratch, 'probe.json'), 'utf8')) as Probe;
  fs.rmSync(scratch, { recursive: true, force: true });
}, 120_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the walkthrough's endpoint", () => {
  it('is three files: a schema, the entry (with its import) and a handler, formatted and linted as the project is', () => {
    expect(touched).toEqual(['src/api/handlers/history-landfalls.ts', 'src/api/route-table.ts', 'src/model/year-landfalls-schemas.ts']);
    const biome = spawnSync(path.join(root, 'node_modules', '.bin', 'biome'), ['check', ...touched], { cwd: root, encoding: 'utf8' });
    expect(biome.status, biome.stdout + biome.stderr).toBe(0);
  });

  it("is answered in both families, with the route table's 40001 and 40401 in each", () => {
    const { answers } = probe;
    const web = answers['/api/history/2024/landfalls'];
    const v1 = answers['/api/v1/history/2024/landfalls'];
    expect(web?.status).toBe(200);
    expect(web?.body).toMatchObject({ year: 2024, typhoons: expect.arrayContaining([expect.objectContaining({ code: '202411' })]) });
    expect(v1?.status).toBe(200);
    expect(v1?.body).toMatchObject({ code: 0, data: { list: web?.body.typhoons, total: web?.body.total, year: 2024 } });
    expect(answers['/api/v1/history/1900/landfalls']?.body).toMatchObject({
      code: 40401,
      msg: 'No archived storms for year 1900; /api/v1/history/years lists the years the archive covers.',
    });
    expect(answers['/api/history/24/landfalls']?.body).toMatchObject({ error: { code: 40001 } });
  });

  it('has its function and is described in OpenAPI', () => {
    expect(probe.fn).toContain("path: [\n    '/api/history/:year/landfalls',\n    '/api/v1/history/:year/landfalls'\n  ]");
    expect(probe.fn).toContain("'../public/api/_data/archive-summaries.json'");
    expect(probe.paths).toEqual(expect.arrayContaining(['/api/history/{year}/landfalls', '/api/v1/history/{year}/landfalls']));
  });

  it("is listed in the docs' generated tables, its parameter in the section its entry names", () => {
    expect(probe.docs['docs/api/endpoints.md']).toContain('[`/api/history/{year}/landfalls`](endpoints-archive.md#one-year)');
    expect(probe.docs['docs/api/endpoints-archive.md']).toContain('| `year` | path | Four-digit year; the archive starts in 1945 |');
  });
});
