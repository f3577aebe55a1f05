/**
 * The local server: serves public/ the way Netlify does and runs the functions in-process. Per request, as on
 * Netlify (docs/maintainers/operations.md#netlify-facts-that-shape-the-code):
 * 1. a function whose `config.path` and `config.method` take the request (HEAD only where declared);
 * 2. `/.netlify/functions/<name>` runs a function that has no `config.path` (and no schedule);
 * 3. the file at the path: an existing file wins over every rule that is not forced (`!`), "shadowing";
 * 4. `_redirects` top-down, first match wins: a 3xx redirects, a rewrite to `/.netlify/functions/<name>` runs it
 *    with the original URL, any other status serves the target file with that status (a missing target is the
 *    404 page, never a fall-through);
 * 5. the 404 page.
 * A request that no function took in step 1 and whose method is not GET or HEAD is answered at once: 405 in its
 * family's JSON, or the preflight for OPTIONS on a path of the API in any case (`/API/v1/x`, which the preflight
 * function's paths do not take). On Netlify the rules bring such a request under `/api` and `/feeds` (in any case)
 * to a function that answers the same, and the CDN decides for files (docs/api/http.md); a 3xx rule is not followed for it.
 * Repeated slashes count as one, as on Netlify's CDN, and one trailing slash is ignored throughout. `_headers`
 * apply to static answers only (functions set their own), matched on the URL path that names the file: the
 * request's, or a rewrite's target. How answers go on the wire (HEAD, ETags, compression) is ./replies.ts; what
 * Node's parser refuses (oversized or unreadable requests, CONNECT, a request without Host) is ./refused-requests.ts.
 *
 * Fast on purpose (docs/maintainers/performance.md): per request one `readlink` per event-loop turn, a lookup of what the
 * path names (remembered for a second per build folder), and bodies, compressed variants and headers from memory.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { badParameter } from '../api/errors.ts';
import { DATA_FILES } from '../api/data-files.ts';
import { answerToMethod, DATASET_HEADER, datasetHeader, familyOfPath, toErrorResponse } from '../api/envelope.ts';
import { isApiPath } from '../api/route-table.ts';
import type { Config } from '../config/env.ts';
import { configMethods, configPaths, localFunctions, type LocalFunction } from './local-functions.ts';
import { compilePath, fillTarget, withoutTrailingSlash, type PathMatcher } from './netlify-match.ts';
import { fileFinder, publicRoot, type PublicFile } from './public-files.ts';
import { answerClientError, answerConnect, MAX_HEAD_BYTES, missingHost, trackAnswer } from './refused-requests.ts';
import { responseReply, staticReply, type Reply, type StaticAnswer } from './replies.ts';
import { firstRedirect, siteRulesCache, type SiteRules } from './site-rules.ts';
import { createStaticCache, type StaticCache } from './static-cache.ts';
import { whenReady, type MaybePromise } from './sync-first.ts';

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

const FUNCTION_PREFIX = '/.netlify/functions/';
/** Bytes of static files and their compressed variants kept in memory; the real build is 70 MB. */
const CACHE_BYTES = 64 * 1024 * 1024;
/**
 * How long a kept-alive connection may wait for its next request. Node's 5 s counts until the event loop sees the
 * request, not until it arrives: a client in the server's own process (the suites, the docs' examples) starved of
 * CPU on a busy machine had its kept connection reset under it (ECONNRESET) while its request sat in the socket.
 */
const KEEP_ALIVE_MS = 60_000;

interface FunctionRoute {
  fn: LocalFunction;
  methods: string[];
  paths: PathMatcher[];
}

interface Site {
  /** The build folder `public` points at now. */
  root: () => string | null;
  find: (root: string, urlPath: string) => PublicFile | null;
  rules: (root: string) => MaybePromise<SiteRules>;
  files: StaticCache;
  functions: LocalFunction[];
  routes: FunctionRoute[];
}

/** What routing decides: a static file (with its status and headers' path) or a function's Response. */
type Routed = StaticAnswer | Response;

/**
 * `/api//v1/x` is `/api/v1/x` for functions, files and rules alike: Netlify's CDN collapses repeated slashes
 * before it routes (docs/api/http.md).
 */
