/**
 * The documentation's request examples, run for real. An example is a ```sh block holding one `curl` of
 * `http://localhost:8977/…` (the demo archive, no live data) or `http://localhost:8978/…` (the demo archive with
 * live data from the mock upstream), followed by a ```jsonc block: the answer, trimmed by the rules the docs
 * state (arrays cut with `// … n more (m in all)`, fields left out with `// … left out here: a, b`, long strings
 * cut with `…`), after a `// <status>` line and optional `// Header: value` lines.
 *
 * A ```js block that names one of those addresses is a JavaScript example: it is run as the body of an async
 * function against the same servers and must not throw.
 *
 * `npm run docs:examples` asks the two servers every example and writes each answer again, keeping each example's
 * trimming (the fields shown, how many items, where a string is cut) and listing fields the answer has gained as
 * left out; `--check` (and test/contract/doc-examples.test.ts) fails on any example whose answer differs.
 */
import os from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import fs from 'fs-extra';
import { readConfig, type UpstreamAddresses } from '../src/config/env.ts';
import { DEMO_SOURCES_DIR, PROJECT_ROOT } from '../src/config/paths.ts';
import { MOCK_NOW, startMockUpstream } from '../src/demo/mock-upstream.ts';
import { startLocalServer } from '../src/server/local-server.ts';
import { fileStore } from '../src/store/store.ts';
import { buildSite } from './build-site.ts';

/** The markdown files whose examples are run. */
export const EXAMPLE_FILES = ['README.md', 'docs/**/*.md', 'clients/**/README.md'];

/** The ports the examples name: the demo archive alone, and with the mock upstream's live data. */
export const DEMO_PORT = 8977;
export const LIVE_PORT = 8978;

/** Whether an example's block is the block its answer gives. */
export const sameAnswer = (a: string[], b: string[]) => a.join('\n') === b.join('\n');

/**
 * The instant the examples' servers live at: the live data is refreshed then and every function answers then, so
 * that each example, times included, gives the same answer on every run (the mock's storm 202699 is active then).
 */
export const EXAMPLE_NOW = MOCK_NOW;

/** Headers an example may show whose values change from run to run (an ETag changes only with the answer's bytes). */
const VARYING_HEADERS = new Set(['date', 'age', 'last-modified']);

export interface ScriptExample {
  file: string;
  /** 1-based line of the block's first line. */
  line: number;
  source: string;
}

export interface Example {
  file: string;
  /** 1-based line of the curl command. */
  line: number;
  port: number;
  method: string;
  /** Path and query as written. */
  target: string;
  /** Line indexes (0-based) of the answer block's content, `[start, end)`. */
  answer: [number, number];
}

const CURL = /^curl(?:\s+-s)?(?:\s+-X\s+([A-Z]+))?\s+'?http:\/\/localhost:(\d+)(\/[^'\s]*)'?\s*$/;

interface Block {
  lang: string;
  /** Line indexes (0-based) of its content, `[start, end)`. */
  start: number;
  end: number;
}

function fencedBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end] as string)) end++;
    blocks.push({ lang: open[1] as string, start: i + 1, end });
    i = end;
  }
  return blocks;
}

const EXAMPLE_ADDRESS = new RegExp(`http://localhost:(${DEMO_PORT}|${LIVE_PORT})`, 'g');

/** Every JavaScript example of a markdown text: a js block that asks one of the examples' servers. */
export function findScripts(file: string, text: string): ScriptExample[] {
  const lines = text.split('\n');
  return fencedBlocks(lines)
    .filter((block) => block.lang === 'js')
    .map((block) => ({ file, line: block.start + 1, source: lines.slice(block.start, block.end).join('\n') }))
    .filter((script) => new RegExp(EXAMPLE_ADDRESS.source).test(script.source));
}

/** Every runnable example of a markdown text: a one-line curl block followed directly by a jsonc block. */
export function findExamples(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const blocks = fencedBlocks(lines);
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (block.lang !== 'sh' || block.end - block.start !== 1 || next?.lang !== 'jsonc') return;
    if (lines.slice(block.end + 1, next.start - 1).some((line) => line.trim() !== '')) return;
    const curl = CURL.exec((lines[block.start] as string).trim());
    if (!curl) return;
    examples.push({
      file,
      line: block.start + 1,
      method: curl[1] ?? 'GET',
      port: Number(curl[2]),
      target: curl[3] as string,
      answer: [next.start, next.end],
    });
  });
  return examples;
}

/** What an example shows of a JSON value: which fields, how many items, where strings are cut. */
type Shape =
  | { kind: 'object'; shown: { key: string; shape: Shape }[]; leftOut: string[] }
  | { kind: 'array'; items: Shape[]; more: boolean }
  | { kind: 'string'; cutAt: number | null }
  | { kind: 'other' };

