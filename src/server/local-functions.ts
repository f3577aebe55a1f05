/**
 * The functions the local server runs in-process, as Netlify runs the generated files: the API's (planned from
 * the route table and the bindings: src/api/functions.ts) and the scheduled run, each with the server's
 * configuration instead of the environment.
 */
import type { Config } from '../config/env.ts';
import { handleApiMiss } from '../api/handlers/api-miss.ts';
import { answerPreflight } from '../api/envelope.ts';
import { planFunctions, type FunctionConfig, type PlannedFunction } from '../api/functions.ts';
import { loadBindings } from '../api/handler-modules.ts';
import { safeHandler, serveFunction } from '../api/serve.ts';
import { SCHEDULED_FUNCTION } from '../jobs/schedule.ts';

export type Handler = (req: Request) => Promise<Response>;

/**
 * The local server's purge: it keeps no copy of a function's answer (its cache holds static files only), so every
 * request already gets the current data; the purge only says what changed.
 */
const purgeLocally =
  (log: (line: string) => void) =>
  async (tags: readonly string[]): Promise<void> =>
    log(`purged ${tags.join(', ')} (the local server keeps no copy of live answers)`);

export interface LocalFunction {
  name: string;
  handler: Handler;
  config: FunctionConfig;
}

/** A planned function's handler, as its generated file makes it, with the configuration given. */
export function apiFunctionHandler(fn: PlannedFunction, config: Config | (() => Config), clock?: () => Date): Handler {
  if (fn.kind === 'api-miss') return safeHandler(handleApiMiss, config);
  if (fn.kind === 'preflight') return safeHandler(answerPreflight, config);
  return serveFunction(
    fn.handlers.map((h) => h.binding),
    config,
    clock,
  );
}

/** The API's functions, planned from the bindings. */
export async function apiFunctions(): Promise<PlannedFunction[]> {
  return planFunctions((await loadBindings()).requests);
}

/** `clock`: the time the API's functions answer at (default the machine's; the docs' examples fix it). */
export async function localFunctions(config: Config, log: (line: string) => void, clock?: () => Date): Promise<LocalFunction[]> {
  const api = (await apiFunctions()).map(
    (fn): LocalFunction => ({ name: fn.name, handler: apiFunctionHandler(fn, config, clock), config: fn.config }),
  );
  const scheduled: LocalFunction = {
    name: SCHEDULED_FUNCTION.name,
    handler: async () => {
      // Loaded when a run is due: the run's connection pool (undici) takes over the process's global fetch once
      // imported (src/upstream/pool.ts), which a server that never runs the schedule (the tests') must not get.
      const { runPacedWithConfig } = await import('../jobs/scheduled-function.ts');
      const run = await runPacedWithConfig(config, purgeLocally(log));
      const { typhoons, global, disturbances } = run;
      if (!typhoons && !global) return new Response(null, { status: 204 });
      // What it polled and what it got, one line a run.
      const parts = [
        !typhoons
          ? 'north-western Pacific not due'
          : typhoons.ok
            ? `north-western Pacific: ${typhoons.typhoons} active storm(s) from ${typhoons.source}`
            : `north-western Pacific failed (${typhoons.errors.join(' | ')}), keeping the last good data`,
        ...(global
          ? [
              `NHC ${global.nhc.ok ? `${global.nhc.cyclones} cyclone(s)` : `failed (${global.nhc.error})`}`,
              `JTWC ${global.jtwc.ok ? `${global.jtwc.cyclones} cyclone(s)` : `failed (${global.jtwc.error})`}`,
            ]
          : []),
        ...(disturbances
          ? [disturbances.ok ? `disturbances: ${disturbances.active} active` : `disturbances: part failed (${disturbances.error})`]
          : []),
        `${run.flash.typhoons + run.flash.global + run.flash.disturbances} new flash item(s)`,
      ];
      log(`scheduled run: ${parts.join('; ')}`);
      return new Response(null, { status: 204 });
    },
    config: { ...SCHEDULED_FUNCTION.config, includedFiles: [...SCHEDULED_FUNCTION.config.includedFiles] },
  };
  return [...api, scheduled];
}

const asList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];

export const configPaths = (config: FunctionConfig): string[] => asList(config.path as string | string[] | undefined);
export const configMethods = (config: FunctionConfig): string[] => asList(config.method);
