/**
 * The documentation's examples, run for real against two local servers at a fixed instant: `http://localhost:8977`
 * (the demo archive, no live data) and `http://localhost:8978` (the demo archive with live data from the mock
 * upstream). Every code block of the README, docs/ and the client's README that calls the API is one of:
 *
 * - a ```sh block naming an example address: run by bash with the real curl and jq (build/shell-examples.ts). The
 *   block after it, when there is one, is its output: ```jsonc (the answer with a `// <status>` line, optional
 *   `// Header: value` lines and the JSON cut by the docs' rules, build/trimmed-json.ts), ```json (the exact
 *   output, e.g. of jq), ```text or ```xml (the output with lines or characters cut by `…`, build/shown-text.ts).
 *   A block with no output must exit 0 with every answer below 400;
 * - a ```js block naming an example address: run as the body of an async function; it must not throw and must log,
 *   and a `console.log(…); // text` line must log that text;
 * - a ```ts block of the client's README that imports the client: compiled with `tsc --strict` and run in an empty
 *   app that installed the packed client (build/packed-client.ts); the ```text block after it is its output;
 * - a block marked `<!-- example: not run (reason) -->` on the line before it, listed with its reason.
 * Any other block that calls the API (curl, fetch, the production address) is an error.
 *
 * `npm run docs:examples` runs every example and writes each output block again, keeping its trimming (the fields
 * shown, how many items, where a line or string is cut), and listing fields the answer has gained as left out;
 * `--check` (and test/contract/doc-examples.test.ts) fails on any example that differs or fails.
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
import { type Block, blockLines, fencedBlocks, followsDirectly, notRunReason } from './markdown-blocks.ts';
import { CLIENT_README, type ClientExample, findClientExamples, installClientApp, packClient, runClientExamples } from './packed-client.ts';
import { runShell } from './shell-examples.ts';
import { rewriteText, textMatches } from './shown-text.ts';
import { answerBlock, readShownAnswer, sameAnswer } from './trimmed-json.ts';

/** The markdown files whose examples are run. */
export const EXAMPLE_FILES = ['README.md', 'docs/**/*.md', 'clients/**/README.md'];

/** The ports the examples name: the demo archive alone, and with the mock upstream's live data. */
export const DEMO_PORT = 8977;
export const LIVE_PORT = 8978;

/**
 * The instant the examples' servers live at: the live data is refreshed then and every function answers then, so
 * that each example, times included, gives the same answer on every run (the mock's storm 202699 is active then).
 */
export const EXAMPLE_NOW = MOCK_NOW;

const EXAMPLE_ADDRESS = new RegExp(`http://localhost:(${DEMO_PORT}|${LIVE_PORT})`, 'g');
const namesExampleServer = (source: string) => new RegExp(EXAMPLE_ADDRESS.source).test(source);

/** Blocks that show output, never run themselves. */
const OUTPUT_LANGS = new Set(['jsonc', 'json', 'text', 'xml']);

