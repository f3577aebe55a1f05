/**
 * Every example in the README, docs/ and the client's README is run against local servers and must give what it
 * shows (build/doc-examples.ts: the demo archive, with and without the mock upstream's live data, at a fixed
 * instant): shell blocks with the real curl and jq, JavaScript in-process, the client's TypeScript compiled with
 * `tsc --strict` and run in an empty app outside the repository that installed the packed client offline.
 * `npm run docs:examples` writes the outputs again after a change. The packed client's build (`tsc -p
 * clients/typescript`, run by its `prepare`) is checked here too: ESM with declarations that load and make a client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExampleServers,
  type FoundExamples,
  findExamples,
  type Outcome,
  packedClientApp,
  runExamples,
  startExampleServers,
} from '../../build/doc-examples.ts';
import { rewriteText, textMatches } from '../../build/shown-text.ts';
import { readShownAnswer, renderTrimmed } from '../../build/trimmed-json.ts';
import { captureLogs } from '../helpers/logs.ts';

/** The servers' logs of the faults the examples show (an upstream that cannot be asked): kept, not printed. */
captureLogs();

/** The blocks that call the API and are not run, each with its reason: a new one is a change to review. */
const NOT_RUN = [
  'docs/api/client.md: openapi-generator downloads its jar from Maven at run time, which this machine cannot reach; no Kotlin or Swift toolchain here',
  'docs/api/conventions.md: asks the production site; the same generator runs on the served document in test/unit/openapi.test.ts and test/contract/typed-client.test.ts',
  'docs/api/quickstart.md: a page for a browser that loads Leaflet and OpenStreetMap tiles from the internet; its one request is the GeoJSON example of docs/api/endpoints-archive.md',
  'docs/maintainers/live-data.md: the mock upstream is on a port it prints when it starts; its fault switches are tested in test/unit/live-refresh.test.ts',
];

describe('the trimming rules', () => {
  const block = [
    '// 200',
    '{',
    '  "list": [',
    '    { "a": 1, "b": "a long string" },',
    '    // … 2 more (3 in all)',
    '  ],',
    '  "name": "abc…"',
    '  // … left out here: extra',
    '}',
  ];
  const shown = readShownAnswer(block);

  it('reads the status, the items shown, cut strings and fields left out', () => {
    expect(shown.status).toBe(200);
    expect(renderTrimmed({ list: [{ a: 1, b: 'a long string' }, { a: 2 }, { a: 3 }], name: 'abcdef', extra: true }, shown.shape)).toBe(
      block.slice(1).join('\n'),
    );
  });

  it('lists a field the answer gained as left out, and counts the items again', () => {
    const text = renderTrimmed({ list: [{ a: 1, b: 'x' }], name: 'abcdef', extra: 1, added: 2 }, shown.shape);
    expect(text).toContain('// … left out here: extra, added');
    expect(text).not.toContain('more');
  });

  it('matches text with lines and characters cut by …, and writes a changed one again keeping its cuts', () => {
    const shownText = [
      'HTTP/1.1 400 Bad Request',
      'content-type: application/json',
      '…',
      '',
      '{"code":40001,"msg":"year …","data":null,"ts":1}',
    ];
    const actual = [
      'HTTP/1.1 400 Bad Request',
      'content-type: application/json',
      'x-a: 1',
      'x-b: 2',
      '',
      '{"code":40001,"msg":"year 24","data":null,"ts":5}',
    ];
    expect(textMatches(shownText, actual)).toBe(true);
    expect(textMatches(shownText, actual.slice(1))).toBe(false);
    const changed = [
      'HTTP/1.1 404 Not Found',
      'content-type: application/json',
      'x-a: 1',
      '',
      '{"code":40400,"msg":"none","data":null,"ts":5}',
    ];
    expect(rewriteText(shownText, changed)).toEqual([
      'HTTP/1.1 404 Not Found',
      'content-type: application/json',
      '…',
      '',
      '{"code":40400,"msg":"none","data":null,"ts":1}',
    ]);
    expect(textMatches(['<a>', '<!-- … -->', '</a>'], ['<a>', '<b/>', '<b/>', '</a>'])).toBe(true);
  });

  it('finds shell, JavaScript and client examples, the blocks marked not run, and the blocks that call the API otherwise', () => {
    const md = [
      '```sh',
      "curl -s 'http://localhost:8977/api/v1/history/2024' | jq .code",
      '```',
      '',
      '```json',
      '0',
      '```',
      '```js',
      "await fetch('http://localhost:8978/api/v1/near?lat=1&lng=2');",
      '```',
      '<!-- example: not run (no reason at all) -->',
      '```sh',
      'curl https://typhoon-api.netlify.app/api/v1/typhoons',
      '```',
      '```sh',
      'curl https://typhoon-api.netlify.app/api/v1/typhoons',
      '```',
      '```js',
      'const x = 1;',
      '```',
    ];
    const found = findExamples('x.md', md.join('\n'));
    expect(found.shell).toMatchObject([{ line: 2, output: { lang: 'json', range: [5, 6] } }]);
    expect(found.scripts).toMatchObject([{ line: 9 }]);
    expect(found.notRun).toMatchObject([{ line: 13, reason: 'no reason at all' }]);
    expect(found.cannotRun).toMatchObject([{ line: 16 }]);
  });
});

