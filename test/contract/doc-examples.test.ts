/**
 * Every request example in the README and docs/ is asked of a local server and must answer what the example shows
 * (build/doc-examples.ts: the demo archive, with and without the mock upstream's live data, at a fixed instant). `npm run
 * docs:examples` writes the answers again after a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExampleOutcome,
  type ExampleServers,
  findExamples,
  findScripts,
  readShownAnswer,
  renderTrimmed,
  runExamples,
  runScripts,
  type ScriptOutcome,
  sameAnswer,
  startExampleServers,
} from '../../build/doc-examples.ts';
import { captureLogs } from '../helpers/logs.ts';

/** The servers' logs of the faults the examples show (an upstream that cannot be asked): kept, not printed. */
captureLogs();

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

  it('finds a curl followed by its answer, and nothing else', () => {
    const md = ['```sh', "curl 'http://localhost:8977/api/v1/history/2024'", '```', '', '```jsonc', '// 200', '{}', '```'];
    expect(findExamples('x.md', md.join('\n'))).toMatchObject([{ port: 8977, method: 'GET', target: '/api/v1/history/2024', line: 2 }]);
    expect(findExamples('x.md', md.slice(0, 3).join('\n'))).toEqual([]);
  });

  it('finds the JavaScript that asks an example server, and only that', () => {
    const md = ['```js', "await fetch('http://localhost:8978/api/v1/near?lat=1&lng=2');", '```', '```js', 'const x = 1;', '```'];
    expect(findScripts('x.md', md.join('\n'))).toMatchObject([{ line: 2 }]);
  });
});

describe('the documentation examples against a local server', () => {
  let servers: ExampleServers;
  let outcomes: ExampleOutcome[];
  let scripts: ScriptOutcome[];

  beforeAll(async () => {
    servers = await startExampleServers();
    outcomes = await runExamples(servers);
    scripts = await runScripts(servers);
  }, 180_000);
  afterAll(() => servers?.close());

  it('finds the examples of every endpoint page', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(50);
  });

  it('answers each example as it is shown (npm run docs:examples writes them again)', () => {
    const differing = outcomes
      .filter((o) => !sameAnswer(o.expected, o.actual))
      .map((o) => `${o.example.file}:${o.example.line} ${o.example.method} ${o.example.target}\n${o.expected.join('\n')}`);
    expect(differing).toEqual([]);
  });

  it('runs each JavaScript example without an error, and each logs what it read', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    const failing = scripts.filter((o) => o.error !== null || o.output.length === 0);
    expect(failing.map((o) => `${o.script.file}:${o.script.line}: ${o.error ?? 'logged nothing'}`)).toEqual([]);
  });
});