const MORE = '__example_more__';
const LEFT_OUT = '__example_left_out__';

/** The status, headers and trimming an answer block shows. */
export interface ShownAnswer {
  status: number;
  headers: [string, string][];
  shape: Shape | null;
  /** The envelope's `ts` as shown: an error's is the time it was answered, which no run repeats. */
  ts: number | null;
}

export function readShownAnswer(block: string[]): ShownAnswer {
  let status = 0;
  const headers: [string, string][] = [];
  let i = 0;
  for (; i < block.length; i++) {
    const line = (block[i] as string).trim();
    const statusLine = /^\/\/ (\d{3})$/.exec(line);
    const header = /^\/\/ ([A-Za-z-]+): (.*)$/.exec(line);
    if (statusLine) status = Number(statusLine[1]);
    else if (header) headers.push([header[1] as string, header[2] as string]);
    else break;
  }
  const body = block
    .slice(i)
    .map((line) => {
      const more = /^(\s*)\/\/ … \d+ more \((\d+) in all\)\s*$/.exec(line);
      if (more) return `${more[1]}, "${MORE}",`;
      const leftOut = /^(\s*)\/\/ … left out here: (.*)$/.exec(line);
      if (leftOut) return `${leftOut[1]}, "${LEFT_OUT}": ${JSON.stringify(leftOut[2])},`;
      return line;
    })
    .join('\n')
    .replace(/,(\s*,)+/g, ',')
    .replace(/([[{])\s*,/g, '$1')
    .replace(/,(\s*[\]}])/g, '$1');
  if (body.trim() === '') return { status, headers, shape: null, ts: null };
  const parsed: unknown = JSON.parse(body);
  const ts = (parsed as { ts?: unknown }).ts;
  return { status, headers, shape: shapeOf(parsed), ts: typeof ts === 'number' ? ts : null };
}

function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) {
    const more = value.at(-1) === MORE;
    return { kind: 'array', items: (more ? value.slice(0, -1) : value).map(shapeOf), more };
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const leftOut = entries.find(([key]) => key === LEFT_OUT)?.[1] as string | undefined;
    return {
      kind: 'object',
      shown: entries.filter(([key]) => key !== LEFT_OUT).map(([key, v]) => ({ key, shape: shapeOf(v) })),
      leftOut: leftOut ? leftOut.split(',').map((key) => key.trim()) : [],
    };
  }
  if (typeof value === 'string') return { kind: 'string', cutAt: value.endsWith('…') ? value.length - 1 : null };
  return { kind: 'other' };
}

const INDENT = '  ';
const INLINE_WIDTH = 100;

