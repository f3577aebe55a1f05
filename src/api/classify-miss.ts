/**
 * What a request that matched no file means. Static rules cannot tell a malformed value from a missing one,
 * so every per-collection miss and the catch-alls come here: a known endpoint with a malformed parameter is
 * 40001, a well-formed one that names nothing is 40401, and any other path is 40400.
 */
import { notFoundIn } from './bind.ts';
import type { Family } from './envelope.ts';
import { type ApiError, unknownEndpoint } from './errors.ts';
import { PARAMS } from './params.ts';
import { ENDPOINTS, matchPath } from './route-table.ts';

export function classifyMiss(pathname: string, family: Family): ApiError {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.family !== family) continue;
    const raw = matchPath(endpoint.path, pathname);
    if (!raw || Object.keys(raw).length === 0) continue;
    // Every parameter is checked first (a malformed one is 40001); a well-formed one names nothing: the route's 40401.
    const values = Object.entries(raw).map(([name, value]) => {
      const kind = endpoint.resource.params[name];
      return kind ? PARAMS[kind].parse(value) : value;
    });
    return notFoundIn(endpoint.resource, values.join('/'));
  }
  return unknownEndpoint(pathname.slice(0, 200));
}
