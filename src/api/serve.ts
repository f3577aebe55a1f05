/**
 * One way from a handler to an answer, for static files and functions alike. A handler gets its context and the
 * parsed request and returns a payload; everything around it comes from the route table: the family's body
 * (the v1 envelope, the web wrapper), Content-Type, the cache policy and its tags. The build writes the
 * bodies of `answerBodies` (./render-static.ts); a function answers `serveFunction`'s Response, built from the same body.
 */
import { readConfig, type Config } from '../config/env.ts';
import type { Answer, RequestBinding } from './bind.ts';
import { cacheTagHeader, resolvePolicy, type CachePolicy } from './cache-policy.ts';
import { classifyMiss } from './classify-miss.ts';
import { requestContext } from './context.ts';
import {
  answerToMethod,
  datasetHeader,
  envelope,
  envelopeJson,
  errorResponse,
  familyHeaders,
  familyOfPath,
  toErrorResponse,
  type Family,
} from './envelope.ts';
import { DATA_FILES } from './data-files.ts';
import { etagOf, matchingEtag } from './etag.ts';
import { parseRequest } from './request.ts';
import { v1Data, withDataset } from './v1-data.ts';
import { answersJson, ENDPOINTS, matchPath, mediaTypeOf, type Endpoint, type Resource } from './route-table.ts';

/**
 * The bodies of an answer in the families asked, in their order: the v1 envelope with `ts` (a collection's array as
 * `data.list`: ./v1-data.ts), or the web payload (wrapped where the route says); a route that answers another media
 * type than JSON (a feed) has its payload, text, sent as it is. Where the v1 data is the web body itself (a route with
 * no collection and no web wrapper), it is serialised once and the envelope written around it: the build writes both
 * families of every static answer.
 */
export function answerBodies(resource: Resource, families: readonly Family[], answer: Answer, ts: number): string[] {
  if (!answersJson(resource))
    return families.map((family) => {
      if (family === 'v1' || typeof answer.payload !== 'string')
        throw new Error(`${resource.id} answers ${mediaTypeOf(resource)}: a web-only route whose handler returns text`);
      return answer.payload;
    });
  let webJson: string | undefined;
  const web = () => {
    if (webJson === undefined) {
      const body = resource.webKey ? { [resource.webKey]: answer.payload } : answer.payload;
      // A route that says which archive it answers from says it in the web body too, beside the payload.
      webJson = JSON.stringify(resource.dataset ? withDataset(resource, answer, body) : body);
    }
    return webJson;
  };
  const sameData = !resource.list && !resource.webKey;
  return families.map((family) => {
    if (family === 'web') return web();
    return sameData ? envelopeJson(web(), ts) : JSON.stringify(envelope(v1Data(resource, answer), ts));
  });
}

const policyOf = (answer: Answer, resource: Resource, now: () => Date): CachePolicy => {
  const chosen = answer.cache ?? resource.cache;
  return typeof chosen === 'string' ? resolvePolicy(chosen, now) : chosen;
};

/**
 * Headers of a function answer: the family's, then the route's media type, cache policy and cache tags. No
 * `Netlify-Vary`: the CDN keys a function's answer on its whole query (Netlify's default), so a query with a
 * parameter the route does not declare reaches the function and gets its 40001 (./request.ts).
 */
function answerHeaders(resource: Resource, family: Family, policy: CachePolicy): Record<string, string> {
  const headers: Record<string, string> = {
    ...familyHeaders(family),
    'Content-Type': mediaTypeOf(resource),
    'Cache-Control': policy.browser,
  };
  if (policy.cdn) headers['Netlify-CDN-Cache-Control'] = policy.cdn;
  return { ...headers, ...cacheTagHeader(resource.tags) };
}

/** The endpoint a request names among the bindings a function serves, with its raw path parameters. */
function findEndpoint(
  bindings: readonly RequestBinding[],
  pathname: string,
): { binding: RequestBinding; endpoint: Endpoint; raw: Record<string, string> } | null {
  const family = familyOfPath(pathname);
  const path = pathname.replace(/(.)\/$/, '$1'); // Netlify's config.path allows a trailing slash
  for (const endpoint of ENDPOINTS) {
    if (endpoint.family !== family) continue;
    const binding = bindings.find((b) => b.route.id === endpoint.resource.id);
    const raw = binding && matchPath(endpoint.path, path);
    if (binding && raw) return { binding, endpoint, raw };
  }
  return null;
}

