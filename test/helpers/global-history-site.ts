/**
 * A local server over a build of the archive of every basin, for the suites that ask its endpoints: the run's shared
 * build when it was made from these sources (test/global-setup.ts: the real archive with the real samples of the
 * other basins, or our fixtures of both), else a build of its own in a scratch folder (nothing of the live side is
 * asked: the live store is empty).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'fs-extra';
import { inject } from 'vitest';
import { buildSite } from '../../build/build-site.ts';
import { readConfig } from '../../src/config/env.ts';
import { startLocalServer } from '../../src/server/local-server.ts';
import { sharedBuildOf } from './rendered-archive.ts';
import { agenciesFor } from './sources.ts';

export interface GlobalHistorySite {
  publicDir: string;
  /** GET a path; its status and parsed JSON body. */
  get(pathAndQuery: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/**
 * `globalSources`: `'shared-real'` or `'shared-fixtures'` for the folder the shared build read when it was made
 * from `sourcesDir` (then the shared build is served), else a folder (or null: none) to build from.
 */
export async function startGlobalHistorySite(
  sourcesDir: string,
  globalSources: { shared: 'real' | 'fixtures'; dir: string } | { dir: string | null },
): Promise<GlobalHistorySite> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'typhoon-global-history-'));
  const shared =
    'shared' in globalSources && inject('sharedGlobalSources') === globalSources.shared ? await sharedBuildOf(sourcesDir) : null;
  let publicDir = shared;
  if (!publicDir) {
    publicDir = path.join(scratch, 'public');
    await buildSite({
      sourcesDir,
      agenciesDir: agenciesFor(sourcesDir),
      ...(globalSources.dir ? { globalSourcesDir: globalSources.dir } : {}),
      publicDir,
      force: true,
    });
  }
  const server = await startLocalServer({
    publicDir,
    config: { ...readConfig(), store: { kind: 'files', dir: path.join(scratch, 'live') } },
    port: 0,
  });
  return {
    publicDir,
    get: async (pathAndQuery) => {
      // A connection each: the suites read files synchronously between requests for seconds at a time, long enough for
      // the server (in this process) to close an idle kept-alive socket just as the next request is written on it.
      const response = await fetch(server.url + pathAndQuery, { headers: { connection: 'close' } });
      return { status: response.status, body: await response.json() };
    },
    close: async () => {
      await server.close();
      await fs.remove(scratch);
    },
  };
}
