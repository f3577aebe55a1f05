/**
 * What a request that matched no file means. Static rules cannot tell a malformed value from a missing one,
 * so every per-collection miss and the catch-alls come here: a known endpoint with a malformed parameter is
 * 40001, a well-formed one that names nothing is 40401, and any other path is 40400, which names the endpoint
 * the path most likely meant when one is close, in this order: a trailing slash, the wrong case, the other family,
 * a slip in a fixed segment (a typo, a plural for a singular, a `.json`: ./segment-edits.ts), an extra segment, the
 * beginning of a longer path (`/api/v1/history/search?q=yagi`: the keyword goes in the path).
 * Every hint is derived from the route table, so a new endpoint gets them with nothing added.
 */
import { notFoundIn } from './bind.ts';
import type { Family } from './envelope.ts';
import { type ApiError, unknownEndpoint } from './errors.ts';
import { readParam } from './params.ts';
import { readPathParam } from './request.ts';
import { MAX_TYPOS, segmentEdits } from './segment-edits.ts';
import { ENDPOINTS, endpointsBelow, fillPath, matchSegments, shownPath, type Endpoint } from './route-table.ts';

/** Endpoints a hint lists below a path that is none (`/api/v1/global`); more are for the OpenAPI document to list. */
const MAX_LISTED = 6;
/** The longest path a hint writes out in full (the path is the request's, echoed). */
const MAX_SHOWN_PATH = 200;

const shown = (e: Endpoint) => shownPath(e.path);
const segmentsOf = (path: string) => path.split('/');
const fixedIn = (segments: readonly string[]) => segments.filter((s) => !s.startsWith(':')).length;

/** An endpoint's path split at its slashes, once: every miss compares the path it got with all of them. */
interface Pattern {
  endpoint: Endpoint;
  segments: readonly string[];
  /** Its fixed segments (not parameters). */
  fixed: number;
}

const patternOf = (endpoint: Endpoint): Pattern => {
  const segments = segmentsOf(endpoint.path);
  return { endpoint, segments, fixed: fixedIn(segments) };
};
/** The route table's patterns, in its order. */
const TABLE: readonly Pattern[] = ENDPOINTS.map(patternOf);
/** Each family's patterns, those with the most fixed segments first (in the table's order among equals). */
const byFixed = (family: Family) => TABLE.filter((p) => p.endpoint.family === family).sort((a, b) => b.fixed - a.fixed);
const PATTERNS: Record<Family, readonly Pattern[]> = { v1: byFixed('v1'), web: byFixed('web') };

/** Whether a longer pattern begins with a path's segments (its fixed ones in any case), and its fixed segments there. */
function beginning({ segments }: Pattern, got: readonly string[]): number | null {
  if (segments.length <= got.length) return null;
  const head = segments.slice(0, got.length);
  return matchSegments(head, got, true) ? fixedIn(head) : null;
}

/**
 * The endpoint whose shape a path has, and its parameters' raw values: of those it matches, the one with the most
 * fixed segments, and none when the path is rather the beginning of a longer endpoint's path, whose fixed segment
 * stands where the match has a parameter (`/api/v1/history/search` is the search without its keyword, not the
 * year "search", nor `/api/v1/history/Search`). `fold`: fixed segments in any case.
 */
function shapeOf(pathname: string, family: Family, fold = false): { endpoint: Endpoint; raw: Record<string, string> } | null {
  const got = segmentsOf(pathname);
  let longest = 0;
  for (const pattern of PATTERNS[family]) longest = Math.max(longest, beginning(pattern, got) ?? 0);
  for (const { endpoint, segments, fixed } of PATTERNS[family]) {
    const raw = matchSegments(segments, got, fold);
    // An empty value is a trailing slash, not a parameter (`/api/v1/history/today/`).
    if (raw !== null && !Object.values(raw).includes('')) return fixed >= longest ? { endpoint, raw } : null;
  }
  return null;
}

/**
 * How far a path is from an endpoint's pattern: the edits its fixed segments need together (./segment-edits.ts: in
 * any case, a plural for a singular, a `.json`); null when too far or shaped otherwise.
 */
function typos({ segments: want }: Pattern, got: readonly string[]): number | null {
  if (want.length !== got.length) return null;
  let edits = 0;
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    if (w.startsWith(':')) continue;
    const these = segmentEdits(w, got[i] as string);
    if (these === null) return null;
    edits += these;
  }
  return edits <= MAX_TYPOS ? edits : null;
}

/**
 * The path filled in from the query, for a path one segment short of an endpoint whose last segment is a parameter:
 * the value of the query's parameter of that name, or of its only parameter when one endpoint takes one
 * (`/api/v1/history/search?q=yagi` → /api/v1/history/search/yagi), if well formed.
 */