/** A value written on one line when it holds no object or array and fits. */
function inline(value: unknown): string | null {
  if (Array.isArray(value)) {
    if (value.some((v) => v !== null && typeof v === 'object' && !(Array.isArray(v) && inline(v) !== null))) return null;
    const text = `[${value.map((v) => inline(v) ?? '').join(', ')}]`;
    return text.length <= INLINE_WIDTH ? text : null;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    if (entries.some(([, v]) => v !== null && typeof v === 'object')) return null;
    const text = `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
    return text.length <= INLINE_WIDTH ? text : null;
  }
  return JSON.stringify(value);
}

/** The answer's JSON written as the example shows it, keeping its trimming; new fields are listed as left out. */
export function renderTrimmed(value: unknown, shape: Shape | null, depth = 0): string {
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    const itemShapes = shape?.kind === 'array' ? shape.items : null;
    const keep = itemShapes === null || !shape || shape.kind !== 'array' || !shape.more ? value.length : itemShapes.length;
    const oneLine = keep === value.length && itemShapes?.every((s) => s.kind !== 'object') !== false ? inline(value) : null;
    if (oneLine !== null && (shape === null || shape.kind !== 'array' || !shape.more)) return oneLine;
    const lines = value
      .slice(0, keep)
      .map((item, i) => `${pad}${renderTrimmed(item, itemShapes?.[i] ?? itemShapes?.[0] ?? null, depth + 1)},`);
    if (keep < value.length) lines.push(`${pad}// … ${value.length - keep} more (${value.length} in all)`);
    else if (lines.length > 0) lines[lines.length - 1] = (lines.at(-1) as string).slice(0, -1);
    return lines.length === 0 ? '[]' : `[\n${lines.join('\n')}\n${close}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    // `{}` in an example is an empty object; for one that is not, it shows every field.
    if (shape?.kind === 'object' && shape.shown.length === 0 && shape.leftOut.length === 0) shape = null;
    if (shape === null || shape.kind !== 'object') {
      const oneLine = inline(value);
      if (oneLine !== null) return oneLine;
    }
    const shown = shape?.kind === 'object' ? new Map(shape.shown.map((s) => [s.key, s.shape])) : null;
    const listed = shape?.kind === 'object' ? new Set(shape.leftOut) : new Set<string>();
    const kept = entries.filter(([key]) => shown === null || shown.has(key));
    const leftOut = entries.filter(([key]) => shown !== null && !shown.has(key)).map(([key]) => key);
    if (shape?.kind === 'object' && kept.length === entries.length && shape.leftOut.length === 0) {
      const oneLine = shape.shown.every((s) => s.shape.kind === 'other' || s.shape.kind === 'string') ? inline(value) : null;
      if (oneLine !== null) return oneLine;
    }
    const lines = kept.map(([key, v]) => `${pad}${JSON.stringify(key)}: ${renderTrimmed(v, shown?.get(key) ?? null, depth + 1)},`);
    // Fields the example listed keep their order; fields the answer gained since are added to the list.
    const ordered = [
      ...(shape?.kind === 'object' ? shape.leftOut.filter((k) => leftOut.includes(k)) : []),
      ...leftOut.filter((k) => !listed.has(k)),
    ];
    if (lines.length > 0) lines[lines.length - 1] = (lines.at(-1) as string).slice(0, -1);
    if (ordered.length > 0) lines.push(`${pad}// … left out here: ${ordered.join(', ')}`);
    return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${close}}`;
  }
  if (typeof value === 'string' && shape?.kind === 'string' && shape.cutAt !== null && value.length > shape.cutAt) {
    return JSON.stringify(`${value.slice(0, shape.cutAt)}…`);
  }
  return JSON.stringify(value);
}

export interface RealAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** The answer block an example should hold for a real answer (its lines, without the fences). */
export function answerBlock(shown: ShownAnswer, real: RealAnswer): string[] {
  const headers = shown.headers.map(([name, value]) => {
    const actual = real.headers.get(name);
    return `// ${name}: ${VARYING_HEADERS.has(name.toLowerCase()) ? value : (actual ?? '(absent)')}`;
  });
  const body = real.text === '' ? [] : renderTrimmed(withShownAnswerTime(JSON.parse(real.text), shown), shown.shape).split('\n');
  return [`// ${real.status}`, ...headers, ...body];
}

/** An envelope without data (an error, a preflight) is timed when answered: the example keeps the time it shows. */
function withShownAnswerTime(body: unknown, shown: ShownAnswer): unknown {
  const envelope = body as { data?: unknown; ts?: unknown };
  if (shown.ts === null || typeof envelope.ts !== 'number' || envelope.data !== null) return body;
  return { ...envelope, ts: shown.ts };
}

/** Every upstream at a loopback port nothing listens on (9, discard). */
const unreachable = (addresses: UpstreamAddresses): UpstreamAddresses =>
  Object.fromEntries(Object.keys(addresses).map((name) => [name, 'http://127.0.0.1:9'])) as Record<keyof UpstreamAddresses, string>;

export interface ExampleServers {
  baseUrl(port: number): string;
  close(): Promise<void>;
}

/**
 * The two servers the examples name, on free ports: the demo archive built afresh, one with an empty live store
 * and one whose store the scheduled run filled from the mock upstream (no recorded samples, no language model)
 * at {@link EXAMPLE_NOW}, both answering at that instant.
 */
export async function startExampleServers(log: (line: string) => void = () => {}): Promise<ExampleServers> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-doc-examples-'));
  const publicDir = path.join(scratch, 'public');
  await buildSite({ sourcesDir: DEMO_SOURCES_DIR, publicDir, force: true, log });
  const mock = await startMockUpstream();
  const base = readConfig({});
  const liveDir = path.join(scratch, 'live');
  // Loaded here, not at the top: importing the run installs undici as the process's fetch (src/upstream/pool.ts).
  const { runScheduledRefresh } = await import('../src/jobs/scheduled-run.ts');
  await runScheduledRefresh({ store: fileStore(liveDir), upstreams: mock.addresses, llm: null, now: EXAMPLE_NOW });
  const quiet = () => {};
  const demo = await startLocalServer({
    publicDir,
    // Its upstreams refuse every connection: a lookup of an unknown code must not leave the machine, and shows
    // what an unreachable upstream answers.
    config: { ...base, upstreams: unreachable(mock.addresses), store: { kind: 'files', dir: path.join(scratch, 'empty') } },
    port: 0,
    log: quiet,
    clock: () => EXAMPLE_NOW,
  });
  const live = await startLocalServer({
    publicDir,
    config: { ...base, upstreams: mock.addresses, store: { kind: 'files', dir: liveDir } },
    port: 0,
    log: quiet,
    clock: () => EXAMPLE_NOW,
  });
  return {
    baseUrl: (port) => {
      if (port === DEMO_PORT) return demo.url;
      if (port === LIVE_PORT) return live.url;
      throw new Error(`examples name ports ${DEMO_PORT} and ${LIVE_PORT}, not ${port}`);
    },
    close: async () => {
      await Promise.all([demo.close(), live.close(), mock.close()]);
      await fs.remove(scratch);
    },
  };
}