/** Answers a request with the binding of the route it names; a path none of them owns is classified as a miss. */
async function respond(bindings: readonly RequestBinding[], req: Request, config: Config, clock: () => Date): Promise<Response> {
  const url = new URL(req.url);
  const family = familyOfPath(url.pathname);
  const found = findEndpoint(bindings, url.pathname);
  if (!found) return errorResponse(family, classifyMiss(url.pathname, family, url.searchParams));
  const { binding, endpoint, raw } = found;
  const ctx = requestContext(config, clock);
  const answer = await binding.handle(ctx, parseRequest(endpoint, raw, url));
  // `ts` is when the data was produced; an answer with no data time (nothing fetched yet) has the time of the answer.
  const [body] = answerBodies(endpoint.resource, [endpoint.family], answer, answer.dataTime ?? ctx.now().getTime());
  return new Response(body, {
    status: 200,
    headers: answerHeaders(endpoint.resource, endpoint.family, policyOf(answer, endpoint.resource, ctx.now)),
  });
}

/**
 * A Netlify function over its bindings (src/api/functions.ts lists which). Its configuration is read from the
 * environment at its first request, unless one is given: the local server gives its own, and the tests a way
 * to read it again at every request (and a clock of their own).
 */
export function serveFunction(bindings: readonly RequestBinding[], config?: Config | (() => Config), clock: () => Date = () => new Date()) {
  const configOf = configReader(config);
  return safeHandler((req) => respond(bindings, req, configOf(), clock), configOf);
}

/** The configuration given, or this process's (read from the environment at the first request, once). */
function configReader(config?: Config | (() => Config)): () => Config {
  let configured: Config | undefined;
  return typeof config === 'function' ? config : () => (configured ??= config ?? readConfig());
}

/**
 * Which archive this deploy was built from, as every answer says it (DATASET_HEADER): from the archive report every
 * function bundles. Nothing when it cannot be read (a function without a build beside it says nothing it cannot know).
 */
async function datasetHeaders(configOf: () => Config): Promise<Record<string, string>> {
  try {
    const report = await DATA_FILES.archiveReport.read(configOf().publicDir);
    return report ? datasetHeader(report.demo) : {};
  } catch {
    return {};
  }
}
/**
 * Conditional requests: a successful answer gets a strong ETag (a hash of its body) and an `If-None-Match` that
 * names it (in any encoding: etag.ts) gets 304 with the same headers and no body. v1 envelopes carry `ts`, which changes every answer, so
 * their ETag hashes the body without it: the same data keeps its tag.
 */
export async function withEtag(req: Request, response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const body = await response.text();
  let hashed = body;
  if (response.headers.get('X-Api-Version') === 'v1') {
    try {
      const { ts: _ts, ...rest } = JSON.parse(body) as Record<string, unknown>;
      hashed = JSON.stringify(rest);
    } catch {
      // Not an envelope: hash the body as it is.
    }
  }
  const etag = etagOf(hashed);
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  const matched = matchingEtag(req.headers.get('If-None-Match'), etag);
  if (matched) {
    headers.set('ETag', matched);
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/** HEAD answers like GET, headers included, without a body. */
const withoutBodyForHead = (req: Request, response: Response) =>
  req.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;

/**
 * Wraps a handler so that no throw ever escapes as a platform error page, and adds conditional requests. The
 * handler sees only GET and HEAD: on Netlify a request with another method falls through a function's
 * `config.method` to the files and `_redirects`, whose rules send it to the miss functions, so every function
 * answers methods the same way (answerToMethod).
 */
export function safeHandler(handler: (req: Request) => Promise<Response> | Response, config?: Config | (() => Config)) {
  const configOf = configReader(config);
  return async (req: Request): Promise<Response> => {
    const family = familyOfPath(new URL(req.url).pathname);
    let response: Response;
    try {
      response = await withEtag(req, answerToMethod(req.method, family) ?? (await handler(req)));
    } catch (thrown) {
      response = toErrorResponse(family, thrown);
    }
    for (const [name, value] of Object.entries(await datasetHeaders(configOf))) response.headers.set(name, value);
    return withoutBodyForHead(req, response);
  };
}
