/**
 * Binding a handler to its route: the route table (./route-table.ts) says everything about an endpoint but its
 * code; a handler file binds the code to the route, once, with one of the three functions below. The binding's
 * type follows from the route's declaration: its path parameters and query values are typed (a misspelt query
 * key does not compile, and a handler casts nothing), and its context is the one its kind of serving has
 * (./context.ts), so a function handler cannot reach for the archive in memory, nor a static renderer for the
 * clock or the store.
 *
 * The build renders the static bindings (./render-static.ts) and generates one Netlify function per function
 * name from the others (./functions.ts, build/write-functions.ts): adding an endpoint is one table entry and one
 * handler file (docs/maintainers/architecture.md).
 */
import type { Dataset } from '../archive/archive-report.ts';
import type { CachePolicy, CachePolicyName } from './cache-policy.ts';
import type { ArchiveContext, LookupContext, ReadsOf, RequestContext, SiteData } from './context.ts';
import type { Family } from './envelope.ts';
import { notFound, type ApiError } from './errors.ts';
import type { ParamKind, ParamValueOf, QueryKind, QueryValueOf } from './params.ts';
import { pathNamer, type Resource } from './route-table.ts';

/** A route's path parameters, decoded and checked (a malformed one is a 40001 before the handler runs). */
export type ParamsOf<R extends Resource> = {
  readonly [K in keyof R['params']]: ParamValueOf<Extract<R['params'][K], ParamKind>>;
};

/** A route's declared query parameters, parsed. */
export type QueryOf<R extends Resource> = R['query'] extends readonly QueryKind[]
  ? { readonly [K in R['query'][number]]: QueryValueOf<K> }
  : Record<never, never>;

export interface ApiRequest<R extends Resource = Resource> {
  family: Family;
  params: ParamsOf<R>;
  query: QueryOf<R>;
}

export interface Answer {
  /** The data; the body's text itself for a route whose media type is not JSON (a feed). */
  payload: unknown;
  /**
   * When the data was produced (ms since the epoch), the v1 `ts`: the release time of archive and content data (so
   * the same data gives the same bytes), the last successful fetch of live data; null when there is no data yet
   * (the answer's own time is used). Every handler states it (docs/api/conventions.md).
   */
  dataTime: number | null;
  /**
   * Which archive the data comes from, null when it does not come from the archive (a live storm): required in v1
   * by the routes that declare `dataset` (./v1-data.ts).
   */
  dataset?: Dataset | null;
  /** Another policy than the route's (a stale live list, an upstream lookup, a calendar day). */
  cache?: CachePolicyName | CachePolicy;
}

type StaticRoute = Resource & { servedBy: { kind: 'static' } };
type StaticRouteWithMisses = StaticRoute & { missFn: string };
type FunctionRoute = Resource & { servedBy: { kind: 'function'; fn: string } };

// Methods (not function-valued properties) on purpose: a binding of one route is then also a binding of
// `Resource`, so bindings of different routes share one list.

/** Answers the build writes as files: every instance of the route over the archive. */
export interface StaticBinding<R extends Resource = Resource> {
  readonly kind: 'static';
  readonly route: R;
  /** The path parameters of every answer the build writes (nitro's prerender routes). */
  instances(site: SiteData): ParamsOf<R>[];
  render(ctx: ArchiveContext, request: ApiRequest<R>): Promise<Answer>;
}

/** Answers a Netlify function gives per request. */
export interface RequestBinding<R extends Resource = Resource> {
  /** `function`: the route's own function; `misses`: its collection's paths no static file answers. */
  readonly kind: 'function' | 'misses';
  readonly route: R;
  /** The Netlify function that runs it. */
  readonly fn: string;
  /** Files outside public/ it reads at run time (project-relative), bundled with its function. */
  readonly files: readonly string[];
  /** Answers one request; its handler sees the context its route may use (the data files it declares, the lookup for misses). */
  handle(ctx: RequestContext<string>, request: ApiRequest<R>): Promise<Answer>;
}

export type Binding = StaticBinding | RequestBinding;

/** A static route's renderer: the build calls it for every instance and writes each answer at its URL path. */
export function answerStatically<R extends StaticRoute>(
  route: R,
  spec: { instances(site: SiteData): ParamsOf<R>[]; render(ctx: ArchiveContext, request: ApiRequest<R>): Promise<Answer> },
): StaticBinding<R> {
  return { kind: 'static', route, instances: spec.instances, render: spec.render };
}

/**
 * A function route's handler: the function its route names runs it for every request. `files`: what it reads
 * outside public/ at run time (project-relative: the warning areas), bundled with its function.
 */
export function answerRequests<R extends FunctionRoute>(
  route: R,
  handle: (ctx: RequestContext<ReadsOf<R>>, request: ApiRequest<R>) => Promise<Answer>,
  files: readonly string[] = [],
): RequestBinding<R> {
  return { kind: 'function', route, fn: route.servedBy.fn, files, handle };
}

/**
 * The handler of a static route's misses (paths of its collection no file answers): run by the function the
 * route names in `missFn`, with the upstream lookup in its context.
 */
export function answerMisses<R extends StaticRouteWithMisses>(
  route: R,
  lookup: { upstream(base: RequestContext): LookupContext['lookupUpstream']; files: readonly string[] },
  handle: (ctx: LookupContext<ReadsOf<R>>, request: ApiRequest<R>) => Promise<Answer>,
): RequestBinding<R> {
  return {
    kind: 'misses',
    route,
    fn: route.missFn,
    files: lookup.files,
    handle: (ctx, request) => handle({ ...ctx, lookupUpstream: lookup.upstream(ctx) }, request),
  };
}

export const isBinding = (value: unknown): value is Binding =>
  typeof value === 'object' &&
  value !== null &&
  'kind' in value &&
  'route' in value &&
  ['static', 'function', 'misses'].includes((value as Binding).kind);

/** The route's 40401 for a well-formed path parameter that names nothing (its one not-found message), as `family` words it. */
export const notFoundIn = (route: Resource, value: string, family: Family): ApiError =>
  notFound(route.notFound?.(value, pathNamer(family)) ?? `Nothing for ${value}.`);