export async function askExample(servers: ExampleServers, example: Example): Promise<RealAnswer> {
  // As curl asks without --compressed: no compression, so headers such as the ETag are the plain answer's.
  const response = await fetch(`${servers.baseUrl(example.port)}${example.target}`, {
    method: example.method,
    headers: { 'Accept-Encoding': 'identity' },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export interface ExampleOutcome {
  example: Example;
  expected: string[];
  actual: string[];
}

/** Every example of the example files, asked, with the block it holds and the block it should hold. */
export async function runExamples(servers: ExampleServers, root = PROJECT_ROOT): Promise<ExampleOutcome[]> {
  const files = await fg(EXAMPLE_FILES, { cwd: root, ignore: ['**/node_modules/**'] });
  const outcomes: ExampleOutcome[] = [];
  for (const file of files.sort()) {
    const lines = (await fs.readFile(path.join(root, file), 'utf8')).split('\n');
    for (const example of findExamples(file, lines.join('\n'))) {
      const block = lines.slice(...example.answer);
      const real = await askExample(servers, example);
      outcomes.push({ example, expected: answerBlock(readShownAnswer(block), real), actual: block });
    }
  }
  return outcomes;
}

export interface ScriptOutcome {
  script: ScriptExample;
  /** What it logged. */
  output: string[];
  /** Its error's message, or null. */
  error: string | null;
}

/** Every JavaScript example, run against the servers (their addresses put in), with what it logged or threw. */
export async function runScripts(servers: ExampleServers, root = PROJECT_ROOT): Promise<ScriptOutcome[]> {
  const files = await fg(EXAMPLE_FILES, { cwd: root, ignore: ['**/node_modules/**'] });
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const outcomes: ScriptOutcome[] = [];
  for (const file of files.sort()) {
    for (const script of findScripts(file, await fs.readFile(path.join(root, file), 'utf8'))) {
      const output: string[] = [];
      const source = script.source.replace(EXAMPLE_ADDRESS, (_, port: string) => servers.baseUrl(Number(port)));
      const log = (...values: unknown[]) => output.push(values.map(String).join(' '));
      try {
        await new AsyncFunction('console', source)({ log, error: log, warn: log });
        outcomes.push({ script, output, error: null });
      } catch (error) {
        outcomes.push({ script, output, error: (error as Error).message });
      }
    }
  }
  return outcomes;
}

/** Writes the blocks that differ back into their files. */
export async function writeExamples(outcomes: ExampleOutcome[], root = PROJECT_ROOT): Promise<number> {
  const byFile = new Map<string, ExampleOutcome[]>();
  for (const outcome of outcomes.filter((o) => !sameAnswer(o.expected, o.actual))) {
    byFile.set(outcome.example.file, [...(byFile.get(outcome.example.file) ?? []), outcome]);
  }
  for (const [file, changed] of byFile) {
    const lines = (await fs.readFile(path.join(root, file), 'utf8')).split('\n');
    // From the bottom up, so the earlier blocks' line numbers still hold.
    for (const { example, expected } of changed.sort((a, b) => b.example.answer[0] - a.example.answer[0])) {
      lines.splice(example.answer[0], example.answer[1] - example.answer[0], ...expected);
    }
    await fs.writeFile(path.join(root, file), lines.join('\n'));
  }
  return [...byFile.values()].reduce((n, list) => n + list.length, 0);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const servers = await startExampleServers();
  try {
    const outcomes = await runExamples(servers);
    const stale = outcomes.filter((o) => !sameAnswer(o.expected, o.actual));
    const failing = (await runScripts(servers)).filter((o) => o.error !== null);
    for (const { script, error } of failing) console.log(`${script.file}:${script.line} JavaScript example throws: ${error}`);
    if (failing.length > 0) process.exitCode = 1;
    if (check) {
      for (const { example } of stale) console.log(`${example.file}:${example.line} ${example.method} ${example.target} differs`);
      console.log(`${outcomes.length} examples, ${stale.length} differ`);
      if (stale.length > 0) process.exitCode = 1;
    } else {
      console.log(`${outcomes.length} examples, ${await writeExamples(outcomes)} rewritten`);
    }
  } finally {
    await servers.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