/** What calls the API in a block: a curl, a fetch, a client call, a server address, the production site. */
const CALLS_API = /\bcurl\s|\bfetch\(|\.GET\(|typhoon-api\.netlify\.app\/(api|feeds)/;

interface Place {
  file: string;
  /** 1-based line of the block's first line. */
  line: number;
}

/** A shell example, and the block that shows its output (lines `[start, end)`, 0-based) when one follows. */
export interface ShellExample extends Place {
  source: string;
  output: { lang: string; range: [number, number] } | null;
}

export interface ScriptExample extends Place {
  source: string;
}

/** Every block of one markdown file that is an example, is marked not run, or calls the API and cannot be run. */
export interface FoundExamples {
  shell: ShellExample[];
  scripts: ScriptExample[];
  client: ClientExample[];
  notRun: (Place & { reason: string })[];
  cannotRun: (Place & { why: string })[];
}

export function findExamples(file: string, text: string): FoundExamples {
  const lines = text.split('\n');
  const blocks = fencedBlocks(lines);
  const found: FoundExamples = { shell: [], scripts: [], client: [], notRun: [], cannotRun: [] };
  const clientLines = new Set(file === CLIENT_README ? findClientExamples(file, text).map((example) => example.line) : []);
  blocks.forEach((block: Block, index) => {
    const source = blockLines(lines, block).join('\n');
    const place = { file, line: block.start + 1 };
    const reason = notRunReason(lines, block);
    if (reason !== null) found.notRun.push({ ...place, reason });
    else if (OUTPUT_LANGS.has(block.lang)) return;
    else if (block.lang === 'sh' && namesExampleServer(source)) {
      const next = blocks[index + 1];
      const output =
        followsDirectly(lines, block, next) && OUTPUT_LANGS.has(next.lang)
          ? { lang: next.lang, range: [next.start, next.end] as [number, number] }
          : null;
      found.shell.push({ ...place, source, output });
    } else if (block.lang === 'js' && namesExampleServer(source)) found.scripts.push({ ...place, source });
    else if (clientLines.has(place.line)) return;
    else if (CALLS_API.test(source)) {
      found.cannotRun.push({
        ...place,
        why: `a ${block.lang || 'plain'} block that calls the API without an example server's address, and no "<!-- example: not run (reason) -->"`,
      });
    }
  });
  if (file === CLIENT_README) found.client = findClientExamples(file, text);
  return found;
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

/** A block written again: lines `[start, end)` (0-based) of a file replaced. */
export interface Replacement {
  file: string;
  range: [number, number];
  lines: string[];
}

export interface Outcome extends Place {
  kind: 'shell' | 'script' | 'client';
  /** What is wrong, or null. */
  problem: string | null;
  /** The blocks it shows, written again from what it gave; empty when they hold. */
  replacements: Replacement[];
}

const withAddresses = (servers: ExampleServers, source: string) =>
  source.replace(EXAMPLE_ADDRESS, (_, port: string) => servers.baseUrl(Number(port)));

async function runShellExample(servers: ExampleServers, example: ShellExample, lines: string[]): Promise<Outcome> {
  const outcome = (problem: string | null, replacements: Replacement[] = []): Outcome => ({
    kind: 'shell',
    file: example.file,
    line: example.line,
    problem,
    replacements,
  });
  const ran = await runShell(withAddresses(servers, example.source));
  if (ran.error !== null) return outcome(`fails: ${ran.error}`);
  if (ran.answers.length === 0) return outcome('asked nothing of the example servers');
  const { output } = example;
  if (output === null) {
    const failed = ran.answers.filter((answer) => answer.status >= 400).map((answer) => answer.status);
    return outcome(failed.length > 0 ? `answers ${failed.join(', ')} and shows no answer` : null);
  }
  const shown = lines.slice(...output.range);
  const printed = ran.stdout.replace(/\r/g, '').replace(/\n$/, '').split('\n');
  let expected: string[];
  let holds: boolean;
  if (output.lang === 'jsonc') {
    const last = ran.answers.at(-1) as (typeof ran.answers)[number];
    expected = answerBlock(readShownAnswer(shown), { status: last.status, headers: last.headers, text: ran.stdout });
    holds = sameAnswer(expected, shown);
  } else if (output.lang === 'json') {
    expected = printed;
    holds = sameAnswer(expected, shown);
  } else {
    expected = rewriteText(shown, printed);
    holds = textMatches(shown, printed);
  }
  if (holds) return outcome(null);
  return outcome(`shows another output than it gives:\n${expected.join('\n')}`, [
    { file: example.file, range: output.range, lines: expected },
  ]);
}

/** `console.log(…); // text`: a line whose log the example shows. */
const SHOWN_LOG = /^(.*?)console\.log\((.*)\);\s*\/\/ (.+)$/;

async function runScript(servers: ExampleServers, script: ScriptExample): Promise<Outcome> {
  const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const lines = script.source.split('\n');
  const output: string[] = [];
  const shownLogs = new Map<number, string[]>();
  const text = (values: unknown[]) => values.map(String).join(' ');
  const log = (...values: unknown[]) => output.push(text(values));
  const logAt = (line: number, ...values: unknown[]) => {
    log(...values);
    shownLogs.set(line, [...(shownLogs.get(line) ?? []), text(values)]);
  };
  const source = lines
    .map((line, i) => {
      const shown = SHOWN_LOG.exec(line);
      return shown ? `${shown[1]}__logAt(${i}, ${shown[2]});` : line;
    })
    .join('\n');
  const outcome = (problem: string | null, replacements: Replacement[] = []): Outcome => ({
    kind: 'script',
    file: script.file,
    line: script.line,
    problem,
    replacements,
  });
  try {
    await new AsyncFunction('console', '__logAt', withAddresses(servers, source))({ log, error: log, warn: log }, logAt);
  } catch (error) {
    return outcome(`throws: ${(error as Error).message}`);
  }
  if (output.length === 0) return outcome('logs nothing');
  const replacements: Replacement[] = [];
  lines.forEach((line, i) => {
    const shown = SHOWN_LOG.exec(line);
    const logged = shownLogs.get(i)?.join(' | ') ?? '(nothing)';
    if (!shown || shown[3] === logged) return;
    const at = script.line - 1 + i;
    replacements.push({ file: script.file, range: [at, at + 1], lines: [`${shown[1]}console.log(${shown[2]}); // ${logged}`] });
  });
  return outcome(
    replacements.length > 0 ? `logs another text than it shows:\n${replacements.map((r) => r.lines[0]).join('\n')}` : null,
    replacements,
  );
}

async function runClient(servers: ExampleServers, app: string, examples: ClientExample[]): Promise<Outcome[]> {
  const outcomes = await runClientExamples(app, examples, (source) => withAddresses(servers, source));
  return outcomes.map(({ example, diagnostics, output, error }) => {
    const place = { kind: 'client' as const, file: example.file, line: example.line };
    if (diagnostics.length > 0) return { ...place, problem: `does not compile:\n${diagnostics.join('\n')}`, replacements: [] };
    if (error !== null) return { ...place, problem: `fails: ${error}`, replacements: [] };
    if (example.output === null) return { ...place, problem: 'has no ```text block after it showing what it prints', replacements: [] };
    const printed = output ?? [];
    const shown = example.output;
    return { ...place, problem: null, replacements: [{ file: example.file, range: shown, lines: printed }] };
  });
}

/** Every example of the example files, run: the outcomes, and what each file holds. */
export async function runExamples(
  servers: ExampleServers,
  app: string,
  root = PROJECT_ROOT,
): Promise<{ outcomes: Outcome[]; found: FoundExamples }> {
  const files = (await fg(EXAMPLE_FILES, { cwd: root, ignore: ['**/node_modules/**'] })).sort();
  const found: FoundExamples = { shell: [], scripts: [], client: [], notRun: [], cannotRun: [] };
  const outcomes: Outcome[] = [];
  for (const file of files) {
    const text = await fs.readFile(path.join(root, file), 'utf8');
    const lines = text.split('\n');
    const inFile = findExamples(file, text);
    for (const key of Object.keys(found) as (keyof FoundExamples)[]) (found[key] as unknown[]).push(...inFile[key]);
    for (const example of inFile.shell) outcomes.push(await runShellExample(servers, example, lines));
    for (const script of inFile.scripts) outcomes.push(await runScript(servers, script));
    if (inFile.client.length > 0) {
      for (const outcome of await runClient(servers, app, inFile.client)) {
        const holds = outcome.replacements.every((r) => sameAnswer(r.lines, lines.slice(...r.range)));
        outcomes.push(
          holds
            ? { ...outcome, replacements: [] }
            : { ...outcome, problem: outcome.problem ?? `prints another output:\n${outcome.replacements[0]?.lines.join('\n')}` },
        );
      }
    }
  }
  return { outcomes, found };
}

/** Writes the blocks that differ back into their files; how many. */
export async function writeExamples(outcomes: Outcome[], root = PROJECT_ROOT): Promise<number> {
  const byFile = new Map<string, Replacement[]>();
  for (const replacement of outcomes.flatMap((o) => o.replacements)) {
    byFile.set(replacement.file, [...(byFile.get(replacement.file) ?? []), replacement]);
  }
  for (const [file, replacements] of byFile) {
    const lines = (await fs.readFile(path.join(root, file), 'utf8')).split('\n');
    // From the bottom up, so the earlier blocks' line numbers still hold.
    for (const { range, lines: written } of replacements.sort((a, b) => b.range[0] - a.range[0])) {
      lines.splice(range[0], range[1] - range[0], ...written);
    }
    await fs.writeFile(path.join(root, file), lines.join('\n'));
  }
  return [...byFile.values()].reduce((n, list) => n + list.length, 0);
}

/** An empty app outside the repository (in the system's temporary folder) with the packed client installed. */
export async function packedClientApp(): Promise<{ dir: string; remove(): Promise<void> }> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-client-app-'));
  const dir = path.join(scratch, 'app');
  await fs.mkdir(dir);
  await installClientApp(dir, await packClient(scratch));
  return { dir, remove: () => fs.remove(scratch) };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const servers = await startExampleServers();
  const app = await packedClientApp();
  try {
    const { outcomes, found } = await runExamples(servers, app.dir);
    for (const { file, line, why } of found.cannotRun) console.log(`${file}:${line} cannot be run: ${why}`);
    for (const { file, line, reason } of found.notRun) console.log(`${file}:${line} not run: ${reason}`);
    const failing = outcomes.filter((o) => o.problem !== null && o.replacements.length === 0);
    for (const { file, line, problem } of failing) console.log(`${file}:${line} ${problem}`);
    const differing = outcomes.filter((o) => o.replacements.length > 0);
    if (check) for (const { file, line, problem } of differing) console.log(`${file}:${line} ${problem}`);
    const written = check ? 0 : await writeExamples(differing);
    console.log(
      `${outcomes.length} examples run, ${found.notRun.length} not run, ${differing.length} differ${check ? '' : ` (${written} blocks rewritten)`}`,
    );
    if (failing.length > 0 || found.cannotRun.length > 0 || (check && differing.length > 0)) process.exitCode = 1;
  } finally {
    await Promise.all([servers.close(), app.remove()]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