describe('the documentation examples against local servers', () => {
  let servers: ExampleServers;
  let app: Awaited<ReturnType<typeof packedClientApp>>;
  let outcomes: Outcome[];
  let found: FoundExamples;

  beforeAll(async () => {
    [servers, app] = await Promise.all([startExampleServers(), packedClientApp()]);
    ({ outcomes, found } = await runExamples(servers, app.dir));
  }, 240_000);
  afterAll(() => Promise.all([servers?.close(), app?.remove()]));

  const failing = (kind: Outcome['kind']) =>
    outcomes.filter((o) => o.kind === kind && o.problem !== null).map((o) => `${o.file}:${o.line} ${o.problem}`);

  it('finds the examples of every page: shell, JavaScript, the client README', () => {
    expect(found.shell.length).toBeGreaterThanOrEqual(60);
    expect(found.scripts.length).toBeGreaterThanOrEqual(6);
    expect(found.client.length).toBeGreaterThanOrEqual(6);
    expect(found.shell.filter((e) => /\| jq /.test(e.source)).length).toBeGreaterThanOrEqual(1);
    expect(found.shell.filter((e) => e.output?.lang === 'text').length).toBeGreaterThanOrEqual(2);
    expect(found.shell.filter((e) => e.output?.lang === 'xml').length).toBeGreaterThanOrEqual(2);
  });

  it('answers each shell example (curl, jq, headers, XML) as it is shown (npm run docs:examples writes them again)', () => {
    expect(failing('shell')).toEqual([]);
  });

  it('runs each JavaScript example without an error, each logs, and each log a line shows is that text', () => {
    expect(failing('script')).toEqual([]);
  });

  it("compiles the client README's examples with tsc --strict in an app with the packed client, and each prints what it shows", () => {
    expect(failing('client')).toEqual([]);
  });

  // The packed client's dist/ is `tsc -p clients/typescript`'s output (its `prepare`): checked here, where it is built
  // anyway, rather than compiled a second time.
  it('packs the client that `tsc -p clients/typescript` builds: ESM with declarations that load and make a client', async () => {
    const dist = path.join(app.dir, 'node_modules', 'typhoon-api-client', 'dist');
    const modules = ['envelope', 'index', 'paging', 'revalidation', 'schema'];
    expect(fs.readdirSync(dist).sort()).toEqual(modules.flatMap((m) => [`${m}.d.ts`, `${m}.js`]));
    expect(fs.readFileSync(path.join(dist, 'schema.d.ts'), 'utf8')).toContain('"/api/v1/typhoons/{code}"');
    // Loaded from the app that installed it: `openapi-fetch` resolves from the app's node_modules, as in any app.
    const client = await import(path.join(dist, 'index.js'));
    expect(client.FEED_PATHS).toEqual(['/feeds/flash.xml', '/feeds/flash.atom']);
    expect(typeof client.createTyphoonClient({ baseUrl: 'http://127.0.0.1:9/' }).GET).toBe('function');
  });

  it('runs every block that calls the API, or says on the line before it why it is not run', () => {
    expect(found.cannotRun.map((b) => `${b.file}:${b.line} ${b.why}`)).toEqual([]);
    expect(found.notRun.map((b) => `${b.file}: ${b.reason}`).sort()).toEqual(NOT_RUN);
  });
});
