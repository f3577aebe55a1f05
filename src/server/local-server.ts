/**
 * The local server: serves public/ the way Netlify does and runs the functions in-process.
 * Order per request, as on Netlify: functions with a `config.path` (and matching method) first; then a file
 * at the exact path; then `_redirects` rules in order, first match wins (a 200 rewrite to a missing file
 * serves the 404 page rather than falling through); then the 404 page. `_headers` applies to static
 * answers only, matched on the path of the file served.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fs from 'fs-extra';
import { badParameter } from '../api/errors.ts';
import { familyOfPath, toErrorResponse } from '../api/respond.ts';
import { configMethods, configPaths, loadFunctions, type LoadedFunction } from './function-registry.ts';
import { fillTarget, headersFor, matchNetlifyPath, parseHeaders, parseRedirects, type HeaderBlock, type RedirectRule } from './netlify-files.ts';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

const FUNCTION_PREFIX = '/.netlify/functions/';

interface Rules {
  redirects: RedirectRule[];
  headers: HeaderBlock[];
}

interface Site {
  publicDir: string;
  /** `_redirects` and `_headers`, read again whenever a build has replaced them: no restart needed. */
  rules(): Promise<Rules>;
  functions: LoadedFunction[];
}

/** Reads the routing files, keeping the parsed rules while the files stay the same (by size and time). */
function watchRules(publicDir: string): () => Promise<Rules> {
  let cached: { key: string; rules: Rules } | null = null;
  const stamp = async (name: string) => {
    const stat = await fs.stat(path.join(publicDir, name)).catch(() => null);
    return stat ? `${stat.size}:${stat.mtimeMs}:${stat.ino}` : 'none';
  };
  return async () => {
    const key = `${await stamp('_redirects')}|${await stamp('_headers')}`;
    if (cached?.key !== key) {
      const read = (name: string) => fs.readFile(path.join(publicDir, name), 'utf8').catch(() => '');
      cached = { key, rules: { redirects: parseRedirects(await read('_redirects')), headers: parseHeaders(await read('_headers')) } };
    }
    return cached.rules;
  };
}

/** Files of the publish folder that configure Netlify and are never served (as on Netlify). */
const NEVER_SERVED = new Set(['_redirects', '_headers']);

/**
 * A file under public/ for a URL path, or null: never outside public/, never a `..` segment (decoded or not),
 * never the routing files.
 */
async function staticFile(publicDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment.includes('\\')) || NEVER_SERVED.has(segments[1] ?? '')) return null;
  // A folder path is its index.html, as on Netlify.
  const file = path.join(publicDir, decoded.endsWith('/') ? `${decoded}index.html` : decoded);
  if (!file.startsWith(publicDir + path.sep)) return null;
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? file : null;
}

/** `_headers` apply to a static answer by the path of the file served, as on Netlify (a rewrite's target). */
async function serveFile(site: Site, file: string, status: number): Promise<Response> {
  const filePath = `/${path.relative(site.publicDir, file).split(path.sep).join('/')}`;
  const headers = {
    'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    ...headersFor((await site.rules()).headers, [filePath]),
  };
  return new Response(await fs.readFile(file), { status, headers });
}

