/**
 * Every cache policy the API uses, by name. A route names its policy in the route table; a handler may answer
 * with another named one (a stale live list, an upstream lookup) or a computed one (until Beijing midnight).
 * `browser` is `Cache-Control`; `cdn` is `Netlify-CDN-Cache-Control` (functions only: static files get
 * `Cache-Control` from `_headers`). A deploy purges Netlify's CDN, so data that changes only with a deploy can
 * be kept there for a day. Live answers carry cache tags (`Netlify-Cache-Tag`): a scheduled run that changes
 * what a tag's answers say purges that tag (src/jobs/purge.ts), so the CDN may keep them for minutes.
 */
import { secondsUntilBeijingMidnight } from '../model/time.ts';

export interface CachePolicy {
  browser: string;
  cdn?: string;
}

export const CACHE_POLICIES = {
  /** Archive data: changes only with a deploy. */
  archive: { browser: 'public, max-age=3600, stale-while-revalidate=86400' },
  /** Generated data read by a function (search index, content lists, versions): changes only with a deploy. */
  deployData: { browser: 'public, max-age=300', cdn: 'public, durable, s-maxage=86400, stale-while-revalidate=604800' },
  /** The version check: a release should reach clients within the hour. */
  versions: { browser: 'public, max-age=300', cdn: 'public, durable, s-maxage=3600' },
  /**
   * Live data: a run that changes it purges its tags at once. Should a purge fail, the CDN still serves no copy
   * older than 5 minutes plus 1 of stale-while-revalidate (6 minutes in all, as before purging existed).
   */
  live: { browser: 'public, max-age=60', cdn: 'public, durable, s-maxage=300, stale-while-revalidate=60' },
  /** A stale live answer: cached briefly, so the next good snapshot shows up soon. */
  liveStale: { browser: 'public, max-age=60', cdn: 'public, s-maxage=15' },
  /** A storm found only at the upstream service. */
  upstream: { browser: 'public, max-age=60', cdn: 'public, durable, s-maxage=300, stale-while-revalidate=600' },
  /** CORS preflights never change. */
  preflight: { browser: 'public, max-age=86400' },
  /**
   * Errors may stop being errors after the next deploy; they are `private`, so no shared cache (the CDN) keeps one:
   * an error is about the request as sent (a duplicated or percent-encoded key, a malformed value, an unknown
   * parameter), and a cache that ignores part of the query could file it under a good URL.
   */
  error: { browser: 'private, max-age=60' },
  /** A fault of ours or of an upstream may be over in seconds: kept by no cache. */
  fault: { browser: 'no-store' },
} as const satisfies Record<string, CachePolicy>;

/** A named policy, or `calendarDay`: an answer about today, kept until Beijing midnight. */
export type CachePolicyName = keyof typeof CACHE_POLICIES | 'calendarDay';

export const resolvePolicy = (name: CachePolicyName, now: () => Date): CachePolicy =>
  name === 'calendarDay' ? untilBeijingMidnight(now()) : CACHE_POLICIES[name];

/** A day's answer: browsers keep it at most 5 minutes, the CDN until the day ends. */
export function untilBeijingMidnight(now: Date): CachePolicy {
  const ttl = secondsUntilBeijingMidnight(now);
  return { browser: `public, max-age=${Math.min(300, ttl)}`, cdn: `public, durable, s-maxage=${ttl}` };
}

/**
 * What a live answer is made of, as cache tags, each with the data it stands for. A run purges the tags whose data
 * it changed; per-storm tags would add nothing, since every live answer naming a storm is also a list of them. Each
 * route names its tags in the route table.
 */
export const CACHE_TAG_DATA = {
  live: 'the north-western Pacific snapshot and its status',
  global: 'the other basins',
  disturbances: 'the tropical disturbances (invests, formation alerts)',
  warnings: "the warning agencies' warnings in force and their history",
  flash: 'the flash items',
  summary: 'the stored live summary (the briefing)',
  forecasts: 'the official forecasts kept of each storm (issuances, operational tracks)',
} as const;
export type CacheTag = keyof typeof CACHE_TAG_DATA;

/** The `Netlify-Cache-Tag` header of a route's answers (its `tags` in the route table); none for a route no run changes. */
export const cacheTagHeader = (tags: readonly CacheTag[] = []): Record<string, string> =>
  tags.length ? { 'Netlify-Cache-Tag': tags.join(',') } : {};
