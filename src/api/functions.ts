/**
 * The Netlify functions of the API, planned from the route table and the bindings: one function per name a route
 * gives (`servedBy.fn`, `missFn`), serving every binding that names it, with its literal `config` (paths of
 * each family, methods, the generated files its routes read), plus the two that are not a route's: `api-miss`
 * (what no file and no function answered, reached through `_redirects`) and `preflight` (CORS preflights).
 * The build writes each one as a file under functions/ (build/write-functions.ts); the local server runs them
 * in-process (src/server/local-functions.ts). The scheduled run is a function too, declared with the job
 * (src/jobs/scheduled-function.ts).
 */
import type { Config } from '@netlify/functions';
import type { RequestBinding } from './bind.ts';
import { DATA_FILES } from './data-files.ts';
import type { Bound } from './handler-modules.ts';
import { API_ROOTS } from './route-table.ts';

/**
 * The in-source `config` of a Netlify function, as zip-it-and-ship-it 14 reads it (a literal object; `satisfies`
 * or `as` after it make the bundler read it as empty). Two fields the published `Config` type lacks:
 * - `method` may name HEAD: Netlify's router does not let a GET-only function take HEAD (it falls through to the files);
 * - `includedFiles`: the files the function reads, as globs relative to functions/ (the bundler resolves them
 *   from the function's folder; they replace netlify.toml's `included_files` for it).
 */
export type FunctionConfig = Omit<Config, 'method'> & {
  method?: ('GET' | 'HEAD' | 'OPTIONS')[] | 'OPTIONS';
  includedFiles?: string[];
};

export interface RouteFunction {
  kind: 'routes';
  name: string;
  handlers: Bound<RequestBinding>[];
  config: FunctionConfig;
}

export interface ApiMissFunction {
  kind: 'api-miss';
  name: 'api-miss';
  /** No path: reached only through the `_redirects` rewrites (src/api/netlify-rules.ts). */
  config: FunctionConfig;
}

export interface PreflightFunction {
  kind: 'preflight';
  name: 'preflight';
  config: FunctionConfig;
}

export type PlannedFunction = RouteFunction | ApiMissFunction | PreflightFunction;

export const API_MISS = 'api-miss';
/** The paths the CORS preflight function answers, for OPTIONS: every path of the API, in both families. */
export const PREFLIGHT_PATHS: readonly `/${string}`[] = API_ROOTS.map((root) => `${root}/*` as const);

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** The archive report, as a function's included file: every answer says which archive it is (DATASET_HEADER). */
const REPORT_FILE = `../public/${DATA_FILES.archiveReport.id}`;

/** Every function of the API, in name order. */
export function planFunctions(requests: readonly Bound<RequestBinding>[]): PlannedFunction[] {
  const names = unique(requests.map((b) => b.binding.fn)).sort();
  const routeFunctions = names.map((name): RouteFunction => {
    const handlers = requests.filter((b) => b.binding.fn === name);
    // Misses reach their function through `_redirects` rewrites (no path); a route's own function has its paths.
    const paths = handlers.filter((b) => b.binding.kind === 'function').flatMap((b) => Object.values(b.binding.route.paths));
    // Every function reads the archive report: every answer says which archive it is (DATASET_HEADER).
    const includedFiles = unique([
      ...[DATA_FILES.archiveReport, ...handlers.flatMap((b) => b.binding.route.reads ?? [])].map((file) => `../public/${file.id}`),
      ...handlers.flatMap((b) => b.binding.files).map((file) => `../${file}`),
    ]);
    const config: FunctionConfig = {};
    if (paths.length) Object.assign(config, { path: paths.length === 1 ? paths[0] : paths, method: ['GET', 'HEAD'] });
    if (includedFiles.length) config.includedFiles = includedFiles;
    return { kind: 'routes', name, handlers, config };
  });
  const planned: PlannedFunction[] = [
    ...routeFunctions,
    { kind: 'api-miss', name: API_MISS, config: { includedFiles: [REPORT_FILE] } },
    { kind: 'preflight', name: 'preflight', config: { path: [...PREFLIGHT_PATHS], method: 'OPTIONS', includedFiles: [REPORT_FILE] } },
  ];
  return planned.sort((a, b) => a.name.localeCompare(b.name));
}