async function notFoundPage(site: Site): Promise<Response> {
  const page = path.join(site.publicDir, '404.html');
  if (await fs.pathExists(page)) return serveFile(site, page, 404);
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

function functionNamed(site: Site, name: string): LoadedFunction | undefined {
  return site.functions.find((f) => f.name === name);
}

async function route(site: Site, req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  for (const fn of site.functions) {
    const methods = configMethods(fn.config);
    // As on Netlify, a method must be declared to match: `GET` alone does not take HEAD.
    if (methods.length && !methods.includes(req.method)) continue;
    // Netlify compiles config.path to a URLPattern that also accepts a trailing slash.
    const bare = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (configPaths(fn.config).some((p) => matchNetlifyPath(p, pathname) || matchNetlifyPath(p, bare))) return fn.handler(req);
  }
  if (pathname.startsWith(FUNCTION_PREFIX)) {
    const fn = functionNamed(site, pathname.slice(FUNCTION_PREFIX.length));
    // A function with its own config.path is not reachable at /.netlify/functions/<name> (DESIGN.md §4),
    // nor is a scheduled one.
    if (fn && configPaths(fn.config).length === 0 && !fn.config?.schedule) return fn.handler(req);
    return notFoundPage(site);
  }
  // Netlify ignores one trailing slash (DESIGN.md §4): `/api/v1/history/years/` is the file `api/v1/history/years`.
  const direct = (await staticFile(site.publicDir, pathname)) ?? (pathname.length > 1 && pathname.endsWith('/') ? await staticFile(site.publicDir, pathname.slice(0, -1)) : null);
  if (direct) return serveFile(site, direct, 200);
  const rules = await site.rules();
  // Netlify ignores one trailing slash when it matches rules (`/api/v1/history/years/` is the resource).
  const bare = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const rule of rules.redirects) {
    const params = matchNetlifyPath(rule.from, pathname) ?? matchNetlifyPath(rule.from, bare);
    if (!params) continue;
    const target = fillTarget(rule.to, params);
    if (target.startsWith(FUNCTION_PREFIX)) {
      const fn = functionNamed(site, target.slice(FUNCTION_PREFIX.length));
      return fn ? fn.handler(req) : notFoundPage(site);
    }
    if (rule.status === 301 || rule.status === 302) return new Response(null, { status: rule.status, headers: { Location: target } });
    const file = await staticFile(site.publicDir, target);
    return file ? serveFile(site, file, rule.status) : notFoundPage(site);
  }
  return notFoundPage(site);
}

async function toNodeResponse(response: Response, res: http.ServerResponse, head: boolean): Promise<void> {
  const body = head ? null : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

// Minutes between runs of an "every N minutes" cron schedule (the only form this project uses).
export function everyMinutes(schedule: string): number {
  const match = /^\*\/(\d+) \* \* \* \*$/.exec(schedule.trim());
  if (!match) throw new Error(`the local server runs only every-N-minutes schedules, not "${schedule}"`);
  return Number(match[1]);
}

/** Runs scheduled functions once now and then on their schedule, as Netlify does for the published deploy. */
function runSchedules(functions: LoadedFunction[], log: (line: string) => void): () => void {
  const timers = functions
    .filter((fn) => typeof fn.config?.schedule === 'string')
    .map((fn) => {
      const run = () => {
        Promise.resolve(fn.handler(new Request('http://localhost/.netlify/functions/' + fn.name, { method: 'POST' }))).catch((error: unknown) =>
          log(`scheduled ${fn.name} failed: ${(error as Error).message}`),
        );
      };
      run();
      const timer = setInterval(run, everyMinutes(fn.config?.schedule as string) * 60_000);
      timer.unref();
      return timer;
    });
  return () => timers.forEach((timer) => clearInterval(timer));
}

export async function startLocalServer(options: { publicDir: string; port: number; host?: string; schedules?: boolean; log?: (line: string) => void }): Promise<LocalServer> {
  const publicDir = path.resolve(options.publicDir);
  process.env.TYPHOON_PUBLIC_DIR = publicDir;
  const site: Site = { publicDir, rules: watchRules(publicDir), functions: await loadFunctions() };
  const server = http.createServer((req, res) => {
    // The URL comes from the request line only: a Host header must never change the path.
    const target = req.url ?? '/';
    const url = target.startsWith('/') ? `http://localhost${target}` : 'http://localhost/ not a path';
    const head = req.method === 'HEAD';
    const answer = async () => {
      let request: Request;
      try {
        request = new Request(url, { method: req.method, headers: req.headers as Record<string, string> });
      } catch {
        return toErrorResponse('web', badParameter('The request URL cannot be read.'));
      }
      return route(site, request).catch((error: unknown) => toErrorResponse(familyOfPath(new URL(request.url).pathname), error));
    };
    answer()
      .then((response) => toNodeResponse(response, res, head))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stopSchedules = options.schedules ? runSchedules(site.functions, options.log ?? console.log) : () => {};
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => {
      stopSchedules();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
