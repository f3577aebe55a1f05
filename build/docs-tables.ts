/**
 * The docs' tables the code writes. A table is a block of a markdown file between
 * `<!-- generated:<name> [arguments] -->` and `<!-- /generated -->`, rendered from the code that holds its facts:
 * the route table (endpoints, parameters, the v1 collections, the web-only endpoints), the error catalog, the
 * configuration's variables, the language model check's word lists and the OpenAPI document. `npm run
 * docs:tables` writes every block again; `-- --check` (and test/unit/docs-tables.test.ts, in CI) names the blocks
 * that are out of date. The text around a block is the docs' own.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { z } from 'zod';
import { CACHE_TAG_DATA } from '../src/api/cache-policy.ts';
import { ERROR_CATALOG } from '../src/api/errors.ts';
import { PREFLIGHT_PATHS } from '../src/api/functions.ts';
import { renderOpenApi } from '../src/api/openapi.ts';
import { isRequired, PARAMS, QUERIES, queryName, type QueryKind } from '../src/api/params.ts';
import { RESOURCES, shownPath, type Resource } from '../src/api/route-table.ts';
import { ENV } from '../src/config/env.ts';
import { PROJECT_ROOT } from '../src/config/paths.ts';
import { CONNECTIVES, WORD_LISTS } from '../src/flash/pattern-check.ts';

/** The markdown files that hold generated blocks. */
export const DOCS_FILES = ['README.md', 'docs/**/*.md'];

const BLOCK = /(<!-- generated:([\w-]+)((?: [\w.-]+)*) -->\n)([\s\S]*?)(<!-- \/generated -->)/g;

const cell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`)].join('\n');

/** A docs page's section (`api/endpoints-live.md#active-storms`, relative to docs/) as a link from `file`. */
const docsLink = (file: string, section: string) => {
  const [page, anchor] = section.split('#');
  const target = path.posix.relative(path.posix.dirname(file), `docs/${page}`) || (page as string);
  return anchor ? `${target}#${anchor}` : target;
};

const servedBy = (r: Resource) => (r.servedBy.kind === 'function' ? 'function' : r.missFn ? 'static + function' : 'static');

