/**
 * Reading a request as its route declares it, with errors that point the way. Path parameters are decoded and
 * checked (./params.ts); a malformed one names the endpoint beside it that it misspells (`/api/v1/history/year`),
 * or, when it reads as a name (`/api/v1/typhoons/yagi`), the route that finds such values by name (its `finds`),
 * with the name filled in. A route that reads its query (`readsQuery`: one a function answers) refuses every
 * parameter it does not declare with a 40001 that names the ones it takes, a known one the name is close to, and
 * the endpoint that takes it in its path (`/api/v1/typhoons?code=202411`). A static route reads no query: the CDN
 * serves its files whatever the query says, so its function-answered misses ignore the query too
 * (docs/api/conventions.md#query-parameters). Everything a hint names comes from the route table.
 */
import { distance } from 'fastest-levenshtein';
import type { ApiRequest } from './bind.ts';
import type { Family } from './envelope.ts';
import { ApiError, badParameter } from './errors.ts';
import { decodeSegment, parseQuery, queryName, readParam, readQueryValue, type ParamKind } from './params.ts';
import { ENDPOINTS, endpointsBelow, fillPath, readsQuery, RESOURCES, shownPath, type Endpoint } from './route-table.ts';
import { segmentEdits } from './segment-edits.ts';

/** Unknown names a 40001 quotes (the rest are counted), and the characters it quotes of each. */
const MAX_NAMES_SHOWN = 3;
const MAX_NAME_SHOWN = 40;

const quoted = (name: string) => `"${name.slice(0, MAX_NAME_SHOWN)}"`;

/** The parameters the query gives, by name, in its order (each name once, with its first value). */
function givenParameters(url: URL): Map<string, string> {
  const given = new Map<string, string>();
  for (const [name, value] of url.searchParams) if (!given.has(name)) given.set(name, value);
  return given;
}

/**
 * The known names an unknown one is closest to (`mingrade` → minGrade; `lon` → lng when lat is given, else lat or
 * lng), among those the query does not give already: ≤ 2 edits in any case, and fewer than the known name's letters.
 */
function closeNames(name: string, known: readonly string[], given: ReadonlyMap<string, string>): string[] {
  const edits = known
    .filter((candidate) => !given.has(candidate))
    .map((candidate) => ({ candidate, edits: distance(name.toLowerCase(), candidate.toLowerCase()) }))
    .filter(({ candidate, edits }) => edits <= 2 && edits < candidate.length);
  const fewest = Math.min(...edits.map((e) => e.edits));
  return edits.filter((e) => e.edits === fewest).map((e) => e.candidate);
}

/**
 * An endpoint one segment below this one whose last segment is a path parameter of this name, filled with the
 * value when the value is well formed: `/api/v1/typhoons?code=202411` → /api/v1/typhoons/202411.
 */
function takenInPath(endpoint: Endpoint, name: string, value: string): string | null {
  const below = endpointsBelow(endpoint.path, endpoint.family).find((e) => e.path === `${endpoint.path}/:${name}`);
  const kind = below?.resource.params[name];
  if (!below || !kind) return null;
  const raw = encodeURIComponent(value);
  try {
    readParam(kind, name, raw);
  } catch {
    return `${shownPath(below.path)} takes ${name} in its path.`;
  }
  return `${shownPath(below.path)} takes ${name} in its path: ${fillPath(below.path, { [name]: raw })}.`;
}

/**
 * What a name begins with and a code does not: a letter of any script (`yagi`, `摩羯`, `Haiyan 2013`). A value that
 * begins with digits (`2024xx`) is rather a code mistyped, which the search would not find.
 */
const NAME_START = /^\p{L}/u;

/**
 * Where a name given for a path parameter of this kind is found: the route that declares it `finds` such values,
 * in the answer's family (else its only one), with the name filled in; null when no route does or the value is no
 * name it takes.
 */
