/**
 * The v1 envelope `{code, msg, data, ts}` unwrapped: `unwrap` gives `data`, or throws a {@link TyphoonApiError}
 * carrying the status and the API's code and message (docs/api/conventions.md lists the codes).
 */

/** What a v1 request gives: the envelope as data, an error body, or a 304. */
export interface V1Result<Data> {
  data?: { data: Data };
  error?: unknown;
  notModified?: boolean;
  response: Response;
}

/** An answer that is not data: an error of either family, a 304, or a body that is not the API's. */
export class TyphoonApiError extends Error {
  override readonly name = 'TyphoonApiError';

  constructor(
    /** The HTTP status: 400, 404, 503 …, 304 for a conditional request's "not modified". */
    readonly status: number,
    /** The API's code (40001, 40400, 50300 …), null when the answer carried none. */
    readonly code: number | null,
    message: string,
    /** The v1 envelope's `ts`, null when the answer carried none. */
    readonly ts: number | null = null,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The error an answer without data stands for. */
function errorOf({ error, notModified, response }: V1Result<unknown>): TyphoonApiError {
  if (notModified || response.status === 304) {
    return new TyphoonApiError(
      304,
      null,
      `${response.url}: 304 Not Modified has no body; keep the body whose ETag you sent (createEtagCache does)`,
    );
  }
  if (isRecord(error) && typeof error.code === 'number' && typeof error.msg === 'string') {
    return new TyphoonApiError(response.status, error.code, error.msg, typeof error.ts === 'number' ? error.ts : null);
  }
  // The web family's error, `{error: {code, status, message}}`: a v1 client asked a web path.
  const web = isRecord(error) && isRecord(error.error) ? error.error : null;
  if (web && typeof web.code === 'number' && typeof web.message === 'string')
    return new TyphoonApiError(response.status, web.code, web.message);
  return new TyphoonApiError(
    response.status,
    null,
    `${response.status} ${response.statusText} from ${response.url}: not an answer of the API`,
  );
}

/** The `data` of a v1 answer; anything else (an error, a 304) throws a {@link TyphoonApiError}. */
export async function unwrap<Data>(answer: V1Result<Data> | PromiseLike<V1Result<Data>>): Promise<Data> {
  const result = await answer;
  if (result.data !== undefined) return result.data.data;
  throw errorOf(result);
}