/** Every endpoint of both families, with links to its section, who serves it and what it answers. */
function endpoints(file: string): string {
  const linked = (r: Resource, family: 'web' | 'v1') => {
    const p = r.paths[family];
    // The link goes on the first path of the row.
    return p ? (family === 'web' || !r.paths.web ? `[${code(shownPath(p))}](${docsLink(file, r.docs)})` : code(shownPath(p))) : '–';
  };
  const rows = RESOURCES.map((r) => [linked(r, 'web'), linked(r, 'v1'), servedBy(r), r.returns]);
  // One function answers the preflight of every path of the API, in the family of the path.
  rows.push([
    `[${PREFLIGHT_PATHS.map((p) => code(`OPTIONS ${p}`)).join(', ')}](${docsLink(file, 'api/endpoints-other.md#cors-preflight')})`,
    code('OPTIONS /api/v1/*'),
    'function',
    'CORS preflight',
  ]);
  return table(['web', 'v1', 'served by', 'returns'], rows);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export const headingAnchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The section a block stands in: its page under docs/ and the anchor of the nearest heading above it. */
function sectionOf(file: string, before: string): string {
  const headings = before.replace(/```[\s\S]*?```/g, '').match(/^#{1,6} .*$/gm) ?? [];
  const heading = headings.at(-1);
  if (!heading) throw new Error(`${file}: a generated:parameters block under no heading`);
  return `${path.posix.relative('docs', file)}#${headingAnchor(heading.replace(/^#+ /, ''))}`;
}

/**
 * The parameters of the routes the section documents (their `docs`): path parameters, then query parameters,
 * each once, with where it applies when not to all of them.
 */
function parameters(section: string): string {
  const routes = RESOURCES.filter((r) => r.docs === section);
  if (routes.length === 0) throw new Error(`generated:parameters in ${section}: no route is documented there`);
  const where = (takers: readonly Resource[]) =>
    takers.length === routes.length ? '' : ` (${takers.map((r) => code(shownPath((r.paths.v1 ?? r.paths.web) as string))).join(', ')})`;
  const rows: string[][] = [];
  const pathNames = [...new Set(routes.flatMap((r) => Object.keys(r.params)))];
  for (const name of pathNames) {
    const takers = routes.filter((r) => r.params[name]);
    const kind = takers[0]?.params[name];
    if (kind) rows.push([code(name), `path${where(takers)}`, PARAMS[kind].description]);
  }
  const kinds = [...new Set(routes.flatMap((r) => r.query ?? []))] as QueryKind[];
  for (const kind of kinds) {
    const takers = routes.filter((r) => r.query?.includes(kind));
    rows.push([code(queryName(kind)), `query, ${isRequired(kind) ? 'required' : 'optional'}${where(takers)}`, QUERIES[kind].description]);
  }
  return table(['parameter', 'in', 'rule'], rows);
}

/** The error catalog. */
const errors = () =>
  table(
    ['v1 `code`', 'HTTP status', 'what', 'when', 'example message'],
    Object.values(ERROR_CATALOG).map((e) => [code(String(e.code)), String(e.status), e.title, e.when, code(e.example)]),
  );

/** Every environment variable the configuration reads, with its default. */
function environment(): string {
  const rows = Object.entries(ENV.shape).map(([name, schema]) => {
    const fallback = z.safeParse(schema, undefined);
    const value = fallback.success && fallback.data !== null ? code(String(fallback.data)) : 'unset';
    return [code(name), value, schema.description ?? ''];
  });
  return table(['variable', 'default', 'what'], rows);
}

const words = (list: readonly string[]) => list.map(code).join(' ');
const connectives = () =>
  table(
    ['language', 'connectives'],
    (['zh', 'en'] as const).map((language) => [language, words(CONNECTIVES[language])]),
  );
const wordLists = () =>
  table(
    ['list', 'zh', 'en'],
    Object.entries(WORD_LISTS).map(([list, { zh, en }]) => [list, words(zh), words(en)]),
  );

/** The web endpoints without a v1 twin, and why (their `webOnly`). */
const webOnly = () =>
  table(
    ['web endpoint', 'why no v1 twin'],
    RESOURCES.filter((r) => r.paths.web && !r.paths.v1).map((r) => [code(shownPath(r.paths.web as string)), r.webOnly ?? '']),
  );

/** Whether an answer's schema has its own `total` (a page does: the schemas of both its parts are looked at). */
const hasTotal = (schema: z.ZodType): boolean =>
  schema instanceof z.ZodObject
    ? 'total' in schema.shape
    : schema instanceof z.ZodIntersection && (hasTotal(schema.def.left as z.ZodType) || hasTotal(schema.def.right as z.ZodType));

/** The v1 collections: their array is data.list; the web family's name for it; paged or not. */
function v1Collections(): string {
  const groups = new Map<string, string[]>();
  for (const r of RESOURCES) {
    if (!r.list || !r.paths.v1) continue;
    const key = [code(r.list.key) + (hasTotal(r.dataSchema) ? '' : ' (`total` is added in v1)'), r.list.paged ? 'yes' : 'no'].join(
      '\u0000',
    );
    groups.set(key, [...(groups.get(key) ?? []), code(shownPath(r.paths.v1))]);
  }
  return table(
    ['v1', 'web name of the array', 'paged'],
    [...groups].map(([key, paths]) => [paths.join(', '), ...(key.split('\u0000') as [string, string])]),
  );
}

/** What the OpenAPI document holds, as the docs' jq example prints it. */
function openApiCounts(): string {
  const doc = renderOpenApi() as { openapi: string; info: { title: string }; paths: object; components: { schemas: object } };
  const counts = {
    openapi: doc.openapi,
    info: doc.info.title,
    paths: Object.keys(doc.paths).length,
    schemas: Object.keys(doc.components.schemas).length,
  };
  return ['```json', JSON.stringify(counts, null, 2), '```'].join('\n');
}

/** The cache tags, the data each stands for, and the endpoints whose answers carry it. */
const cacheTags = () =>
  table(
    ['tag', 'data', 'endpoints'],
    Object.entries(CACHE_TAG_DATA).map(([tag, data]) => [
      code(tag),
      data,
      RESOURCES.filter((r) => r.tags?.some((t) => t === tag))
        .flatMap((r) => Object.values(r.paths).map((p) => code(shownPath(p))))
        .join(', '),
    ]),
  );

const RENDERERS: Record<string, (args: string[], file: string, before: string) => string> = {
  endpoints: (_args, file) => endpoints(file),
  parameters: (_args, file, before) => parameters(sectionOf(file, before)),
  errors,
  environment,
  connectives,
  'word-lists': wordLists,
  'web-only': webOnly,
  'v1-collections': v1Collections,
  'openapi-counts': openApiCounts,
  'cache-tags': cacheTags,
};

/** A markdown text with its generated blocks written again (`file`: its path in the project, for relative links). */
export function withTables(text: string, file: string): string {
  return text.replace(BLOCK, (_all, open: string, name: string, args: string, _old: string, close: string, offset: number) => {
    const render = RENDERERS[name];
    if (!render) throw new Error(`${file}: unknown generated block ${name}`);
    return `${open}${render(args.trim().split(/\s+/).filter(Boolean), file, text.slice(0, offset))}\n${close}`;
  });
}

/** The docs files whose blocks differ from what the code says now, with their text as it should be. */
export async function staleTables(): Promise<{ file: string; text: string }[]> {
  const files = (await fg(DOCS_FILES, { cwd: PROJECT_ROOT })).sort();
  const stale: { file: string; text: string }[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    const current = withTables(text, file);
    if (current !== text) stale.push({ file, text: current });
  }
  return stale;
}

/** The blocks in the docs: each with its file, its name (and arguments) and, for a parameters block, its section. */
export async function generatedBlocks(): Promise<{ file: string; block: string; section: string | null }[]> {
  const files = (await fg(DOCS_FILES, { cwd: PROJECT_ROOT })).sort();
  return files.flatMap((file) => {
    const text = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    return [...text.matchAll(BLOCK)].map((m) => ({
      file,
      block: `${m[2]}${m[3]}`,
      section: m[2] === 'parameters' ? sectionOf(file, text.slice(0, m.index)) : null,
    }));
  });
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stale = await staleTables();
  if (check) {
    for (const { file } of stale) console.error(`${file}: generated tables out of date; run npm run docs:tables`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const { file, text } of stale) fs.writeFileSync(path.join(PROJECT_ROOT, file), text);
    console.log(stale.length ? `Wrote ${stale.map((s) => s.file).join(', ')}` : 'Every generated table is current.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
