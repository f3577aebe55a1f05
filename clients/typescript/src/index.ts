/**
 * The typed client of the typhoon API: openapi-fetch over the types generated from the API's OpenAPI document
 * (./schema.ts). Every path, parameter and answer is typed; the feeds answer XML, read as text. A conditional
 * request (`If-None-Match`) may answer 304, which has no body: its result is typed `{ notModified: true }`, never
 * as data. Helpers: ./envelope.ts (v1 data or a typed error), ./paging.ts (every page of a list),
 * ./revalidation.ts (a cache of bodies and ETags that answers a 304 with the body it keeps).
 */
import createClient, { type Client, type ClientOptions, type FetchOptions, type FetchResponse } from 'openapi-fetch';
import type { FilterKeys, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';
export { TyphoonApiError, unwrap, type V1Result } from './envelope.js';
export { items, pages, type PageData } from './paging.js';
export { createEtagCache, type EtagCache, type EtagCacheOptions } from './revalidation.js';

/** A 304 Not Modified: the ETag sent with `If-None-Match` is still current. It has no body, so no data. */
export interface NotModified {
  notModified: true;
  data?: undefined;
  error?: undefined;
  response: Response;
}

/** A request that may answer 304: one that sends `If-None-Match` (or headers of its own). */
type MayBeNotModified<Init> = Init extends { params: { header: { 'If-None-Match': unknown } } } | { headers: unknown }
  ? NotModified
  : never;

/** A path's GET operation. */
type GetOperation<Paths, Path extends keyof Paths> = FilterKeys<Paths[Path], 'get'>;

/** The options of a GET, optional when the operation needs no parameter (as openapi-fetch has them). */
type GetInit<Operation> =
  RequiredKeysOf<FetchOptions<Operation>> extends never ? FetchOptions<Operation> | undefined : FetchOptions<Operation>;
type InitArgs<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** What a GET answers: openapi-fetch's data or error, or a 304 when the request was conditional. */
export type TyphoonResponse<Operation, Init> =
  | (FetchResponse<Operation extends Record<string | number, unknown> ? Operation : never, Init, MediaType> & { notModified?: false })
  | MayBeNotModified<Init>;

/** openapi-fetch's client with a GET whose result tells a 304 apart from data and from an error. */
export type TyphoonClient<Paths extends {} = paths> = Omit<Client<Paths>, 'GET'> & {
  GET<Path extends PathsWithMethod<Paths, 'get'>, Init extends GetInit<GetOperation<Paths, Path>>>(
    url: Path,
    ...init: InitArgs<Init>
  ): Promise<TyphoonResponse<GetOperation<Paths, Path>, Init>>;
};

export interface TyphoonClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API is: https://… of the site, or the local server's address. */
  baseUrl: string;
}

/**
 * A client of the API at `baseUrl`; other options (fetch, headers) go to openapi-fetch. The paths' types are this
 * package's; a caller may give others (types generated from a newer document, or looser ones for a generic walk).
 */
export function createTyphoonClient<Paths extends {} = paths>({ baseUrl, ...options }: TyphoonClientOptions): TyphoonClient<Paths> {
  const client = createClient<Paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, '') });
  // openapi-fetch reads a 304 as an error whose text is "" (it is not 2xx), so `if (error)` passed it by.
  const get = async (...args: Parameters<typeof client.GET>) => {
    const result = await client.GET(...args);
    return result.response.status === 304 ? { notModified: true, response: result.response } : result;
  };
  return { ...client, GET: get } as unknown as TyphoonClient<Paths>;
}

/** The `data` of a v1 path's 200 answer: what {@link unwrap} gives. `V1Data<'/api/v1/typhoons/{code}'>` is a storm. */
export type V1Data<Path extends PathsWithMethod<paths, 'get'> & `/api/v1/${string}`> = paths[Path]['get'] extends {
  responses: { 200: { content: { 'application/json': { data: infer Data } } } };
}
  ? Data
  : never;

/** One storm as `/api/v1/typhoons/{code}` answers it: the archive's or live record, with `dataset`. */
export type TyphoonDetail = V1Data<'/api/v1/typhoons/{code}'>;

/** The paths that answer XML (RSS, Atom): ask them with `parseAs: 'text'`, their data is the document's text. */
export const FEED_PATHS = ['/feeds/flash.xml', '/feeds/flash.atom'] as const satisfies readonly (keyof paths)[];
