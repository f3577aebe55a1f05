/**
 * What a request that matched no file means. Static rules cannot tell a malformed value from a missing one,
 * so every per-collection miss and the catch-alls come here: a known endpoint with a malformed parameter is
 * 40001, a well-formed one that names nothing is 40401, and any other path is 40400.
 */
import { type ApiError, notFound, unknownEndpoint } from './errors.ts';
import { PARAMS } from './params.ts';
import type { Family } from './envelope.ts';
import { ENDPOINTS, matchPath } from './route-table.ts';

const NOT_FOUND_MESSAGES: Record<string, (value: string) => string> = {
  year: (year) => `No archived storms for year ${year}; /api/history/years lists the years the archive covers.`,
  code: (code) => `No storm with code ${code}; /api/history/search/{keyword} finds codes by name.`,
  date: (date) => `No entry for ${date}.`,
  keyword: (keyword) => `Nothing matches ${keyword}.`,
};

export function classifyMiss(pathname: string, family: Family): ApiError {
  for (const endpoint of ENDPOINTS) {
    if (endpoint.family !== family) continue;
    const raw = matchPath(endpoint.path, pathname);
    if (!raw || Object.keys(raw).length === 0) continue;
    let last = '';
    for (const [name, value] of Object.entries(raw)) {
      const kind = endpoint.resource.params[name];
      if (!kind) continue;
      last = PARAMS[kind].parse(value);
      const message = NOT_FOUND_MESSAGES[kind];
      if (message) return notFound(message(last));
    }
    return notFound(`Nothing at ${pathname}.`);
  }
  return unknownEndpoint(pathname.slice(0, 200));
}
