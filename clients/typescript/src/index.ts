/**
 * The typed client of the typhoon API: openapi-fetch over the types generated from the API's OpenAPI document
 * (./schema.ts). Every path, parameter and answer is typed; the feeds answer XML, read as text.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

export type TyphoonClient = Client<paths>;

export interface TyphoonClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API is: https://… of the site, or the local server's address. */
  baseUrl: string;
}

/**
 * A client of the API at `baseUrl`; other options (fetch, headers) go to openapi-fetch. The paths' types are this
 * package's; a caller may give others (types generated from a newer document, or looser ones for a generic walk).
 */
export function createTyphoonClient<Paths extends {} = paths>({ baseUrl, ...options }: TyphoonClientOptions): Client<Paths> {
  return createClient<Paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, '') });
}

/** The paths that answer XML (RSS, Atom): ask them with `parseAs: 'text'`, their data is the document's text. */
export const FEED_PATHS = ['/feeds/flash.xml', '/feeds/flash.atom'] as const satisfies readonly (keyof paths)[];
