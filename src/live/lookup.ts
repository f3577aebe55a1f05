/**
 * The detail lookup's upstream tier (`/api/typhoons/{code}` for a code no file and no active storm answers): the
 * Zhejiang service's `TyphoonInfo/{code}`, asked once, within 3 s, no retries: someone is waiting.
 */
import type { Config } from '../config/env.ts';
import type { Typhoon } from '../model/typhoon-schemas.ts';
import { reportedValue, type TextCheck } from '../model/upstream-text.ts';
import { NAMES_FILE_IN_PROJECT, PLACES_FILE_IN_PROJECT } from '../config/paths.ts';
import { liveNamesTable } from '../sources/names-table.ts';
import { livePlacesTable } from '../sources/places-table.ts';
import { liveUpstreams, type LiveUpstreams } from '../upstream/addresses.ts';
import { createUpstreamClient, UpstreamError } from '../upstream/client.ts';
import { normalizeZjInfo } from '../upstream/zj-service.ts';

/** The answer is "no such storm": HTTP 404/410, an empty body, or an empty JSON value (null, [], {}). */
const isNoSuchStorm = (error: unknown) =>
  error instanceof UpstreamError &&
  ((error.failure === 'http' && (error.status === 404 || error.status === 410)) || error.failure === 'empty');
const isEmptyJson = (json: unknown) => json === null || (typeof json === 'object' && Object.keys(json as object).length === 0);

/**
 * One storm asked by id (the detail lookup's upstream tier): null when the service says it has no such storm;
 * throws UpstreamError or ShapeError when the service could not be asked or answered something else. Names and
 * places that fail their check, and forecasts that cannot be read, are left out as in a refresh; a request does not
 * write the live store, so they are logged (inert), and the next refresh of an active storm records them.
 */
export async function lookupZjTyphoon(upstreams: LiveUpstreams, tfid: string, now: Date): Promise<Typhoon | null> {
  let json: unknown;
  try {
    json = await upstreams.client.json(`${upstreams.zjBase}/TyphoonInfo/${encodeURIComponent(tfid)}`);
  } catch (error) {
    if (isNoSuchStorm(error)) return null;
    throw error;
  }
  if (isEmptyJson(json)) return null;
  const text: TextCheck = { names: liveNamesTable(), places: livePlacesTable(), rejected: [] };
  const typhoon = normalizeZjInfo(json, now, text, (detail) => console.warn(`zj-live ${tfid}: forecast left out: ${detail}`));
  for (const r of text.rejected) console.warn(`zj-live ${tfid} ${r.field}: ${reportedValue(r.value)} left out (${r.rule})`);
  return typhoon;
}

/** The most a request spends on the upstream tier (about 10 s per request is a good budget on Netlify). */
export const LOOKUP_TIMEOUT_MS = 3000;

/** The detail lookup's upstream tier as a request runs it: one try within 3 s, no retries (someone is waiting). */
export const requestLookup = (config: Config) => {
  const upstreams = liveUpstreams(config.upstreams, createUpstreamClient({ timeoutMs: LOOKUP_TIMEOUT_MS, retries: 0 }));
  return (tfid: string, now: Date) => lookupZjTyphoon(upstreams, tfid, now);
};

/** What the lookup reads besides the upstream: the names and places tables (bundled with the function that runs it). */
export const LOOKUP_FILES = [NAMES_FILE_IN_PROJECT, PLACES_FILE_IN_PROJECT] as const;
