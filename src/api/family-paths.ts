/**
 * An error's message names paths of the web family (each resource has one message: route-table.ts `notFound`,
 * the handlers' texts); answered in the v1 family, each path that has a v1 twin is named as the twin, so a client
 * of /api/v1 is never sent to the other family.
 */
import { ApiError } from './errors.ts';
import { RESOURCES } from './route-table.ts';

const display = (pattern: string) => pattern.replace(/:(\w+)/g, '{$1}');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Web path → its v1 twin, longest first (so /api/history/search/{keyword} is not read as /api/history/…). */
const TWINS: readonly [RegExp, string][] = RESOURCES.flatMap((r) =>
  r.paths.web && r.paths.v1 ? [[display(r.paths.web), display(r.paths.v1)] as const] : [],
)
  .sort((a, b) => b[0].length - a[0].length)
  .map(([web, v1]) => [new RegExp(`(?<![\\w/])${escapeRegExp(web)}(?![\\w/{])`, 'g'), v1]);

export function withV1Paths(message: string): string {
  return TWINS.reduce((text, [web, v1]) => text.replace(web, v1), message);
}

export const errorInV1 = (error: ApiError): ApiError => new ApiError(error.errorName, withV1Paths(error.message));

/** What a thrown error says in the v1 family (anything that is not an ApiError is left to the fault handler). */
export const inV1 = (thrown: unknown): unknown => (thrown instanceof ApiError ? errorInV1(thrown) : thrown);
