/**
 * The API's functions in-process, as the build generates them (src/api/functions.ts): each serves its bindings
 * with the configuration read from the environment at every request, so a test can point it at its own live
 * store or public folder (TYPHOON_LIVE_DIR, TYPHOON_PUBLIC_DIR) between requests.
 */
import { readConfig } from '../../src/config/env.ts';
import { apiFunctionHandler, apiFunctions } from '../../src/server/local-functions.ts';

export type FunctionHandler = (req: Request) => Promise<Response>;

/** The handler of the function of that name (`history-near`, `typhoon-lookup`, `api-miss`, …), answering at `clock`'s time (the machine's by default). */
export async function apiFunction(name: string, clock?: () => Date): Promise<FunctionHandler> {
  const fn = (await apiFunctions()).find((f) => f.name === name);
  if (!fn) throw new Error(`no function ${name}`);
  return apiFunctionHandler(fn, () => readConfig(), clock);
}