function foundByName(kind: ParamKind, raw: string, family: Family): string | null {
  const finder = RESOURCES.find((r) => r.finds?.kind === kind);
  const path = finder && (finder.paths[family] ?? finder.paths.web ?? finder.paths.v1);
  if (!finder?.finds || !path) return null;
  const { by } = finder.finds;
  try {
    const name = decodeSegment(raw, by);
    if (!NAME_START.test(name)) return null;
    const inPath = finder.params[by];
    if (inPath) {
      readParam(inPath, by, raw);
      return fillPath(path, { [by]: encodeURIComponent(name) });
    }
    const inQuery = finder.query?.find((k) => queryName(k) === by);
    if (!inQuery) return null;
    readQueryValue(inQuery, name);
    return `${shownPath(path)}?${by}=${encodeURIComponent(name)}`;
  } catch {
    // Not a name the finder takes (too long, broken encoding): no hint.
    return null;
  }
}

/**
 * The endpoint beside this one whose fixed segment, where this one has the parameter, a malformed value is close
 * to (./segment-edits.ts): `/api/v1/history/year` → /api/v1/history/years, `/api/history/nearby` → /api/history/near.
 */
function besideIt(endpoint: Endpoint, name: string, raw: string): string | null {
  const pattern = endpoint.path.split('/');
  const at = pattern.indexOf(`:${name}`);
  let best: { path: string; edits: number } | null = null;
  for (const other of ENDPOINTS) {
    const segments = other.path.split('/');
    const fixed = segments[at];
    if (other.family !== endpoint.family || segments.length !== pattern.length || fixed === undefined || fixed.startsWith(':')) continue;
    if (!segments.every((segment, i) => i === at || segment === pattern[i])) continue;
    const edits = segmentEdits(fixed, raw);
    if (edits !== null && (!best || edits < best.edits)) best = { path: other.path, edits };
  }
  return best && shownPath(best.path);
}

/**
 * A path parameter's raw segment, decoded and checked (./params.ts). A malformed one gets beside its 40001 the
 * endpoint whose fixed segment it is close to (`/api/v1/history/year`), else, when it reads as a name, the route
 * that finds it by name: `/api/v1/typhoons/yagi` → /api/v1/history/search/yagi.
 */
export function readPathParam(endpoint: Endpoint, name: string, raw: string): string {
  const kind = endpoint.resource.params[name];
  if (!kind) return raw;
  try {
    return readParam(kind, name, raw);
  } catch (thrown) {
    if (!(thrown instanceof ApiError) || thrown.errorName !== 'badParameter') throw thrown;
    const beside = besideIt(endpoint, name, raw);
    const found = beside ? null : foundByName(kind, raw, endpoint.family);
    const hint = beside ? ` Did you mean ${beside}?` : found ? ` To search for it: ${found}.` : '';
    throw hint ? badParameter(`${thrown.message}${hint}`) : thrown;
  }
}

/** The 40001 of the parameters a route that reads its query does not declare; nothing when there are none. */
export function checkQueryNames(endpoint: Endpoint, url: URL): void {
  if (!readsQuery(endpoint.resource)) return;
  const known = (endpoint.resource.query ?? []).map(queryName);
  const given = givenParameters(url);
  const unknown = [...given.keys()].filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, MAX_NAMES_SHOWN).map(quoted).join(', ');
  const more = unknown.length > MAX_NAMES_SHOWN ? ` and ${unknown.length - MAX_NAMES_SHOWN} more` : '';
  const takes = known.length ? `it takes ${known.join(', ')}` : 'it takes none';
  const first = unknown[0] as string;
  const close = closeNames(first, known, given);
  const inPath = close.length ? null : takenInPath(endpoint, first, given.get(first) ?? '');
  const hint = close.length ? ` Did you mean ${close.join(' or ')}?` : inPath ? ` ${inPath}` : '';
  throw badParameter(`Unknown query parameter${unknown.length > 1 ? 's' : ''} ${shown}${more} for this endpoint: ${takes}.${hint}`);
}

/** The request as the route declares it: path parameters decoded and checked, query values parsed. */
export function parseRequest(endpoint: Endpoint, rawParams: Record<string, string>, url: URL): ApiRequest {
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(rawParams))
    if (endpoint.resource.params[name]) params[name] = readPathParam(endpoint, name, raw);
  checkQueryNames(endpoint, url);
  return { family: endpoint.family, params, query: parseQuery(url, endpoint.resource.query ?? []) };
}
