/**
 * One way from a handler to an answer, for static files and functions alike. A handler gets the context and the
 * parsed request and returns a payload; everything around it comes from the route table: the family's body
 * (the v1 envelope, the web wrapper), Content-Type, the cache policy and `Netlify-Vary`. The build writes the
 * body of `renderAnswer`; a function answers `respond`'s Response, built from the same body.
 */
import { netlifyVary, resolvePolicy, type CachePolicy, type CachePolicyName } from './cache-policy.ts';
import { classifyMiss } from './classify-miss.ts';
import { functionContext, type HandlerContext } from './context.ts';
import { PARAMS, parseQuery, queryName, type QueryValue } from './params.ts';
import { envelope, errorResponse, familyHeaders, familyOfPath, safeHandler, type Family } from './envelope.ts';
import { answersJson, ENDPOINTS, matchPath, mediaTypeOf, type Endpoint, type Resource } from './route-table.ts';

export interface ApiRequest {
  family: Family;
  /** Path parameters, decoded and checked (a malformed one is a 40001 before the handler runs). */
  params: Record<string, string>;
  /** The resource's declared query parameters, parsed (absent optional ones are null). */
  query: Record<string, QueryValue>;
}

export interface Answer {
  /** The data; the body's text itself for a route whose media type is not JSON (a feed). */
  payload: unknown;
  /** When the data was released (ms since the epoch): the v1 `ts` of a static answer, so the same data gives the same bytes. */
  releasedAt?: number;
  /** Another policy than the route's (a stale live list, an upstream lookup, a calendar day). */
  cache?: CachePolicyName | CachePolicy;
}

export type ResourceHandler = (ctx: HandlerContext, request: ApiRequest) => Promise<Answer>;
export type ResourceHandlers = Readonly<Record<string, ResourceHandler>>;

export function parseRequest(endpoint: Endpoint, rawParams: Record<string, string>, url: URL): ApiRequest {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(rawParams)) {
    const kind = endpoint.resource.params[name];
    if (kind) params[name] = PARAMS[kind].parse(raw);
  }
  const query = parseQuery(url, endpoint.resource.query ?? []) as ApiRequest['query'];
  return { family: endpoint.family, params, query };
}

/**
 * The body of an answer in its family: the v1 envelope with `ts`, or the web payload (wrapped where the route
 * says); a route that answers another media type than JSON (a feed) has its payload, text, sent as it is.
 */
export function answerBody(resource: Resource, family: Family, answer: Answer, ts: number): string {
  if (!answersJson(resource)) {
    if (family === 'v1' || typeof answer.payload !== 'string') throw new Error(`${resource.id} answers ${mediaTypeOf(resource)}: a web-only route whose handler returns text`);
    return answer.payload;
  }
  if (family === 'v1') return JSON.stringify(envelope(answer.payload, ts));
  return JSON.stringify(resource.webKey ? { [resource.webKey]: answer.payload } : answer.payload);
}

const policyOf = (answer: Answer, resource: Resource, now: () => Date): CachePolicy => {
  const chosen = answer.cache ?? resource.cache;
  return typeof chosen === 'string' ? resolvePolicy(chosen, now) : chosen;
};

/** Headers of a function answer: the family's, then the route's media type, cache policy and CDN variation. */
function answerHeaders(resource: Resource, family: Family, policy: CachePolicy): Record<string, string> {
  const headers: Record<string, string> = { ...familyHeaders(family), 'Content-Type': mediaTypeOf(resource), 'Cache-Control': policy.browser };
  if (policy.cdn) headers['Netlify-CDN-Cache-Control'] = policy.cdn;
  return { ...headers, ...netlifyVary((resource.query ?? []).map(queryName)) };
}

/** The endpoint of a request among the resources a function serves, with its raw path parameters. */
function route(handlers: ResourceHandlers, pathname: string): { endpoint: Endpoint; raw: Record<string, string> } | null {
  const family = familyOfPath(pathname);
  const path = pathname.replace(/(.)\/$/, '$1'); // Netlify's config.path allows a trailing slash
  for (const endpoint of ENDPOINTS) {
    if (endpoint.family !== family || !(endpoint.resource.id in handlers)) continue;
    const raw = matchPath(endpoint.path, path);
    if (raw) return { endpoint, raw };
  }
  return null;
}

/** Answers a request with the handler of the resource it names; a path none of them owns is classified as a miss. */
export async function respond(handlers: ResourceHandlers, req: Request, ctx: HandlerContext): Promise<Response> {
  const url = new URL(req.url);
  const found = route(handlers, url.pathname);
  if (!found) return errorResponse(familyOfPath(url.pathname), classifyMiss(url.pathname, familyOfPath(url.pathname)));
  const { endpoint, raw } = found;
  const handler = handlers[endpoint.resource.id] as ResourceHandler;
  const answer = await handler(ctx, parseRequest(endpoint, raw, url));
  const body = answerBody(endpoint.resource, endpoint.family, answer, answer.releasedAt ?? ctx.now().getTime());
  return new Response(body, { status: 200, headers: answerHeaders(endpoint.resource, endpoint.family, policyOf(answer, endpoint.resource, ctx.now)) });
}

/**
 * A Netlify function over some resources' handlers, with a fresh context per request (`extra` adds what only
 * this function may use, such as the upstream lookup). Every route it serves must be given a handler.
 */
export function serveFunction(handlers: ResourceHandlers, extra: Partial<HandlerContext> = {}) {
  for (const id of Object.keys(handlers)) {
    if (!ENDPOINTS.some((e) => e.resource.id === id)) throw new Error(`no route ${id} in the route table`);
  }
  return safeHandler((req) => respond(handlers, req, functionContext(extra)));
}
