/**
 * The error catalog: every error the API can answer, with its permanent v1 code and HTTP status, when it is
 * answered and an example of its message. The spec fixes the codes; the statuses are ours. The OpenAPI document
 * and the error table of docs/api/conventions.md are written from it.
 */

interface ErrorKind {
  code: number;
  status: number;
  title: string;
  /** When it is answered, in a few words (the OpenAPI responses' descriptions). */
  when: string;
  /** A message it may carry (the OpenAPI responses' examples). */
  example: string;
}

export const ERROR_CATALOG = {
  badParameter: {
    code: 40001,
    status: 400,
    title: 'Parameter error',
    when: 'a malformed parameter',
    example: 'year must be a four-digit year such as 2024; got "24".',
  },
  notFound: {
    code: 40401,
    status: 404,
    title: 'Resource does not exist',
    when: 'well formed, but nothing there',
    example: 'No storm with code 202499; /api/history/search/{keyword} finds codes by name.',
  },
  unknownEndpoint: {
    code: 40400,
    status: 404,
    title: 'Unknown endpoint',
    when: 'no such endpoint',
    example: 'No endpoint at /api/nothing. /api/openapi.json describes every endpoint.',
  },
  serverError: {
    code: 50000,
    status: 500,
    title: 'Server error',
    when: 'a fault of ours (the details are logged, never sent)',
    example: 'Server error: the error was logged.',
  },
  /** An upstream that had to be asked could not be (timeout, network, 5xx, garbage): try again later. */
  upstreamUnavailable: {
    code: 50000,
    status: 503,
    title: 'Upstream unavailable',
    when: 'an upstream that had to be asked could not be; try again in a minute',
    example:
      'No storm with code 202699 in the live snapshot or the archive, and the upstream service could not be asked just now; try again in a minute.',
  },
  /**
   * A method the API does not answer (it is read-only), with `Allow`. The v1 codes are the spec's four: no
   * endpoint answers this method at this path, so 40400.
   */
  methodNotAllowed: {
    code: 40400,
    status: 405,
    title: 'Method not allowed',
    when: 'a method other than GET, HEAD and OPTIONS (the CORS preflight)',
    example: 'POST is not answered here: this API is read-only and answers GET, HEAD, OPTIONS.',
  },
  /** A request line and headers larger than the server reads (docs/api/http.md): the request as sent cannot be used, 40001. */
  requestTooLarge: {
    code: 40001,
    status: 431,
    title: 'Request header fields too large',
    when: 'a request line and headers over 16 KiB',
    example: 'The request line and headers are larger than 16 KiB.',
  },
  /** Stored data that cannot be read just now (damaged in the live store): the next refresh restores it. */
  dataUnavailable: {
    code: 50000,
    status: 503,
    title: 'Data unavailable',
    when: 'the stored data cannot be read just now; the next scheduled refresh (every 15 minutes) restores it',
    example:
      'Global cyclone nhc-al132025: data unavailable, try again after the next refresh (its stored record cannot be read; the refresh, every 15 minutes, restores it).',
  },
} as const satisfies Record<string, ErrorKind>;

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