const collapseSlashes = (pathname: string) => pathname.replace(/\/{2,}/g, '/');

function runFunction(fn: LocalFunction, req: http.IncomingMessage, url: URL): Promise<Response> | Response {
  let request: Request;
  try {
    request = new Request(url, { method: req.method, headers: req.headers as Record<string, string> });
  } catch {
    return toErrorResponse(familyOfPath(url.pathname), badParameter('The request cannot be read.'));
  }
  return fn.handler(request);
}

function notFoundPage(site: Site, root: string, rules: SiteRules): Routed {
  const page = site.find(root, '/404.html');
  return page
    ? { file: page, status: 404, headersPath: '/404.html', rules }
    : new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

function routeRequest(site: Site, req: http.IncomingMessage, url: URL): MaybePromise<Routed> {
  const method = req.method ?? 'GET';
  const bare = withoutTrailingSlash(url.pathname);
  const routed = site.routes.find(
    (r) => (r.methods.length === 0 || r.methods.includes(method)) && r.paths.some((matches) => matches(bare)),
  );
  if (routed) return runFunction(routed.fn, req, url);
  const refused = answerToMethod(method, familyOfPath(url.pathname), isApiPath(url.pathname));
  if (refused) return refused;
  const root = site.root();
  if (!root) return new Response('No public/ folder: build first', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return whenReady(site.rules(root), (rules) => routeInBuild(site, req, url, root, rules));
}

/** Steps 2 to 5, in the build folder `root`. */
function routeInBuild(site: Site, req: http.IncomingMessage, url: URL, root: string, rules: SiteRules): MaybePromise<Routed> {
  const bare = withoutTrailingSlash(url.pathname);
  if (bare.startsWith(FUNCTION_PREFIX)) {
    const fn = site.functions.find((f) => f.name === bare.slice(FUNCTION_PREFIX.length));
    // A function with its own config.path is not reachable here (docs/maintainers/operations.md), nor is a scheduled one.
    return fn && configPaths(fn.config).length === 0 && !fn.config.schedule ? runFunction(fn, req, url) : notFoundPage(site, root, rules);
  }
  const found = site.find(root, url.pathname);
  // Without a forced rule an existing file answers at once: the rules are not even walked.
  if (found && !rules.anyForced) return { file: found, status: 200, headersPath: bare, rules };
  const match = firstRedirect(rules, bare, url.searchParams);
  if (found && !match?.rule.force) return { file: found, status: 200, headersPath: bare, rules };
  if (!match) return notFoundPage(site, root, rules);
  const { rule, params } = match;
  const target = fillTarget(rule.to, params);
  if (rule.status >= 300 && rule.status < 400) {
    // Netlify passes the query on, unless the rule matched on query parameters or its target has its own.
    const location = url.search && !rule.matchesQuery && !target.includes('?') ? target + url.search : target;
    return new Response(null, { status: rule.status, headers: { Location: location } });
  }
  const targetPath = target.split('?')[0] as string;
  if (targetPath.startsWith(FUNCTION_PREFIX)) {
    const fn = site.functions.find((f) => f.name === targetPath.slice(FUNCTION_PREFIX.length));
    return fn ? runFunction(fn, req, url) : notFoundPage(site, root, rules);
  }
  const file = site.find(root, targetPath);
  return file ? { file, status: rule.status, headersPath: withoutTrailingSlash(targetPath), rules } : notFoundPage(site, root, rules);
}

/**
 * An answer the server made itself (a method no function takes, as Netlify's rules would send to the api-miss
 * function) says which archive it is, as every answer does; functions' answers already say it.
 */
async function withDataset(site: Site, response: Response): Promise<Response> {
  const root = site.root();
  if (response.headers.has(DATASET_HEADER) || !root) return response;
  const report = await DATA_FILES.archiveReport.read(root).catch(() => null);
  if (report) for (const [name, value] of Object.entries(datasetHeader(report.demo))) response.headers.set(name, value);
  return response;
}

function reply(site: Site, req: http.IncomingMessage): MaybePromise<Reply> {
  // The URL comes from the request line only: a Host header must never change the path.
  const target = req.url ?? '/';
  if (!target.startsWith('/')) return responseReply(req, toErrorResponse('web', badParameter('The request target is not a path.')));
  const fail = (error: unknown) =>
    responseReply(req, toErrorResponse(familyOfPath(collapseSlashes(target.split('?')[0] as string)), error));
  try {
    const url = new URL(`http://localhost${target}`);
    url.pathname = collapseSlashes(url.pathname);
    const answered = whenReady(routeRequest(site, req, url), (answer) =>
      answer instanceof Response ? withDataset(site, answer).then((r) => responseReply(req, r)) : staticReply(site.files, req, answer),
    );
    return answered instanceof Promise ? answered.catch(fail) : answered;
  } catch (error) {
    return fail(error);
  }
}

// Minutes between runs of an "every N minutes" cron schedule (the only form this project uses; `*` is every minute).
export function everyMinutes(schedule: string): number {
  const match = /^(\*|\*\/(\d+)) \* \* \* \*$/.exec(schedule.trim());
  if (!match) throw new Error(`the local server runs only every-N-minutes schedules, not "${schedule}"`);
  return match[2] ? Number(match[2]) : 1;
}

/** Runs scheduled functions once now and then on their schedule, as Netlify does for the published deploy. */
function runSchedules(functions: LocalFunction[], log: (line: string) => void): () => void {
  const timers = functions
    .filter((fn) => typeof fn.config.schedule === 'string')
    .map((fn) => {
      const run = () => {
        Promise.resolve(fn.handler(new Request('http://localhost/.netlify/functions/' + fn.name, { method: 'POST' }))).catch(
          (error: unknown) => log(`scheduled ${fn.name} failed: ${(error as Error).message}`),
        );
      };
      run();
      const timer = setInterval(run, everyMinutes(fn.config.schedule as string) * 60_000);
      timer.unref();
      return timer;
    });
  return () => timers.forEach((timer) => clearInterval(timer));
}

export async function startLocalServer(options: {
  publicDir: string;
  /** The configuration the functions run with (their `publicDir` is this server's). */
  config: Config;
  port: number;
  host?: string;
  schedules?: boolean;
  log?: (line: string) => void;
  /** The time the API's functions answer at; default the machine's. */
  clock?: () => Date;
}): Promise<LocalServer> {
  const publicDir = path.resolve(options.publicDir);
  const functions = await localFunctions({ ...options.config, publicDir }, options.log ?? console.log, options.clock);
  const site: Site = {
    root: publicRoot(publicDir),
    find: fileFinder(),
    rules: siteRulesCache(),
    files: createStaticCache(CACHE_BYTES),
    functions,
    routes: functions
      .map((fn) => ({ fn, methods: configMethods(fn.config), paths: configPaths(fn.config).map(compilePath) }))
      .filter((r) => r.paths.length > 0),
  };
  const fail = (res: http.ServerResponse, error: unknown) => {
    console.error(error);
    res.destroy();
  };
  // A header a function set that Node refuses must not bring the server down.
  const send = (res: http.ServerResponse, { status, headers, body }: Reply) => {
    try {
      res.writeHead(status, headers);
      res.end(body);
    } catch (error) {
      fail(res, error);
    }
  };
  // Node's own answer to a request without Host is a bare 400: `missingHost` answers it in the family's JSON.
  const server = http.createServer({ maxHeaderSize: MAX_HEAD_BYTES, requireHostHeader: false }, (req, res) => {
    trackAnswer(req, res);
    const noHost = missingHost(req);
    if (noHost) {
      res.shouldKeepAlive = false;
      responseReply(req, noHost).then(
        (ready) => send(res, ready),
        (error: unknown) => fail(res, error),
      );
      return;
    }
    const answer = reply(site, req);
    if (answer instanceof Promise)
      answer.then(
        (ready) => send(res, ready),
        (error: unknown) => fail(res, error),
      );
    else send(res, answer);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('clientError', answerClientError);
  server.on('connect', answerConnect);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    // A port in use is the likeliest mistake: say so and what to do, instead of an unhandled 'error' event.
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${host} is in use (another server?); choose another with --port <n>.`)
          : error,
      ),
    );
    server.listen(options.port, host, resolve);
  });
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
