/**
 * The error catalog: every error the API can answer, with its permanent v1 code and HTTP status.
 * The spec fixes the codes; the statuses are ours and are documented in docs/conventions.md and OpenAPI.
 */

export const ERROR_CATALOG = {
  badParameter: { code: 40001, status: 400, title: 'Parameter error' },
  notFound: { code: 40401, status: 404, title: 'Resource does not exist' },
  unknownEndpoint: { code: 40400, status: 404, title: 'Unknown endpoint' },
  serverError: { code: 50000, status: 500, title: 'Server error' },
  /** An upstream that had to be asked could not be (timeout, network, 5xx, garbage): try again later. */
  upstreamUnavailable: { code: 50000, status: 503, title: 'Upstream unavailable' },
  /**
   * A method the API does not answer (it is read-only), with `Allow`. The v1 codes are the spec's four: no
   * endpoint answers this method at this path, so 40400.
   */
  methodNotAllowed: { code: 40400, status: 405, title: 'Method not allowed' },
  /** A request line and headers larger than the server reads (docs/http.md): the request as sent cannot be used, 40001. */
  requestTooLarge: { code: 40001, status: 431, title: 'Request header fields too large' },
  /** Stored data that cannot be read just now (damaged in the live store): the next refresh restores it. */
  dataUnavailable: { code: 50000, status: 503, title: 'Data unavailable' },
} as const;

export type ErrorName = keyof typeof ERROR_CATALOG;

/** An error meant for the client: a catalog entry plus a message that says what happened and what to do. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(
    readonly errorName: ErrorName,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = ERROR_CATALOG[errorName].code;
    this.status = ERROR_CATALOG[errorName].status;
  }
}

export const badParameter = (message: string) => new ApiError('badParameter', message);
export const upstreamUnavailable = (message: string) => new ApiError('upstreamUnavailable', message);
export const dataUnavailable = (message: string) => new ApiError('dataUnavailable', message);
export const notFound = (message: string) => new ApiError('notFound', message);
export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  new ApiError('methodNotAllowed', `${method.slice(0, 20)} is not answered here: this API is read-only and answers ${allowed.join(', ')}.`);
export const requestTooLarge = (message: string) => new ApiError('requestTooLarge', message);
/** `hint` names the endpoint the path most likely meant (classify-miss.ts), or is empty. */
export const unknownEndpoint = (path: string, hint = '') =>
  new ApiError('unknownEndpoint', `No endpoint at ${path}.${hint} /api/openapi.json describes every endpoint.`);
