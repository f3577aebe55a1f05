/**
 * What a request that matched no file means. Static rules cannot tell a malformed value from a missing one,
 * so every per-collection miss and the catch-alls come here: a known endpoint with a malformed parameter is
 * 40001, a well-formed one that names nothing is 40401, and any other path is 40400, which names the endpoint
 * the path most likely meant when one is close (a trailing slash, an extra segment, the other family, a typo).
 */
import { distance } from 'fastest-levenshtein';
import { notFoundIn } from './bind.ts';
import type { Family } from './envelope.ts';
import { type ApiError, unknownEndpoint } from './errors.ts';
import { readParam } from './params.ts';
import { ENDPOINTS, matchPath, shownPath, type Endpoint } from './route-table.ts';

/** Letters of the fixed segments a path may get wrong and still name an endpoint (`typhoon` for `typhoons`). */
const MAX_TYPOS = 2;

/** How far a path is from an endpoint's pattern: the edits its fixed segments need; null when too far or shaped otherwise. */
function typos(pattern: string, pathname: string): number | null {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  let edits = 0;
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    if (!w.startsWith(':')) edits += distance(w, got[i] as string);
  }
  return edits <= MAX_TYPOS ? edits : null;
}

const shown = (e: Endpoint) => shownPath(e.path);

/** The endpoint a path that names none most likely meant, said as a hint; '' when none is close. */
function nearestEndpoint(pathname: string, family: Family): string {
  const trimmed = pathname.replace(/\/+$/, '');
  const slash = trimmed !== pathname && ENDPOINTS.find((e) => matchPath(e.path, trimmed));
  if (slash) return ` Without the trailing slash it is ${shown(slash)}.`;
  // The endpoint the path's leading segments name, the longest: `/api/history/today/09-06/x` → /api/history/today/{date}.
  const segments = trimmed.split('/');
  const cut = ENDPOINTS.filter((e) => {
    const parts = e.path.split('/').length;
    return parts < segments.length && matchPath(e.path, segments.slice(0, parts).join('/'));
  }).sort((a, b) => b.path.split('/').length - a.path.split('/').length)[0];
  if (cut) return ` ${shown(cut)} is an endpoint; it takes nothing after its last segment.`;
  const otherFamily = trimmed.startsWith('/api/v1/') ? trimmed.replace('/api/v1/', '/api/') : trimmed.replace(/^\/api\//, '/api/v1/');
  const twin = ENDPOINTS.find((e) => matchPath(e.path, otherFamily));
  // The other family's path of an endpoint that has one in this family too, under another name (/api/llm/summary, /api/v1/summary).
  const own = twin?.resource.paths[family];
  if (own) return ` Did you mean ${shownPath(own)}?`;
  if (twin) return ` The ${twin.family} family has ${shown(twin)}.`;
  let best: { endpoint: Endpoint; edits: number } | null = null;
  for (const endpoint of ENDPOINTS) {
    const edits = typos(endpoint.path, trimmed);
    if (edits !== null && (!best || edits < best.edits)) best = { endpoint, edits };
  }
  return best ? ` Did you mean ${shown(best.endpoint)}?` : '';
}

export function classifyMiss(pathname: string, family: Family): ApiError {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.family !== family) continue;
    const raw = matchPath(endpoint.path, pathname);
    if (!raw || Object.keys(raw).length === 0) continue;
    // Every parameter is checked first (a malformed one is 40001); a well-formed one names nothing: the route's 40401.
    const values = Object.entries(raw).map(([name, value]) => {
      const kind = endpoint.resource.params[name];
      return kind ? readParam(kind, name, value) : value;
    });
    return notFoundIn(endpoint.resource, values.join('/'), family);
  }
  return unknownEndpoint(pathname.slice(0, 200), nearestEndpoint(pathname, family));
}
