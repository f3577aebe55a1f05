/**
 * Purging the CDN's copies of the answers a run changed, by cache tag (src/api/cache-policy.ts, CACHE_TAG_DATA). On
 * Netlify through its purge API (`purgeCache` of @netlify/functions, which reads the site and its token from the
 * function's environment); a purge that fails or takes longer than PURGE_TIMEOUT_MS is logged, and the live
 * answers' short CDN lifetime is the fallback: no copy outlives it.
 */
import { withoutCredentials } from '../model/credentials.ts';
import { purgeCache } from '@netlify/functions';
import type { CacheTag } from '../api/cache-policy.ts';

export type Purge = (tags: readonly CacheTag[]) => Promise<void>;

/** The tags a run changed, and the purge's error (null: purged, or nothing to purge). */
export interface PurgeOutcome {
  tags: CacheTag[];
  error: string | null;
}

/** The most a purge may take: the run keeps to its 25 s, and Netlify stops it at 30. */
export const PURGE_TIMEOUT_MS = 2_000;

/**
 * Netlify's purge API. `apiURL`, `token` and `siteID` default to what the function's environment gives
 * (`https://api.netlify.com`, NETLIFY_PURGE_API_TOKEN, SITE_ID); a test passes a stand-in on loopback.
 */
export const netlifyPurge =
  (options: { apiURL?: string; token?: string; siteID?: string } = {}): Purge =>
  (tags) =>
    purgeCache({ ...options, tags: [...tags] });

export async function purgeTags(purge: Purge | null, tags: CacheTag[]): Promise<PurgeOutcome> {
  if (!purge || tags.length === 0) return { tags, error: null };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PURGE_TIMEOUT_MS} ms`)), PURGE_TIMEOUT_MS);
  });
  try {
    await Promise.race([purge(tags), late]);
    return { tags, error: null };
  } catch (error) {
    const message = `purge of ${tags.join(', ')} failed, the CDN keeps those answers until they expire: ${withoutCredentials((error as Error).message)}`;
    console.warn(message);
    return { tags, error: message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an answer says, for telling whether a run changed it: its JSON without the fetch times, which every
 * refresh moves although the data may be the same.
 */
export const answerFingerprint = (answer: unknown): string =>
  JSON.stringify(answer, (key, value) => (key === 'fetchedAt' || key === 'lastAttemptAt' ? undefined : value));