function filledFromQuery(below: readonly Endpoint[], query: URLSearchParams): string | null {
  const given = [...new Set(query.keys())];
  const taking = below.filter((e) => segmentsOf(e.path).at(-1)?.startsWith(':'));
  for (const endpoint of taking) {
    const name = (segmentsOf(endpoint.path).at(-1) as string).slice(1);
    const kind = endpoint.resource.params[name];
    const value = query.get(name) ?? (taking.length === 1 && given.length === 1 ? query.get(given[0] as string) : null);
    if (!kind || value === null) continue;
    const raw = encodeURIComponent(value);
    try {
      readParam(kind, name, raw);
    } catch {
      continue;
    }
    return `The ${name} goes in the path: ${fillPath(endpoint.path, { [name]: raw })}.`;
  }
  return null;
}

/** The endpoint a path that names none most likely meant, said as a hint; '' when none is close. */
function nearestEndpoint(pathname: string, family: Family, query: URLSearchParams): string {
  const trimmed = pathname.replace(/(.)\/+$/, '$1');
  const slash = trimmed !== pathname && shapeOf(trimmed, family);
  if (slash) return ` Without the trailing slash it is ${shown(slash.endpoint)}.`;
  // The wrong case: the path as the endpoint writes it, its parameters as given.
  const folded = shapeOf(trimmed, family, true);
  const right = folded && fillPath(folded.endpoint.path, folded.raw);
  if (folded && right !== trimmed)
    return ` Paths are case-sensitive: did you mean ${(right as string).length <= MAX_SHOWN_PATH ? right : shown(folded.endpoint)}?`;
  const otherFamily = family === 'v1' ? 'web' : 'v1';
  const otherPath = family === 'v1' ? trimmed.replace(/^\/api\/v1(?=\/|$)/i, '/api') : trimmed.replace(/^\/api(?=\/)/i, '/api/v1');
  const twin = shapeOf(otherPath, otherFamily, true)?.endpoint;
  // The other family's path of an endpoint that has one in this family too, under another name (/api/llm/summary, /api/v1/summary).
  const own = twin?.resource.paths[family];
  if (own) return ` Did you mean ${shownPath(own)}?`;
  if (twin) return ` The ${twin.family} family has ${shown(twin)}.`;
  // A slip in a fixed segment, before a shorter endpoint the leading segments name (`/api/typhoons/202411/agency`).
  const segments = segmentsOf(trimmed);
  let best: { endpoint: Endpoint; edits: number } | null = null;
  for (const pattern of TABLE) {
    const edits = pattern.endpoint.family === family ? typos(pattern, segments) : null;
    // None is no slip: the path has the endpoint's shape and was refused for it (`/api/v1/history/search`).
    if (edits && (!best || edits < best.edits)) best = { endpoint: pattern.endpoint, edits };
  }
  if (best) return ` Did you mean ${shown(best.endpoint)}?`;
  // The beginning of longer paths: the endpoints below it, and the path the query fills in.
  const under = TABLE.filter((p) => p.endpoint.family === family && beginning(p, segments) !== null).map((p) => p.endpoint);
  if (under.length === 0) {
    // The endpoint the path's leading segments name, the longest: `/api/history/today/09-06/x` → /api/history/today/{date}.
    const cut = ENDPOINTS.filter((e) => {
      const parts = segmentsOf(e.path).length;
      return e.family === family && parts < segments.length && shapeOf(segments.slice(0, parts).join('/'), family, true)?.endpoint === e;
    }).sort((a, b) => segmentsOf(b.path).length - segmentsOf(a.path).length)[0];
    if (!cut) return '';
    // Only where nothing lies below it does it take nothing after its last segment (`/api/v1/global/history/x`).
    const longer = ENDPOINTS.filter((e) => e.family === family && e.path.startsWith(`${cut.path}/`));
    return longer.length === 0
      ? ` ${shown(cut)} is an endpoint; it takes nothing after its last segment.`
      : ` ${shown(cut)} is an endpoint; below it: ${longer.slice(0, MAX_LISTED).map(shown).join(', ')}.`;
  }
  const listed =
    under.length === 1
      ? ` Did you mean ${shown(under[0] as Endpoint)}?`
      : under.length <= MAX_LISTED
        ? ` Endpoints below it: ${under.map(shown).join(', ')}.`
        : '';
  const filled = filledFromQuery(endpointsBelow(trimmed, family, true), query);
  return listed + (filled ? ` ${filled}` : '');
}

/** A request no file or function answered: its 40001, 40401 or 40400; `query` fills in a hint's path. */
export function classifyMiss(pathname: string, family: Family, query = new URLSearchParams()): ApiError {
  const shape = shapeOf(pathname, family);
  if (shape && Object.keys(shape.raw).length > 0) {
    // Every parameter is checked first (a malformed one is 40001); a well-formed one names nothing: the route's 40401.
    const values = Object.entries(shape.raw).map(([name, raw]) => readPathParam(shape.endpoint, name, raw));
    return notFoundIn(shape.endpoint.resource, values.join('/'), family);
  }
  return unknownEndpoint(pathname.slice(0, MAX_SHOWN_PATH), nearestEndpoint(pathname, family, query));
}
