/**
 * A build's `_redirects` and `_headers`, read with Netlify's own parsers. Lines they reject are reported on the
 * console and left out, as a deploy does; so are the rules the local server cannot follow (proxies, host and
 * country/language/role conditions), said as loudly.
 *
 * What the parsers (redirect-parser 15.0.4, headers-parser 9.0.3) do that one would not guess:
 * - Only `parseAllRedirects`/`parseAllHeaders` are exported (`parseFileRedirects` is behind the package's
 *   `exports`), and they take file paths, not text: they read the files themselves, and a missing file is no
 *   rules and no error.
 * - A rule without a status has no `status` at all: the default 301 is the reader's job. The status is
 *   `parseInt`ed, so `30x` parses silently as 30 (checked here), and `200!` is 200 forced.
 * - Identical rules are merged keeping the LAST one's place: `A, B, A` becomes `B, A`, which changes which rule
 *   wins. Identical `_headers` blocks likewise.
 * - A `from` under `/.netlify` is an error; redirect errors count lines of the file when a line cannot be split,
 *   but "redirect number N" (among the parsed rules) when a parsed rule is invalid.
 * - In `_headers` any line starting with `/` is a path (indentation means nothing), a line without `:` is dropped
 *   without an error, a block with no header is dropped, values repeated in a block are joined with `, `, and
 *   commas in values are respaced (`a ,b` becomes `a, b`).
 * - Each block's `forRegExp` is case-insensitive and takes an optional trailing slash, and `/api/*` compiles to
 *   `^/api/?(.*)/?$`, which also matches `/apix`. It is used as it comes: it is what Netlify's CLI matches with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { compilePath, type Params, type PathMatcher } from './netlify-match.ts';
import { RECHECK_MS } from './public-files.ts';
import type { MaybePromise } from './sync-first.ts';

/** What `parseAllRedirects` gives for each rule (declared `unknown[]` by the package). */
interface ParsedRedirect {
  from: string;
  path: string;
  host?: string;
  query: Record<string, string>;
  to: string;
  status?: number;
  force: boolean;
  conditions: Record<string, unknown>;
  proxy: boolean;
}

export interface Redirect {
  from: string;
  to: string;
  status: number;
  force: boolean;
  /** The path parameters (and query placeholders) when the rule takes this request, else null. */
  match(pathname: string, query: URLSearchParams): Params | null;
  /** Whether the rule names query parameters (then the request's query is not passed on). */
  matchesQuery: boolean;
}

export interface SiteRules {
  redirects: Redirect[];
  headers: Header[];
  /** Whether any rule is forced: without one, an existing file answers before any rule is tried. */
  anyForced: boolean;
}

export type Report = (line: string) => void;

function unsupported(rule: ParsedRedirect): string | null {
  if (rule.host) return 'a host-specific rule';
  if (rule.proxy) return 'a proxy to another site';
  if (Object.keys(rule.conditions).length) return `a condition (${Object.keys(rule.conditions).join(', ')})`;
  return null;
}

function queryMatcher(wanted: [string, string][]): (query: URLSearchParams, params: Params) => boolean {
  return (query, params) =>
    wanted.every(([name, value]) => {
      const got = query.get(name);
      if (got === null) return false;
      if (value.startsWith(':')) params[value.slice(1)] = got;
      return value.startsWith(':') || got === value;
    });
}

function toRedirect(rule: ParsedRedirect): Redirect {
  const matchPath: PathMatcher = compilePath(rule.path);
  const wanted = Object.entries(rule.query);
  const matchQuery = queryMatcher(wanted);
  return {
    from: rule.from,
    to: rule.to,
    status: rule.status ?? 301,
    force: rule.force,
    matchesQuery: wanted.length > 0,
    match: (pathname, query) => {
      const params = matchPath(pathname);
      return params && matchQuery(query, params) ? params : null;
    },
  };
}

/** Reads and checks a build's rules, reporting every line left out. */
export async function readSiteRules(root: string, report: Report = console.error): Promise<SiteRules> {
  const redirectsFile = path.join(root, '_redirects');
  const headersFile = path.join(root, '_headers');
  const [redirects, headers] = await Promise.all([
    parseAllRedirects({ redirectsFiles: [redirectsFile], configRedirects: [], minimal: false }),
    parseAllHeaders({ headersFiles: [headersFile], configHeaders: [], minimal: false }),
  ]);
  for (const error of redirects.errors as Error[]) report(`${redirectsFile}: ${error.message} (left out, as Netlify does)`);
  for (const error of headers.errors) report(`${headersFile}: ${error.message} (left out, as Netlify does)`);
  const kept: Redirect[] = [];
  for (const rule of redirects.redirects as ParsedRedirect[]) {
    const reason = rule.status !== undefined && (rule.status < 100 || rule.status > 599) ? `the status ${rule.status}` : unsupported(rule);
    if (reason)
      report(
        `${redirectsFile}: "${rule.from} ${rule.to} ${rule.status ?? ''}" has ${reason}, which the local server cannot follow: left out`,
      );
    else kept.push(toRedirect(rule));
  }
  return { redirects: kept, headers: headers.headers as Header[], anyForced: kept.some((rule) => rule.force) };
}

/** The first rule that takes the request (Netlify: top-down, first match wins), with its parameters. */
export function firstRedirect(rules: SiteRules, pathname: string, query: URLSearchParams): { rule: Redirect; params: Params } | null {
  for (const rule of rules.redirects) {
    const params = rule.match(pathname, query);
    if (params) return { rule, params };
  }
  return null;
}

/** `_headers` for a path: every matching block applies, and a header set by several is joined, as on Netlify. */
export function headersFor(headers: readonly Header[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const block of headers) {
    if (!block.forRegExp.test(pathname)) continue;
    for (const [name, value] of Object.entries(block.values))
      result[name] = result[name] === undefined ? value : `${result[name]}, ${value}`;
  }
  return result;
}

const stamp = (file: string) => {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : '-';
};

/**
 * The rules of a build folder, parsed once and read again when the folder changes (a rebuild turns `public` to
 * a new one, seen at once) or the files do (by size, time and inode, looked at once a second at most).
 * At hand once parsed.
 */
export function siteRulesCache(report?: Report): (root: string) => MaybePromise<SiteRules> {
  // `rules` is a promise while the files are parsed, then the rules.
  let cached: { root: string; stamps: string; checkedAt: number; rules: MaybePromise<SiteRules> } | null = null;
  return (root) => {
    const now = Date.now();
    if (cached?.root === root && now - cached.checkedAt < RECHECK_MS) return cached.rules;
    const stamps = `${stamp(path.join(root, '_redirects'))}|${stamp(path.join(root, '_headers'))}`;
    if (cached?.root !== root || cached.stamps !== stamps) {
      const reading = readSiteRules(root, report);
      const fresh: NonNullable<typeof cached> = { root, stamps, checkedAt: now, rules: reading };
      reading.then((rules) => (fresh.rules = rules)).catch(() => {});
      cached = fresh;
    }
    cached.checkedAt = now;
    return cached.rules;
  };
}
